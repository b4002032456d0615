import type { Grid } from '@fieldmarshal/core';
import { formatCount } from '../../shared/format-value.js';
import { ServiceMemory } from '../../shared/service-memory.js';
import type { EngineChoice, MapEngineState } from '../hooks/use-map-engine.js';
import type { Timing } from '../model/map-compute.js';
import { formatMs } from '../model/readout.js';

export interface TimingPanelProps {
  timings: readonly Timing[];
  /** The shown field's repair, when it was repaired after edits. */
  repair: { tiles: number; full: boolean; ms: number; fullMs: number } | null;
  grid: Grid | null;
  engineState: MapEngineState;
  /** Where the shown result was computed (else the engine in use). */
  shownEngine: string | undefined;
}

/** The Timing panel: stage timings, the tile count, and where the page computes. */
export function TimingPanel({ timings, repair, grid, engineState, shownEngine }: TimingPanelProps) {
  return (
    <div className="panel">
      <h2>Timing</h2>
      {repair && (
        <div className="repair-line small-text" data-testid="repair-timing">
          {repair.full
            ? `recomputed in full (${formatCount(repair.tiles)} tiles) in ${formatMs(repair.ms)}`
            : `repaired ${formatCount(repair.tiles)} tiles in ${formatMs(repair.ms)} (full recompute ${formatMs(repair.fullMs)})`}
        </div>
      )}
      <table className="timings" data-testid="timings">
        <tbody>
          {timings.map((t) => (
            <tr key={t.label}>
              <th>{t.label}</th>
              <td>{formatMs(t.ms)}</td>
            </tr>
          ))}
          {grid && (
            <tr>
              <th>tiles</th>
              <td>{formatCount(grid.size)}</td>
            </tr>
          )}
        </tbody>
      </table>
      <label className="row">
        <span>Compute on</span>
        <select
          value={engineState.choice}
          onChange={(e) => engineState.setChoice(e.target.value as EngineChoice)}
          data-testid="engine"
        >
          <option value="workers">
            worker service
            {engineState.workers === 'starting'
              ? ' (starting…)'
              : engineState.workers === 'unavailable'
                ? ' (unavailable)'
                : ''}
          </option>
          <option value="main">main thread</option>
        </select>
      </label>
      <div className="muted small-text" data-testid="engine-used">
        last computed on: {shownEngine ?? engineState.engine.name}
      </div>
      <ServiceMemory active={engineState.workers === 'ready'} />
      {engineState.error && <div className="warning">{engineState.error}</div>}
    </div>
  );
}
