import {
  computeField,
  type Field,
  type FieldOptions,
  type Grid,
  SharedMemoryUnavailableError,
} from '@fieldmarshal/core';
import type { FrameScheduler } from '@fieldmarshal/core/service';
import {
  type ConvexSets,
  createTacticSearch,
  reduceFieldToSets,
  type SetCostPair,
  type TacticKind,
  type TacticSearchResult,
} from '@fieldmarshal/core/tactics';
import { studioService } from '../shared/studio-service.js';
import { timedTask } from '../shared/timed-task.js';

/** Where the two `steps` fields were computed. */
export type TacticsEngine = 'worker pool' | 'main thread';

/** Everything the Tactics page shows for one placement of the two characters. */
export interface TacticsScene {
  /** Moves from the blue player to every tile (Infinity where unreachable): per-tile `m`. */
  fromBlue: Float64Array;
  /** Moves from the red target to every tile: per-tile `t`. */
  fromRed: Float64Array;
  /** The same reduced per set (the exact two-field method). */
  pair: SetCostPair;
  flank: TacticSearchResult;
  retreat: TacticSearchResult;
  engine: TacticsEngine;
  /** Why the worker pool was not used, when it was not. */
  engineNote: string | null;
  /** Milliseconds for the two fields (wall clock, including the trip to the workers). */
  fieldsMs: number;
  /** Slices (scheduler steps) the budgeted searches took, and the longest main-thread slice in ms. */
  searchSlices: number;
  longestSliceMs: number;
}

/** Sets examined per slice of the budgeted search on the main thread. */
export const SETS_PER_SLICE = 2000;

/**
 * Why the worker pool cannot be used at all (no shared memory: the page is not cross-origin isolated). Other
 * failures (a crashed worker, a slow start) are transient: the pool is tried again on the next computation
 * instead of pinning the page to the main thread for the rest of the session.
 */
let poolUnavailable: string | null = null;

async function twoFields(
  grid: Grid,
  blue: { x: number; y: number },
  red: { x: number; y: number },
  signal: AbortSignal,
): Promise<{ a: Float64Array; b: Float64Array; engine: TacticsEngine; note: string | null }> {
  const options = (goal: { x: number; y: number }): FieldOptions => ({
    goals: [goal],
    metric: 'steps',
    neighbors: 8,
    diagonal: 'if-both-free',
  });
  let note = poolUnavailable;
  if (poolUnavailable === null) {
    try {
      const service = await studioService();
      const [a, b] = (await service.computeFields(grid, [options(blue), options(red)], { signal })) as [Field, Field];
      // Copy out so the service may reuse its buffers.
      const result = { a: a.cost.slice(), b: b.cost.slice(), engine: 'worker pool' as const, note: null };
      service.release(a);
      service.release(b);
      return result;
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      note = (error as Error).message;
      if (error instanceof SharedMemoryUnavailableError) poolUnavailable = note;
    }
  }
  return {
    a: computeField(grid, options(blue)).cost,
    b: computeField(grid, options(red)).cost,
    engine: 'main thread',
    note,
  };
}

/**
 * Computes a scene: the two `steps` fields (in the worker pool when it starts, else on the main thread),
 * their per-set minima, then the flank and retreat searches as resumable tasks on the frame scheduler under
 * the keys `flank` and `retreat`, so a newer placement cancels a stale search.
 */
export async function computeTacticsScene(
  grid: Grid,
  sets: ConvexSets,
  blue: { x: number; y: number },
  red: { x: number; y: number },
  scheduler: FrameScheduler,
  signal: AbortSignal,
): Promise<TacticsScene> {
  const start = performance.now();
  const { a, b, engine, note } = await twoFields(grid, blue, red, signal);
  const fieldsMs = performance.now() - start;
  if (signal.aborted) throw signal.reason ?? new DOMException('aborted', 'AbortError');
  const pair = { me: reduceFieldToSets(sets, a), target: reduceFieldToSets(sets, b) };
  const run = (kind: TacticKind) => {
    // Measure each slice the scheduler runs.
    const task = timedTask(
      createTacticSearch(grid, sets, blue, red, kind, {
        costs: pair,
        setsPerStep: SETS_PER_SLICE,
        maxCandidates: Number.POSITIVE_INFINITY,
      }),
    );
    return { task, promise: scheduler.schedule(task, { key: kind, signal }).promise };
  };
  const runs = [run('flank'), run('retreat')] as const;
  const [flank, retreat] = await Promise.all([runs[0].promise, runs[1].promise]);
  return {
    fromBlue: a,
    fromRed: b,
    pair,
    flank,
    retreat,
    engine,
    engineNote: note,
    fieldsMs,
    searchSlices: runs[0].task.slices + runs[1].task.slices,
    longestSliceMs: Math.max(runs[0].task.longest, runs[1].task.longest),
  };
}
