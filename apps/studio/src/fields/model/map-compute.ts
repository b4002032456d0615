import {
  computeField,
  type FieldService,
  fleeMap,
  type Grid,
  NoFleeSeedError,
  type ScentSource,
  safetyField,
  scentMap,
} from '@fieldmarshal/core';
import type { TileValues } from './heatmap.js';
import type { MapMode, MapParams } from './map-modes.js';
import { createSharedBufferPool } from './shared-buffer-pool.js';

/** One computation the page asks for. */
export interface MapRequest {
  mode: MapMode;
  grid: Grid;
  /** Goals, sources, heroes or threats (walkable tiles; at least one). */
  points: readonly { x: number; y: number }[];
  params: MapParams;
}

/** One timed stage of a computation. */
export interface Timing {
  label: string;
  ms: number;
}

/** A computed map, ready for the heatmap and for units. */
export interface MapResult {
  mode: MapMode;
  values: TileValues;
  /** The kernel's direction field (cost fields only); other maps are followed by their gradient. */
  dir: Uint8Array | null;
  /** grid.version when the computation started. */
  gridVersion: number;
  timings: Timing[];
  /** Where it ran: "main thread" or "workers". */
  engine: string;
  /** A non-fatal note (e.g. why a flee map is empty). */
  warning: string | null;
  /** Gives the result's shared buffers back to the service for reuse; call once nothing reads it any more. */
  release?: () => void;
}

/** Progress of a long computation: tiles done and expected (0 while unknown). */
export type ProgressListener = (done: number, total: number) => void;

/** Runs map computations somewhere (the main thread, or the worker service). */
export interface MapEngine {
  /** Shown to the user: "main thread", "2 workers". */
  readonly name: string;
  /** True when computing does not block the page (the UI can then show live progress and a Cancel button). */
  readonly offThread: boolean;
  compute(request: MapRequest, options: { signal: AbortSignal; onProgress?: ProgressListener }): Promise<MapResult>;
}

/** Seed 002's flee map of a scent map; an empty map with a warning when nothing can seed it. */
function fleeFrom(
  grid: Grid,
  scent: Int32Array,
  params: MapParams,
  timings: Timing[],
  label: string,
): { map: Int32Array; warning: string | null } {
  const options = { strength: params.strength, neighbors: params.neighbors, diagonal: params.diagonal };
  try {
    return { map: time(timings, label, () => fleeMap(grid, scent, options)), warning: null };
  } catch (error) {
    if (!(error instanceof NoFleeSeedError)) throw error;
    return { map: fleeMap(grid, scent, { ...options, onNoSeed: 'return' }), warning: error.message };
  }
}

function time<T>(timings: Timing[], label: string, fn: () => T): T {
  const t0 = performance.now();
  const value = fn();
  timings.push({ label, ms: performance.now() - t0 });
  return value;
}

/** Runs the core kernels synchronously on the main thread (used until the worker service is available). */
export const mainThreadEngine: MapEngine = {
  name: 'main thread',
  offThread: false,
  async compute(request, { signal }) {
    signal.throwIfAborted();
    const { grid, points, params } = request;
    const gridVersion = grid.version;
    const timings: Timing[] = [];
    const move = { neighbors: params.neighbors, diagonal: params.diagonal } as const;
    const result = (values: TileValues, dir: Uint8Array | null, warning: string | null = null): MapResult => ({
      mode: request.mode,
      values,
      dir,
      gridVersion,
      timings,
      engine: this.name,
      warning,
    });
    switch (request.mode) {
      case 'cost': {
        const field = time(timings, 'cost field', () =>
          computeField(grid, { goals: points, metric: params.metric, maxCost: params.maxCost, ...move }),
        );
        return result({ kind: 'float', values: field.cost }, field.dir);
      }
      case 'scent': {
        const map = time(timings, 'scent map', () => scentMap(grid, sources(request), move));
        return result({ kind: 'scent', values: map }, null);
      }
      case 'flee': {
        const scent = time(timings, 'scent map', () => scentMap(grid, sources(request), move));
        const flee = fleeFrom(grid, scent, params, timings, 'flee map');
        return result({ kind: 'scent', values: flee.map }, null, flee.warning);
      }
      case 'safety': {
        const field = time(timings, 'safety map (2 passes)', () =>
          safetyField(grid, points, {
            coefficient: params.coefficient,
            metric: params.metric,
            maxCost: params.maxCost,
            ...move,
          }),
        );
        return result({ kind: 'float', values: field.cost }, field.dir);
      }
    }
  },
};

function sources(request: MapRequest): ScentSource[] {
  return request.points.map((p) => ({ x: p.x, y: p.y, strength: request.params.strength }));
}

/**
 * Runs the computations in the worker service: cost fields with `service.computeField` and scent maps with its
 * `scentMap` kernel, written straight into shared memory (no copies), with progress, and cancelled through the
 * AbortSignal when the user changes something. Kernels the service does not offer yet run on the main thread
 * and say so in their timing label.
 */
export function createWorkerEngine(service: FieldService): MapEngine {
  const name = `${service.size} worker${service.size === 1 ? '' : 's'}`;
  // PERF: scent, flee and safety outputs come from this pool and go back when the page releases the result
  // (or the job fails), so repainting walls on a big map does not allocate tens of MiB per recompute.
  // A job's buffers are given back only after service.run settled: the service rejects an aborted job only
  // once its worker replied, so no thread writes them any more.
  const pool = createSharedBufferPool();
  const give = (...arrays: { buffer: ArrayBufferLike }[]) => {
    for (const a of arrays) pool.give(a.buffer as SharedArrayBuffer);
  };
  /** Runs `job` with pooled arrays, giving them back if it fails. */
  const withBuffers = async <T extends { buffer: ArrayBufferLike }[]>(arrays: T, job: () => Promise<unknown>) => {
    try {
      await job();
      return arrays;
    } catch (error) {
      give(...arrays);
      throw error;
    }
  };
  const runScent = async (request: MapRequest, signal: AbortSignal, onProgress?: ProgressListener) => {
    const { grid, params } = request;
    const out = new Int32Array(pool.take(grid.size * 4));
    await withBuffers([out], () =>
      service.run(
        'scentMap',
        { grid, sources: sources(request), options: { neighbors: params.neighbors, diagonal: params.diagonal }, out },
        onProgress ? { signal, onProgress } : { signal },
      ),
    );
    return out;
  };
  return {
    name,
    offThread: true,
    async compute(request, { signal, onProgress }) {
      signal.throwIfAborted();
      const { grid, points, params } = request;
      const gridVersion = grid.version;
      const timings: Timing[] = [];
      const jobOptions = onProgress ? { signal, onProgress } : { signal };
      const t0 = performance.now();
      switch (request.mode) {
        case 'cost': {
          const field = await service.computeField(
            grid,
            {
              goals: points,
              metric: params.metric,
              maxCost: params.maxCost,
              neighbors: params.neighbors,
              diagonal: params.diagonal,
            },
            jobOptions,
          );
          timings.push({ label: 'cost field (worker, round trip)', ms: performance.now() - t0 });
          return {
            mode: 'cost',
            values: { kind: 'float', values: field.cost },
            dir: field.dir,
            gridVersion: field.gridVersion,
            timings,
            engine: name,
            warning: null,
            release: () => service.release(field),
          };
        }
        case 'scent': {
          const map = await runScent(request, signal, onProgress);
          timings.push({ label: 'scent map (worker, round trip)', ms: performance.now() - t0 });
          return {
            mode: 'scent',
            values: { kind: 'scent', values: map },
            dir: null,
            gridVersion,
            timings,
            engine: name,
            warning: null,
            release: () => give(map),
          };
        }
        case 'flee': {
          const scent = await runScent(request, signal, onProgress);
          const t1 = performance.now();
          timings.push({ label: 'scent map (worker, round trip)', ms: t1 - t0 });
          const out = new Int32Array(pool.take(grid.size * 4));
          const options = { strength: params.strength, neighbors: params.neighbors, diagonal: params.diagonal };
          let warning: string | null = null;
          try {
            await withBuffers([out], async () => {
              try {
                await service.run('fleeMap', { grid, scent, options, out }, { signal });
              } catch (error) {
                if (!(error instanceof NoFleeSeedError)) throw error;
                // Nothing can seed the flee map: show the unfilled map and say why.
                warning = error.message;
                await service.run(
                  'fleeMap',
                  { grid, scent, options: { ...options, onNoSeed: 'return' }, out },
                  { signal },
                );
              }
            });
          } finally {
            give(scent); // only the flee map is shown
          }
          timings.push({ label: 'flee map (worker, round trip)', ms: performance.now() - t1 });
          return {
            mode: 'flee',
            values: { kind: 'scent', values: out },
            dir: null,
            gridVersion,
            timings,
            engine: name,
            warning,
            release: () => give(out),
          };
        }
        case 'safety': {
          // Both passes of the safety map (distance from the threats, then the relaxation of coefficient x
          // distance with the threat tiles blocked) in one worker job, straight into shared memory.
          const cost = new Float64Array(pool.take(grid.size * 8));
          const dir = new Uint8Array(pool.take(grid.size));
          const options = {
            coefficient: params.coefficient,
            metric: params.metric,
            neighbors: params.neighbors,
            diagonal: params.diagonal,
            maxCost: params.maxCost,
          };
          await withBuffers([cost, dir], () =>
            service.run('safetyField', { grid, threats: points, options, cost, dir }, { signal }),
          );
          timings.push({ label: 'safety map, 2 passes (worker, round trip)', ms: performance.now() - t0 });
          return {
            mode: 'safety',
            values: { kind: 'float', values: cost },
            dir,
            gridVersion,
            timings,
            engine: name,
            warning: null,
            release: () => give(cost, dir),
          };
        }
      }
    },
  };
}
