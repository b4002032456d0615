import type { BenchConfig, BenchResult } from './run-bench.js';
import type { PeerResult } from './run-peers.js';
import type { RepairResult } from './run-repair.js';

/** How a run ended. */
export type RunStatus = 'running' | 'finished' | 'cancelled' | 'failed';

/** One press of Run: its settings, everything it measured (also when cancelled part-way), and how it ended. */
export interface BenchRun {
  id: number;
  /** When it started (ISO time). */
  started: string;
  status: RunStatus;
  /** The error of a failed run. */
  error?: string;
  durationMs: number;
  config: BenchConfig;
  results: BenchResult[];
  peers: PeerResult[];
  repair: RepairResult[];
  /** Where it ran (the exported file says so). */
  userAgent: string;
  hardwareConcurrency: number;
  crossOriginIsolated: boolean;
}

/** A short name of a run for menus: its number, time, kernels and how it ended. */
export function runLabel(run: BenchRun): string {
  const time = run.started.slice(11, 19);
  const what = [
    ...run.config.kernels,
    ...(run.config.peers ? ['peers'] : []),
    ...(run.config.repair ? ['repair'] : []),
  ];
  return `#${run.id} ${time} ${what.join(', ')}${run.status === 'finished' ? '' : ` (${run.status})`}`;
}

const STORE_KEY = 'fieldmarshal.bench.runs';
/** Most runs kept (the oldest are dropped). */
export const MAX_RUNS = 30;

/** The runs kept in this browser (empty when storage is unavailable or holds something else). */
export function loadRuns(): BenchRun[] {
  try {
    const text = globalThis.localStorage?.getItem(STORE_KEY);
    const runs = text ? (JSON.parse(text) as unknown) : [];
    return Array.isArray(runs) ? (runs as BenchRun[]).filter(isRun) : [];
  } catch {
    return [];
  }
}

/** Keeps the runs in this browser, so they last across reloads (finished and cancelled ones only). */
export function saveRuns(runs: readonly BenchRun[]): void {
  try {
    const kept = runs.filter((r) => r.status !== 'running').slice(-MAX_RUNS);
    globalThis.localStorage?.setItem(STORE_KEY, JSON.stringify(kept));
  } catch {
    // storage full or unavailable: the runs still last while the page is open
  }
}

function isRun(r: unknown): r is BenchRun {
  const o = r as Partial<BenchRun> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.id === 'number' &&
    typeof o.status === 'string' &&
    Array.isArray(o.results) &&
    typeof o.config === 'object'
  );
}

/** The file Export writes: every run, each saying whether it finished or was cancelled. */
export function exportRuns(runs: readonly BenchRun[]): string {
  return JSON.stringify(
    { format: 'fieldmarshal-bench', version: 2, exported: new Date().toISOString(), runs },
    null,
    2,
  );
}

/**
 * Reads an exported file back (version 2, or a version-1 export of one run: `{ config, results }`). Imported
 * runs get new ids after `nextId`.
 * @throws Error saying what is wrong.
 */
export function importRuns(text: string, nextId: number): BenchRun[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON: ${(error as Error).message}`);
  }
  const o = data as { format?: string; runs?: unknown[]; config?: BenchConfig; results?: BenchResult[]; date?: string };
  let runs: BenchRun[];
  if (o.format === 'fieldmarshal-bench' && Array.isArray(o.runs)) runs = o.runs.filter(isRun);
  else if (o.config && Array.isArray(o.results))
    runs = [
      {
        id: 0,
        started: o.date ?? new Date().toISOString(),
        status: 'finished',
        durationMs: 0,
        config: o.config,
        results: o.results,
        peers: [],
        repair: [],
        userAgent: '',
        hardwareConcurrency: 0,
        crossOriginIsolated: false,
      },
    ];
  else throw new Error('not a benchmark export (no "runs")');
  if (runs.length === 0) throw new Error('the file holds no runs');
  return runs.map((r, k) => ({ ...r, peers: r.peers ?? [], repair: r.repair ?? [], id: nextId + k }));
}
