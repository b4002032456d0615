/**
 * The job layer: every worker kernel runs through here, whatever the execution mode. It checks a submitted job,
 * queues it, gives it to the least busy slot of the pool, makes its output arrays (from the service's pool of
 * buffers, or the caller's `out`) when a slot picks it up, watches its progress, aborts it, and settles its
 * promise exactly once, handing the outputs to the caller or taking them back.
 */
import { AbortError, InvalidOptionError, OutOfRangeError, ServiceClosedError, WorkerCrashedError } from '../errors.js';
import { CONTROL_LENGTH, ControlSlot } from '../fields/types.js';
import { bytesPerElement, isArrayKind, isSharedBuffer, kindOf, viewOf } from '../jobs/arrays.js';
import type { AnyJobSpec, OutputSpec } from '../jobs/job-spec.js';
import type { OutputBuffers } from './buffer-pool.js';
import { isLibraryError, isLibraryErrorName, reviveError } from './error-transport.js';
import { readJobOptions } from './job-options.js';
import type { JobPool, PoolEvents, PoolJob, PoolSlot } from './job-pool.js';
import { type ProgressCallback, watchProgress } from './progress.js';
import { type JobReply, type OutputPlan, type OutputToken, TOKEN } from './protocol.js';

/** Where an output array comes from, and what happens to it when the job settles. */
type OutputSource =
  /** Taken from the service's pool: handed to the caller, or taken back. */
  | { kind: 'pool' }
  /** The caller's `out`, made by this service: moved into the job and handed back (it stays the caller's). */
  | { kind: 'moved'; given: ArrayBufferView }
  /** The caller's `out`, used in place (shared memory, or the calling thread). */
  | { kind: 'in-place'; given: ArrayBufferView }
  /** The caller's `out` that cannot be used in place: a pooled copy, written back on success. */
  | { kind: 'write-back'; given: ArrayBufferView };

interface Job extends PoolJob {
  readonly name: string;
  readonly signal: AbortSignal | undefined;
  readonly onProgress: ProgressCallback | undefined;
  readonly out: Record<string, unknown> | undefined;
  sources: Record<string, OutputSource>;
  /** Bytes reserved against `maxFieldBytes` for pooled outputs. */
  reserved: number;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  slot: PoolSlot<Job> | null;
  stopProgress: (() => void) | null;
  progressError: { error: unknown } | null;
  abortTimer: ReturnType<typeof setTimeout> | null;
  done: boolean;
}

/**
 * Milliseconds a worker without shared memory (`transfer` mode) has to answer after its job was aborted before it
 * is replaced (it cannot see the abort while it computes): a job that ends by then costs no restart.
 */
export const TRANSFER_DRAIN_MS = 100;

/** Creates the pool a layer runs its jobs on; the layer hears the pool's events. */
export type PoolFactory = (events: PoolEvents<Job>) => JobPool<Job>;

/** A thrown value as the caller sees it: the library's own errors as they are, anything else named. */
function asLibraryError(error: unknown, job: string): unknown {
  return isLibraryError(error) ? error : new InvalidOptionError('args', error, `arguments kernel ${job} accepts`);
}

export class JobLayer implements PoolEvents<Job> {
  /** Where the jobs run. */
  readonly pool: JobPool<Job>;
  /** Jobs resolved so far. */
  completed = 0;
  /** Jobs rejected so far. */
  failed = 0;
  private readonly queue: Job[] = [];
  /** Shared control arrays of settled jobs, for reuse. */
  private readonly controls: Int32Array[] = [];
  /** Jobs by AbortSignal: one listener per signal however many jobs share it (Node warns past 10 listeners). */
  private readonly bySignal = new Map<AbortSignal, { jobs: Set<Job>; listener: () => void }>();
  private nextJobId = 1;
  private closed = false;

  /**
   * @param specs The kernels the service runs, by name (the workers serve the same names).
   * @param abortGraceMs Milliseconds an aborted running job has to stop before its worker is replaced.
   */
  constructor(
    makePool: PoolFactory,
    private readonly specs: ReadonlyMap<string, AnyJobSpec>,
    private readonly buffers: OutputBuffers,
    private readonly abortGraceMs: number,
  ) {
    this.pool = makePool(this);
  }

  /** Jobs waiting for a free slot. */
  get queued(): number {
    return this.queue.length;
  }

  /** The spec registered under `name`, or undefined. */
  spec(name: unknown): AnyJobSpec | undefined {
    return typeof name === 'string' && this.pool.kernelNames.has(name) ? this.specs.get(name) : undefined;
  }

  /**
   * Runs `spec` on `args` in a slot. `options` is read for its own `signal`, `onProgress` and `out` only. Resolves
   * to what the kernel returned, its output arrays in the caller's hands.
   */
  submit(spec: AnyJobSpec | string, args: unknown, options: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const refuse = (error: unknown) => {
        this.failed++;
        reject(error);
      };
      const name = typeof spec === 'string' ? spec : (spec as { name?: unknown } | null)?.name;
      try {
        if (this.closed) return refuse(new ServiceClosedError(String(name), 0));
        const known = this.spec(name);
        if (!known || (typeof spec !== 'string' && spec !== known)) {
          return refuse(new InvalidOptionError('kernel', name, `one of ${[...this.pool.kernelNames].join(', ')}`));
        }
        if (typeof args !== 'object' || args === null || Array.isArray(args)) {
          return refuse(new InvalidOptionError('args', args, 'an object of kernel arguments'));
        }
        const { signal, onProgress, out } = readJobOptions(options);
        const id = this.nextJobId++;
        if (signal?.aborted) return refuse(new AbortError(`job ${known.name}#${id} was aborted before it started`));
        const job: Job = {
          id,
          name: known.name,
          spec: known,
          args: args as Record<string, unknown>,
          outputs: {},
          views: {},
          writes: [],
          keep: [],
          reads: [],
          control: this.takeControl(),
          signal,
          onProgress,
          out,
          sources: {},
          reserved: 0,
          resolve,
          reject,
          slot: null,
          stopProgress: null,
          progressError: null,
          abortTimer: null,
          done: false,
        };
        if (signal) this.listenForAbort(job, signal);
        this.queue.push(job);
        this.pump();
        if (!job.done && job.slot === null && this.pool.empty) {
          // Every worker died and none could be restarted: fail now instead of queueing forever.
          this.queue.splice(this.queue.indexOf(job), 1);
          this.settle(job, false, new WorkerCrashedError(job.name, id, -1, 'no worker is running'), true);
        }
      } catch (error) {
        // A hostile options object (a throwing getter or Proxy): its own error, the job never queued.
        refuse(error);
      }
    });
  }

  /** Gives queued jobs to idle slots, as long as there are both. */
  pump(): void {
    while (this.queue.length > 0) {
      const slot = this.pool.idleSlot();
      if (!slot) return;
      this.dispatch(slot, this.queue.shift() as Job);
    }
  }

  /** Rejects every queued and running job with ServiceClosedError and ends the pool. */
  close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, false, new ServiceClosedError(job.name, job.id), true);
    return this.pool.close((job) => this.settle(job, false, new ServiceClosedError(job.name, job.id), false));
  }

  crashed(index: number, job: Job | null, reason: string): void {
    // The dead worker cannot write any more, but a terminate() may lag: do not recycle its buffers.
    if (!job) return;
    if (job.progressError) this.settle(job, false, job.progressError.error, false);
    else if (job.signal?.aborted) {
      this.settle(job, false, new AbortError(`job ${job.name}#${job.id} was aborted; its worker ${reason}`), false);
    } else this.settle(job, false, new WorkerCrashedError(job.name, job.id, index, reason), false);
  }

  replaced(): void {
    this.pump();
  }

  exhausted(index: number, why: string): void {
    for (const queued of this.queue.splice(0)) {
      this.settle(queued, false, new WorkerCrashedError(queued.name, queued.id, index, why), true);
    }
  }

  private listenForAbort(job: Job, signal: AbortSignal): void {
    let entry = this.bySignal.get(signal);
    if (!entry) {
      const jobs = new Set<Job>();
      const listener = () => {
        this.bySignal.delete(signal);
        for (const j of [...jobs]) this.abort(j);
      };
      entry = { jobs, listener };
      this.bySignal.set(signal, entry);
      signal.addEventListener('abort', listener, { once: true });
    }
    entry.jobs.add(job);
  }

  private stopListening(job: Job): void {
    const signal = job.signal;
    if (!signal) return;
    const entry = this.bySignal.get(signal);
    if (!entry?.jobs.delete(job) || entry.jobs.size > 0) return;
    this.bySignal.delete(signal);
    signal.removeEventListener('abort', entry.listener);
  }

  /** Cancels a job: a queued one at once, a running one through its control or its worker. */
  private abort(job: Job): void {
    if (job.done) return;
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(job, false, new AbortError(`job ${job.name}#${job.id} was aborted before it started`), true);
      return;
    }
    this.stopRunning(job);
  }

  /**
   * Asks a running job to stop: through its shared abort flag (the kernel sees it within a few thousand cells and
   * the job settles on its reply; its worker is replaced if it has not answered within the grace time). Where the
   * worker cannot see the flag (no shared memory), the job settles at once, and its worker is replaced unless it
   * answers within {@link TRANSFER_DRAIN_MS} (a short job just finishes; a long one is not waited for).
   */
  private stopRunning(job: Job): void {
    Atomics.store(job.control, ControlSlot.abort, 1);
    const slot = job.slot;
    if (!slot) return;
    if (this.pool.mode === 'transfer') {
      const drain = Math.min(this.abortGraceMs, TRANSFER_DRAIN_MS);
      setTimeout(() => {
        if (slot.job === job) this.pool.crash(slot, 'was stopped (the job was aborted)');
      }, drain);
      const reason = job.progressError
        ? job.progressError.error
        : new AbortError(`job ${job.name}#${job.id} was aborted`);
      // Its outputs stay with the worker: not reusable.
      this.settle(job, false, reason, false);
      return;
    }
    const grace = this.abortGraceMs;
    if (job.abortTimer === null && Number.isFinite(grace)) {
      job.abortTimer = setTimeout(() => {
        job.abortTimer = null;
        if (slot.job === job) this.pool.crash(slot, `did not stop within ${grace} ms and was replaced`);
      }, grace);
    }
  }

  private dispatch(slot: PoolSlot<Job>, job: Job): void {
    this.pool.assign(slot, job);
    job.slot = slot;
    try {
      this.prepare(job);
    } catch (error) {
      // Refused before running (a memory limit, bad arguments): nothing was sent, the slot takes the next job.
      this.pool.unassign(slot, job);
      job.slot = null;
      this.settle(job, false, asLibraryError(error, job.name), true);
      this.pump();
      return;
    }
    if (job.onProgress) {
      job.stopProgress = watchProgress(job.control, job.onProgress, (error) => {
        // A throwing progress callback stops its job, which rejects with the callback's error.
        if (job.progressError) return;
        job.progressError = { error };
        if (!job.done) this.stopRunning(job);
      });
    }
    this.pool.send(slot, job, (reply) => this.finish(slot, job, reply));
  }

  /** Reads the spec's declarations for the job's arguments and makes its output arrays. */
  private prepare(job: Job): void {
    const { spec, args } = job;
    job.writes = spec.writes?.(args) ?? [];
    job.keep = spec.keep?.(args) ?? [];
    job.reads = spec.reads?.(args) ?? [];
    const declared = (spec.outputs?.(args) ?? {}) as Record<string, OutputSpec>;
    const plans: [string, OutputSpec][] = [];
    let bytes = 0;
    for (const key of Object.keys(declared)) {
      const { kind, length } = declared[key] as OutputSpec;
      if (!isArrayKind(kind) || !Number.isSafeInteger(length) || length < 0)
        throw new OutOfRangeError(`output ${key}`, length, 'a length in elements of a known kind');
      const given = job.out && Object.hasOwn(job.out, key) ? job.out[key] : undefined;
      const source = this.outputSource(key, given, kind, length);
      job.sources[key] = source;
      if (source.kind === 'pool' || source.kind === 'write-back') bytes += length * bytesPerElement(kind);
      plans.push([key, declared[key] as OutputSpec]);
    }
    this.buffers.reserve(job.name, bytes);
    job.reserved = bytes;
    for (const [key, { kind, length }] of plans) {
      const source = job.sources[key] as OutputSource;
      let buffer: ArrayBufferLike;
      if (source.kind === 'pool' || source.kind === 'write-back') {
        buffer = this.buffers.take(length * bytesPerElement(kind));
        // The kernel may read what it is given (a repair starts from it): a write-back copy starts as the caller's.
        if (source.kind === 'write-back') viewOf(kind, buffer, 0, length).set(source.given as never);
      } else buffer = source.given.buffer;
      job.outputs[key] = { kind, length, buffer };
      job.views[key] = source.kind === 'in-place' ? source.given : viewOf(kind, buffer, 0, length);
    }
  }

  /** Where output `key` comes from: the caller's `out[key]` when given (checked), else the pool. */
  private outputSource(key: string, given: unknown, kind: string, length: number): OutputSource {
    if (given === undefined) return { kind: 'pool' };
    if (kindOf(given) !== kind || (given as ArrayBufferView & { length: number }).length !== length)
      throw new InvalidOptionError(`out.${key}`, given, `a ${kind} array of ${length} elements`);
    const view = given as ArrayBufferView;
    // The calling thread, or shared memory: the kernel writes the caller's array itself.
    if (this.pool.mode === 'main-thread' || isSharedBuffer(view.buffer)) return { kind: 'in-place', given: view };
    // An array of ours that nothing reads any more (and fills its buffer) moves into the job; any other is copied
    // back afterwards.
    const whole = view.byteOffset === 0 && view.byteLength === view.buffer.byteLength;
    return whole && this.buffers.owns(view.buffer)
      ? { kind: 'moved', given: view }
      : { kind: 'write-back', given: view };
  }

  private finish(slot: PoolSlot<Job>, job: Job, reply: JobReply): void {
    this.pool.clock.time(() => this.settleReply(slot, job, reply));
  }

  private settleReply(slot: PoolSlot<Job>, job: Job, reply: JobReply): void {
    if (!this.pool.unassign(slot, job)) return; // Already settled by a crash or close.
    const counts = (reply as { counts?: unknown } | null)?.counts;
    if (Array.isArray(counts) && !isSharedBuffer(job.control.buffer)) {
      job.control[ControlSlot.done] = Number(counts[0]) | 0;
      job.control[ControlSlot.total] = Number(counts[1]) | 0;
    }
    // Outputs moved to a worker come back with its reply, successful or not.
    for (const key of Object.keys(job.outputs)) {
      const back = (reply as { outputs?: Record<string, ArrayBufferLike> }).outputs?.[key];
      // Shared memory stays where it was (what comes back is another handle to it).
      if (back && !isSharedBuffer(back)) (job.outputs[key] as OutputPlan).buffer = back;
    }
    if (job.progressError) {
      this.settle(job, false, job.progressError.error, true);
    } else if (job.signal?.aborted) {
      this.settle(job, false, new AbortError(`job ${job.name}#${job.id} was aborted`), true);
    } else if (typeof reply !== 'object' || reply === null) {
      // Never expected (the worker always answers a JobReply); a job must settle whatever arrives.
      this.settle(
        job,
        false,
        new WorkerCrashedError(job.name, job.id, slot.index, 'its reply was not a job reply'),
        true,
      );
    } else if (reply.ok) {
      this.settle(job, true, reply.value, true);
    } else {
      // What the calling thread's kernel threw as it is, unless it is an error of another copy of this library
      // (a kernel of a worker module built apart): then, as from a worker, one of this copy's classes.
      const foreign = 'raw' in reply && !isLibraryError(reply.raw) && isLibraryErrorName(reply.error.name);
      this.settle(job, false, 'raw' in reply && !foreign ? reply.raw : reviveError(reply.error), true);
    }
    this.pump();
    this.pool.rest(slot);
  }

  /**
   * Hands the outputs to the caller (`ok`), or back to the pool when no thread can write them (`reusable`).
   * Returns the job's value with the caller's views of the outputs in it.
   */
  private settleOutputs(job: Job, ok: boolean, reusable: boolean, value: unknown): unknown {
    this.buffers.unreserve(job.reserved);
    job.reserved = 0;
    const finals: Record<string, ArrayBufferView> = {};
    for (const key of Object.keys(job.outputs)) {
      const plan = job.outputs[key] as OutputPlan;
      const source = job.sources[key] as OutputSource;
      const view = job.views[key] as ArrayBufferView;
      const made = () => (plan.buffer === view.buffer ? view : viewOf(plan.kind, plan.buffer, 0, plan.length));
      if (source.kind === 'pool') {
        if (ok) {
          this.buffers.issue([plan.buffer]);
          finals[key] = made();
        } else if (reusable && plan.buffer.byteLength > 0) this.buffers.recycle(plan.buffer);
      } else if (source.kind === 'write-back') {
        if (ok) {
          (source.given as unknown as { set(a: ArrayLike<number>): void }).set(made() as unknown as ArrayLike<number>);
          finals[key] = source.given;
        }
        if (reusable && plan.buffer.byteLength > 0) this.buffers.recycle(plan.buffer);
      } else if (source.kind === 'moved') {
        // The caller's old views are detached now; the buffer that came back (if any) is theirs.
        const detached = source.given.buffer.byteLength === 0 && plan.length > 0;
        if (plan.buffer !== source.given.buffer || detached) this.buffers.retire(source.given.buffer);
        if (ok) {
          this.buffers.issue([plan.buffer]);
          finals[key] = made();
        }
      } else {
        finals[key] = source.given;
        // A crashed worker may still write it: release() must not put it back in the pool.
        if (!reusable && this.buffers.owns(source.given.buffer)) this.buffers.forget(source.given.buffer);
      }
    }
    return ok ? placeOutputs(value, finals, job.views, 0) : value;
  }

  private settle(job: Job, ok: boolean, value: unknown, reusable: boolean): void {
    if (job.done) return;
    job.done = true;
    this.stopListening(job);
    if (job.abortTimer !== null) clearTimeout(job.abortTimer);
    let outcome = this.settleOutputs(job, ok && job.progressError === null, reusable, value);
    // The last progress report: should the callback throw there, the job still rejects with its error.
    const stop = job.stopProgress;
    job.stopProgress = null;
    stop?.();
    let resolved = ok;
    if (job.progressError) {
      outcome = job.progressError.error;
      resolved = false;
    }
    if (reusable && isSharedBuffer(job.control.buffer)) this.controls.push(job.control);
    if (resolved) {
      this.completed++;
      job.resolve(outcome);
    } else {
      this.failed++;
      job.reject(outcome);
    }
  }

  private takeControl(): Int32Array {
    const shared = this.pool.mode === 'shared';
    const control =
      (shared && this.controls.pop()) ||
      (shared ? new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4)) : new Int32Array(CONTROL_LENGTH));
    control.fill(0);
    return control;
  }
}

/**
 * `value` with the caller's views of the outputs in place of the output tokens a worker sent back, and of the
 * calling thread's own views (plain objects and arrays, 4 deep). A part of an output becomes a part of the view.
 */
function placeOutputs(
  value: unknown,
  finals: Record<string, ArrayBufferView>,
  views: Record<string, ArrayBufferView>,
  depth: number,
): unknown {
  if (value === null || typeof value !== 'object' || depth > 4) return value;
  const part = (key: string, start: number, length: number): ArrayBufferView => {
    const final = finals[key] as ArrayBufferView & { length: number; subarray(a: number, b: number): ArrayBufferView };
    return start === 0 && length === final.length ? final : final.subarray(start, start + length);
  };
  if (ArrayBuffer.isView(value)) {
    for (const key of Object.keys(views)) {
      const view = views[key] as ArrayBufferView & { BYTES_PER_ELEMENT: number };
      if (value.buffer !== view.buffer || !finals[key]) continue;
      const start = (value.byteOffset - view.byteOffset) / view.BYTES_PER_ELEMENT;
      return part(key, start, (value as unknown as { length: number }).length);
    }
    return value;
  }
  if (Object.hasOwn(value, TOKEN) && (value as { [TOKEN]: unknown })[TOKEN] === 'output') {
    const token = value as OutputToken;
    return finals[token.key] ? part(token.key, token.start, token.length) : value;
  }
  if (Array.isArray(value)) return value.map((v) => placeOutputs(v, finals, views, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    out[key] = placeOutputs((value as Record<string, unknown>)[key], finals, views, depth + 1);
  return out;
}
