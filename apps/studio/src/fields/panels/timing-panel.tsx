import type { Grid } from '@fieldmarshal/core';
import type { EngineChoice, MapEngineState } from '../hooks/use-map-engine.js';
import type { Timing } from '../model/map-compute.js';
import { formatMs } from '../model/readout.js';

export interface TimingPanelProps {
  timings: readonly Timing[];
  grid: Grid | null;
  engineState: MapEngineState;
  /** Where the shown result was computed (else the engine in use). */
  shownEngine: string | undefined;
}

/** The Timing panel: stage timings, the tile count, and where the page computes. */
export function TimingPanel({ timings, grid, engineState, shownEngine }: TimingPanelProps) {
  return (
    <div className="panel">
      <h2>Timing</h2>
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
              <td>{grid.size.toLocaleString('en-US')}</td>
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
      {engineState.error && <div className="warning">{engineState.error}</div>}
    </div>
  );
}
