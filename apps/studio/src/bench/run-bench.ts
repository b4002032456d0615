import { computeField, type FieldService, Grid, generateMap, type MapKind, scentMap } from '@fieldmarshal/core';

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

export type KernelId = 'steps' | 'octile' | 'weighted' | 'scent';
export const KERNELS: { id: KernelId; label: string }[] = [
  { id: 'steps', label: 'steps field (BFS)' },
  { id: 'octile', label: 'octile field (exact)' },
  { id: 'weighted', label: 'weighted field (terrain 1-4)' },
  { id: 'scent', label: 'scent map (4 neighbours)' },
];

/** One measured configuration. Times in milliseconds. */
export interface BenchResult {
  size: number;
  kernel: KernelId;
  /** 'main' or the number of workers. */
  executor: 'main' | number;
  /** Fields computed per repetition: one per worker (all at once), one on the main thread. */
  batch: number;
  samples: number[];
  median: number;
  p10: number;
  p90: number;
  /** Tiles finished per second per field: size^2 * batch / median. */
  cellsPerSecond: number;
}

export interface BenchProgress {
  /** Overall fraction done, 0..1. */
  fraction: number;
  label: string;
}

function percentile(sorted: number[], p: number): number {
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const a = sorted[lo] ?? Number.NaN;
  const b = sorted[Math.ceil(rank)] ?? a;
  return a + (b - a) * (rank - lo);
}

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

function runMain(grid: Grid, kernel: KernelId, goal: { x: number; y: number }) {
  if (kernel === 'scent') scentMap(grid, [{ ...goal, strength: grid.width * 2 }], { neighbors: 4 });
  else computeField(grid, { goals: [goal], metric: kernel });
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
    { goals: [goal], metric: kernel === 'scent' ? 'steps' : kernel },
    { signal },
  );
  // PERF: recycle the output buffers for the next repetition, as a game would.
  service.release(field);
  return field;
}

const nextFrame = () => new Promise<void>((r) => setTimeout(r, 0));

/**
 * Runs the benchmark: for each size, the main thread (one field per repetition) and each worker count (one
 * field per worker per repetition, all at once). Yields to the page between runs so the UI stays live.
 */
export async function runBench(
  config: BenchConfig,
  createService: (workers: number) => Promise<FieldService>,
  onProgress: (p: BenchProgress) => void,
  onResult: (r: BenchResult) => void,
  signal: AbortSignal,
): Promise<void> {
  const executors: ('main' | number)[] = [...(config.mainThread ? ['main' as const] : []), ...config.workerCounts];
  const perRun = config.reps + config.warmup;
  const total = config.sizes.length * executors.length * perRun;
  let done = 0;
  for (const size of config.sizes) {
    onProgress({ fraction: done / total, label: `generating ${size}x${size} ${config.kind} map` });
    await nextFrame();
    const grid = benchGrid(config.kind, size, config.kernel);
    for (const executor of executors) {
      if (signal.aborted) throw new DOMException('benchmark cancelled', 'AbortError');
      const batch = executor === 'main' ? 1 : executor;
      const goals = benchGoals(grid, batch);
      const samples: number[] = [];
      // The scent kernel writes into an Int32Array on shared memory, one per concurrent job.
      const outs =
        config.kernel === 'scent' && executor !== 'main'
          ? goals.map(() => new Int32Array(new SharedArrayBuffer(size * size * 4)))
          : [];
      const service = executor === 'main' ? null : await createService(executor);
      try {
        for (let r = 0; r < perRun; r++) {
          if (signal.aborted) throw new DOMException('benchmark cancelled', 'AbortError');
          const where = executor === 'main' ? 'main thread' : `${executor} worker${executor > 1 ? 's' : ''}`;
          onProgress({
            fraction: done / total,
            label: `${config.kernel} ${size}x${size}, ${where}, run ${r + 1}/${perRun}`,
          });
          await nextFrame();
          const t0 = performance.now();
          if (service)
            await Promise.all(goals.map((g, k) => runWorker(service, grid, config.kernel, g, outs[k], signal)));
          else runMain(grid, config.kernel, goals[0] ?? { x: 0, y: 0 });
          const elapsed = performance.now() - t0;
          if (r >= config.warmup) samples.push(elapsed);
          done++;
        }
      } finally {
        await service?.close();
      }
      onResult(summarize(size, config.kernel, executor, batch, samples));
    }
  }
  onProgress({ fraction: 1, label: 'done' });
}
