/**
 * The jobs of the service: checks a submitted job, queues it, gives it to the least busy slot of the pool
 * (./worker-pool.ts, or ./main-thread-pool.ts), watches its progress, aborts it through its control array
 * (replacing the worker when it does not stop within the grace time) and settles its promise exactly once: on
 * the worker's reply, a crash, an abort, a throwing progress callback or close.
 */
import { AbortError, InvalidOptionError } from '../errors.js';
import { CONTROL_LENGTH, ControlSlot } from '../fields/types.js';
import { Grid } from '../grid/grid.js';
import { reviveError } from './error-transport.js';
import { ServiceClosedError, WorkerCrashedError } from './errors.js';
import { readJobOptions } from './job-options.js';
import type { JobPool, PoolEvents, PoolSlot } from './job-pool.js';
import { type ProgressCallback, watchProgress } from './progress.js';
import type { JobReply } from './protocol.js';

/**
 * Called when a job settles, before its promise: `ok` when it resolves; `reusable` is true when no thread can
 * still write its buffers.
 */
export type SettleHook = (ok: boolean, reusable: boolean) => void;

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
  onSettle: SettleHook | undefined;
  /**
   * Called when a slot picks the job up, before its arguments are sent: takes output buffers into `args`. May
   * throw (a memory limit): the job then fails without running.
   */
  onDispatch: (() => void) | undefined;
  slot: PoolSlot<Job> | null;
  stopProgress: (() => void) | null;
  /** Set when the progress callback threw: the job is stopped and rejects with this error. */
  progressError: { error: unknown } | null;
  /** Set when a running job is aborted: replaces its worker if it has not answered in `abortGraceMs`. */
  abortTimer: ReturnType<typeof setTimeout> | null;
  done: boolean;
}

/** Creates the pool a queue runs its jobs on; the queue hears the pool's events. */
export type PoolFactory = (events: PoolEvents<Job>) => JobPool<Job>;

export class JobQueue implements PoolEvents<Job> {
  /** Where the jobs run. */
  readonly pool: JobPool<Job>;
  /** Jobs resolved so far. */
  completed = 0;
  /** Jobs rejected so far. */
  failed = 0;
  private readonly queue: Job[] = [];
  /** Control arrays of settled jobs, for reuse. */
  private readonly controls: Int32Array[] = [];
  /**
   * Jobs by AbortSignal: one listener per signal however many jobs share it (Node warns past 10 listeners).
   */
  private readonly bySignal = new Map<AbortSignal, { jobs: Set<Job>; listener: () => void }>();
  private nextJobId = 1;
  private closed = false;

  /** @param abortGraceMs Milliseconds an aborted running job has to stop before its worker is replaced. */
  constructor(
    makePool: PoolFactory,
    private readonly abortGraceMs: number,
  ) {
    this.pool = makePool(this);
  }

  /** Jobs waiting for a free worker. */
  get queued(): number {
    return this.queue.length;
  }

  /**
   * Runs kernel `name` on `args` in a worker. `options` is read for its own `signal`, `onProgress` and `transfer`
   * only. `onSettle` hears how the job ended (also when it is refused before queueing); `onDispatch` runs when a
   * worker picks the job up.
   */
  submit(
    name: string,
    args: Record<string, unknown>,
    options: unknown,
    onSettle?: SettleHook,
    onDispatch?: () => void,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const fail = (error: unknown) => {
        this.failed++;
        onSettle?.(false, true);
        reject(error);
      };
      try {
        if (this.closed) return fail(new ServiceClosedError(name, 0));
        const kernelNames = this.pool.kernelNames;
        if (!kernelNames.has(name)) {
          return fail(new InvalidOptionError('kernel', name, `one of ${[...kernelNames].join(', ')}`));
        }
        if (typeof args !== 'object' || args === null) {
          return fail(new InvalidOptionError('args', args, 'an object of kernel arguments'));
        }
        const { signal, onProgress, transfer } = readJobOptions(options);
        if (this.pool.shared) {
          for (const key of Object.keys(args)) {
            const value = args[key];
            if (value instanceof Grid && !isShared(value.buffer)) {
              return fail(
                new InvalidOptionError(
                  key,
                  'ArrayBuffer',
                  'a Grid over a SharedArrayBuffer (Grid option shared: true)',
                ),
              );
            }
          }
        }
        const id = this.nextJobId++;
        if (signal?.aborted) return fail(new AbortError(`job ${name}#${id} was aborted before it started`));
        const job: Job = {
          id,
          name,
          args,
          control: this.takeControl(),
          transfer,
          signal,
          onProgress,
          resolve,
          reject,
          onSettle,
          onDispatch,
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
          this.settle(job, false, new WorkerCrashedError(name, id, -1, 'no worker is running'), true);
        }
      } catch (error) {
        // A hostile options object (a throwing getter or Proxy): its own error, the job never queued.
        fail(error);
      }
    });
  }

  /** Gives queued jobs to idle workers, as long as there are both. */
  pump(): void {
    while (this.queue.length > 0) {
      const slot = this.pool.idleSlot();
      if (!slot) return;
      this.dispatch(slot, this.queue.shift() as Job);
    }
  }

  /** Rejects every queued and running job with ServiceClosedError and terminates the workers. */
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

  /** Cancels a job: a queued one at once, a running one through its shared flag (the reply settles it). */
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

  /** Asks a running job to stop; replaces its worker if it has not answered within the grace time. */
  private stopRunning(job: Job): void {
    // The kernel sees the flag within a few thousand cells and the job settles on its reply.
    Atomics.store(job.control, ControlSlot.abort, 1);
    const slot = job.slot;
    const grace = this.abortGraceMs;
    if (slot && job.abortTimer === null && Number.isFinite(grace)) {
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
      job.onDispatch?.();
    } catch (error) {
      // Refused before running (a memory limit): nothing was sent, the slot takes the next job.
      this.pool.unassign(slot, job);
      job.slot = null;
      this.settle(job, false, error, true);
      return;
    }
    if (job.onProgress) {
      job.stopProgress = watchProgress(job.control, job.onProgress, (error) => {
        // A throwing progress callback stops its job, which rejects with the callback's error (also when it
        // threw in the last report, made while the job settles).
        if (job.progressError) return;
        job.progressError = { error };
        if (!job.done) this.stopRunning(job);
      });
    }
    const request = { id: job.id, name: job.name, args: job.args, control: job.control };
    this.pool.send(slot, request, job.transfer, (reply) => this.finish(slot, job, reply));
  }

  private finish(slot: PoolSlot<Job>, job: Job, reply: JobReply): void {
    if (!this.pool.unassign(slot, job)) return; // Already settled by a crash or close.
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
      this.settle(job, false, 'raw' in reply ? reply.raw : reviveError(reply.error), true);
    }
    this.pump();
    this.pool.rest(slot);
  }

  private settle(job: Job, ok: boolean, value: unknown, reusable: boolean): void {
    if (job.done) return;
    job.done = true;
    this.stopListening(job);
    if (job.abortTimer !== null) clearTimeout(job.abortTimer);
    job.onSettle?.(ok && job.progressError === null, reusable);
    // The last progress report: should the callback throw there, the job still rejects with its error (the
    // buffers of a result it would have had are then left to the garbage collector).
    const stop = job.stopProgress;
    job.stopProgress = null;
    stop?.();
    let outcome = value;
    let resolved = ok;
    if (job.progressError) {
      outcome = job.progressError.error;
      resolved = false;
    }
    if (reusable) this.controls.push(job.control);
    if (resolved) {
      this.completed++;
      job.resolve(outcome);
    } else {
      this.failed++;
      job.reject(outcome);
    }
  }

  private takeControl(): Int32Array {
    const control =
      this.controls.pop() ??
      new Int32Array(
        this.pool.shared ? new SharedArrayBuffer(CONTROL_LENGTH * 4) : new ArrayBuffer(CONTROL_LENGTH * 4),
      );
    control.fill(0);
    return control;
  }
}

/** True for a SharedArrayBuffer (false where the constructor does not exist). */
export function isShared(buffer: unknown): buffer is SharedArrayBuffer {
  return typeof SharedArrayBuffer === 'function' && buffer instanceof SharedArrayBuffer;
}
