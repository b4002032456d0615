import type { Series } from './line-chart.js';
import type { BenchConfig, BenchResult } from './run-bench.js';

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

/** One line per executor: milliseconds per field against the map side. */
export function seriesBySize(results: readonly BenchResult[]): Series[] {
  const measured = results.filter((r) => r.refused === undefined);
  const executors = [...new Set(measured.map((r) => r.executor))];
  return executors.map((e, i) => ({
    name: executorName(e),
    color: COLORS[i % COLORS.length] as string,
    points: measured.filter((r) => r.executor === e).map((r) => ({ x: r.size, y: r.median / r.batch })),
  }));
}

/** One line per map size: fields per second against the worker count (the main thread left out). */
export function seriesByWorkers(results: readonly BenchResult[]): Series[] {
  const measured = results.filter((r) => r.refused === undefined);
  const sizesDone = [...new Set(measured.map((r) => r.size))];
  return sizesDone.map((s, i) => ({
    name: `${s}x${s}`,
    color: COLORS[i % COLORS.length] as string,
    points: measured
      .filter((r) => r.size === s && r.executor !== 'main')
      .map((r) => ({ x: r.executor as number, y: (r.batch * 1000) / r.median })),
  }));
}

/** The exported JSON: the browser, the configuration and the results. */
export function exportPayload(config: BenchConfig, results: readonly BenchResult[], hardwareConcurrency: number) {
  return {
    userAgent: navigator.userAgent,
    hardwareConcurrency,
    crossOriginIsolated: globalThis.crossOriginIsolated,
    date: new Date().toISOString(),
    config,
    results,
  };
}

/** Saves `payload` as a JSON file through a temporary link. */
export function downloadJson(payload: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(payload, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}
