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

/**
 * Runs the computations in the worker service: cost fields with `service.computeField`, scent, flee and safety
 * maps with its kernels by name, with progress, and cancelled through the AbortSignal when the user changes
 * something. Every result's arrays come from the service's own buffer pool and go back with `release` (so
 * repainting walls on a big map does not allocate tens of MiB per recompute), in whatever mode the service runs.
 */
export function createWorkerEngine(service: FieldService): MapEngine {
  const where =
    service.mode === 'main-thread' ? 'main thread' : `${service.size} worker${service.size === 1 ? '' : 's'}`;
  const name = `${where}, ${service.mode}`;
  const give = (...items: object[]) => {
    for (const item of items) service.release(item);
  };
  const runScent = (request: MapRequest, signal: AbortSignal, onProgress?: ProgressListener) => {
    const { grid, params } = request;
    return service.run(
      'scentMap',
      { grid, sources: sources(request), options: { neighbors: params.neighbors, diagonal: params.diagonal } },
      onProgress ? { signal, onProgress } : { signal },
    );
  };
  return {
    name,
    offThread: service.mode !== 'main-thread',
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
          const field = await service.computeField(grid, { ...fieldOptionsOf(request), ...jobOptions });
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
            release: () => give(field),
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
          const options = { strength: params.strength, neighbors: params.neighbors, diagonal: params.diagonal };
          let warning: string | null = null;
          let flee: Int32Array;
          try {
            try {
              flee = await service.run('fleeMap', { grid, scent, options }, { signal });
            } catch (error) {
              if (!(error instanceof NoFleeSeedError)) throw error;
              // Nothing can seed the flee map: show the unfilled map and say why.
              warning = error.message;
              flee = await service.run(
                'fleeMap',
                { grid, scent, options: { ...options, onNoSeed: 'return' } },
                { signal },
              );
            }
          } finally {
            give(scent); // only the flee map is shown
          }
          timings.push({ label: 'flee map (worker, round trip)', ms: performance.now() - t1 });
          return {
            mode: 'flee',
            values: { kind: 'scent', values: flee },
            dir: null,
            gridVersion,
            timings,
            engine: name,
            warning,
            release: () => give(flee),
            key,
            fullMs: performance.now() - t0,
          };
        }
        case 'safety': {
          // Both passes of the safety map (distance from the threats, then the relaxation of coefficient x
          // distance with the threat tiles blocked) in one worker job.
          const options = {
            coefficient: params.coefficient,
            metric: params.metric,
            neighbors: params.neighbors,
            diagonal: params.diagonal,
            maxCost: params.maxCost,
          };
          const field = await service.run('safetyField', { grid, threats: points, options }, { signal });
          timings.push({ label: 'safety map, 2 passes (worker, round trip)', ms: performance.now() - t0 });
          return {
            mode: 'safety',
            values: { kind: 'float', values: field.cost },
            dir: field.dir,
            gridVersion,
            timings,
            engine: name,
            warning: null,
            release: () => give(field),
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
      const done = await service.updateField(request.grid, base.field, { ...fieldOptionsOf(request), signal });
      const ms = performance.now() - t0;
      const result = repairedResult(base, done.field, done, ms, name, 'repair (worker, round trip)');
      return { ...result, release: () => service.release(done.field) };
    },
  };
}
