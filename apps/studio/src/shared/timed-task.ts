import type { ResumableTask } from '@fieldmarshal/core';

/** A resumable task that times its own slices (for the frame-budget readouts of the Tactics and Bench pages). */
export interface TimedTask<T> extends ResumableTask<T> {
  /** The longest `step` so far, in milliseconds. */
  readonly longest: number;
  /** Number of `step` calls so far. */
  readonly slices: number;
}

/** Wraps `task` so that each `step` is timed with performance.now(); results and progress pass through. */
export function timedTask<T>(task: ResumableTask<T>): TimedTask<T> {
  let longest = 0;
  let slices = 0;
  return {
    step(deadline: number): boolean {
      const t0 = performance.now();
      const done = task.step(deadline);
      longest = Math.max(longest, performance.now() - t0);
      slices++;
      return done;
    },
    result: () => task.result(),
    progress: () => task.progress(),
    get longest() {
      return longest;
    },
    get slices() {
      return slices;
    },
  };
}
