/**
 * The jobs of the service: checks a submitted job, queues it, gives it to the least busy worker of the pool
 * (./worker-pool.ts), watches its progress, aborts it through its shared control array (replacing the worker
 * when it does not stop within the grace time) and settles its promise exactly once: on the worker's reply, a
 * crash, an abort or close.
 */
import { AbortError, InvalidOptionError } from '../errors.js';
import { CONTROL_LENGTH, ControlSlot } from '../fields/types.js';
import { Grid } from '../grid/grid.js';
import { reviveError } from './error-transport.js';
import { ServiceClosedError, WorkerCrashedError } from './errors.js';
import type { RunOptions } from './field-service-types.js';
import { type ProgressCallback, watchProgress } from './progress.js';
import type { JobReply } from './protocol.js';
import { type PoolEvents, type PoolSettings, type Slot, WorkerPool } from './worker-pool.js';

/**
 * Called when a job settles, before its last progress report: `ok` when it resolves; `reusable` is true when
 * no thread can still write its buffers.
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
  /** Called when a worker picks the job up, before its arguments are sent: takes output buffers into `args`. */
  onDispatch: (() => void) | undefined;
  slot: Slot<Job> | null;
  stopProgress: (() => void) | null;
  removeAbortListener: () => void;
  /** Set when a running job is aborted: replaces its worker if it has not answered in `abortGraceMs`. */
  abortTimer: ReturnType<typeof setTimeout> | null;
  done: boolean;
}

export class JobQueue implements PoolEvents<Job> {
  /** The workers the jobs run on. */
  readonly pool: WorkerPool<Job>;
  /** Jobs resolved so far. */
  completed = 0;
  /** Jobs rejected so far. */
  failed = 0;
  private readonly queue: Job[] = [];
  /** Control arrays of settled jobs, for reuse. */
  private readonly controls: Int32Array[] = [];
  private nextJobId = 1;
  private closed = false;

  /** @param abortGraceMs Milliseconds an aborted running job has to stop before its worker is replaced. */
  constructor(
    settings: PoolSettings,
    private readonly abortGraceMs: number,
  ) {
    this.pool = new WorkerPool<Job>(settings, this);
  }

  /** Jobs waiting for a free worker. */
  get queued(): number {
    return this.queue.length;
  }

  /**
   * Runs kernel `name` on `args` in a worker. `onSettle` hears how the job ended (also when it is refused
   * before queueing); `onDispatch` runs when a worker picks the job up.
   */
  submit(
    name: string,
    args: Record<string, unknown>,
    options: RunOptions,
    onSettle?: SettleHook,
    onDispatch?: () => void,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => {
        this.failed++;
        onSettle?.(false, true);
        reject(error);
      };
      if (this.closed) return fail(new ServiceClosedError(name, 0));
      const kernelNames = this.pool.kernelNames;
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
      const id = this.nextJobId++;
      if (options.signal?.aborted) return fail(new AbortError(`job ${name}#${id} was aborted before it started`));
      const job: Job = {
        id,
        name,
        args,
        control: this.takeControl(),
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
      if (options.signal) this.listenForAbort(job, options.signal);
      this.queue.push(job);
      this.pump();
      if (!job.done && job.slot === null && this.pool.empty) {
        // Every worker died and none could be restarted: fail now instead of queueing forever.
        this.queue.splice(this.queue.indexOf(job), 1);
        this.settle(job, false, new WorkerCrashedError(name, id, -1, 'no worker is running'), true);
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
    if (job?.signal?.aborted) {
      this.settle(job, false, new AbortError(`job ${job.name}#${job.id} was aborted; its worker ${reason}`), false);
    } else if (job) this.settle(job, false, new WorkerCrashedError(job.name, job.id, index, reason), false);
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
    const onAbort = () => {
      const queued = this.queue.indexOf(job);
      if (queued >= 0) {
        this.queue.splice(queued, 1);
        this.settle(job, false, new AbortError(`job ${job.name}#${job.id} was aborted before it started`), true);
        return;
      }
      // Running: the kernel sees the flag within a few thousand cells and the job rejects on its reply.
      Atomics.store(job.control, ControlSlot.abort, 1);
      const slot = job.slot;
      const grace = this.abortGraceMs;
      if (slot && Number.isFinite(grace)) {
        job.abortTimer = setTimeout(() => {
          job.abortTimer = null;
          if (slot.job === job) this.pool.crash(slot, `did not stop within ${grace} ms and was replaced`);
        }, grace);
      }
    };
    signal.addEventListener('abort', onAbort, { once: true });
    job.removeAbortListener = () => signal.removeEventListener('abort', onAbort);
  }

  private dispatch(slot: Slot<Job>, job: Job): void {
    this.pool.assign(slot, job);
    job.slot = slot;
    job.onDispatch?.();
    if (job.onProgress) job.stopProgress = watchProgress(job.control, job.onProgress);
    const request = { id: job.id, name: job.name, args: job.args, control: job.control };
    this.pool.send(slot, request, job.transfer, (reply) => this.finish(slot, job, reply));
  }

  private finish(slot: Slot<Job>, job: Job, reply: JobReply): void {
    if (!this.pool.unassign(slot, job)) return; // Already settled by a crash or close.
    if (job.signal?.aborted) {
      this.settle(job, false, new AbortError(`job ${job.name}#${job.id} was aborted`), true);
    } else if (reply.ok) {
      this.settle(job, true, reply.value, true);
    } else {
      this.settle(job, false, reviveError(reply.error), true);
    }
    this.pump();
    this.pool.rest(slot);
  }

  private settle(job: Job, ok: boolean, value: unknown, reusable: boolean): void {
    if (job.done) return;
    job.done = true;
    job.removeAbortListener();
    if (job.abortTimer !== null) clearTimeout(job.abortTimer);
    job.onSettle?.(ok, reusable);
    job.stopProgress?.();
    job.stopProgress = null;
    if (reusable) this.controls.push(job.control);
    if (ok) {
      this.completed++;
      job.resolve(value);
    } else {
      this.failed++;
      job.reject(value);
    }
  }

  private takeControl(): Int32Array {
    const control = this.controls.pop() ?? new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4));
    control.fill(0);
    return control;
  }
}
