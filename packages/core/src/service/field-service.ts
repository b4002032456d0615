/**
 * The worker service: a pool of workers (Web Workers in browsers, worker_threads in Node) running the pure
 * kernels of ./kernels.ts over SharedArrayBuffers, with comlink as the transport.
 *
 * Sharing, not copying: a Grid's SharedArrayBuffer is handed to each worker once (cached by buffer identity),
 * and fields are written by the worker straight into shared output arrays that the caller then reads.
 *
 * Without cross-origin isolation there is no shared memory: createFieldService rejects with
 * SharedMemoryUnavailableError, unless `fallback: 'main-thread'` asks for the same service running its jobs on
 * the calling thread (./main-thread-pool.ts).
 */
import { InvalidOptionError } from '../errors.js';
import type { Field, FieldOptions } from '../fields/types.js';
import { Grid } from '../grid/grid.js';
import { gridIdText } from '../grid/grid-id.js';
import { OutputBuffers } from './buffer-pool.js';
import { SharedMemoryUnavailableError } from './errors.js';
import { type FieldService, type FieldServiceOptions, MAX_WORKERS } from './field-service-types.js';
import { flowJobs } from './flow-jobs.js';
import { readJobOptions } from './job-options.js';
import { isShared, JobQueue } from './job-queue.js';
import type { UpdateFieldArgs } from './kernels.js';
import { MainThreadPool } from './main-thread-pool.js';
import { readServiceOptions } from './service-options.js';
import { hardwareConcurrency } from './spawn.js';
import { WorkerPool } from './worker-pool.js';

/**
 * Closes services that became unreachable without close(): their workers end (the held value is the queue,
 * which never refers back to the service object).
 */
const forgotten = new FinalizationRegistry<JobQueue>((queue) => {
  void queue.close();
});

/** True where this thread can share memory with workers. */
function sharedMemoryHere(): boolean {
  return (
    typeof SharedArrayBuffer === 'function' &&
    (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false
  );
}

/** Why `field` cannot be updated by a worker for `grid`, or null. `shared`: the outputs must be shared. */
function sharedFieldProblem(grid: Grid, field: Field | undefined, shared: boolean): string | null {
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
  if (shared && !(isShared(field.cost.buffer) && isShared(field.dir.buffer)))
    return 'a field over SharedArrayBuffers (made by the service)';
  if (!Number.isInteger(field.gridVersion)) return 'a field with an integer gridVersion';
  if (field.gridId !== undefined && field.gridId !== grid.id)
    return `a field of the grid given (${gridIdText(grid.id)}), not of ${gridIdText(field.gridId)}`;
  return null;
}

function defaultWorkers(cores: number): number {
  return Math.max(1, Math.min(MAX_WORKERS, cores - 1));
}

/**
 * Starts a worker pool and resolves once every worker answered. Rejects with SharedMemoryUnavailableError
 * without cross-origin isolation (unless `fallback: 'main-thread'`, which then resolves to a service running its
 * jobs on the calling thread), InvalidOptionError or OutOfRangeError for bad options, or WorkerStartError when
 * a worker fails to load or does not answer within `startTimeoutMs`.
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
  const settings = readServiceOptions(options);
  const shared = sharedMemoryHere();
  if (!shared && settings.fallback !== 'main-thread') throw new SharedMemoryUnavailableError('createFieldService');
  const size = shared ? (settings.workers ?? defaultWorkers(await hardwareConcurrency())) : 1;
  const { testKernels, startTimeoutMs, workerUrl } = settings;
  const buffers = new OutputBuffers(settings.maxPooledBytes, settings.maxFieldBytes, shared);
  const queue = new JobQueue(
    (events) =>
      shared
        ? new WorkerPool({ size, workerUrl, testKernels, startTimeoutMs }, events)
        : new MainThreadPool(testKernels, events),
    settings.abortGraceMs,
  );
  const pool = queue.pool;
  let closing: Promise<void> | null = null;

  /** Takes the output buffers of a job a worker picked up (or refuses it past maxFieldBytes). */
  const takeOutputs = (job: string, bytes: number, lengths: readonly number[]): ArrayBufferLike[] => {
    buffers.reserve(job, bytes);
    return lengths.map((n) => buffers.take(n));
  };
  /** A job that took outputs settled: they go to the caller (ok), back to the pool, or to the GC (not reusable). */
  const settleOutputs = (bytes: number, outputs: readonly ArrayBufferView[] | null, ok: boolean, reusable: boolean) => {
    if (!outputs) return;
    buffers.unreserve(bytes);
    if (ok) buffers.issue(outputs.map((a) => a.buffer));
    else if (reusable) for (const a of outputs) buffers.recycle(a.buffer);
  };

  const flows = flowJobs({ queue, takeOutputs, settleOutputs });

  const service: FieldService = {
    size,
    mode: shared ? 'workers' : 'main-thread',
    computeField(grid, fieldOptions, jobOptions) {
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
        const [cost, dir] = takeOutputs('computeField', bytes, [cells * 8, cells]);
        args.cost = new Float64Array(cost as ArrayBufferLike);
        args.dir = new Uint8Array(dir as ArrayBufferLike);
      };
      const onSettle = (ok: boolean, reusable: boolean) => {
        settleOutputs(bytes, args.cost && args.dir && [args.cost, args.dir], ok, reusable);
      };
      return queue.submit('computeField', args, jobOptions, onSettle, onDispatch).then((value) => {
        const { gridVersion } = value as { gridVersion: number };
        const cost = args.cost as Float64Array;
        const dir = args.dir as Uint8Array;
        return { width: grid.width, height: grid.height, cost, dir, gridVersion, gridId: grid.id };
      });
    },

    async computeFields(grid, optionsList, jobOptions) {
      let isList: boolean;
      try {
        isList = Array.isArray(optionsList);
      } catch {
        isList = false; // A revoked Proxy.
      }
      if (!isList) {
        throw new InvalidOptionError('optionsList', optionsList, 'an array of FieldOptions');
      }
      const { signal: outer, onProgress: report } = readJobOptions(jobOptions);
      // One controller per job, one listener on the caller's signal.
      const controllers = optionsList.map(() => new AbortController());
      const abortAll = () => {
        for (const controller of controllers) controller.abort();
      };
      if (outer?.aborted) abortAll();
      outer?.addEventListener('abort', abortAll, { once: true });
      const done = new Array<number>(optionsList.length).fill(0);
      const total = new Array<number>(optionsList.length).fill(0);
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

    updateField(grid, field, fieldOptions, jobOptions) {
      if (!(grid instanceof Grid)) return Promise.reject(new InvalidOptionError('grid', grid, 'a Grid'));
      let into: Field | undefined;
      try {
        const problem = sharedFieldProblem(grid, field, shared);
        if (problem) return Promise.reject(new InvalidOptionError('field', field, problem));
        into =
          typeof jobOptions === 'object' && jobOptions !== null
            ? Object.hasOwn(jobOptions, 'into')
              ? jobOptions.into
              : undefined
            : undefined;
        if (into !== undefined) {
          const intoProblem = sharedFieldProblem(grid, into, shared);
          if (intoProblem) return Promise.reject(new InvalidOptionError('into', into, intoProblem));
          if (!buffers.owns(into.cost.buffer) || !buffers.owns(into.dir.buffer))
            return Promise.reject(new InvalidOptionError('into', into, 'a field this service made and still owns'));
          if (into.cost.buffer === field.cost.buffer || into.dir.buffer === field.dir.buffer)
            return Promise.reject(new InvalidOptionError('into', into, 'another field than the one updated'));
        }
      } catch (error) {
        return Promise.reject(error);
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
      const bytes = cells * 9;
      let dispatched = false;
      const onDispatch = () => {
        dispatched = true;
        if (into) return;
        const [cost, dir] = takeOutputs('updateField', bytes, [cells * 8, cells]);
        args.cost = new Float64Array(cost as ArrayBufferLike);
        args.dir = new Uint8Array(dir as ArrayBufferLike);
      };
      const onSettle = (ok: boolean, reusable: boolean) => {
        if (!into) {
          settleOutputs(bytes, args.cost && args.dir && [args.cost, args.dir], ok, reusable);
          return;
        }
        // A job that ran may have written part of `into`; one still queued did not touch it.
        if (!ok && dispatched) into.gridVersion = -1;
        if (!reusable) {
          // A crashed worker may still write it: release() must not put it back in the pool.
          buffers.forget(into.cost.buffer);
          buffers.forget(into.dir.buffer);
        }
      };
      return queue
        .submit('updateField', args as unknown as Record<string, unknown>, jobOptions, onSettle, onDispatch)
        .then((value) => {
          const cost = args.cost as Float64Array;
          const dir = args.dir as Uint8Array;
          const { gridVersion, full, tiles } = value as { gridVersion: number; full: boolean; tiles: number };
          if (into) into.gridVersion = gridVersion;
          const gridId = grid.id;
          return { field: { width: grid.width, height: grid.height, cost, dir, gridVersion, gridId }, full, tiles };
        });
    },

    computeFlow: flows.computeFlow,

    updateFlow: flows.updateFlow,

    run(name, args, runOptions) {
      return queue.submit(name, args as Record<string, unknown>, runOptions) as never;
    },

    release(item) {
      try {
        const arrays: unknown[] | null =
          typeof item !== 'object' || item === null
            ? null
            : 'cost' in item
              ? [item.cost, item.dir]
              : 'vx' in item
                ? [item.vx, item.vy, item.anchor]
                : null;
        if (arrays === null) return false;
        const owned = arrays.map((a) => (ArrayBuffer.isView(a) ? a.buffer : null));
        if (!owned.every((b) => buffers.owns(b))) return false;
        // A repairable flow's state goes back with it.
        const state = 'vx' in item ? flows.takeState(item).map((a) => a.buffer) : [];
        buffers.giveBack([...(owned as ArrayBufferLike[]), ...state.filter((b) => buffers.owns(b))]);
        return true;
      } catch {
        return false; // A hostile object (a Proxy whose traps throw): not a field of this service.
      }
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
        pooledBytes: buffers.pool.bytes,
        jobBufferBytes: buffers.jobBytes,
        issuedBytes: buffers.issuedBytes,
      };
    },

    close() {
      if (closing) return closing;
      forgotten.unregister(queue);
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
  forgotten.register(service, queue, queue);
  return service;
}
