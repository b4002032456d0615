import { type PeerName, percentile } from '@fieldmarshal/bench/scenarios';
import {
  computeField,
  computeFlow,
  type Field,
  type FieldService,
  type Grid,
  GridTooLargeError,
  type MapKind,
} from '@fieldmarshal/core';
import type { FieldOut } from '@fieldmarshal/core/fields';
import type { FlowOut } from '@fieldmarshal/core/flow';
import { scentMap } from '@fieldmarshal/core/scent';
import { createFrameScheduler, type FrameScheduler } from '@fieldmarshal/core/service';
import {
  buildSetFields,
  buildSetFieldsInPool,
  type ConvexSets,
  createTacticSearch,
  decomposeConvexSets,
  setCostPairInPool,
  setCostsFrom,
  type TacticSearchResult,
} from '@fieldmarshal/core/tactics';
import { nextTask } from '../shared/next-task.js';
import { timedTask } from '../shared/timed-task.js';
import { type BenchMap, type BenchMapSpec, benchGoals, loadBenchMap } from './bench-maps.js';

/** What one benchmark run measures. */
export interface BenchConfig {
  /** Square generated map sizes in tiles per side. */
  sizes: number[];
  /** Generator of the generated maps. */
  kind: MapKind;
  /** Shipped Moving AI maps. */
  movingAi: string[];
  /** Maps opened from files (by name). */
  files: string[];
  /** Field kernels, each run on every map and executor. */
  kernels: KernelId[];
  /** Worker counts to try (each builds its own pool). */
  workerCounts: number[];
  /** Also run on a single thread, no pool (in the bench's worker, as a game's main thread would). */
  mainThread: boolean;
  reps: number;
  warmup: number;
  /** Field repair against a full recompute (the CLI's repair cases; see run-repair.ts). */
  repair: boolean;
  /** The peer libraries against our fields and A* (the CLI's peer race; see run-peers.ts). */
  peers: boolean;
  /** Which peer libraries race. */
  peerNames: PeerName[];
  /** Crowd sizes of the crowd suite (none: not run), on one thread and on pools of `crowdWorkers` workers. */
  crowdUnits: number[];
  crowdWorkers: number[];
  /** Unit counts of the RTS suite (none: not run). */
  rtsUnits: number[];
  /** Timed crowd steps per executor; the RTS suite times ten times as many updates. */
  behaviourSteps: number;
}

export type KernelId = 'steps' | 'octile' | 'weighted' | 'flow' | 'scent' | 'set-fields' | 'flank';
export const KERNELS: { id: KernelId; label: string }[] = [
  { id: 'steps', label: 'steps field (BFS)' },
  { id: 'octile', label: 'octile field (exact)' },
  { id: 'weighted', label: 'weighted field (terrain 1-4)' },
  { id: 'flow', label: 'smooth flow (its octile field made before the timing)' },
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
  /** `512x512`. */
  size: string;
  /** The map: `random (20% walls)`, `den520d`, a file's name. */
  map: string;
  /** Tiles of the map. */
  tiles: number;
  kernel: KernelId;
  /** 'main' (a single thread, no pool; the name is kept for older exports) or the number of workers. */
  executor: 'main' | number;
  /**
   * Fields computed per repetition: one per worker (all at once), one on the single thread; for per-set fields
   * the number of sets (one field each, split over the workers); 1 for the flank search.
   */
  batch: number;
  /** Milliseconds per repetition (one run computes `batch` fields). */
  samples: number[];
  /** Median, 10th and 90th percentile per repetition. */
  median: number;
  p10: number;
  p90: number;
  /** The same per field (per repetition divided by `batch`): what the table and the charts show. */
  perField: number;
  perFieldP10: number;
  perFieldP90: number;
  /** Tiles finished per second: tiles * batch / median. */
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

/** Median, p10, p90 (per repetition and per field) and throughput of one configuration's samples. */
export function summarize(
  map: Pick<BenchMap, 'size' | 'name' | 'grid'>,
  kernel: KernelId,
  executor: 'main' | number,
  batch: number,
  samples: number[],
): BenchResult {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  const p10 = percentile(sorted, 10);
  const p90 = percentile(sorted, 90);
  const per = Math.max(1, batch);
  const tiles = map.grid.width * map.grid.height;
  return {
    size: map.size,
    map: map.name,
    tiles,
    kernel,
    executor,
    batch,
    samples,
    median,
    p10,
    p90,
    perField: median / per,
    perFieldP10: p10 / per,
    perFieldP90: p90 / per,
    cellsPerSecond: (tiles * batch) / (median / 1000),
  };
}

/** A row for a configuration the kernel refused (no samples). */
export function refusedResult(map: BenchMap, kernel: KernelId, executor: 'main' | number, why: string): BenchResult {
  return { ...summarize(map, kernel, executor, 0, []), refused: why };
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
    ? await setCostPairInPool(service, grid, sets, me, target, { signal })
    : {
        me: setCostsFrom(grid, sets, { x: me.x, y: me.y }),
        target: setCostsFrom(grid, sets, { x: target.x, y: target.y }),
      };
  // Examine every set (no 256-candidate cut-off), so the work does not depend on where the buffer fills.
  const task = timedTask(
    createTacticSearch(grid, sets, me, target, 'flank', { costs, maxCandidates: Number.POSITIVE_INFINITY }),
  );
  const result = await scheduler.schedule(task, { signal }).promise;
  return { result, longest: task.longest, slices: task.slices };
}

/**
 * One repetition on this thread (the single-thread executor). Fields go into the arrays of the previous repetition (kept in `out`), as the
 * pool recycles its buffers and a game would: the first touch of new memory is not the kernel's time.
 */
function runMain(
  grid: Grid,
  kernel: KernelId,
  goal: { x: number; y: number },
  input: SetBenchInput | null,
  out: FieldOut,
) {
  if (kernel === 'scent') scentMap(grid, [{ ...goal, strength: grid.width * 2 }], { neighbors: 4 });
  else if (kernel === 'set-fields')
    buildSetFields(grid, (input as SetBenchInput).sets, { maxCells: BENCH_MAX_SET_FIELD_CELLS });
  else if (kernel === 'steps' || kernel === 'octile' || kernel === 'weighted') {
    const field = computeField(grid, { goals: [goal], metric: kernel, out });
    out.cost = field.cost;
    out.dir = field.dir;
  }
}

async function runWorker(
  service: FieldService,
  grid: Grid,
  kernel: KernelId,
  goal: { x: number; y: number },
  signal: AbortSignal,
): Promise<unknown> {
  if (kernel === 'scent') {
    const sources = [{ ...goal, strength: grid.width * 2 }];
    const map = await service.run('scentMap', { grid, sources, options: { neighbors: 4 } }, { signal });
    // PERF: recycle the output buffer for the next repetition, as a game would.
    service.release(map);
    return map;
  }
  const field = await service.computeField(grid, {
    goals: [goal],
    metric: kernel === 'steps' || kernel === 'octile' || kernel === 'weighted' ? kernel : 'steps',
    signal,
  });
  // PERF: recycle the output buffers for the next repetition, as a game would.
  service.release(field);
  return field;
}

/**
 * The octile fields the flow kernel smooths, one per goal, computed before the timed runs (on this thread, or in
 * the pool when `service` is given: its flows then read them on shared memory).
 */
async function flowFields(
  grid: Grid,
  goals: readonly { x: number; y: number }[],
  service: FieldService | null,
  signal: AbortSignal,
): Promise<Field[]> {
  if (!service) return goals.map((g) => computeField(grid, { goals: [g] }));
  return Promise.all(goals.map((g) => service.computeField(grid, { goals: [g], signal })));
}

/**
 * One timed repetition of the flow kernel: a flow per field; on this thread into the arrays of the previous
 * repetition (kept in `out`), in the pool into its recycled buffers.
 */
async function runFlows(
  grid: Grid,
  fields: readonly Field[],
  service: FieldService | null,
  out: FlowOut,
  signal: AbortSignal,
): Promise<void> {
  if (!service) {
    const flow = computeFlow(grid, fields[0] as Field, { out });
    out.vx = flow.vx;
    out.vy = flow.vy;
    out.anchor = flow.anchor;
    return;
  }
  await Promise.all(
    fields.map(async (field) => {
      const flow = await service.computeFlow(grid, field, { signal });
      // PERF: the pooled buffers go back for the next repetition, as a game would recycle them.
      service.release(flow);
    }),
  );
}

function cancelled(): DOMException {
  return new DOMException('benchmark cancelled', 'AbortError');
}

/** Options of {@link runBench}. */
export interface RunBenchOptions {
  /** Makes the frame scheduler of the flank search. Default: createFrameScheduler with a 4 ms budget. */
  createScheduler?: () => FrameScheduler;
  /** The studio's address, for the shipped Moving AI maps (see studioBase). */
  base?: string;
}

/**
 * Runs the field kernels: for each map and kernel, a single thread (one field per repetition, on the thread that
 * runs this: the bench's worker) and each worker count (one field per worker per repetition, all at once;
 * per-set fields split over the workers; the flank search's two fields in the pool and its search on this
 * thread's frame scheduler). Yields between runs so messages (progress) go out. Per-set fields past
 * {@link BENCH_MAX_SET_FIELD_CELLS} are reported as refused rows.
 */
export async function runBench(
  config: BenchConfig,
  maps: readonly BenchMapSpec[],
  createService: (workers: number) => Promise<FieldService>,
  onProgress: (p: BenchProgress) => void,
  onResult: (r: BenchResult) => void,
  signal: AbortSignal,
  options: RunBenchOptions = {},
): Promise<void> {
  const executors: ('main' | number)[] = [...(config.mainThread ? ['main' as const] : []), ...config.workerCounts];
  const perRun = config.reps + config.warmup;
  const total = Math.max(1, maps.length * config.kernels.length * executors.length * perRun);
  let done = 0;
  for (const spec of maps) {
    for (const kernel of config.kernels) {
      if (signal.aborted) throw cancelled();
      onProgress({
        fraction: done / total,
        label: `loading ${spec.kind === 'generated' ? `${spec.size}x${spec.size} ${spec.generator}` : spec.name}`,
      });
      await nextTask();
      const map = await loadBenchMap(spec, kernel === 'weighted', signal, options.base);
      done = await runKernel(
        map,
        kernel,
        executors,
        config,
        createService,
        onProgress,
        onResult,
        signal,
        options,
        done,
        total,
      );
    }
  }
  onProgress({ fraction: 1, label: 'done' });
}

/** Runs one kernel on one map on every executor; returns the repetitions done so far. */
async function runKernel(
  map: BenchMap,
  kernel: KernelId,
  executors: readonly ('main' | number)[],
  config: BenchConfig,
  createService: (workers: number) => Promise<FieldService>,
  onProgress: (p: BenchProgress) => void,
  onResult: (r: BenchResult) => void,
  signal: AbortSignal,
  options: RunBenchOptions,
  doneBefore: number,
  total: number,
): Promise<number> {
  const { grid } = map;
  const perRun = config.reps + config.warmup;
  const setKernel = kernel === 'set-fields' || kernel === 'flank';
  const input = setKernel ? setBenchInput(grid) : null;
  const scheduler =
    kernel === 'flank'
      ? (options.createScheduler ?? (() => createFrameScheduler({ budgetMs: BENCH_FRAME_BUDGET_MS })))()
      : null;
  let done = doneBefore;
  for (const executor of executors) {
    if (signal.aborted) throw cancelled();
    const batch =
      kernel === 'set-fields'
        ? (input as SetBenchInput).sets.count
        : kernel === 'flank' || executor === 'main'
          ? 1
          : executor;
    const goals = benchGoals(grid, setKernel ? 1 : batch);
    const samples: number[] = [];
    let longest = 0;
    let slices = 0;
    const service = executor === 'main' ? null : await createService(executor);
    let refused: string | null = null;
    const start = done;
    const flowOut: FlowOut = {};
    const fieldOut: FieldOut = {};
    try {
      const fields = kernel === 'flow' ? await flowFields(grid, goals, service, signal) : [];
      for (let r = 0; r < perRun; r++) {
        if (signal.aborted) throw cancelled();
        const where = executor === 'main' ? 'single thread' : `${executor} worker${executor > 1 ? 's' : ''}`;
        onProgress({
          fraction: done / total,
          label: `${kernel} ${map.size} ${map.name}, ${where}, run ${r + 1}/${perRun}`,
        });
        await nextTask();
        const t0 = performance.now();
        if (kernel === 'flank') {
          const run = await runFlank(grid, input as SetBenchInput, scheduler as FrameScheduler, service, signal);
          if (r >= config.warmup) {
            longest = Math.max(longest, run.longest);
            slices = run.slices;
          }
        } else if (kernel === 'flow') await runFlows(grid, fields, service, flowOut, signal);
        else if (kernel === 'set-fields' && service)
          await buildSetFieldsInPool(service, grid, (input as SetBenchInput).sets, {
            maxCells: BENCH_MAX_SET_FIELD_CELLS,
            signal,
          });
        else if (service) await Promise.all(goals.map((g) => runWorker(service, grid, kernel, g, signal)));
        else runMain(grid, kernel, goals[0] ?? { x: 0, y: 0 }, input, fieldOut);
        const elapsed = performance.now() - t0;
        if (r >= config.warmup) samples.push(elapsed);
        done++;
      }
    } catch (error) {
      // Per-set fields past the memory limit: core refuses before allocating; report the row, go on.
      if (!(error instanceof GridTooLargeError)) throw error;
      refused = error.message;
      done = start + perRun;
    } finally {
      await service?.close();
    }
    if (refused !== null) {
      onResult(refusedResult(map, kernel, executor, refused));
      continue;
    }
    const result = summarize(map, kernel, executor, batch, samples);
    onResult(kernel === 'flank' ? { ...result, longestSliceMs: longest, slices } : result);
  }
  return done;
}
