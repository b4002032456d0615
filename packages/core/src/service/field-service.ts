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
import { transfer as comlinkTransfer, type Remote, wrap } from 'comlink';
import { AbortError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { CONTROL_LENGTH, ControlSlot, type Field, type FieldOptions } from '../fields/types.js';
import { Grid } from '../grid/grid.js';
import { SharedBufferPool } from './buffer-pool.js';
import { reviveError, serializeError } from './error-transport.js';
import { ServiceClosedError, SharedMemoryUnavailableError, WorkerCrashedError } from './errors.js';
import type { KERNELS } from './kernels.js';
import { type ProgressCallback, watchProgress } from './progress.js';
import { GRID_TOKEN, type JobReply, type JobRequest, type WorkerApi } from './protocol.js';
import { hardwareConcurrency, type SpawnedWorker, spawnWorker } from './spawn.js';
import type { TEST_KERNELS } from './test-kernels.js';

/** Most workers a pool may have. */
export const MAX_WORKERS = 64;
/** Default bytes of finished-job buffers kept for reuse by the service (128 MiB). */
export const DEFAULT_MAX_POOLED_BYTES = 128 * 1024 * 1024;
/** Default {@link FieldServiceOptions.abortGraceMs}: 2 s for an aborted job to stop before its worker is replaced. */
export const DEFAULT_ABORT_GRACE_MS = 2000;

/** Options of {@link createFieldService}. */
export interface FieldServiceOptions {
  /**
   * Number of workers, an integer from 1 to {@link MAX_WORKERS}. Default: hardware concurrency minus one, at
   * least 1 (navigator.hardwareConcurrency in browsers, os.availableParallelism() in Node).
   */
  workers?: number;
  /**
   * Where the worker module is, for bundlers that do not follow
   * `new Worker(new URL('../worker.js', import.meta.url))` (e.g. `import url from '@fieldmarshal/core/worker?worker&url'`
   * in Vite). Default: dist/worker.js of this package, resolved from this module.
   */
  workerUrl?: URL | string;
  /** Bytes of output buffers kept for reuse after jobs fail or fields are released. Default 128 MiB. */
  maxPooledBytes?: number;
  /**
   * Milliseconds a running job has to stop by itself after its signal aborts. Kernels check the abort flag every
   * few thousand cells, so they stop within milliseconds; a worker that has not answered by then is taken as
   * hung (stuck in a loop, or dead without telling): it is terminated and replaced, the job rejects with
   * AbortError, and the slot takes the next job. `Infinity` waits for ever. Default 2000.
   */
  abortGraceMs?: number;
  /**
   * Register the test-only kernels (`__crash`, `__spin`, `__hang`, `__handshake`, `__throw`). Tests only.
   * Default false.
   */
  enableTestKernels?: boolean;
}

/** Per-job options. */
export interface JobOptions {
  /** Aborting sets the job's shared abort flag; the job rejects with AbortError. */
  signal?: AbortSignal;
  /**
   * Progress of the running job, polled from shared memory once per animation frame (browsers) or every
   * 16 ms (Node): `done` and `total` are in the kernel's units (tiles for fields); `total` is 0 while unknown.
   */
  onProgress?: ProgressCallback;
}

/** Options of {@link FieldService.run}. */
export interface RunOptions extends JobOptions {
  /** Transferables moved (not copied) to the worker with the arguments (ordinary ArrayBuffers, ports). */
  transfer?: Transferable[];
}

/** Every kernel `run` accepts (the test kernels only work with `enableTestKernels`). */
type AllKernels = typeof KERNELS & typeof TEST_KERNELS;
/** Name of a kernel the service can run. */
export type ServiceKernelName = keyof AllKernels;
/** Arguments of kernel `K`. */
export type KernelArgs<K extends ServiceKernelName> = Parameters<AllKernels[K]>[0];
/** Result of kernel `K`. */
export type KernelResult<K extends ServiceKernelName> = Awaited<ReturnType<AllKernels[K]>>;

/** Counters of a service, for diagnostics and progress displays. */
export interface ServiceStats {
  /** Workers ready to take jobs. */
  workers: number;
  /** Workers running a job now. */
  busy: number;
  /** Jobs waiting for a free worker. */
  queued: number;
  /** Jobs resolved so far. */
  completed: number;
  /** Jobs rejected so far (abort, bad input, crash, close). */
  failed: number;
  /** Workers that died, or hung past an abort, and were replaced. */
  crashes: number;
  /** Times a grid was handed to a worker (once per grid and worker; later jobs send a small id). */
  gridHandoffs: number;
  /** Bytes of buffers kept for reuse. */
  pooledBytes: number;
  /**
   * Bytes of output buffers held by running `computeField` jobs. They are taken when a worker picks the job up
   * (not while it waits in the queue), then handed to the caller with the field or given back on failure.
   */
  jobBufferBytes: number;
}

/** A pool of workers computing fields and other kernels over shared memory. Create with {@link createFieldService}. */
export interface FieldService {
  /** Number of worker slots (the `workers` option). */
  readonly size: number;
  /**
   * Computes a field in a worker. Resolves to the same shape as the synchronous `computeField(grid, options)`
   * (bit-identical values), with `cost` and `dir` as views on SharedArrayBuffers the worker wrote into. The
   * field is never visible half-written: it is handed out only once the worker finished. `grid` must live in a
   * SharedArrayBuffer. Bad options reject with the kernel's typed error (CoordinateError, InvalidOptionError...).
   * PERF: call {@link FieldService.release} on fields you are done with. Recycled buffers are already paged in;
   * fresh ones cost page faults and pile up as garbage that Node collects late (measured: 16 fields on
   * 1024x1024 about 2x slower per batch without release). {@link LiveField} releases for you.
   */
  computeField(grid: Grid, options: FieldOptions, jobOptions?: JobOptions): Promise<Field>;
  /**
   * One field per options entry, spread across the pool. If one job fails the others are aborted and the
   * promise rejects with the first error. `onProgress` reports the sums over all jobs.
   */
  computeFields(grid: Grid, optionsList: readonly FieldOptions[], jobOptions?: JobOptions): Promise<Field[]>;
  /**
   * Runs any registered kernel (see ./kernels.ts) on the least busy worker, or queues it when all are busy.
   * Top-level Grid values in `args` are shared with each worker once, not copied.
   */
  run<K extends ServiceKernelName>(name: K, args: KernelArgs<K>, options?: RunOptions): Promise<KernelResult<K>>;
  /**
   * Gives a field's buffers back to the service for reuse by later jobs. Only call it when nothing reads the
   * field any more. Returns false for fields the service did not make (or released already).
   */
  release(field: Field): boolean;
  /** Round trip to every ready worker (ms each, in slot order). A busy worker answers after its job. */
  ping(): Promise<number[]>;
  /** Current counters. */
  stats(): ServiceStats;
  /**
   * Terminates every worker. Queued and running jobs reject with ServiceClosedError; later calls reject the
   * same way. Resolves once the workers are gone. Idempotent.
   */
  close(): Promise<void>;
}

interface Job {
  id: number;
  name: string;
  args: Record<string, unknown>;
  control: Int32Array;
  transfer: Transferable[];
  signal: AbortSignal | undefined;
  onProgress: ProgressCallback | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /**
   * Called when the job settles, before its last progress report: `ok` when it resolves; `reusable` is true
   * when no thread can still write its buffers.
   */
  onSettle: ((ok: boolean, reusable: boolean) => void) | undefined;
  /** Called when a worker picks the job up, before its arguments are sent: takes output buffers into `args`. */
  onDispatch: (() => void) | undefined;
  slot: Slot | null;
  stopProgress: (() => void) | null;
  removeAbortListener: () => void;
  /** Set when a running job is aborted: replaces its worker if it has not answered in `abortGraceMs`. */
  abortTimer: ReturnType<typeof setTimeout> | null;
  done: boolean;
}

interface Slot {
  index: number;
  spawned: SpawnedWorker;
  remote: Remote<WorkerApi>;
  job: Job | null;
  /** Grid ids this worker has cached. */
  sentGrids: Set<number>;
  served: number;
  alive: boolean;
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
  const workerUrl = options.workerUrl;

  const buffers = new SharedBufferPool(maxPooledBytes);
  const controls: Int32Array[] = [];
  /** Output buffers handed out with fields, so release() only takes back what the service made. */
  const issued = new WeakSet<SharedArrayBuffer>();
  const slots: (Slot | null)[] = new Array(size).fill(null);
  const queue: Job[] = [];
  let kernelNames = new Set<string>();
  let closed = false;
  let closing: Promise<void> | null = null;
  let nextJobId = 1;
  let starting = 0;
  const counters = { completed: 0, failed: 0, crashes: 0, gridHandoffs: 0, jobBufferBytes: 0 };

  // Grid ids by buffer identity; when a grid's buffer is collected, the workers forget it too.
  const gridIds = new WeakMap<object, number>();
  let nextGridId = 1;
  let dropped: number[] = [];
  const forget = new FinalizationRegistry<number>((id) => {
    if (dropped.length === 0) queueMicrotask(flushDropped);
    dropped.push(id);
  });
  function flushDropped(): void {
    const ids = dropped;
    dropped = [];
    for (const slot of slots) {
      if (!slot?.alive) continue;
      const known = ids.filter((id) => slot.sentGrids.delete(id));
      if (known.length > 0) slot.remote.dropGrids(known).catch(() => {});
    }
  }
  function gridId(buffer: ArrayBufferLike): number {
    let id = gridIds.get(buffer);
    if (id === undefined) {
      id = nextGridId++;
      gridIds.set(buffer, id);
      forget.register(buffer, id);
    }
    return id;
  }

  function takeControl(): Int32Array {
    const control = controls.pop() ?? new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4));
    control.fill(0);
    return control;
  }

  function settle(job: Job, ok: boolean, value: unknown, reusable: boolean): void {
    if (job.done) return;
    job.done = true;
    job.removeAbortListener();
    if (job.abortTimer !== null) clearTimeout(job.abortTimer);
    job.onSettle?.(ok, reusable);
    job.stopProgress?.();
    job.stopProgress = null;
    if (reusable) controls.push(job.control);
    if (ok) {
      counters.completed++;
      job.resolve(value);
    } else {
      counters.failed++;
      job.reject(value);
    }
  }

  function encode(job: Job, slot: Slot, grids: [number, ArrayBufferLike][]): Record<string, unknown> {
    let args = job.args;
    for (const key of Object.keys(job.args)) {
      const value = job.args[key];
      if (!(value instanceof Grid)) continue;
      const id = gridId(value.buffer);
      if (!slot.sentGrids.has(id)) {
        slot.sentGrids.add(id);
        grids.push([id, value.buffer]);
        counters.gridHandoffs++;
      }
      if (args === job.args) args = { ...job.args };
      args[key] = { [GRID_TOKEN]: id };
    }
    return args;
  }

  function dispatch(slot: Slot, job: Job): void {
    slot.job = job;
    slot.served++;
    job.slot = slot;
    job.onDispatch?.();
    const grids: [number, ArrayBufferLike][] = [];
    const request: JobRequest = {
      id: job.id,
      name: job.name,
      args: encode(job, slot, grids),
      control: job.control,
      grids,
    };
    if (job.onProgress) job.stopProgress = watchProgress(job.control, job.onProgress);
    slot.spawned.keepAlive(true);
    slot.remote.run(job.transfer.length > 0 ? comlinkTransfer(request, job.transfer) : request).then(
      (reply) => finish(slot, job, reply),
      (error: unknown) => {
        // The request never reached the worker (e.g. a DataCloneError): it did not cache these grids.
        for (const [id] of grids) slot.sentGrids.delete(id);
        finish(slot, job, { ok: false, error: serializeError(error) });
      },
    );
  }

  function finish(slot: Slot, job: Job, reply: JobReply): void {
    if (slot.job !== job) return; // Already settled by a crash or close.
    slot.job = null;
    if (job.signal?.aborted) {
      settle(job, false, new AbortError(`job ${job.name}#${job.id} was aborted`), true);
    } else if (reply.ok) {
      settle(job, true, reply.value, true);
    } else {
      settle(job, false, reviveError(reply.error), true);
    }
    pump();
    if (!slot.job) slot.spawned.keepAlive(false);
  }

  function pump(): void {
    while (queue.length > 0) {
      // Least busy: an idle worker, preferring the one that has served the fewest jobs.
      let best: Slot | null = null;
      for (const slot of slots) {
        if (slot?.alive && !slot.job && (!best || slot.served < best.served)) best = slot;
      }
      if (!best) return;
      dispatch(best, queue.shift() as Job);
    }
  }

  function crash(slot: Slot, reason: string): void {
    if (!slot.alive) return;
    slot.alive = false;
    void slot.spawned.terminate();
    const job = slot.job;
    slot.job = null;
    if (closed) return;
    counters.crashes++;
    // The dead worker cannot write any more, but a terminate() may lag: do not recycle its buffers.
    if (job?.signal?.aborted) {
      settle(job, false, new AbortError(`job ${job.name}#${job.id} was aborted; its worker ${reason}`), false);
    } else if (job) settle(job, false, new WorkerCrashedError(job.name, job.id, slot.index, reason), false);
    slots[slot.index] = null;
    startSlot(slot.index).then(
      () => pump(),
      (error: unknown) => {
        // A replacement that cannot start leaves the slot empty; with no worker left, queued jobs fail.
        if (slots.some((s) => s?.alive) || starting > 0) return;
        const why = `no worker could be restarted: ${error instanceof Error ? error.message : String(error)}`;
        for (const queued of queue.splice(0)) {
          settle(queued, false, new WorkerCrashedError(queued.name, queued.id, slot.index, why), true);
        }
      },
    );
  }

  async function startSlot(index: number): Promise<Slot> {
    starting++;
    try {
      const spawned = await spawnWorker(workerUrl);
      const slot: Slot = {
        index,
        spawned,
        remote: wrap<WorkerApi>(spawned.endpoint),
        job: null,
        sentGrids: new Set(),
        served: 0,
        alive: false,
      };
      const died = new Promise<never>((_, reject) => {
        spawned.onDeath = (reason) => {
          if (slot.alive) crash(slot, reason);
          else reject(new Error(`worker ${index} failed to start (${reason})`));
        };
      });
      died.catch(() => {});
      const names = await Promise.race([slot.remote.init({ testKernels }), died]);
      kernelNames = new Set(names);
      if (closed) {
        await spawned.terminate();
        throw new ServiceClosedError('start', 0);
      }
      slot.alive = true;
      spawned.keepAlive(false);
      slots[index] = slot;
      return slot;
    } finally {
      starting--;
    }
  }

  function submit(
    name: string,
    args: Record<string, unknown>,
    options: RunOptions,
    onSettle?: (ok: boolean, reusable: boolean) => void,
    onDispatch?: () => void,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => {
        counters.failed++;
        onSettle?.(false, true);
        reject(error);
      };
      if (closed) return fail(new ServiceClosedError(name, 0));
      if (!kernelNames.has(name)) {
        return fail(new InvalidOptionError('kernel', name, `one of ${[...kernelNames].join(', ')}`));
      }
      if (typeof args !== 'object' || args === null) {
        return fail(new InvalidOptionError('args', args, 'an object of kernel arguments'));
      }
      for (const key of Object.keys(args)) {
        const value = args[key];
        if (value instanceof Grid && !(value.buffer instanceof SharedArrayBuffer)) {
          return fail(
            new InvalidOptionError(key, 'ArrayBuffer', 'a Grid over a SharedArrayBuffer (Grid option shared: true)'),
          );
        }
      }
      if (options.onProgress !== undefined && typeof options.onProgress !== 'function') {
        return fail(new InvalidOptionError('onProgress', options.onProgress, 'a function'));
      }
      const id = nextJobId++;
      if (options.signal?.aborted) return fail(new AbortError(`job ${name}#${id} was aborted before it started`));
      const job: Job = {
        id,
        name,
        args,
        control: takeControl(),
        transfer: options.transfer ?? [],
        signal: options.signal,
        onProgress: options.onProgress,
        resolve,
        reject,
        onSettle,
        onDispatch,
        slot: null,
        stopProgress: null,
        removeAbortListener: () => {},
        abortTimer: null,
        done: false,
      };
      const signal = options.signal;
      if (signal) {
        const onAbort = () => {
          const queued = queue.indexOf(job);
          if (queued >= 0) {
            queue.splice(queued, 1);
            settle(job, false, new AbortError(`job ${name}#${id} was aborted before it started`), true);
          } else {
            // Running: the kernel sees the flag within a few thousand cells and the job rejects on its reply.
            Atomics.store(job.control, ControlSlot.abort, 1);
            if (job.slot && Number.isFinite(abortGraceMs)) {
              const slot = job.slot;
              job.abortTimer = setTimeout(() => {
                job.abortTimer = null;
                if (slot.job === job) crash(slot, `did not stop within ${abortGraceMs} ms and was replaced`);
              }, abortGraceMs);
            }
          }
        };
        signal.addEventListener('abort', onAbort, { once: true });
        job.removeAbortListener = () => signal.removeEventListener('abort', onAbort);
      }
      queue.push(job);
      pump();
      if (!job.done && job.slot === null && starting === 0 && !slots.some((slot) => slot?.alive)) {
        // Every worker died and none could be restarted: fail now instead of queueing forever.
        queue.splice(queue.indexOf(job), 1);
        settle(job, false, new WorkerCrashedError(name, id, -1, 'no worker is running'), true);
      }
    });
  }

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
        counters.jobBufferBytes += bytes;
      };
      const onSettle = (ok: boolean, reusable: boolean) => {
        const { cost, dir } = args;
        if (!cost || !dir) return; // Never dispatched: nothing taken.
        counters.jobBufferBytes -= bytes;
        if (ok) return; // The buffers go to the caller with the field.
        args.cost = null;
        args.dir = null;
        if (!reusable) return; // A crashed worker may still write them: leave them to the GC.
        buffers.give(cost.buffer as SharedArrayBuffer);
        buffers.give(dir.buffer as SharedArrayBuffer);
      };
      return submit('computeField', args, jobOptions, onSettle, onDispatch).then((value) => {
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

    run(name, args, runOptions = {}) {
      return submit(name, args as Record<string, unknown>, runOptions) as never;
    },

    release(field) {
      const cost = field.cost.buffer;
      const dir = field.dir.buffer;
      if (!(cost instanceof SharedArrayBuffer && dir instanceof SharedArrayBuffer)) return false;
      if (!issued.has(cost) || !issued.has(dir)) return false;
      issued.delete(cost);
      issued.delete(dir);
      buffers.give(cost);
      buffers.give(dir);
      return true;
    },

    async ping() {
      const ready = slots.filter((slot): slot is Slot => slot?.alive === true);
      return Promise.all(
        ready.map(async (slot) => {
          const start = performance.now();
          await slot.remote.ping();
          return performance.now() - start;
        }),
      );
    },

    stats() {
      let workers = 0;
      let busy = 0;
      for (const slot of slots) {
        if (!slot?.alive) continue;
        workers++;
        if (slot.job) busy++;
      }
      return { workers, busy, queued: queue.length, ...counters, pooledBytes: buffers.bytes };
    },

    close() {
      if (closing) return closing;
      closed = true;
      for (const job of queue.splice(0)) settle(job, false, new ServiceClosedError(job.name, job.id), true);
      const ends: Promise<void>[] = [];
      for (const slot of slots) {
        if (!slot) continue;
        slot.alive = false;
        const job = slot.job;
        slot.job = null;
        if (job) settle(job, false, new ServiceClosedError(job.name, job.id), false);
        ends.push(slot.spawned.terminate());
      }
      buffers.clear();
      closing = Promise.all(ends).then(() => undefined);
      return closing;
    },
  };

  // Start every worker; if one cannot start, end the others and fail.
  const started = await Promise.allSettled(slots.map((_, index) => startSlot(index)));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await service.close();
    throw (failure as PromiseRejectedResult).reason;
  }
  return service;
}
