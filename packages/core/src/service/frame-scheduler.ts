/**
 * Runs resumable tasks (ResumableTask of ../util/task.ts) on the current thread under a time budget per frame:
 * each frame (requestAnimationFrame in browsers, a setImmediate/setTimeout tick elsewhere) the scheduler steps
 * the pending tasks, round-robin, until the budget is spent. Used for work that must share the main thread,
 * such as flank and retreat set searches.
 */
import { AbortError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { ResumableTask } from '../util/task.js';

/** Default time budget per frame, in milliseconds. */
export const DEFAULT_FRAME_BUDGET_MS = 4;

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
   * Clock in milliseconds, the same one the tasks compare their deadline with.
   * @defaultValue `() => performance.now()`
   */
  now?: () => number;
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
  /** Resolves with the task's result, or rejects with AbortError when cancelled or with what `step` threw. */
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

/** Creates a scheduler that runs resumable tasks for at most `budgetMs` per frame. */
export function createFrameScheduler(options: FrameSchedulerOptions = {}): FrameScheduler {
  const budgetMs = options.budgetMs ?? DEFAULT_FRAME_BUDGET_MS;
  if (!(budgetMs > 0 && budgetMs < Number.POSITIVE_INFINITY)) {
    throw new OutOfRangeError('budgetMs', budgetMs, 'a finite number of milliseconds > 0');
  }
  if (options.tick !== undefined && typeof options.tick !== 'function') {
    throw new InvalidOptionError('tick', options.tick, 'a function');
  }
  const tick = options.tick ?? defaultTick();
  const now = options.now ?? (() => performance.now());
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

  function frame(): void {
    scheduled = false;
    const deadline = now() + budgetMs;
    // At least one slice per frame, so every task advances even when a slice overruns the budget.
    let first = true;
    while (entries.length > 0 && (first || now() < deadline)) {
      first = false;
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
        entry.onProgress?.(1);
        entry.resolve(result);
      } else {
        entry.onProgress?.(entry.task.progress());
        cursor++;
      }
    }
    if (entries.length > 0) wake();
  }

  function wake(): void {
    if (scheduled) return;
    scheduled = true;
    tick(frame);
  }

  return {
    schedule<T>(task: ResumableTask<T>, scheduleOptions: ScheduleOptions = {}): ScheduledTask<T> {
      if (!task || typeof task.step !== 'function' || typeof task.result !== 'function') {
        throw new InvalidOptionError('task', task, 'a ResumableTask with step, result and progress');
      }
      const { key, signal, onProgress } = scheduleOptions;
      let resolve!: (value: unknown) => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res as (value: unknown) => void;
        reject = rej;
      });
      const entry: Entry = {
        task: task as ResumableTask<unknown>,
        key,
        onProgress,
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
      if (signal?.aborted) {
        entry.settled = true;
        reject(new AbortError('the task was aborted before it started'));
        return handle;
      }
      if (key !== undefined) {
        const stale = byKey.get(key);
        if (stale) cancel(stale, `superseded by a new task for key ${JSON.stringify(key)}`);
        byKey.set(key, entry);
      }
      if (signal) {
        const onAbort = () => cancel(entry, 'the task was aborted');
        signal.addEventListener('abort', onAbort, { once: true });
        entry.cleanup = () => signal.removeEventListener('abort', onAbort);
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

function safeProgress(task: ResumableTask<unknown>): number {
  const p = task.progress();
  return p >= 0 && p <= 1 ? p : p > 1 ? 1 : 0;
}
