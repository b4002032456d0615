import { MAX_SECTOR_SIZE, MIN_SECTOR_SIZE } from '@fieldmarshal/core/sectors';
import { formatCount, formatValue } from '../../shared/format-value.js';
import type { SectorGraphState } from '../hooks/use-sector-graph.js';

export interface SectorGraphPanelProps {
  state: SectorGraphState;
  sectorSize: number;
  setSectorSize: (size: number) => void;
  tiles: number;
  showBorders: boolean;
  setShowBorders: (on: boolean) => void;
  showEntrances: boolean;
  setShowEntrances: (on: boolean) => void;
}

const SIZES: number[] = [];
for (let s = MIN_SECTOR_SIZE; s <= MAX_SECTOR_SIZE; s *= 2) SIZES.push(s);

/** The Sector graph panel: sector size, build figures, the last update after painting, what is drawn. */
export function SectorGraphPanel(props: SectorGraphPanelProps) {
  const { state, tiles } = props;
  const { stats, lastUpdate } = state;
  return (
    <div className="panel" data-testid="sector-graph-panel">
      <h2>Sector graph</h2>
      <label className="row">
        <span>Sector</span>
        <select
          value={props.sectorSize}
          onChange={(e) => props.setSectorSize(Number(e.target.value))}
          data-testid="sector-size"
        >
          {SIZES.map((s) => (
            <option key={s} value={s}>
              {s} x {s} tiles
            </option>
          ))}
        </select>
      </label>
      {state.building && <div className="muted small-text">building in the worker pool…</div>}
      {!state.building && !state.graph && !state.error && (
        <div className="row">
          <span className="muted small-text">no graph (cancelled)</span>
          <button type="button" className="small" onClick={state.rebuild}>
            Build
          </button>
        </div>
      )}
      {state.error && <div className="error">{state.error}</div>}
      {stats && state.graph && (
        <dl className="stats" data-testid="sector-stats" data-sectors={stats.sectors} data-entrances={stats.entrances}>
          <dt>sectors</dt>
          <dd>
            {formatCount(stats.sectors)} ({state.graph.sectorsX} x {state.graph.sectorsY})
          </dd>
          <dt>entrances</dt>
          <dd>{formatCount(stats.entrances)}</dd>
          <dt>costs inside sectors</dt>
          <dd>{formatCount(stats.intraEdges)}</dd>
          <dt>memory</dt>
          <dd>
            {formatValue(stats.bytes / 2 ** 20)} MiB ({formatValue(stats.bytes / Math.max(1, tiles))} bytes per tile)
          </dd>
          <dt>build</dt>
          <dd data-testid="sector-build-ms">{formatValue(state.buildMs ?? 0)} ms (worker pool)</dd>
        </dl>
      )}
      {lastUpdate && (
        <div
          className="small-text"
          data-testid="sector-update"
          data-sectors={lastUpdate.sectors}
          data-full={lastUpdate.full}
        >
          last edit:{' '}
          {lastUpdate.full
            ? 'full rebuild'
            : `${lastUpdate.sectors} sector${lastUpdate.sectors === 1 ? '' : 's'} rebuilt`}{' '}
          in {formatValue(lastUpdate.ms)} ms{lastUpdate.components ? ' (components recomputed)' : ''}
        </div>
      )}
      {state.updating && <div className="muted small-text">updating the graph…</div>}
      <label className="row check">
        <input type="checkbox" checked={props.showBorders} onChange={(e) => props.setShowBorders(e.target.checked)} />
        <span>Sector borders (B)</span>
      </label>
      <label className="row check">
        <input
          type="checkbox"
          checked={props.showEntrances}
          onChange={(e) => props.setShowEntrances(e.target.checked)}
        />
        <span>Entrances (N)</span>
      </label>
    </div>
  );
}
