import { GeneratedMapForm } from '../../shared/generated-map-form.js';
import type { MapSourceState } from '../hooks/use-map-source.js';
import { MOVING_AI_MAPS, type SourceChoice } from '../model/map-sources.js';

/** Sides offered for generated maps on the Fields page. */
const SIZES = [32, 64, 128, 256, 512, 1024, 2048] as const;

/** The Map panel: the source menu, the generator form, the map's label, Reload and load errors. */
export function MapPanel({ source }: { source: MapSourceState }) {
  const { choice, loaded, loadError } = source;
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
            <option value="seed-002">Seed 002 level (9 x 9)</option>
          </optgroup>
          <optgroup label="Moving AI">
            {MOVING_AI_MAPS.map((m) => (
              <option key={m.name} value={`movingai:${m.name}`}>
                {m.name} ({m.size})
              </option>
            ))}
          </optgroup>
          <option value="generated">Generated…</option>
        </select>
      </label>
      {choice === 'generated' && (
        <GeneratedMapForm value={source.gen} onChange={source.setGen} onGenerate={source.generate} sizes={SIZES} />
      )}
      <div className="row">
        <span className="muted grow">{loaded ? loaded.label : 'loading…'}</span>
        <button type="button" className="small" onClick={source.reload} title="Discard edits">
          Reload
        </button>
      </div>
      {loadError && <div className="error">{loadError}</div>}
    </div>
  );
}
