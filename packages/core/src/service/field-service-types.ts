/**
 * The public types and limits of the worker service: its options, per-job options, counters and the
 * {@link FieldService} interface that createFieldService (./field-service.ts) returns.
 */
import type { Field, FieldOptions } from '../fields/types.js';
import type { Flow, FlowOptions, FlowUpdate } from '../flow/types.js';
import type { Grid } from '../grid/grid.js';
import type { AnyJobSpec, ExecutionMode, JobRunner, JobSpec } from '../jobs/job-spec.js';
import type { ProgressCallback } from './progress.js';
import type { JobName, KernelArgs, KernelResult } from './registry.js';

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
 * Where a service computes:
 * - `'shared'`: worker threads over SharedArrayBuffers (grids and results shared, nothing copied). Needs a
 *   cross-origin-isolated page in browsers (COOP/COEP headers); always available in Node.
 * - `'transfer'`: worker threads without shared memory, for pages that cannot send those headers (game portals,
 *   static hosts): a grid is copied to each worker once and kept up to date by its edit log, other inputs are
 *   copied, results come back by transfer (moved, not copied). Same results, bit for bit.
 * - `'main-thread'`: the calling thread, one job at a time, each in its own task (where no worker can start).
 */
export type FieldServiceMode = ExecutionMode;

/** The `mode` option of createFieldService: a {@link FieldServiceMode}, or `'auto'` for the best one available. */
export type FieldServiceModeOption = 'auto' | FieldServiceMode;

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
   * Where jobs run (see {@link FieldServiceMode}). `'auto'` picks the best available: `'shared'` where
   * SharedArrayBuffer works (Node; a cross-origin-isolated page), else `'transfer'` where workers can start (any
   * other page), else `'main-thread'`. Forcing `'shared'` where shared memory is unavailable rejects with
   * SharedMemoryUnavailableError. Every function that takes a service gives the same results in every mode.
   * @defaultValue 'auto'
   */
  mode?: FieldServiceModeOption;
  /**
   * The clock, in milliseconds, that times the service's own slices of the calling thread in `stats()`
   * (`mainThreadMs`, `longestMainThreadMs`). A wall clock also counts the time the operating system gave the
   * core to other threads (the workers, on a machine with as many busy workers as cores); a thread CPU clock
   * does not. A clock that throws or returns a non-finite number is dropped for the default.
   * @defaultValue `performance.now`
   */
  clock?: () => number;
  /**
   * Milliseconds a running job has to stop by itself after its signal aborts, in `shared` mode: kernels check the
   * abort flag every few thousand cells, so they stop within milliseconds; a worker that has not answered by then
   * is taken as hung (stuck in a loop, or dead without telling): it is terminated and replaced, the job rejects
   * with AbortError, and the slot takes the next job. (In `transfer` mode a worker cannot see the flag while it
   * computes: an aborted job's worker is replaced at once.) `Infinity` waits for ever. A number >= 0.
   * @defaultValue {@link DEFAULT_ABORT_GRACE_MS} (2000 ms)
   */
  abortGraceMs?: number;
  /**
   * Kernels of your own beyond the built-in ones (job specs made with `defineJob`, run with
   * {@link FieldService.submit}). The workers must serve them too: point `workerUrl` at a worker module that calls
   * `serveJobs([...yours])` from `@fieldmarshal/core/worker-runtime`.
   * @defaultValue [] (meaning the built-in kernels only)
   */
  jobs?: readonly AnyJobSpec[];
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

/**
 * Options of {@link FieldService.computeField}: the field's options (goals, metric, moves, range) and the job's
 * `signal` and `onProgress`, in one object (API 1.0). The service owns the output arrays and the kernel's
 * control, so `out` and `control` are not taken.
 */
export type ServiceFieldOptions = Omit<FieldOptions, 'out' | 'control'>;

/** Options of {@link FieldService.computeFlow} and {@link FieldService.updateFlow}: the flow's options and the job's. */
export type ServiceFlowOptions = Omit<FlowOptions, 'control'>;

/** Options of {@link FieldService.updateField}: the options the field was computed with, the job's, and `into`. */
export interface UpdateJobOptions extends ServiceFieldOptions {
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

/** Options of {@link FieldService.run} and {@link FieldService.submit}. */
export interface RunOptions extends JobOptions {
  /**
   * Arrays to write the kernel's outputs into, by output name (for example `{ out }` for `scentMap`), instead of
   * new pooled buffers: each of the kernel's kind and length. Where they cannot be written in place (no shared
   * memory), the outputs are copied into them before the job resolves; an array this service handed out and that
   * fills its buffer is moved instead (its old views are then empty: read the result's arrays).
   * @defaultValue undefined (meaning new pooled buffers, handed to the caller with the result)
   */
  out?: Record<string, ArrayBufferView>;
}

export type { JobName as ServiceKernelName, KernelArgs, KernelResult };

/** Counters of a service, for diagnostics and progress displays. */
export interface ServiceStats {
  /** Where jobs run (the service's {@link FieldService.mode}). */
  mode: FieldServiceMode;
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
  /**
   * Times a grid was handed to a worker (once per grid and worker; later jobs send a small id, or in `transfer`
   * mode the edits since the worker's copy), or copied to one in whole again.
   */
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
  /**
   * Milliseconds the service kept the calling thread busy so far: carrying jobs to the workers and back (encoding,
   * copying big arguments in chunks, copying writes back, handing out outputs) and, in `main-thread` mode, running
   * the kernels. Compare it with the jobs' time to see what the workers take off this thread.
   */
  mainThreadMs: number;
  /** The longest of those slices so far, ms: how long the service blocked the calling thread at most at once. */
  longestMainThreadMs: number;
}

/**
 * A pool of workers computing fields and other kernels, in one of three modes with the same API and the same
 * results (see {@link FieldServiceMode}). Create with createFieldService.
 */
export interface FieldService extends JobRunner {
  /** Number of worker slots (the `workers` option; 1 on the main thread). */
  readonly size: number;
  /** Where jobs run: `'shared'`, `'transfer'` or `'main-thread'` (see {@link FieldServiceOptions.mode}). */
  readonly mode: FieldServiceMode;
  /**
   * Computes a field in a worker. Resolves to the same shape as the synchronous `computeField(grid, options)`
   * (bit-identical values), with `cost` and `dir` the arrays the worker wrote: views on SharedArrayBuffers in
   * `shared` mode, buffers moved from the worker in `transfer` mode, ordinary buffers on the main thread. The
   * field is never visible half-written: it is handed out only once the worker finished. Any grid will do (one on
   * shared memory is read in place; another is copied to each worker once, then kept up to date by its edits).
   * Bad options reject with the kernel's typed error (CoordinateError, InvalidOptionError...); with
   * MemoryLimitError past `maxFieldBytes`.
   * PERF: call {@link FieldService.release} on fields you are done with. Recycled buffers are already paged in;
   * fresh ones cost page faults and pile up as garbage that Node collects late (measured: 16 fields on
   * 1024x1024 about 2x slower per batch without release). LiveField releases for you.
   */
  computeField(grid: Grid, options: ServiceFieldOptions): Promise<Field>;
  /**
   * One field per options entry, spread across the pool. If one job fails the others are aborted and the
   * promise rejects with the first error. The list is an input; `options` holds the `signal` and `onProgress`
   * of the whole batch (`onProgress` reports the sums over all jobs). A `signal` or `onProgress` inside an
   * entry of the list is ignored (the batch's own are used).
   */
  computeFields(grid: Grid, optionsList: readonly ServiceFieldOptions[], options?: JobOptions): Promise<Field[]>;
  /**
   * Brings a field up to the grid's current version in a worker, by repair (`updateField` of the fields
   * module) where the grid's edit log allows it, and resolves to the result as a NEW field: `field` itself is
   * only read, so it can stay published while the repair runs, and the result is never visible half-written.
   * Pass the same options the field was computed with. The result lives in fresh pooled buffers, or in the
   * buffers of `options.into` (see {@link UpdateJobOptions.into}). Many fields repair in parallel across the
   * pool when their updates are started together. {@link LiveField.update} does this for you.
   */
  updateField(grid: Grid, field: Field, options: UpdateJobOptions): Promise<UpdatedField>;
  /**
   * Computes the smooth flow of a field in a worker (`computeFlow` of the flow module), into new pooled buffers,
   * and resolves to the same shape as the synchronous `computeFlow(grid, field, options)` (bit-identical values).
   * A field on shared memory is read in place; any other field's arrays are copied to the worker. A flow costs several full fields (about 5-10x on 1024x1024 maps, see the benchmark's "Smooth
   * flows" table); with `options.repairable` the service keeps the flow's state beside it, so that after
   * `updateField` (or {@link LiveField.update}) {@link FieldService.updateFlow} repairs it instead.
   * Release it with {@link FieldService.release} when done (its state goes with it).
   */
  computeFlow(grid: Grid, field: Field, options?: ServiceFlowOptions): Promise<Flow>;
  /**
   * Brings a flow up to date with `field` in a worker (`updateFlow` of the flow module) and resolves to
   * `{ flow, full, tiles }` with a NEW flow in fresh pooled buffers: `flow` itself is only read, so it can stay
   * published while the repair runs, and the result is never visible half-written. A flow this service made with
   * `repairable` (or returned by an earlier updateFlow) is repaired: a copy of it is brought up to date by
   * visiting again only the tiles whose anchor may have changed; any other flow, or other options, is computed in
   * full. Either way the result equals `computeFlow(grid, field, options)` bit for bit and is repairable. Release
   * the old flow when done with it.
   */
  updateFlow(grid: Grid, field: Field, flow: Flow, options?: ServiceFlowOptions): Promise<FlowUpdate>;
  /**
   * Runs a built-in kernel by name (see ./registry.ts) on the least busy worker, or queues it when all are busy,
   * and resolves to what it returns (its output arrays made from the service's pool: release them when done).
   * Grids are handed to each worker once (shared, or copied and then kept up to date by their edits).
   */
  run<K extends JobName>(name: K, args: KernelArgs<K>, options?: RunOptions): Promise<KernelResult<K>>;
  /** Runs a job spec (a built-in one, or one of the service's `jobs` option): as {@link FieldService.run}. */
  submit<In extends object, R, Out extends object>(
    spec: JobSpec<In, R, Out>,
    args: In,
    options?: RunOptions,
  ): Promise<Awaited<R>>;
  /**
   * Gives the buffers of a result back to the service for reuse by later jobs: a field, a flow (its state goes
   * with it), an output array, or an object holding output arrays. Only call it when nothing reads them any more.
   * Returns false when the service made none of them (or they were released already).
   */
  release(item: Field | Flow | ArrayBufferView | object): boolean;
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
