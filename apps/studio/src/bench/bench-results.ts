import type { Series } from './line-chart.js';
import type { BenchResult } from './run-bench.js';

/** Line colours of the charts, in turn. */
const COLORS = ['#f0b429', '#4fc3f7', '#81c784', '#e57373', '#ba68c8', '#ffb74d', '#90a4ae', '#f06292'];

/** "single thread", "1 worker", "4 workers". */
export function executorName(e: 'main' | number): string {
  return e === 'main' ? 'single thread' : `${e} worker${e > 1 ? 's' : ''}`;
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

/** How run B compares with a row of run A. */
export interface Comparison {
  /** B's time over A's: per field on the same map, per tile on another one. */
  ratio: number;
  /** `same map`, or `per tile`: B ran this kernel and executor on another map only (the nearest in size). */
  how: 'same map' | 'per tile';
  /** B's row's map and size. */
  against: string;
}

/**
 * Run B's time over run A's for a row of A: the same map, kernel and executor when B has it; else, for the same
 * kernel and executor on another map, the time per tile (the kernels' work grows with the tiles), against B's map
 * nearest in size. Null when B has no row of that kernel and executor.
 */
export function compareResult(a: BenchResult, b: readonly BenchResult[] | null): Comparison | null {
  if (!b || a.samples.length === 0) return null;
  const rows = b.filter((r) => r.kernel === a.kernel && r.executor === a.executor && r.samples.length > 0);
  const same = rows.find((r) => r.map === a.map && r.size === a.size);
  if (same) return { ratio: same.perField / a.perField, how: 'same map', against: `${same.map} ${same.size}` };
  let best: BenchResult | null = null;
  for (const r of rows)
    if (!best || Math.abs(Math.log(r.tiles / a.tiles)) < Math.abs(Math.log(best.tiles / a.tiles))) best = r;
  if (!best) return null;
  return {
    ratio: best.perField / best.tiles / (a.perField / a.tiles),
    how: 'per tile',
    against: `${best.map} ${best.size}`,
  };
}

/** A ratio as the tables show it: `1.23x`, or `–` when there is none. */
export function ratioText(ratio: number | null): string {
  return ratio === null || !Number.isFinite(ratio) ? '–' : `${ratio.toFixed(2)}x`;
}
