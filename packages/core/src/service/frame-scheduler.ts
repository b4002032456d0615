/**
 * Runs resumable tasks (ResumableTask of ../util/task.ts) on the current thread under a time budget per frame:
 * each frame (requestAnimationFrame in browsers, a setImmediate/setTimeout tick elsewhere) the scheduler steps
 * the pending tasks, round-robin, until the budget is spent. Used for work that must share the main thread,
 * such as flank and retreat set searches.
 */
import { AbortError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { ResumableTask } from '../util/task.js';
import { isSignal, own } from './job-options.js';

/** Default time budget per frame, in milliseconds. */
export const DEFAULT_FRAME_BUDGET_MS = 4;
/**
 * Default {@link FrameSchedulerOptions.maxSlicesPerFrame}: a frame runs at most this many slices, whatever the
 * clock says, so that a clock that stands still cannot keep one frame running for ever.
 */
export const DEFAULT_MAX_SLICES_PER_FRAME = 1024;

/** Schedules `run` once, at the next frame or tick. */
export type FrameTick = (run: () => void) => void;

/** Options of {@link createFrameScheduler}. */
export interface FrameSchedulerOptions {
  /**
   * Milliseconds of task work per frame, > 0.
   * @defaultValue {@link DEFAULT_FRAME_BUDGET_MS} (4 ms)
   */
  budgetMs?: number;
  /**
   * How to wait for the next frame. Tests pass a manual tick to step frames one by one.
   * @defaultValue requestAnimationFrame where it exists, else setImmediate, else setTimeout(0)
   */
  tick?: FrameTick;
  /**
   * Clock in milliseconds, the same one the tasks compare their deadline with. A clock that throws, or returns
   * something else than a finite number, fails the task that was about to run (its promise rejects with what
   * the clock threw, or OutOfRangeError); the other tasks and the scheduler go on.
   * @defaultValue `() => performance.now()`
   */
  now?: () => number;
  /**
   * Most slices run in one frame, an integer >= 1. The budget normally ends a frame long before; this bound
   * ends it when the clock does not advance (a mocked `performance.now`, a clock that ticks once per frame), so
   * a frame always ends after at most this many slices.
   * @defaultValue {@link DEFAULT_MAX_SLICES_PER_FRAME} (1024)
   */
  maxSlicesPerFrame?: number;
}

/** Options of {@link FrameScheduler.schedule}. */
export interface ScheduleOptions {
  /**
   * Tasks scheduled under the same key replace each other: a new one cancels the stale one (its promise rejects
   * with AbortError). For example one key per unit for its flank search.
   * @defaultValue undefined (meaning the task replaces no other)
   */
  key?: string;
  /**
   * Cancels the task (AbortError) when aborted.
   * @defaultValue undefined (meaning only `cancel` stops it)
   */
  signal?: AbortSignal;
  /**
   * Called after each slice with the task's progress in [0, 1].
   * @defaultValue undefined (meaning no progress reports)
   */
  onProgress?: (fraction: number) => void;
}

/** A task in a scheduler. */
export interface ScheduledTask<T> {
  /**
   * Resolves with the task's result, or rejects with AbortError when cancelled or with what `step`, `result`,
   * `progress` or the `onProgress` listener threw. A task nobody awaits raises no unhandled rejection.
   */
  readonly promise: Promise<T>;
  /** The task's progress in [0, 1] (1 once finished). */
  progress(): number;
  /** Cancels the task if it has not finished: its promise rejects with AbortError. */
  cancel(reason?: string): void;
  /** True once the promise has settled. */
  readonly settled: boolean;
}

/** A frame-budget scheduler. Create with {@link createFrameScheduler}. */
export interface FrameScheduler {
  /** Adds a task; it starts on the next frame. */
  schedule<T>(task: ResumableTask<T>, options?: ScheduleOptions): ScheduledTask<T>;
  /** Number of tasks not finished yet. */
  readonly pending: number;
  /** Cancels every pending task. */
  cancelAll(reason?: string): void;
}

interface Entry {
  task: ResumableTask<unknown>;
  key: string | undefined;
  onProgress: ((fraction: number) => void) | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  settled: boolean;
  /** Finished with a result. */
  finished: boolean;
  cleanup: () => void;
}

function defaultTick(): FrameTick {
  const g = globalThis as {
    requestAnimationFrame?: (cb: () => void) => number;
    setImmediate?: (cb: () => void) => unknown;
  };
  if (typeof g.requestAnimationFrame === 'function') return (run) => g.requestAnimationFrame?.(run);
  if (typeof g.setImmediate === 'function') return (run) => g.setImmediate?.(run);
  return (run) => setTimeout(run, 0);
}

/**
 * Creates a scheduler that runs resumable tasks for at most `budgetMs` per frame (and at most
 * `maxSlicesPerFrame` slices, whatever the clock says). Nothing a task, its listener, the clock or `tick` throws
 * escapes from a frame: it rejects the promise of the task concerned (every pending task's, for `tick`), and the
 * scheduler goes on with the others.
 */
export function createFrameScheduler(options: FrameSchedulerOptions = {}): FrameScheduler {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidOptionError('options', options, 'an object { budgetMs?, tick?, now?, maxSlicesPerFrame? }');
  }
  const budgetMs = (own(options, 'budgetMs') ?? DEFAULT_FRAME_BUDGET_MS) as number;
  if (typeof budgetMs !== 'number' || !(budgetMs > 0 && budgetMs < Number.POSITIVE_INFINITY)) {
    throw new OutOfRangeError('budgetMs', budgetMs, 'a finite number of milliseconds > 0');
  }
  const givenTick = own(options, 'tick');
  if (givenTick !== undefined && typeof givenTick !== 'function') {
    throw new InvalidOptionError('tick', givenTick, 'a function');
  }
  const givenNow = own(options, 'now');
  if (givenNow !== undefined && typeof givenNow !== 'function') {
    throw new InvalidOptionError('now', givenNow, 'a function returning milliseconds');
  }
  const maxSlices = (own(options, 'maxSlicesPerFrame') ?? DEFAULT_MAX_SLICES_PER_FRAME) as number;
  if (typeof maxSlices !== 'number' || !Number.isInteger(maxSlices) || maxSlices < 1) {
    throw new OutOfRangeError('maxSlicesPerFrame', maxSlices, 'an integer >= 1');
  }
  const tick = (givenTick as FrameTick | undefined) ?? defaultTick();
  const now = (givenNow as (() => number) | undefined) ?? (() => performance.now());
  const entries: Entry[] = [];
  const byKey = new Map<string, Entry>();
  let scheduled = false;
  let cursor = 0;

  function remove(entry: Entry): void {
    entry.settled = true;
    entry.cleanup();
    const at = entries.indexOf(entry);
    if (at >= 0) {
      entries.splice(at, 1);
      if (at < cursor) cursor--;
    }
    if (entry.key !== undefined && byKey.get(entry.key) === entry) byKey.delete(entry.key);
  }

  function cancel(entry: Entry, reason: string): void {
    if (entry.settled) return;
    remove(entry);
    entry.reject(new AbortError(reason));
  }

  /** The clock's reading; throws what the clock threw, or OutOfRangeError for a value that is not a time. */
  function clock(): number {
    const t = now();
    if (typeof t !== 'number' || !Number.isFinite(t))
      throw new OutOfRangeError('now()', t, 'a finite number of milliseconds');
    return t;
  }

  /** Fails the task at the cursor (the one a frame was about to run) with `error`. */
  function failCurrent(error: unknown): void {
    if (entries.length === 0) return;
    if (cursor >= entries.length) cursor = 0;
    const entry = entries[cursor] as Entry;
    remove(entry);
    entry.reject(error);
  }

  function frame(): void {
    scheduled = false;
    try {
      runSlices();
    } catch (error) {
      // A clock that throws (or anything unforeseen): the task about to run fails, the others go on.
      failCurrent(error);
    }
    if (entries.length > 0) wake();
  }

  /** Runs slices round-robin until the budget is spent or {@link maxSlices} ran. */
  function runSlices(): void {
    if (entries.length === 0) return;
    const deadline = clock() + budgetMs;
    // At least one slice per frame, so every task advances even when a slice overruns the budget; at most
    // maxSlices, so a clock that stands still cannot hold the frame.
    for (let slices = 0; entries.length > 0 && slices < maxSlices && (slices === 0 || clock() < deadline); slices++) {
      if (cursor >= entries.length) cursor = 0;
      const entry = entries[cursor] as Entry;
      let finished: boolean;
      try {
        finished = entry.task.step(deadline);
      } catch (error) {
        remove(entry);
        entry.reject(error);
        continue;
      }
      if (finished) {
        remove(entry);
        let result: unknown;
        try {
          result = entry.task.result();
        } catch (error) {
          entry.reject(error);
          continue;
        }
        entry.finished = true;
        try {
          entry.onProgress?.(1);
        } catch (error) {
          entry.reject(error);
          continue;
        }
        entry.resolve(result);
      } else {
        try {
          entry.onProgress?.(safeProgress(entry.task));
        } catch (error) {
          // A throwing progress (of the task or of the listener) fails that task only.
          remove(entry);
          entry.reject(error);
          continue;
        }
        cursor++;
      }
    }
  }

  function wake(): void {
    if (scheduled) return;
    scheduled = true;
    try {
      tick(frame);
    } catch (error) {
      // No frame can be asked for: the pending tasks would wait for ever. They fail with what `tick` threw.
      scheduled = false;
      for (const entry of [...entries]) {
        remove(entry);
        entry.reject(error);
      }
    }
  }

  return {
    schedule<T>(task: ResumableTask<T>, scheduleOptions: ScheduleOptions = {}): ScheduledTask<T> {
      if (
        typeof task !== 'object' ||
        task === null ||
        typeof task.step !== 'function' ||
        typeof task.result !== 'function' ||
        typeof task.progress !== 'function'
      ) {
        throw new InvalidOptionError('task', task, 'a ResumableTask with step, result and progress');
      }
      if (typeof scheduleOptions !== 'object' || scheduleOptions === null) {
        throw new InvalidOptionError('options', scheduleOptions, 'an object { key?, signal?, onProgress? }');
      }
      const key = own(scheduleOptions, 'key');
      if (key !== undefined && typeof key !== 'string') throw new InvalidOptionError('key', key, 'a string');
      const signal = own(scheduleOptions, 'signal');
      if (signal !== undefined && !isSignal(signal)) throw new InvalidOptionError('signal', signal, 'an AbortSignal');
      const onProgress = own(scheduleOptions, 'onProgress');
      if (onProgress !== undefined && typeof onProgress !== 'function') {
        throw new InvalidOptionError('onProgress', onProgress, 'a function (fraction) => void');
      }
      let resolve!: (value: unknown) => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res as (value: unknown) => void;
        reject = rej;
      });
      // Cancelled and failed tasks are routine (a key superseded every frame): a task nobody awaits must not
      // raise an unhandled rejection. Whoever reads `promise` sees the failure.
      promise.catch(() => {});
      const entry: Entry = {
        task: task as ResumableTask<unknown>,
        key,
        onProgress: onProgress as ((fraction: number) => void) | undefined,
        resolve,
        reject,
        settled: false,
        finished: false,
        cleanup: () => {},
      };
      const handle: ScheduledTask<T> = {
        promise,
        progress: () => (entry.finished ? 1 : safeProgress(task)),
        cancel: (reason = 'the task was cancelled') => cancel(entry, reason),
        get settled() {
          return entry.settled;
        },
      };
      if ((signal as AbortSignal | undefined)?.aborted) {
        entry.settled = true;
        reject(new AbortError('the task was aborted before it started'));
        return handle;
      }
      if (typeof key === 'string') {
        const stale = byKey.get(key);
        if (stale) cancel(stale, `superseded by a new task for key ${JSON.stringify(key)}`);
        byKey.set(key, entry);
      }
      if (signal) {
        const onAbort = () => cancel(entry, 'the task was aborted');
        const s = signal as AbortSignal;
        s.addEventListener('abort', onAbort, { once: true });
        entry.cleanup = () => s.removeEventListener('abort', onAbort);
      }
      entries.push(entry);
      wake();
      return handle;
    },
    get pending() {
      return entries.length;
    },
    cancelAll(reason = 'every task was cancelled') {
      for (const entry of [...entries]) cancel(entry, reason);
    },
  };
}

/** The task's progress clamped to [0, 1] (0 for NaN or a non-number). */
function safeProgress(task: ResumableTask<unknown>): number {
  const p = task.progress();
  return typeof p !== 'number' ? 0 : p >= 0 && p <= 1 ? p : p > 1 ? 1 : 0;
}
