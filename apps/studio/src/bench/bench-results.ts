import type { Series } from './line-chart.js';
import type { BenchResult } from './run-bench.js';

/** Line colours of the charts, in turn. */
const COLORS = ['#f0b429', '#4fc3f7', '#81c784', '#e57373', '#ba68c8', '#ffb74d', '#90a4ae', '#f06292'];

/** "main thread", "1 worker", "4 workers". */
export function executorName(e: 'main' | number): string {
  return e === 'main' ? 'main thread' : `${e} worker${e > 1 ? 's' : ''}`;
}

/** A rate with a k, M or G suffix. */
export function formatRate(v: number): string {
  return v >= 1e9 ? `${(v / 1e9).toFixed(2)} G` : v >= 1e6 ? `${(v / 1e6).toFixed(1)} M` : `${(v / 1e3).toFixed(0)} k`;
}

/** A map size on a chart axis: the side of a square with that many tiles (`512²`). */
export function formatTiles(tiles: number): string {
  return `${Math.round(Math.sqrt(tiles))}²`;
}

/** The runs a chart shows: run A (solid lines) and optionally run B (dashed), each with a name. */
export interface ChartRuns {
  a: { name: string; results: readonly BenchResult[] };
  b: { name: string; results: readonly BenchResult[] } | null;
}

function measured(results: readonly BenchResult[]): BenchResult[] {
  return results.filter((r) => r.refused === undefined && r.samples.length > 0);
}

/** Lines of one run keyed by `key`, with the same colour per key in both runs. */
function linesOf(
  runs: ChartRuns,
  key: (r: BenchResult) => string | null,
  point: (r: BenchResult) => { x: number; y: number },
): Series[] {
  const keys = [
    ...new Set(
      [...measured(runs.a.results), ...(runs.b ? measured(runs.b.results) : [])].map(key).filter((k) => k !== null),
    ),
  ] as string[];
  const out: Series[] = [];
  for (const [which, run] of [
    ['A', runs.a],
    ['B', runs.b],
  ] as const) {
    if (!run) continue;
    const rows = measured(run.results);
    keys.forEach((k, i) => {
      const points = rows.filter((r) => key(r) === k).map(point);
      if (points.length === 0) return;
      out.push({
        name: runs.b ? `${which}: ${k}` : k,
        color: COLORS[i % COLORS.length] as string,
        dashed: which === 'B',
        points,
      });
    });
  }
  return out;
}

/** One line per kernel and executor: milliseconds per field against the map's tiles (run B dashed). */
export function seriesBySize(runs: ChartRuns): Series[] {
  return linesOf(
    runs,
    (r) => `${r.kernel}, ${executorName(r.executor)}`,
    (r) => ({ x: r.tiles, y: r.perField }),
  );
}

/** One line per kernel and map: fields per second against the worker count (the main thread left out). */
export function seriesByWorkers(runs: ChartRuns): Series[] {
  return linesOf(
    runs,
    (r) => (r.executor === 'main' ? null : `${r.kernel}, ${r.size}`),
    (r) => ({ x: r.executor as number, y: 1000 / r.perField }),
  );
}

/** Run B's time per field over run A's for the same map, kernel and executor (null when B has no such row). */
export function ratioOf(a: BenchResult, b: readonly BenchResult[] | null): number | null {
  const match = b?.find(
    (r) => r.map === a.map && r.size === a.size && r.kernel === a.kernel && r.executor === a.executor,
  );
  return match && match.samples.length > 0 && a.samples.length > 0 ? match.perField / a.perField : null;
}
