import type { Grid } from '@fieldmarshal/core';
import type { ScenarioRow } from '../../shared/map-files/scenario.js';
import type { FieldsFiles } from '../hooks/use-fields-files.js';
import type { MapSourceState } from '../hooks/use-map-source.js';
import type { MapResult } from '../model/map-compute.js';
import { MapPanel } from './map-panel.js';
import { ScenarioPanel } from './scenario-panel.js';

export interface MapSectionProps {
  source: MapSourceState;
  files: FieldsFiles;
  /** What went wrong with the link's edits, if anything. */
  note: string | null;
  grid: Grid | null;
  shown: MapResult | null;
  runRow: (row: ScenarioRow) => void;
  ranRow: ScenarioRow | null;
}

/** The Map panel and, for the map on the page, its scenario rows (a shipped Moving AI map's, or a .scen file's). */
export function MapSection({ source, files, note, grid, shown, runRow, ranRow }: MapSectionProps) {
  return (
    <>
      <MapPanel source={source} files={files.files} note={note} />
      {source.choice.startsWith('movingai:') && !files.scenario && (
        <button type="button" className="small" onClick={() => files.loadShippedScenario(source.choice.slice(9))}>
          List the map's scenario rows
        </button>
      )}
      {files.scenarioError && <div className="error">{files.scenarioError}</div>}
      {files.scenario && (
        <ScenarioPanel
          name={files.scenario.name}
          rows={files.scenario.rows}
          grid={grid}
          shown={shown}
          runRow={runRow}
          ranRow={ranRow}
          close={files.closeScenario}
        />
      )}
    </>
  );
}
