import type { PeerResult } from './run-peers.js';
import type { RepairResult } from './run-repair.js';

const us = (ms: number) => {
  const v = ms * 1000;
  return v >= 100 ? v.toFixed(0) : v.toFixed(1);
};
const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));

/** The fairness cell: longer, shorter and failed searches, or `all optimal`. */
function fairness(r: PeerResult): string {
  return (
    [
      r.longer ? `${r.longer} longer (worst +${(r.worstExcess * 100).toFixed(2)}%)` : '',
      r.shorter ? `${r.shorter} SHORTER than optimal: rules differ` : '',
      r.failed ? `${r.failed} found no path` : '',
    ]
      .filter(Boolean)
      .join('; ') || 'all optimal'
  );
}

/**
 * The peer race (the CLI's): each searcher's time on the same queries and its path lengths against the optimal
 * ones; with many units to one goal, our one field plus a lookup per unit against the peer's search per unit.
 */
export function PeerTable({ rows }: { rows: readonly PeerResult[] }) {
  if (rows.length === 0) return null;
  return (
    <div className="table-scroll">
      <h2 className="table-title">Peer libraries on the same maps and queries (in the bench's worker)</h2>
      <table data-testid="bench-peers">
        <thead>
          <tr>
            <th>size</th>
            <th style={{ textAlign: 'left' }}>map</th>
            <th style={{ textAlign: 'left' }}>searcher</th>
            <th style={{ textAlign: 'left' }}>rules</th>
            <th>queries</th>
            <th>ms per search</th>
            <th>p10-p90 ms</th>
            <th title="our exact field under the same rules, to one goal">our field ms</th>
            <th title="every unit to one goal: our field plus a lookup per unit, against one peer search per unit (scaled from the searches run)">
              units: ours / peer ms
            </th>
            <th title="path lengths equal to the optimal one (Moving AI's published length, or our exact field's cost)">
              optimal
            </th>
            <th style={{ textAlign: 'left' }}>fairness</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.map}-${r.size}-${r.searcher}`} data-searcher={r.searcher}>
              <td>{r.size}</td>
              <td style={{ textAlign: 'left' }}>{r.map}</td>
              <td style={{ textAlign: 'left' }}>{r.searcher}</td>
              <td style={{ textAlign: 'left' }} className="small-text">
                {r.rules}
              </td>
              <td>
                {r.searches} ({r.queries === 'scenario' ? 'scenario rows' : 'to one goal'})
              </td>
              <td>{ms(r.median)}</td>
              <td>
                {ms(r.p10)}-{ms(r.p90)}
              </td>
              <td>{r.fieldMs === undefined ? '' : ms(r.fieldMs)}</td>
              <td>
                {r.oursManyMs === undefined || r.peerManyMs === undefined
                  ? ''
                  : `${r.pairs}: ${ms(r.oursManyMs)} / ${ms(r.peerManyMs)} (${(r.peerManyMs / r.oursManyMs).toFixed(0)}x)`}
              </td>
              <td data-testid="peer-optimal">
                {r.optimal}/{r.searches}
              </td>
              <td style={{ textAlign: 'left' }} className="small-text">
                {fairness(r)} <span className="muted">· {r.note}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The repair suite: updateField against a full recompute, medians and p95, per case. */
export function RepairTable({ rows }: { rows: readonly RepairResult[] }) {
  if (rows.length === 0) return null;
  // The browser's timer has 5 µs steps: a median under it shows as "< 5".
  const ratio = (full: number, t: number) => `${(full / Math.max(t, 0.005)).toFixed(0)}x`;
  return (
    <div className="table-scroll">
      <h2 className="table-title">
        Field repair after edits against a full recompute (octile, central goal, in the bench's worker)
      </h2>
      <table data-testid="bench-repair">
        <thead>
          <tr>
            <th>size</th>
            <th style={{ textAlign: 'left' }}>map</th>
            <th style={{ textAlign: 'left' }}>case</th>
            <th>edits</th>
            <th>median µs</th>
            <th>p95 µs</th>
            <th>max ms</th>
            <th>full ms</th>
            <th>full / median</th>
            <th>full / p95</th>
            <th>full recomputes</th>
            <th>tiles median</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.map}-${r.size}-${r.case}`}>
              <td>{r.size}</td>
              <td style={{ textAlign: 'left' }}>{r.map}</td>
              <td style={{ textAlign: 'left' }}>{r.case}</td>
              <td>{r.edits}</td>
              <td>{r.median < 0.005 ? '< 5' : us(r.median)}</td>
              <td>{r.p95 < 0.005 ? '< 5' : us(r.p95)}</td>
              <td>{ms(r.max)}</td>
              <td>{ms(r.fullMedian)}</td>
              <td>{ratio(r.fullMedian, r.median)}</td>
              <td>{ratio(r.fullMedian, r.p95)}</td>
              <td>{r.fallbacks}</td>
              <td>{Math.round(r.tilesMedian)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="help">
        Times in the browser step by 5 µs (cross-origin isolated timers): medians under that show as &lt; 5 and the
        ratios use 5 µs. The CLI (`pnpm bench repair`) times with Node's finer clock.
      </p>
    </div>
  );
}
