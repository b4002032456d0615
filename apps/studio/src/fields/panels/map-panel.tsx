import { formatMovingAiMap } from '@fieldmarshal/core';
import { downloadBlob, safeFileName } from '../../shared/download.js';
import { GeneratedMapForm } from '../../shared/generated-map-form.js';
import { KeptMaps } from '../../shared/map-files/kept-maps.js';
import { MapFileControls } from '../../shared/map-files/map-file-ui.js';
import type { MapFilesState } from '../../shared/map-files/use-map-files.js';
import { ProgressBar } from '../../shared/progress-bar.js';
import type { MapSourceState } from '../hooks/use-map-source.js';
import { MOVING_AI_MAPS, type SourceChoice } from '../model/map-sources.js';

/** Sides offered for generated maps on the Fields page. */
const SIZES = [32, 64, 128, 256, 512, 1024, 2048] as const;

/**
 * The Map panel: the source menu, the generator form, opening files, the map's label, Reload, saving the
 * edited map as a Moving AI .map, and load errors.
 */
export function MapPanel({
  source,
  files,
  note,
}: {
  source: MapSourceState;
  files: MapFilesState;
  /** What went wrong with the link's edits, if anything. */
  note: string | null;
}) {
  const { choice, loaded, loadError } = source;
  const grid = loaded?.grid ?? null;
  const saveMap = () => {
    if (!grid || !loaded) return;
    const text = formatMovingAiMap(grid);
    downloadBlob(new Blob([text], { type: 'text/plain' }), `${safeFileName(loaded.label)}.map`);
  };
  return (
    <div className="panel">
      <h2>Map</h2>
      <label className="row">
        <span>Source</span>
        <select
          value={choice}
          onChange={(e) => source.setChoice(e.target.value as SourceChoice)}
          data-testid="map-source"
        >
          <optgroup label="Built-in">
            <option value="demo">Demo level (40 x 20)</option>
            <option value="seed-002">Scent article level (9 x 9)</option>
          </optgroup>
          <optgroup label="Moving AI">
            {MOVING_AI_MAPS.map((m) => (
              <option key={m.name} value={`movingai:${m.name}`}>
                {m.name} ({m.size})
              </option>
            ))}
          </optgroup>
          <option value="generated">Generated…</option>
          {choice.startsWith('file:') && <option value={choice}>File: {choice.slice(5)}</option>}
        </select>
      </label>
      {choice === 'generated' && (
        <GeneratedMapForm value={source.gen} onChange={source.setGen} onGenerate={source.generate} sizes={SIZES} />
      )}
      <div className="row">
        <span className="muted grow" data-testid="map-label">
          {loaded ? loaded.label : 'loading…'}
        </span>
        <button type="button" className="small" onClick={source.reload} title="Discard edits">
          Reload
        </button>
        <button
          type="button"
          className="small"
          onClick={saveMap}
          disabled={!grid}
          title={
            grid?.terrain
              ? 'Save as a Moving AI .map (terrain costs are not part of that format)'
              : 'Save as a Moving AI .map'
          }
          data-testid="save-map"
        >
          Save .map
        </button>
      </div>
      {source.loading && <ProgressBar value={null} label={source.loading} onCancel={source.cancelLoad} />}
      {loadError && (
        <div className="error" data-testid="load-error">
          {loadError}
        </div>
      )}
      {note && <div className="warning small-text">{note}</div>}
      {source.keptNote && (
        <div className="muted small-text" data-testid="kept-note">
          {source.keptNote}
        </div>
      )}
      <MapFileControls files={files} what="Moving AI .map (+ .scen), ASCII maps, images, saved fields" />
      <KeptMaps refreshKey={source.keptNote} />
    </div>
  );
}
