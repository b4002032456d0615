import { executorName, formatRate } from './bench-results.js';
import type { BenchResult } from './run-bench.js';

/** The results table: one row per size and executor (refused configurations say why). */
export function BenchResultsTable({ results }: { results: readonly BenchResult[] }) {
  const hasSlices = results.some((r) => r.longestSliceMs !== undefined);
  return (
    <table data-testid="bench-results">
      <thead>
        <tr>
          <th>size</th>
          <th>kernel</th>
          <th>where</th>
          <th>fields/run</th>
          <th>median ms</th>
          <th>p10 ms</th>
          <th>p90 ms</th>
          <th>cells/s</th>
          {hasSlices && <th>longest slice ms</th>}
        </tr>
      </thead>
      <tbody>
        {results.map((r) =>
          r.refused !== undefined ? (
            <tr key={`${r.size}-${r.executor}`} data-refused="true">
              <td>{`${r.size}x${r.size}`}</td>
              <td>{r.kernel}</td>
              <td>{executorName(r.executor)}</td>
              <td colSpan={hasSlices ? 6 : 5} className="error" style={{ textAlign: 'left' }}>
                refused: {r.refused}
              </td>
            </tr>
          ) : (
            <tr key={`${r.size}-${r.executor}`}>
              <td>{`${r.size}x${r.size}`}</td>
              <td>{r.kernel}</td>
              <td>{executorName(r.executor)}</td>
              <td>{r.batch}</td>
              <td>{r.median.toFixed(1)}</td>
              <td>{r.p10.toFixed(1)}</td>
              <td>{r.p90.toFixed(1)}</td>
              <td>{formatRate(r.cellsPerSecond)}</td>
              {hasSlices && <td>{r.longestSliceMs === undefined ? '' : r.longestSliceMs.toFixed(2)}</td>}
            </tr>
          ),
        )}
        {results.length === 0 && (
          <tr>
            <td colSpan={hasSlices ? 9 : 8} className="muted" style={{ textAlign: 'left' }}>
              No results yet: pick sizes and executors, then Run.
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
