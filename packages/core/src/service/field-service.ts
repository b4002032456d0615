/**
 * The worker service: a pool of workers (Web Workers in browsers, worker_threads in Node) running the pure
 * kernels of ./kernels.ts over SharedArrayBuffers, with comlink as the transport.
 *
 * Sharing, not copying: a Grid's SharedArrayBuffer is handed to each worker once (cached by buffer identity),
 * and fields are written by the worker straight into shared output arrays that the caller then reads.
 *
 * Without cross-origin isolation there is NO copying fallback: createFieldService rejects with
 * SharedMemoryUnavailableError, and a job whose grid lives in an ordinary ArrayBuffer rejects with
 * InvalidOptionError. Run synchronous kernels (computeField of ../fields) on the main thread instead.
 */
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { Field, FieldOptions } from '../fields/types.js';
import { checkFieldOf, sealFlow } from '../flow/check-flow.js';
import { resolveFlowOptions } from '../flow/compute-flow.js';
import type { Flow } from '../flow/types.js';
import { checkGrid } from '../grid/check-grid.js';
import { Grid } from '../grid/grid.js';
import { ownOptions } from '../util/own-options.js';
import { SharedBufferPool } from './buffer-pool.js';
import { SharedMemoryUnavailableError } from './errors.js';
import {
  DEFAULT_ABORT_GRACE_MS,
  DEFAULT_MAX_POOLED_BYTES,
  type FieldService,
  type FieldServiceOptions,
  type JobOptions,
  MAX_WORKERS,
} from './field-service-types.js';
import { JobQueue } from './job-queue.js';
import type { ComputeFlowArgs, UpdateFieldArgs } from './kernels.js';
import { hardwareConcurrency } from './spawn.js';

/** Why `field` cannot be updated by a worker for `grid`, or null. */
function sharedFieldProblem(grid: Grid, field: Field | undefined): string | null {
  if (typeof field !== 'object' || field === null) return 'a field';
  const size = grid.width * grid.height;
  if (!(field.cost instanceof Float64Array) || !(field.dir instanceof Uint8Array)) return 'a field { cost, dir }';
  if (
    field.width !== grid.width ||
    field.height !== grid.height ||
    field.cost.length !== size ||
    field.dir.length !== size
  )
    return `a field of this ${grid.width}x${grid.height} grid`;
  if (!(field.cost.buffer instanceof SharedArrayBuffer && field.dir.buffer instanceof SharedArrayBuffer))
    return 'a field over SharedArrayBuffers (made by the service)';
  if (!Number.isInteger(field.gridVersion)) return 'a field with an integer gridVersion';
  return null;
}

function defaultWorkers(cores: number): number {
  return Math.max(1, Math.min(MAX_WORKERS, cores - 1));
}

/**
 * Starts a worker pool and resolves once every worker answered. Rejects with SharedMemoryUnavailableError
 * without cross-origin isolation, OutOfRangeError for a bad `workers`, or the start-up error of a worker.
 *
 * Platforms: browsers start module Web Workers with `new Worker(new URL('../worker.js', import.meta.url),
 * { type: 'module' })`, which Vite bundles in dev and build (checked with Vite 8 on the packed dist; no
 * `optimizeDeps.exclude` needed there, though it does no harm); other bundlers may need `workerUrl`. Node 20+
 * starts worker_threads running dist/worker.js and talks comlink over a MessageChannel port. In Node, idle
 * workers do not keep the process alive; call {@link FieldService.close} to end them early.
 *
 * @example
 * const service = await createFieldService({ workers: 2 });
 * const field = await service.computeField(grid, { goals: [{ x: 3, y: 4 }] }, { onProgress: (d, t) => bar(d / t) });
 * service.release(oldField); // optional: recycle buffers
 * await service.close();
 */
export async function createFieldService(options: FieldServiceOptions = {}): Promise<FieldService> {
  if (
    typeof SharedArrayBuffer !== 'function' ||
    (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === false
  ) {
    throw new SharedMemoryUnavailableError('createFieldService');
  }
  const size = options.workers ?? defaultWorkers(await hardwareConcurrency());
  if (!Number.isInteger(size) || size < 1 || size > MAX_WORKERS) {
    throw new OutOfRangeError('workers', options.workers, `an integer from 1 to ${MAX_WORKERS}`);
  }
  const maxPooledBytes = options.maxPooledBytes ?? DEFAULT_MAX_POOLED_BYTES;
  if (!(maxPooledBytes >= 0)) throw new OutOfRangeError('maxPooledBytes', maxPooledBytes, 'a number >= 0');
  const abortGraceMs = options.abortGraceMs ?? DEFAULT_ABORT_GRACE_MS;
  if (!(abortGraceMs >= 0)) throw new OutOfRangeError('abortGraceMs', abortGraceMs, 'a number of milliseconds >= 0');
  const testKernels = options.enableTestKernels ?? false;

  const buffers = new SharedBufferPool(maxPooledBytes);
  /** Output buffers handed out with fields, so release() only takes back what the service made. */
  const issued = new WeakSet<SharedArrayBuffer>();
  const queue = new JobQueue({ size, workerUrl: options.workerUrl, testKernels }, abortGraceMs);
  const pool = queue.pool;
  let jobBufferBytes = 0;
  let closing: Promise<void> | null = null;

  const service: FieldService = {
    size,
    computeField(grid, fieldOptions, jobOptions = {}) {
      if (!(grid instanceof Grid)) {
        return Promise.reject(new InvalidOptionError('grid', grid, 'a Grid'));
      }
      const cells = grid.width * grid.height;
      const bytes = cells * 9;
      // The output buffers are taken only when a worker picks the job up: a long queue holds no field memory.
      const args: { grid: Grid; options: FieldOptions; cost: Float64Array | null; dir: Uint8Array | null } = {
        grid,
        options: fieldOptions,
        cost: null,
        dir: null,
      };
      const onDispatch = () => {
        args.cost = new Float64Array(buffers.take(cells * 8));
        args.dir = new Uint8Array(buffers.take(cells));
        jobBufferBytes += bytes;
      };
      const onSettle = (ok: boolean, reusable: boolean) => {
        const { cost, dir } = args;
        if (!cost || !dir) return; // Never dispatched: nothing taken.
        jobBufferBytes -= bytes;
        if (ok) return; // The buffers go to the caller with the field.
        args.cost = null;
        args.dir = null;
        if (!reusable) return; // A crashed worker may still write them: leave them to the GC.
        buffers.give(cost.buffer as SharedArrayBuffer);
        buffers.give(dir.buffer as SharedArrayBuffer);
      };
      return queue.submit('computeField', args, jobOptions, onSettle, onDispatch).then((value) => {
        const cost = args.cost as Float64Array;
        const dir = args.dir as Uint8Array;
        issued.add(cost.buffer as SharedArrayBuffer);
        issued.add(dir.buffer as SharedArrayBuffer);
        const { gridVersion } = value as { gridVersion: number };
        return { width: grid.width, height: grid.height, cost, dir, gridVersion };
      });
    },

    async computeFields(grid, optionsList, jobOptions = {}) {
      if (!Array.isArray(optionsList)) {
        throw new InvalidOptionError('optionsList', optionsList, 'an array of FieldOptions');
      }
      // One controller per job (an AbortSignal with many listeners makes Node warn), one listener outside.
      const controllers = optionsList.map(() => new AbortController());
      const abortAll = () => {
        for (const controller of controllers) controller.abort();
      };
      const outer = jobOptions.signal;
      if (outer?.aborted) abortAll();
      outer?.addEventListener('abort', abortAll, { once: true });
      const done = new Array<number>(optionsList.length).fill(0);
      const total = new Array<number>(optionsList.length).fill(0);
      const report = jobOptions.onProgress;
      const jobs = optionsList.map((fieldOptions, i) =>
        service.computeField(grid, fieldOptions, {
          signal: (controllers[i] as AbortController).signal,
          ...(report && {
            onProgress: (d: number, t: number) => {
              done[i] = d;
              total[i] = t;
              report(
                done.reduce((a, b) => a + b, 0),
                total.reduce((a, b) => a + b, 0),
              );
            },
          }),
        }),
      );
      try {
        return await Promise.all(
          jobs.map((job) =>
            job.catch((error: unknown) => {
              abortAll();
              throw error;
            }),
          ),
        );
      } catch (error) {
        // Give back the buffers of the fields that did finish: nobody will ever see them.
        for (const result of await Promise.allSettled(jobs)) {
          if (result.status === 'fulfilled') service.release(result.value);
        }
        throw error;
      } finally {
        outer?.removeEventListener('abort', abortAll);
      }
    },

    updateField(grid, field, fieldOptions, jobOptions = {}) {
      if (!(grid instanceof Grid)) return Promise.reject(new InvalidOptionError('grid', grid, 'a Grid'));
      const problem = sharedFieldProblem(grid, field);
      if (problem) return Promise.reject(new InvalidOptionError('field', field, problem));
      const into = jobOptions.into;
      if (into !== undefined) {
        const intoProblem = sharedFieldProblem(grid, into);
        if (intoProblem) return Promise.reject(new InvalidOptionError('into', into, intoProblem));
        if (!issued.has(into.cost.buffer as SharedArrayBuffer) || !issued.has(into.dir.buffer as SharedArrayBuffer))
          return Promise.reject(new InvalidOptionError('into', into, 'a field this service made and still owns'));
        if (into.cost.buffer === field.cost.buffer || into.dir.buffer === field.dir.buffer)
          return Promise.reject(new InvalidOptionError('into', into, 'another field than the one updated'));
      }
      const cells = grid.width * grid.height;
      // Repair `into` from its own version when it has one; otherwise start from a copy of `field`.
      const fromInto = into !== undefined && into.gridVersion >= 0 && into.gridVersion <= grid.version;
      const args: Omit<UpdateFieldArgs, 'cost' | 'dir'> & { cost: Float64Array | null; dir: Uint8Array | null } = {
        grid,
        options: fieldOptions,
        cost: into?.cost ?? null,
        dir: into?.dir ?? null,
        gridVersion: fromInto ? (into as Field).gridVersion : field.gridVersion,
        ...(fromInto ? {} : { baseCost: field.cost, baseDir: field.dir }),
      };
      const bytes = into ? 0 : cells * 9;
      let dispatched = false;
      const onDispatch = () => {
        dispatched = true;
        if (into) return;
        args.cost = new Float64Array(buffers.take(cells * 8));
        args.dir = new Uint8Array(buffers.take(cells));
        jobBufferBytes += bytes;
      };
      const onSettle = (ok: boolean, reusable: boolean) => {
        const { cost, dir } = args;
        if (!cost || !dir) return;
        if (into) {
          // A job that ran may have written part of `into`; one still queued did not touch it.
          if (!ok && dispatched) into.gridVersion = -1;
          if (!reusable) {
            // A crashed worker may still write it: release() must not put it back in the pool.
            issued.delete(into.cost.buffer as SharedArrayBuffer);
            issued.delete(into.dir.buffer as SharedArrayBuffer);
          }
          return;
        }
        jobBufferBytes -= bytes;
        if (ok || !reusable) return;
        buffers.give(cost.buffer as SharedArrayBuffer);
        buffers.give(dir.buffer as SharedArrayBuffer);
      };
      return queue
        .submit('updateField', args as unknown as Record<string, unknown>, jobOptions, onSettle, onDispatch)
        .then((value) => {
          const cost = args.cost as Float64Array;
          const dir = args.dir as Uint8Array;
          issued.add(cost.buffer as SharedArrayBuffer);
          issued.add(dir.buffer as SharedArrayBuffer);
          const { gridVersion, full, tiles } = value as { gridVersion: number; full: boolean; tiles: number };
          if (into) into.gridVersion = gridVersion;
          return { field: { width: grid.width, height: grid.height, cost, dir, gridVersion }, full, tiles };
        });
    },

    computeFlow(grid, field, flowOptions, jobOptionsGiven) {
      // Checked on this thread with computeFlow's own checks (typed errors, own properties only), so that nothing
      // that cannot be cloned is posted and the worker gets plain copies.
      let jobOptions: JobOptions;
      try {
        checkGrid(grid);
        checkFieldOf(field, grid.width, grid.height);
        const { radius, weighted } = resolveFlowOptions(flowOptions);
        flowOptions = { radius, metric: weighted ? 'weighted' : 'octile' };
        jobOptions = readFlowJobOptions(jobOptionsGiven);
      } catch (error) {
        return Promise.reject(error);
      }
      const cells = grid.width * grid.height;
      const bytes = cells * 12;
      const args: Omit<ComputeFlowArgs, 'vx' | 'vy' | 'anchor'> & {
        vx: Float32Array | null;
        vy: Float32Array | null;
        anchor: Int32Array | null;
      } = {
        grid,
        cost: field.cost,
        dir: field.dir,
        gridVersion: Number.isInteger(field.gridVersion) ? field.gridVersion : -1,
        options: flowOptions,
        vx: null,
        vy: null,
        anchor: null,
      };
      // As computeField: the output buffers are taken when a worker picks the job up.
      const onDispatch = () => {
        args.vx = new Float32Array(buffers.take(cells * 4));
        args.vy = new Float32Array(buffers.take(cells * 4));
        args.anchor = new Int32Array(buffers.take(cells * 4));
        jobBufferBytes += bytes;
      };
      const onSettle = (ok: boolean, reusable: boolean) => {
        const { vx, vy, anchor } = args;
        if (!vx || !vy || !anchor) return;
        jobBufferBytes -= bytes;
        if (ok) return;
        args.vx = null;
        args.vy = null;
        args.anchor = null;
        if (!reusable) return;
        for (const a of [vx, vy, anchor]) buffers.give(a.buffer as SharedArrayBuffer);
      };
      return queue
        .submit('computeFlow', args as unknown as Record<string, unknown>, jobOptions, onSettle, onDispatch)
        .then((value): Flow => {
          const vx = args.vx as Float32Array;
          const vy = args.vy as Float32Array;
          const anchor = args.anchor as Int32Array;
          for (const a of [vx, vy, anchor]) issued.add(a.buffer as SharedArrayBuffer);
          const radius = flowOptions.radius ?? 0;
          const { gridVersion } = value as { gridVersion: number };
          return sealFlow({ width: grid.width, height: grid.height, vx, vy, anchor, radius, gridVersion });
        });
    },

    run(name, args, runOptions = {}) {
      return queue.submit(name, args as Record<string, unknown>, runOptions) as never;
    },

    release(item) {
      const arrays: ArrayBufferView[] | null =
        typeof item !== 'object' || item === null
          ? null
          : 'cost' in item
            ? [item.cost, item.dir]
            : 'vx' in item
              ? [item.vx, item.vy, item.anchor]
              : null;
      if (arrays === null) return false;
      const owned = arrays.map((a) => a?.buffer);
      for (const b of owned) if (!(b instanceof SharedArrayBuffer && issued.has(b))) return false;
      for (const b of owned as SharedArrayBuffer[]) {
        issued.delete(b);
        buffers.give(b);
      }
      return true;
    },

    ping() {
      return pool.ping();
    },

    stats() {
      const { workers, busy } = pool.counts();
      return {
        workers,
        busy,
        queued: queue.queued,
        completed: queue.completed,
        failed: queue.failed,
        crashes: pool.crashes,
        gridHandoffs: pool.gridHandoffs,
        jobBufferBytes,
        pooledBytes: buffers.bytes,
      };
    },

    close() {
      if (closing) return closing;
      const ended = queue.close();
      buffers.clear();
      closing = ended;
      return closing;
    },
  };

  // Start every worker; if one cannot start, end the others and fail.
  try {
    await pool.start();
  } catch (error) {
    await service.close();
    throw error;
  }
  return service;
}

/**
 * The job options of `computeFlow` (own properties only): `signal` an AbortSignal, `onProgress` a function.
 * @throws InvalidOptionError naming the bad option.
 */
function readFlowJobOptions(jobOptions: JobOptions | undefined): JobOptions {
  const own = ownOptions(jobOptions, 'jobOptions');
  const { signal, onProgress } = own;
  if (
    signal !== undefined &&
    (signal === null || typeof signal !== 'object' || typeof signal.addEventListener !== 'function')
  )
    throw new InvalidOptionError('signal', signal, 'an AbortSignal');
  if (onProgress !== undefined && typeof onProgress !== 'function')
    throw new InvalidOptionError('onProgress', onProgress, 'a function (done, total)');
  return Object.assign(Object.create(null) as JobOptions, {
    ...(signal !== undefined && { signal }),
    ...(onProgress !== undefined && { onProgress }),
  });
}
