/**
 * A resumable task: work split into slices that a scheduler runs under a time budget, one slice after another,
 * across animation frames (browser) or ticks (elsewhere). Used by the frame scheduler of the worker service
 * and by the flank/retreat set searches.
 */
export interface ResumableTask<T> {
  /**
   * Runs until the work is done or `performance.now()` reaches `deadline` (milliseconds, same clock), whichever
   * comes first; a task may also stop after a fixed amount of work (for example N sets per slice).
   * Returns true when the task has finished and {@link ResumableTask.result} may be read.
   */
  step(deadline: number): boolean;
  /** The result; only valid after `step` returned true. */
  result(): T;
  /** Fraction done in [0, 1], for progress bars. */
  progress(): number;
}
