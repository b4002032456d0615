/** Summary statistics of repeated timings, in milliseconds. */
export interface Stats {
  runs: number;
  median: number;
  p10: number;
  p90: number;
  min: number;
  mean: number;
}

/** Linear-interpolated percentile (0..100) of ascending `sorted` values; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (rank - lo);
}

/** Median, p10, p90, least and mean of `samples` (in any order). */
export function summarize(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((s, v) => s + v, 0);
  return {
    runs: sorted.length,
    median: percentile(sorted, 50),
    p10: percentile(sorted, 10),
    p90: percentile(sorted, 90),
    min: sorted[0] ?? Number.NaN,
    mean: sum / Math.max(1, sorted.length),
  };
}

/** Most untimed runs a time-based warm-up ({@link measure}'s `warmupMs`) adds. */
const MAX_WARMUP_RUNS = 2000;

/**
 * Times `fn` `reps` times after `warmup` untimed runs. `setup` runs before each call and is not timed (for
 * example a peer library's grid clone). With `warmupMs`, warm-up continues until that many milliseconds have
 * passed (at most 2,000 runs), so short calls reach V8's optimised code before timing: a 49x49 field is
 * otherwise timed half in the interpreter.
 */
export function measure<T>(
  fn: (input: T) => unknown,
  options: { reps: number; warmup: number; warmupMs?: number; setup?: () => T; onRun?: () => void },
): Stats {
  const setup = options.setup ?? (() => undefined as T);
  const start = performance.now();
  const warmupMs = options.warmupMs ?? 0;
  for (let i = 0; i < options.warmup || (performance.now() - start < warmupMs && i < MAX_WARMUP_RUNS); i++) fn(setup());
  const samples: number[] = [];
  for (let i = 0; i < options.reps; i++) {
    const input = setup();
    const t0 = performance.now();
    fn(input);
    samples.push(performance.now() - t0);
    options.onRun?.();
  }
  return summarize(samples);
}

/** Async variant of {@link measure} for jobs that run in workers. */
export async function measureAsync(
  fn: () => Promise<unknown>,
  options: { reps: number; warmup: number; onRun?: () => void },
): Promise<Stats> {
  for (let i = 0; i < options.warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < options.reps; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
    options.onRun?.();
  }
  return summarize(samples);
}
