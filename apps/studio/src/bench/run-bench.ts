import {
  buildSetFields,
  buildSetFieldsInPool,
  type ConvexSets,
  computeField,
  createFrameScheduler,
  createTacticSearch,
  decomposeConvexSets,
  type FieldService,
  type FrameScheduler,
  Grid,
  GridTooLargeError,
  generateMap,
  type MapKind,
  scentMap,
  setCostPairInPool,
  setCostsFrom,
  type TacticSearchResult,
} from '@fieldmarshal/core';
import { timedTask } from '../shared/timed-task.js';

/** What one benchmark run measures. */
export interface BenchConfig {
  /** Square map sizes in tiles per side. */
  sizes: number[];
  kind: MapKind;
  kernel: KernelId;
  /** Worker counts to try (each builds its own pool). */
  workerCounts: number[];
  /** Also run on the main thread. */
  mainThread: boolean;
  reps: number;
  warmup: number;
}

export type KernelId = 'steps' | 'octile' | 'weighted' | 'scent' | 'set-fields' | 'flank';
export const KERNELS: { id: KernelId; label: string }[] = [
  { id: 'steps', label: 'steps field (BFS)' },
  { id: 'octile', label: 'octile field (exact)' },
  { id: 'weighted', label: 'weighted field (terrain 1-4)' },
  { id: 'scent', label: 'scent map (4 neighbours)' },
  { id: 'set-fields', label: 'per-set fields (all convex sets)' },
  { id: 'flank', label: 'flank search (two fields + budgeted search)' },
];

/**
 * Most entries (sets x tiles) the per-set fields kernel may allocate here: 2^25, 96 MiB with Uint16 costs
 * (core's own default, 2^27, is 384 MiB: too much for a benchmark tab). Larger maps are refused with
 * GridTooLargeError and shown as such: per-set fields grow with sets x tiles (a 512x512 random map has about
 * 41,000 sets, 10^10 entries), so they are for small or open maps; use the flank search's two-field costs there.
 */
export const BENCH_MAX_SET_FIELD_CELLS = 2 ** 25;

/** Frame budget of the flank search on the frame scheduler, in milliseconds. */
export const BENCH_FRAME_BUDGET_MS = 4;

/** One measured configuration. Times in milliseconds. */
export interface BenchResult {
  size: number;
  kernel: KernelId;
  /** 'main' or the number of workers. */
  executor: 'main' | number;
  /**
   * Fields computed per repetition: one per worker (all at once), one on the main thread; for per-set fields
   * the number of sets (one field each, split over the workers); 1 for the flank search.
   */
  batch: number;
  samples: number[];
  median: number;
  p10: number;
  p90: number;
  /** Tiles finished per second per field: size^2 * batch / median. */
  cellsPerSecond: number;
  /** Flank search only: the longest scheduler slice over all timed runs (ms), and the slices per run. */
  longestSliceMs?: number;
  slices?: number;
  /** Set when the kernel refused this configuration (for example per-set fields past the memory limit). */
  refused?: string;
}

export interface BenchProgress {
  /** Overall fraction done, 0..1. */
  fraction: number;
  label: string;
}

/** Linear-interpolated percentile (0..100) of ascending `sorted` values; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const a = sorted[lo] ?? Number.NaN;
  const b = sorted[Math.ceil(rank)] ?? a;
  return a + (b - a) * (rank - lo);
}

/** Median, p10, p90 and throughput of one configuration's samples. */
export function summarize(
  size: number,
  kernel: KernelId,
  executor: 'main' | number,
  batch: number,
  samples: number[],
): BenchResult {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  return {
    size,
    kernel,
    executor,
    batch,
    samples,
    median,
    p10: percentile(sorted, 10),
    p90: percentile(sorted, 90),
    cellsPerSecond: (size * size * batch) / (median / 1000),
  };
}

/** A row for a configuration the kernel refused (no samples). */
export function refusedResult(size: number, kernel: KernelId, executor: 'main' | number, why: string): BenchResult {
  return { ...summarize(size, kernel, executor, 0, []), refused: why };
}

/** The benchmark map: generated, seeded, with a terrain layer for the weighted kernel. */
export function benchGrid(kind: MapKind, size: number, kernel: KernelId): Grid {
  const base = generateMap(kind, size, size, { density: 0.2, seed: 1 });
  if (kernel !== 'weighted') return base;
  const grid = Grid.create(size, size, { terrain: true });
  grid.passable.set(base.passable);
  const t = grid.terrain as Float32Array;
  let s = 12345;
  for (let i = 0; i < t.length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    t[i] = 1 + (s >>> 30);
  }
  return grid;
}

/** `count` distinct walkable goal tiles spread over the map (deterministic). */
export function benchGoals(grid: Grid, count: number): { x: number; y: number }[] {
  const goals: { x: number; y: number }[] = [];
  const n = grid.width * grid.height;
  for (
    let k = 0, i = Math.floor(n / 2) + Math.floor(grid.width / 2);
    goals.length < count && k < n;
    k++, i = (i + 7919 * 131) % n
  ) {
    if (grid.passable[i] === 1) goals.push({ x: i % grid.width, y: Math.floor(i / grid.width) });
  }
  return goals;
}

/** Per-size inputs of the set kernels, prepared once outside the timed runs. */
export interface SetBenchInput {
  sets: ConvexSets;
  /** Flank search: the player and target (reachable from each other, in different sets). */
  me: { x: number; y: number };
  target: { x: number; y: number };
}

/**
 * The convex sets of `grid` and a player/target pair for the flank search: the first of the spread goal tiles
 * (benchGoals) as the player, the first later one reachable from it in another set as the target.
 */
export function setBenchInput(grid: Grid): SetBenchInput {
  const sets = decomposeConvexSets(grid);
  const candidates = benchGoals(grid, 32);
  const me = candidates[0] ?? { x: 0, y: 0 };
  let target = candidates[1] ?? me;
  if (candidates.length > 1) {
    const reach = computeField(grid, { goals: [me], metric: 'steps' }).cost;
    const mySet = sets.setOf[me.y * grid.width + me.x];
    for (const c of candidates.slice(1)) {
      const i = c.y * grid.width + c.x;
      if (Number.isFinite(reach[i] as number) && sets.setOf[i] !== mySet) {
        target = c;
        break;
      }
    }
  }
  return { sets, me, target };
}

/**
 * One flank decision as a game makes it: set costs from two `steps` fields (in the pool when `service` is
 * given, else on this thread), then the flank search over every set on the frame scheduler. Returns the
 * search's result and its slices; the caller times the whole.
 */
export async function runFlank(
  grid: Grid,
  input: SetBenchInput,
  scheduler: FrameScheduler,
  service: FieldService | null,
  signal: AbortSignal,
): Promise<{ result: TacticSearchResult; longest: number; slices: number }> {
  const { sets, me, target } = input;
  const costs = service
    ? await setCostPairInPool(service, grid, sets, me, target, {}, { signal })
    : { me: setCostsFrom(grid, sets, me.x, me.y), target: setCostsFrom(grid, sets, target.x, target.y) };
  // Examine every set (no 256-candidate cut-off), so the work does not depend on where the buffer fills.
  const task = timedTask(
    createTacticSearch(grid, sets, me, target, 'flank', { costs, maxCandidates: Number.POSITIVE_INFINITY }),
  );
  const result = await scheduler.schedule(task, { signal }).promise;
  return { result, longest: task.longest, slices: task.slices };
}

function runMain(grid: Grid, kernel: KernelId, goal: { x: number; y: number }, input: SetBenchInput | null) {
  if (kernel === 'scent') scentMap(grid, [{ ...goal, strength: grid.width * 2 }], { neighbors: 4 });
  else if (kernel === 'set-fields')
    buildSetFields(grid, (input as SetBenchInput).sets, { maxCells: BENCH_MAX_SET_FIELD_CELLS });
  else if (kernel === 'steps' || kernel === 'octile' || kernel === 'weighted')
    computeField(grid, { goals: [goal], metric: kernel });
}

async function runWorker(
  service: FieldService,
  grid: Grid,
  kernel: KernelId,
  goal: { x: number; y: number },
  out: Int32Array | undefined,
  signal: AbortSignal,
): Promise<unknown> {
  if (kernel === 'scent' && out) {
    const sources = [{ ...goal, strength: grid.width * 2 }];
    return service.run('scentMap', { grid, sources, options: { neighbors: 4 }, out }, { signal });
  }
  const field = await service.computeField(
    grid,
    { goals: [goal], metric: kernel === 'steps' || kernel === 'octile' || kernel === 'weighted' ? kernel : 'steps' },
    { signal },
  );
  // PERF: recycle the output buffers for the next repetition, as a game would.
  service.release(field);
  return field;
}

const nextFrame = () => new Promise<void>((r) => setTimeout(r, 0));

function cancelled(): DOMException {
  return new DOMException('benchmark cancelled', 'AbortError');
}

/** Options of {@link runBench}. */
export interface RunBenchOptions {
  /** Makes the frame scheduler of the flank search. Default: createFrameScheduler with a 4 ms budget. */
  createScheduler?: () => FrameScheduler;
}

/**
 * Runs the benchmark: for each size, the main thread (one field per repetition) and each worker count (one
 * field per worker per repetition, all at once; per-set fields split over the workers; the flank search's two
 * fields in the pool and its search on the main thread's frame scheduler). Yields to the page between runs so
 * the UI stays live. Per-set fields past {@link BENCH_MAX_SET_FIELD_CELLS} are reported as refused rows.
 */
export async function runBench(
  config: BenchConfig,
  createService: (workers: number) => Promise<FieldService>,
  onProgress: (p: BenchProgress) => void,
  onResult: (r: BenchResult) => void,
  signal: AbortSignal,
  options: RunBenchOptions = {},
): Promise<void> {
  const executors: ('main' | number)[] = [...(config.mainThread ? ['main' as const] : []), ...config.workerCounts];
  const perRun = config.reps + config.warmup;
  const total = config.sizes.length * executors.length * perRun;
  const setKernel = config.kernel === 'set-fields' || config.kernel === 'flank';
  const scheduler =
    config.kernel === 'flank'
      ? (options.createScheduler ?? (() => createFrameScheduler({ budgetMs: BENCH_FRAME_BUDGET_MS })))()
      : null;
  let done = 0;
  for (const size of config.sizes) {
    onProgress({ fraction: done / total, label: `generating ${size}x${size} ${config.kind} map` });
    await nextFrame();
    const grid = benchGrid(config.kind, size, config.kernel);
    const input = setKernel ? setBenchInput(grid) : null;
    for (const executor of executors) {
      if (signal.aborted) throw cancelled();
      const batch =
        config.kernel === 'set-fields'
          ? (input as SetBenchInput).sets.count
          : config.kernel === 'flank' || executor === 'main'
            ? 1
            : executor;
      const goals = benchGoals(grid, config.kernel === 'set-fields' || config.kernel === 'flank' ? 1 : batch);
      const samples: number[] = [];
      let longest = 0;
      let slices = 0;
      // The scent kernel writes into an Int32Array on shared memory, one per concurrent job.
      const outs =
        config.kernel === 'scent' && executor !== 'main'
          ? goals.map(() => new Int32Array(new SharedArrayBuffer(size * size * 4)))
          : [];
      const service = executor === 'main' ? null : await createService(executor);
      let refused: string | null = null;
      const doneBefore = done;
      try {
        for (let r = 0; r < perRun; r++) {
          if (signal.aborted) throw cancelled();
          const where = executor === 'main' ? 'main thread' : `${executor} worker${executor > 1 ? 's' : ''}`;
          onProgress({
            fraction: done / total,
            label: `${config.kernel} ${size}x${size}, ${where}, run ${r + 1}/${perRun}`,
          });
          await nextFrame();
          const t0 = performance.now();
          if (config.kernel === 'flank') {
            const run = await runFlank(grid, input as SetBenchInput, scheduler as FrameScheduler, service, signal);
            if (r >= config.warmup) {
              longest = Math.max(longest, run.longest);
              slices = run.slices;
            }
          } else if (config.kernel === 'set-fields' && service)
            await buildSetFieldsInPool(
              service,
              grid,
              (input as SetBenchInput).sets,
              { maxCells: BENCH_MAX_SET_FIELD_CELLS },
              { signal },
            );
          else if (service)
            await Promise.all(goals.map((g, k) => runWorker(service, grid, config.kernel, g, outs[k], signal)));
          else runMain(grid, config.kernel, goals[0] ?? { x: 0, y: 0 }, input);
          const elapsed = performance.now() - t0;
          if (r >= config.warmup) samples.push(elapsed);
          done++;
        }
      } catch (error) {
        // Per-set fields past the memory limit: core refuses before allocating; report the row, go on.
        if (!(error instanceof GridTooLargeError)) throw error;
        refused = error.message;
        done = doneBefore + perRun;
      } finally {
        await service?.close();
      }
      if (refused !== null) {
        onResult(refusedResult(size, config.kernel, executor, refused));
        continue;
      }
      const result = summarize(size, config.kernel, executor, batch, samples);
      onResult(config.kernel === 'flank' ? { ...result, longestSliceMs: longest, slices } : result);
    }
  }
  onProgress({ fraction: 1, label: 'done' });
}
