import { compareResult, executorName, formatRate, ratioText } from './bench-results.js';
import type { BenchResult } from './run-bench.js';

/** Milliseconds with 2 decimals under 10, 1 above. */
function ms(v: number): string {
  return v < 10 ? v.toFixed(2) : v.toFixed(1);
}

/**
 * The field kernels' results of run A: one row per map, kernel and executor, every time per field (a
 * repetition of N workers computes N fields); with run B chosen, B's time per field over A's.
 */
export function BenchResultsTable({
  results,
  compare,
}: {
  results: readonly BenchResult[];
  compare: readonly BenchResult[] | null;
}) {
  const hasSlices = results.some((r) => r.longestSliceMs !== undefined);
  const columns = 9 + (hasSlices ? 1 : 0) + (compare ? 1 : 0);
  return (
    <div className="table-scroll">
      <table data-testid="bench-results">
        <thead>
          <tr>
            <th>size</th>
            <th>kernel</th>
            <th>where</th>
            <th>fields/run</th>
            <th title="median time per field (a run's time divided by the fields it computed)">ms per field</th>
            <th>p10-p90 ms per field</th>
            <th title="median time of one repetition">ms per run</th>
            <th>tiles/s</th>
            <th style={{ textAlign: 'left' }}>map</th>
            {hasSlices && <th>longest slice ms</th>}
            {compare && <th title="run B's time per field over run A's (per tile when B ran on another map)">B / A</th>}
          </tr>
        </thead>
        <tbody>
          {results.map((r) => {
            const key = `${r.map}-${r.size}-${r.kernel}-${r.executor}`;
            if (r.refused !== undefined)
              return (
                <tr key={key} data-refused="true">
                  <td>{r.size}</td>
                  <td>{r.kernel}</td>
                  <td>{executorName(r.executor)}</td>
                  <td colSpan={columns - 3} className="error" style={{ textAlign: 'left' }}>
                    refused: {r.refused}
                  </td>
                </tr>
              );
            const c = compare ? compareResult(r, compare) : null;
            return (
              <tr key={key}>
                <td>{r.size}</td>
                <td>{r.kernel}</td>
                <td>{executorName(r.executor)}</td>
                <td>{r.batch}</td>
                <td>{ms(r.perField)}</td>
                <td>
                  {ms(r.perFieldP10)}-{ms(r.perFieldP90)}
                </td>
                <td>{ms(r.median)}</td>
                <td>{formatRate(r.cellsPerSecond)}</td>
                <td style={{ textAlign: 'left' }}>{r.map}</td>
                {hasSlices && <td>{r.longestSliceMs === undefined ? '' : r.longestSliceMs.toFixed(2)}</td>}
                {compare && (
                  <td
                    data-testid="compare"
                    data-how={c?.how ?? 'none'}
                    title={
                      c === null
                        ? 'run B has no row of this kernel and executor'
                        : c.how === 'same map'
                          ? "run B's time per field over run A's"
                          : `run B ran on ${c.against}: its time per tile over run A's`
                    }
                  >
                    {ratioText(c?.ratio ?? null)}
                    {c?.how === 'per tile' ? ' per tile' : ''}
                  </td>
                )}
              </tr>
            );
          })}
          {results.length === 0 && (
            <tr>
              <td colSpan={columns} className="muted" style={{ textAlign: 'left' }}>
                No field results in this run: pick maps, kernels and where, then Run.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
