/**
 * The time the job layer itself keeps the calling thread busy: encoding jobs, copying the chunks of their big
 * arguments, copying their writes back, handing out their outputs (and, in `main-thread` mode, running their
 * kernels). Each synchronous slice is timed; the sum and the longest slice show in `stats()`.
 */
export class MainThreadClock {
  /** Milliseconds of every slice so far. */
  total = 0;
  /** The longest slice so far, ms. */
  longest = 0;

  /** Runs `work` and counts its time. */
  time<T>(work: () => T): T {
    const start = performance.now();
    try {
      return work();
    } finally {
      this.add(performance.now() - start);
    }
  }

  /** Counts a slice of `ms`. */
  add(ms: number): void {
    this.total += ms;
    if (ms > this.longest) this.longest = ms;
  }
}
