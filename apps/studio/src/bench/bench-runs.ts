import { BEHAVIOUR_TARGETS } from '@fieldmarshal/bench/scenarios';
import type { BehaviourResult } from './run-behaviours.js';
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
  /** Crowd and RTS rows, each with its target. */
  behaviours: BehaviourResult[];
  /** The targets the run was shown against, ms (the field target is the page's, null when none was set). */
  targets: RunTargets;
  /** Where it ran (the exported file says so). */
  userAgent: string;
  hardwareConcurrency: number;
  crossOriginIsolated: boolean;
}

/** The targets of a run, milliseconds. */
export interface RunTargets {
  /** Per field (the Bench page's "Target ms per field"), or null. */
  fieldMs: number | null;
  /** Per crowd step and per RTS update. */
  crowdStepMs: number;
  rtsUpdateMs: number;
}

/** A short name of a run for menus: its number, time, suites and how it ended. */
export function runLabel(run: BenchRun): string {
  const time = run.started.slice(11, 19);
  const c = run.config;
  const what = [
    ...c.kernels,
    ...(c.peers ? ['peers'] : []),
    ...(c.repair ? ['repair'] : []),
    ...((c.crowdUnits ?? []).length > 0 ? ['crowd'] : []),
    ...((c.rtsUnits ?? []).length > 0 ? ['rts'] : []),
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
    return Array.isArray(runs) ? (runs as BenchRun[]).filter(isRun).map(upgrade) : [];
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
    { format: 'fieldmarshal-bench', version: 3, exported: new Date().toISOString(), runs },
    null,
    2,
  );
}

/** The targets of runs saved before they were kept (crowd and RTS as the suites have them, no field target). */
const DEFAULT_TARGETS: RunTargets = {
  fieldMs: null,
  crowdStepMs: BEHAVIOUR_TARGETS.crowd,
  rtsUpdateMs: BEHAVIOUR_TARGETS.rts,
};

/** A kept or imported run with the fields of older versions filled in. */
function upgrade(r: BenchRun): BenchRun {
  return {
    ...r,
    peers: r.peers ?? [],
    repair: r.repair ?? [],
    behaviours: r.behaviours ?? [],
    targets: r.targets ?? DEFAULT_TARGETS,
  };
}

/**
 * Reads an exported file back (versions 2 and 3, or a version-1 export of one run: `{ config, results }`).
 * Imported runs get new ids after `nextId`.
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
        behaviours: [],
        targets: DEFAULT_TARGETS,
        userAgent: '',
        hardwareConcurrency: 0,
        crossOriginIsolated: false,
      },
    ];
  else throw new Error('not a benchmark export (no "runs")');
  if (runs.length === 0) throw new Error('the file holds no runs');
  return runs.map((r, k) => ({ ...upgrade(r), id: nextId + k }));
}
