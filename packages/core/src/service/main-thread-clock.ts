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
  private source: (() => number) | null;

  /**
   * @param source The clock, ms (the service's `clock` option: a thread CPU clock leaves out the time the OS gave
   *   the core to other threads). One that throws or returns something else than a finite number is dropped for
   *   `performance.now()`, and the slice it was timing is not counted.
   */
  constructor(source?: () => number) {
    this.source = source ?? null;
  }

  /** The clock's reading, ms (NaN once, when a given clock fails). */
  now(): number {
    if (this.source === null) return performance.now();
    let t: unknown;
    try {
      t = this.source();
    } catch {
      t = Number.NaN;
    }
    if (typeof t === 'number' && Number.isFinite(t)) return t;
    this.source = null;
    return Number.NaN;
  }

  /** Runs `work` and counts its time. */
  time<T>(work: () => T): T {
    const start = this.now();
    try {
      return work();
    } finally {
      this.add(this.now() - start);
    }
  }

  /** Counts a slice of `ms` (ignored unless a number >= 0). */
  add(ms: number): void {
    if (!(ms >= 0)) return;
    this.total += ms;
    if (ms > this.longest) this.longest = ms;
  }
}
