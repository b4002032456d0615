import { type FieldService, NoFleeSeedError } from '@fieldmarshal/core';
import {
  fieldOptionsOf,
  type MapEngine,
  type MapRequest,
  type ProgressListener,
  repairedResult,
  requestKey,
  sources,
  type Timing,
} from './map-compute.js';
import { createSharedBufferPool } from './shared-buffer-pool.js';

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
      const key = requestKey(request);
      const jobOptions = onProgress ? { signal, onProgress } : { signal };
      const t0 = performance.now();
      switch (request.mode) {
        case 'cost': {
          const field = await service.computeField(grid, fieldOptionsOf(request), jobOptions);
          const ms = performance.now() - t0;
          timings.push({ label: 'cost field (worker, round trip)', ms });
          return {
            mode: 'cost',
            values: { kind: 'float', values: field.cost },
            dir: field.dir,
            gridVersion: field.gridVersion,
            timings,
            engine: name,
            warning: null,
            release: () => service.release(field),
            key,
            field,
            fullMs: ms,
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
            key,
            fullMs: performance.now() - t0,
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
            key,
            fullMs: performance.now() - t0,
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
            key,
            fullMs: performance.now() - t0,
          };
        }
      }
    },
    async repair(request, base, { signal }) {
      signal.throwIfAborted();
      if (!base.field) throw new Error('only cost fields are repaired');
      const t0 = performance.now();
      const done = await service.updateField(request.grid, base.field, fieldOptionsOf(request), { signal });
      const ms = performance.now() - t0;
      const result = repairedResult(base, done.field, done, ms, name, 'repair (worker, round trip)');
      return { ...result, release: () => service.release(done.field) };
    },
  };
}
