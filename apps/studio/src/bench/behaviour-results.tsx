import { ratioText } from './bench-results.js';
import { LineChart, type Series } from './line-chart.js';
import type { BehaviourResult } from './run-behaviours.js';

const COLORS = ['#4f8cff', '#f0b429', '#3ddc84'];
const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));

/** Run B's median over run A's for the same suite, units and executor (null when B has no such row). */
export function behaviourRatio(a: BehaviourResult, b: readonly BehaviourResult[] | null): number | null {
  const m = b?.find((r) => r.suite === a.suite && r.units === a.units && r.workers === a.workers);
  return m && m.samples > 0 && a.samples > 0 ? m.median / a.median : null;
}

/**
 * The crowd and RTS rows of run A (the CLI's `crowd` and `rts` scenarios), each against its target, with run B's
 * median over A's when B is chosen, and charts of milliseconds per step and per update against units.
 */
export function BehaviourResults({
  rows,
  compare,
}: {
  rows: readonly BehaviourResult[];
  compare: readonly BehaviourResult[] | null;
}) {
  if (rows.length === 0) return null;
  const crowd = rows.filter((r) => r.suite === 'crowd');
  const rts = rows.filter((r) => r.suite === 'rts');
  const series = (list: readonly BehaviourResult[]): Series[] =>
    [...new Set(list.map((r) => r.where))].map((where, i) => ({
      name: where,
      color: COLORS[i % COLORS.length] as string,
      points: list.filter((r) => r.where === where).map((r) => ({ x: r.units, y: r.median })),
    }));
  return (
    <div className="table-scroll" data-testid="behaviour-bench">
      <h2 className="table-title">Behaviours: crowd steps and RTS updates (the CLI's scenarios)</h2>
      <table data-testid="behaviour-results">
        <thead>
          <tr>
            <th style={{ textAlign: 'left' }}>suite</th>
            <th>units</th>
            <th style={{ textAlign: 'left' }}>where</th>
            <th>samples</th>
            <th>median ms</th>
            <th>p10-p90 ms</th>
            <th>max ms</th>
            <th>target</th>
            <th title="the crowd copy stepped here equals the single-thread copy, byte for byte">same state</th>
            {compare && <th title="run B's median over run A's">B / A</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.suite}-${r.units}-${r.where}`} data-suite={r.suite} data-units={r.units}>
              <td style={{ textAlign: 'left' }}>{r.suite}</td>
              <td>{r.units}</td>
              <td style={{ textAlign: 'left' }}>{r.where}</td>
              <td>{r.samples}</td>
              <td data-median={r.median}>{ms(r.median)}</td>
              <td>
                {ms(r.p10)}-{ms(r.p90)}
              </td>
              <td>{ms(r.max)}</td>
              <td data-testid="behaviour-target" className={r.median < r.targetMs ? undefined : 'warning'}>
                &lt; {r.targetMs} ms: {r.median < r.targetMs ? 'met' : 'not met'}
              </td>
              <td>{r.sameState === null ? '' : r.sameState ? 'yes' : 'NO'}</td>
              {compare && <td>{ratioText(behaviourRatio(r, compare))}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="chart-row">
        {crowd.length > 0 && (
          <LineChart
            title="Crowd: ms per step against units"
            xLabel="units"
            yLabel="ms per step"
            series={series(crowd)}
            target={crowd[0]?.targetMs ?? null}
          />
        )}
        {rts.length > 0 && (
          <LineChart
            title="RTS: ms per update against units"
            xLabel="units"
            yLabel="ms per update"
            series={series(rts)}
            target={rts[0]?.targetMs ?? null}
          />
        )}
      </div>
    </div>
  );
}
