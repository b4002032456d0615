import type { Grid } from '@fieldmarshal/core';
import { useEffect, useRef, useState } from 'react';
import type { ParsedFile } from '../../shared/map-files/parse-map-file.js';
import { parseScenario, type ScenarioRow } from '../../shared/map-files/scenario.js';
import { type MapFilesState, useMapFiles } from '../../shared/map-files/use-map-files.js';
import { modeFromFile, paramsFromFile, resultFromFile } from '../model/field-export.js';
import type { MapResult } from '../model/map-compute.js';
import type { MapMode, MapParams } from '../model/map-modes.js';
import { fetchScenarioText } from '../model/map-sources.js';
import type { MapSourceState } from './use-map-source.js';

/** A saved field waiting for its map to be shown (then its values are shown as they were saved). */
export interface PendingImport {
  grid: Grid;
  result: MapResult | null;
}

export interface FieldsFiles {
  files: MapFilesState;
  scenario: { name: string; rows: ScenarioRow[] } | null;
  closeScenario: () => void;
  /** Loads the scenario shipped with a Moving AI map. */
  loadShippedScenario: (name: string) => void;
  scenarioError: string | null;
  /** Called by the page when a map is shown: the saved field's result for it, if one was opened. */
  takeImport: (grid: Grid) => MapResult | null;
}

/**
 * Opening files on the Fields page: maps become the page's map (source `file:<name>`), scenario files list
 * their rows, saved fields bring back their map, mode, parameters, points and values.
 */
export function useFieldsFiles(
  source: MapSourceState,
  setMode: (mode: MapMode) => void,
  setParams: (params: MapParams) => void,
): FieldsFiles {
  /** The scenario and the map (source choice) it was opened for: another map's rows are not shown. */
  const [scenario, setScenario] = useState<{ name: string; rows: ScenarioRow[]; choice: string } | null>(null);
  const [scenarioError, setScenarioError] = useState<string | null>(null);
  const pending = useRef<PendingImport | null>(null);
  /** The choice of the map opened last from a file (a .scen dropped with its .map belongs to it). */
  const opened = useRef<string | null>(null);
  // A map switch drops the old map's scenario and its error.
  useEffect(() => {
    setScenario((s) => (s && s.choice !== source.choice ? null : s));
    setScenarioError(null);
    if (opened.current === source.choice) opened.current = null;
  }, [source.choice]);

  const openField = (parsed: Extract<ParsedFile, { kind: 'field' }>, name: string) => {
    const { grid, data } = parsed;
    const mode = modeFromFile(data.mode);
    const params = paramsFromFile(data.params);
    const points = data.points.filter((p) => grid.isPassable(p.x, p.y));
    setMode(mode);
    setParams(params);
    pending.current = { grid, result: resultFromFile(data, grid, mode, params, points) };
    opened.current = `file:${name}`;
    source.openFile(
      { grid, label: data.label ? `${data.label} (saved field)` : name, goals: points, unit: null },
      name,
    );
  };

  const files = useMapFiles({
    onMap: (grid, name) => {
      opened.current = `file:${name}`;
      source.openFile({ grid, label: `${name} (${grid.width} x ${grid.height})`, goals: [], unit: null }, name);
    },
    onScenario: (rows, name) => {
      setScenarioError(null);
      setScenario({ name, rows, choice: opened.current ?? source.choice });
    },
    onField: openField,
  });

  return {
    files,
    scenario: scenario && scenario.choice === source.choice ? scenario : null,
    closeScenario: () => setScenario(null),
    scenarioError,
    loadShippedScenario: (name) => {
      setScenarioError(null);
      fetchScenarioText(name)
        .then((text) =>
          setScenario({ name: `${name}.map.scen`, rows: parseScenario(text), choice: `movingai:${name}` }),
        )
        .catch((e: unknown) => setScenarioError((e as Error).message));
    },
    takeImport: (grid) => {
      const p = pending.current;
      if (!p || p.grid !== grid) return null;
      pending.current = null;
      return p.result;
    },
  };
}
