/**
 * The public types and limits of the worker service: its options, per-job options, counters and the
 * {@link FieldService} interface that createFieldService (./field-service.ts) returns.
 */
import type { Field, FieldOptions } from '../fields/types.js';
import type { Flow, FlowOptions, FlowUpdate } from '../flow/types.js';
import type { Grid } from '../grid/grid.js';
import type { KERNELS } from './kernels.js';
import type { ProgressCallback } from './progress.js';
import type { TEST_KERNELS } from './test-kernels.js';

/** Most workers a pool may have. */
export const MAX_WORKERS = 64;
/** Default bytes of finished-job buffers kept for reuse by the service (128 MiB). */
export const DEFAULT_MAX_POOLED_BYTES = 128 * 1024 * 1024;
/** Default {@link FieldServiceOptions.abortGraceMs}: 2 s for an aborted job to stop before its worker is replaced. */
export const DEFAULT_ABORT_GRACE_MS = 2000;
/** Default {@link FieldServiceOptions.startTimeoutMs}: 30 s for a new worker to load its module and answer. */
export const DEFAULT_START_TIMEOUT_MS = 30_000;
/** Default {@link FieldServiceOptions.maxFieldBytes}: 2 GiB of output buffers handed out and not given back. */
export const DEFAULT_MAX_FIELD_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * What createFieldService does where SharedArrayBuffer is unavailable (a page that is not cross-origin
 * isolated, such as one on GitHub Pages): `'none'` rejects with SharedMemoryUnavailableError, `'main-thread'`
 * computes on the calling thread. See {@link FieldServiceOptions.fallback}.
 */
export type FieldServiceFallback = 'none' | 'main-thread';

/** Where a service computes: in worker threads over shared memory, or on the calling thread (the fallback). */
export type FieldServiceMode = 'workers' | 'main-thread';

/** Options of createFieldService. */
export interface FieldServiceOptions {
  /**
   * Number of workers, an integer from 1 to {@link MAX_WORKERS}.
   * @defaultValue the hardware concurrency minus one, from 1 to {@link MAX_WORKERS} (64)
   * (navigator.hardwareConcurrency in browsers, os.availableParallelism() in Node)
   */
  workers?: number;
  /**
   * Where the worker module is, for bundlers that do not follow
   * `new Worker(new URL('../worker.js', import.meta.url))` (e.g. `import url from '@fieldmarshal/core/worker?worker&url'`
   * in Vite).
   * @defaultValue undefined (meaning dist/worker.js of this package, resolved from this module)
   */
  workerUrl?: URL | string;
  /**
   * Bytes of output buffers kept for reuse after jobs fail or fields are released; a number >= 0.
   * @defaultValue {@link DEFAULT_MAX_POOLED_BYTES} (134217728 bytes = 128 MiB)
   */
  maxPooledBytes?: number;
  /**
   * Most bytes of output buffers the service may have out at once: those of the fields and flows it handed out
   * that were neither released ({@link FieldService.release}) nor garbage-collected, plus those of running jobs
   * (`stats().issuedBytes + stats().jobBufferBytes`). A job that would go past it is refused with
   * MemoryLimitError when a worker picks it up (its field is never computed): release what you no longer read,
   * and the next jobs reuse those buffers. Fields dropped without release count until the garbage collector
   * reclaims them, which for shared memory can be late (engines do not count it as memory pressure): release
   * is the way to bound memory. A number of bytes >= 0; `Infinity` turns the cap off.
   * @defaultValue 2 GiB ({@link DEFAULT_MAX_FIELD_BYTES})
   */
  maxFieldBytes?: number;
  /**
   * Milliseconds each worker has to load its module and answer, at start-up and when it replaces a dead one. A
   * worker silent past it is terminated: createFieldService rejects with WorkerStartError (a replacement that
   * fails to start is tried again after 0.1, 0.5 and 2 s, then its slot stays empty). `Infinity` waits for ever.
   * @defaultValue 30000 ({@link DEFAULT_START_TIMEOUT_MS})
   */
  startTimeoutMs?: number;
  /**
   * What to do where SharedArrayBuffer is unavailable (a browser page without cross-origin isolation, for
   * example on GitHub Pages or any static host that cannot send the COOP/COEP headers):
   * - `'none'`: reject with SharedMemoryUnavailableError, so that you notice and fix the headers (or choose).
   * - `'main-thread'`: a service with the same API and bit-identical results that runs every job on the calling
   *   thread, one at a time, each in its own task (`mode` is `'main-thread'`, `size` 1, no workers started).
   *   It costs what the synchronous kernels cost, on the thread that called: a job blocks it while it runs
   *   (a field of 1024x1024 tiles takes tens of milliseconds, a frame's worth or more), progress is reported
   *   once the job ends, and an abort takes effect only before a job starts. Grids need no shared memory
   *   (create them with `shared: false`, the default there) and results come in ordinary ArrayBuffers.
   *   Good for small and medium maps or occasional jobs; for big maps, serve the page cross-origin isolated
   *   (a service worker such as coi-serviceworker can add the headers on a static host).
   * Where shared memory is available the option has no effect: the service uses workers.
   * @defaultValue 'none'
   */
  fallback?: FieldServiceFallback;
  /**
   * Milliseconds a running job has to stop by itself after its signal aborts. Kernels check the abort flag every
   * few thousand cells, so they stop within milliseconds; a worker that has not answered by then is taken as
   * hung (stuck in a loop, or dead without telling): it is terminated and replaced, the job rejects with
   * AbortError, and the slot takes the next job. `Infinity` waits for ever. A number >= 0.
   * @defaultValue {@link DEFAULT_ABORT_GRACE_MS} (2000 ms)
   */
  abortGraceMs?: number;
  /**
   * Register the test-only kernels (`__crash`, `__spin`, `__hang`, `__handshake`, `__throw`). Tests only.
   * @defaultValue false
   */
  enableTestKernels?: boolean;
}

/** Per-job options (read from the object's own properties only). */
export interface JobOptions {
  /**
   * Aborting sets the job's shared abort flag; the job rejects with AbortError. One signal may serve any number
   * of jobs.
   * @defaultValue undefined (meaning the job cannot be aborted)
   */
  signal?: AbortSignal;
  /**
   * Progress of the running job, polled from shared memory once per animation frame (browsers) or every
   * 16 ms (Node): `done` and `total` are in the kernel's units (tiles for fields); `total` is 0 while unknown.
   * Should it throw, it is not called again, the job is stopped and its promise rejects with what it threw
   * (the process and the pool carry on).
   * @defaultValue undefined (meaning no progress reports)
   */
  onProgress?: ProgressCallback;
}

/** Options of {@link FieldService.updateField}. */
export interface UpdateJobOptions extends JobOptions {
  /**
   * A field this service made (same grid, same options) that nothing reads any more, for example the one before
   * last: the result is written into its buffers instead of new ones. When it describes an older version of
   * the grid, the repair starts from it (nothing is copied); otherwise `field` is copied into it first. If the
   * job fails, `into` is left incomplete (`gridVersion` -1) and stays yours: pass it again or release it.
   * @defaultValue undefined (meaning fresh pooled buffers, `field` copied into them)
   */
  into?: Field;
}

/** A field brought up to date by {@link FieldService.updateField}, and what the update did. */
export interface UpdatedField {
  /** The field at the grid's version (new buffers, or those of `into`). */
  field: Field;
  /** True when it was recomputed in full instead of repaired. */
  full: boolean;
  /** Tiles whose cost was settled again (every tile after a full recompute). */
  tiles: number;
}

/** Options of {@link FieldService.run}. */
export interface RunOptions extends JobOptions {
  /**
   * Transferables moved (not copied) to the worker with the arguments (ordinary ArrayBuffers, ports).
   * @defaultValue undefined (meaning everything is copied, shared memory shared)
   */
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
  /** Bytes of output buffers kept for reuse (released fields and flows, outputs of failed jobs), at most `maxPooledBytes`. */
  pooledBytes: number;
  /**
   * Bytes of output buffers held by running `computeField`, `updateField` and `computeFlow` jobs. They are taken
   * when a worker picks the job up (not while it waits in the queue), then handed to the caller with the result
   * or given back on failure.
   */
  jobBufferBytes: number;
  /**
   * Bytes of output buffers in the fields and flows this service handed out that were neither released nor
   * garbage-collected yet. With `jobBufferBytes`, what `maxFieldBytes` caps.
   */
  issuedBytes: number;
}

/** A pool of workers computing fields and other kernels over shared memory. Create with createFieldService. */
export interface FieldService {
  /** Number of worker slots (the `workers` option; 1 on the main thread). */
  readonly size: number;
  /** `'workers'`, or `'main-thread'` for the fallback without shared memory ({@link FieldServiceOptions.fallback}). */
  readonly mode: FieldServiceMode;
  /**
   * Computes a field in a worker. Resolves to the same shape as the synchronous `computeField(grid, options)`
   * (bit-identical values), with `cost` and `dir` as views on SharedArrayBuffers the worker wrote into. The
   * field is never visible half-written: it is handed out only once the worker finished. `grid` must live in a
   * SharedArrayBuffer (in `'main-thread'` mode any grid does, and the outputs are ordinary ArrayBuffers). Bad
   * options reject with the kernel's typed error (CoordinateError, InvalidOptionError...); with MemoryLimitError
   * past `maxFieldBytes`.
   * PERF: call {@link FieldService.release} on fields you are done with. Recycled buffers are already paged in;
   * fresh ones cost page faults and pile up as garbage that Node collects late (measured: 16 fields on
   * 1024x1024 about 2x slower per batch without release). LiveField releases for you.
   */
  computeField(grid: Grid, options: FieldOptions, jobOptions?: JobOptions): Promise<Field>;
  /**
   * One field per options entry, spread across the pool. If one job fails the others are aborted and the
   * promise rejects with the first error. `onProgress` reports the sums over all jobs.
   */
  computeFields(grid: Grid, optionsList: readonly FieldOptions[], jobOptions?: JobOptions): Promise<Field[]>;
  /**
   * Brings a field up to the grid's current version in a worker, by repair (`updateField` of the fields
   * module) where the grid's edit log allows it, and resolves to the result as a NEW field: `field` itself is
   * only read, so it can stay published while the repair runs, and the result is never visible half-written.
   * Pass the same options the field was computed with. The result lives in fresh pooled buffers, or in the
   * buffers of `jobOptions.into` (see {@link UpdateJobOptions.into}). Many fields repair in parallel across the
   * pool when their updates are started together. {@link LiveField.update} does this for you.
   */
  updateField(grid: Grid, field: Field, options: FieldOptions, jobOptions?: UpdateJobOptions): Promise<UpdatedField>;
  /**
   * Computes the smooth flow of a field in a worker (`computeFlow` of the flow module), into new pooled
   * SharedArrayBuffers, and resolves to the same shape as the synchronous `computeFlow(grid, field, options)`
   * (bit-identical values). A field made by this service is read in place; any other field's arrays are copied to
   * the worker. A flow costs several full fields (about 5-10x on 1024x1024 maps, see the benchmark's "Smooth
   * flows" table); with `options.repairable` the service keeps the flow's state beside it, so that after
   * `updateField` (or {@link LiveField.update}) {@link FieldService.updateFlow} repairs it instead.
   * Release it with {@link FieldService.release} when done (its state goes with it).
   */
  computeFlow(grid: Grid, field: Field, options?: FlowOptions, jobOptions?: JobOptions): Promise<Flow>;
  /**
   * Brings a flow up to date with `field` in a worker (`updateFlow` of the flow module) and resolves to
   * `{ flow, full, tiles }` with a NEW flow in fresh pooled buffers: `flow` itself is only read, so it can stay
   * published while the repair runs, and the result is never visible half-written. A flow this service made with
   * `repairable` (or returned by an earlier updateFlow) is repaired: a copy of it is brought up to date by
   * visiting again only the tiles whose anchor may have changed; any other flow, or other options, is computed in
   * full. Either way the result equals `computeFlow(grid, field, options)` bit for bit and is repairable. Release
   * the old flow when done with it.
   */
  updateFlow(grid: Grid, field: Field, flow: Flow, options?: FlowOptions, jobOptions?: JobOptions): Promise<FlowUpdate>;
  /**
   * Runs any registered kernel (see ./kernels.ts) on the least busy worker, or queues it when all are busy.
   * Top-level Grid values in `args` are shared with each worker once, not copied.
   */
  run<K extends ServiceKernelName>(name: K, args: KernelArgs<K>, options?: RunOptions): Promise<KernelResult<K>>;
  /**
   * Gives a field's (or a flow's) buffers back to the service for reuse by later jobs. Only call it when nothing
   * reads it any more. Returns false for fields and flows the service did not make (or released already).
   */
  release(item: Field | Flow): boolean;
  /** Round trip to every ready worker (ms each, in slot order). A busy worker answers after its job. */
  ping(): Promise<number[]>;
  /** Current counters. */
  stats(): ServiceStats;
  /**
   * Terminates every worker. Queued and running jobs reject with ServiceClosedError; later calls reject the
   * same way. Resolves once the workers are gone. Idempotent. A service that becomes unreachable without
   * close() (and has no job queued or running) is closed when the garbage collector reclaims it, so its threads
   * end too; that may take long, so close services you are done with.
   */
  close(): Promise<void>;
}
