import type { Grid } from '@fieldmarshal/core';
import { formatCount } from '../../shared/format-value.js';
import { ServiceMemory } from '../../shared/service-memory.js';
import type { EngineChoice, MapEngineState } from '../hooks/use-map-engine.js';
import type { StrokeRepair } from '../hooks/use-stroke-repair.js';
import type { Timing } from '../model/map-compute.js';
import { formatMs } from '../model/readout.js';

export interface TimingPanelProps {
  timings: readonly Timing[];
  /** The repairs of the last edit (a whole stroke, an undo or a redo), summed; null when the field is fresh. */
  repair: StrokeRepair | null;
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
        <div
          className="repair-line small-text"
          data-testid="repair-timing"
          data-tiles={repair.tiles}
          data-repairs={repair.repairs}
        >
          {`edit of ${formatCount(repair.painted)} tile${repair.painted === 1 ? '' : 's'}: `}
          {repair.full === repair.repairs
            ? `recomputed in full (${formatCount(repair.tiles)} tiles) in ${formatMs(repair.ms)}`
            : `repaired ${formatCount(repair.tiles)} tiles in ${formatMs(repair.ms)} (full recompute ${formatMs(repair.fullMs)})`}
          {repair.repairs > 1
            ? ` over ${repair.repairs} repairs${repair.full > 0 && repair.full < repair.repairs ? `, ${repair.full} of them in full` : ''}`
            : ''}
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
