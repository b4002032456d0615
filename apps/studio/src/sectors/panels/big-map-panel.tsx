import { formatCount, formatValue } from '../../shared/format-value.js';
import { KeptMaps } from '../../shared/map-files/kept-maps.js';
import { MapFileControls } from '../../shared/map-files/map-file-ui.js';
import type { MapFilesState } from '../../shared/map-files/use-map-files.js';
import type { BigMapState } from '../hooks/use-big-map.js';
import { BIG_MAP_SIZES, BIG_MAP_SOURCES, type BigMapSource, isGenerated } from '../model/big-map.js';

/**
 * The Map panel of the Big maps page: source, size, seed, density, Generate, your own map (a file or a drop,
 * kept in this browser), and what is shown.
 */
export function BigMapPanel({ state, files }: { state: BigMapState; files: MapFilesState }) {
  const { settings, setSettings, map } = state;
  const set = (patch: Partial<typeof settings>) => setSettings({ ...settings, ...patch });
  const generated = isGenerated(settings.source);
  return (
    <div className="panel">
      <h2>Map</h2>
      <label className="row">
        <span>Source</span>
        <select
          value={settings.source}
          onChange={(e) => set({ source: e.target.value as BigMapSource })}
          data-testid="big-source"
        >
          {BIG_MAP_SOURCES.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
          {settings.source.startsWith('kept:') && (
            <option value={settings.source}>your map: {map?.label ?? settings.source.slice(5)}</option>
          )}
        </select>
      </label>
      {generated && (
        <label className="row">
          <span>Size</span>
          <select value={settings.size} onChange={(e) => set({ size: Number(e.target.value) })} data-testid="big-size">
            {BIG_MAP_SIZES.map((s) => (
              <option key={s} value={s}>
                {s} x {s}
              </option>
            ))}
          </select>
        </label>
      )}
      {generated && settings.source !== 'city' && (
        <label className="row">
          <span>Seed</span>
          <input
            type="number"
            min={0}
            step={1}
            value={settings.seed}
            onChange={(e) => set({ seed: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
          />
        </label>
      )}
      {settings.source === 'random' && (
        <label className="row">
          <span>Density</span>
          <input
            type="range"
            min={0}
            max={0.45}
            step={0.01}
            value={settings.density}
            onChange={(e) => set({ density: Number(e.target.value) })}
          />
          <span className="num">{Math.round(settings.density * 100)}%</span>
        </label>
      )}
      {!settings.source.startsWith('kept:') && (
        <button type="button" onClick={state.generate} disabled={state.making !== null} data-testid="big-generate">
          {state.making ? 'Making the map…' : 'Generate'}
        </button>
      )}
      {state.error && (
        <div className="error" data-testid="big-error">
          {state.error}
        </div>
      )}
      {map && (
        <div className="muted small-text" data-testid="big-map-label">
          {map.label}: {formatCount(map.grid.size)} tiles
          {map.ms > 0 ? `, made in ${formatValue(map.ms)} ms (worker)` : ''}
        </div>
      )}
      {state.keptNote && (
        <div className="muted small-text" data-testid="big-kept">
          {state.keptNote}
        </div>
      )}
      <MapFileControls files={files} what="your own map: Moving AI .map, ASCII, image (up to 8192 a side)" />
      <KeptMaps refreshKey={state.keptNote} />
    </div>
  );
}
