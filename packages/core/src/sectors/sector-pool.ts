/**
 * The main-thread half of the sector graph work in a worker pool: cuts the build into bands of sectors per
 * phase, plans and fills corridor fields, and updates graphs, through any runner that has the kernels (the
 * FieldService of ../service does). The main thread only allocates arrays and sums progress: O(sectors) at
 * most, never a search. This file does not import the service; the worker half is ./sector-pool-kernel.ts.
 */
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { Goal } from '../fields/types.js';
import { Grid } from '../grid/grid.js';
import { gridIsShared } from './build.js';
import { writeHeader } from './build-phases.js';
import { CorridorField, type CorridorFieldOptions } from './corridor-field.js';
import {
  allocateSectorArrays,
  float32Array,
  H_GRID_VERSION,
  H_LANDMARK_REVISION,
  H_LANDMARK_STRIDE,
  H_LANDMARKS,
  H_REVISION,
  HEADER_LENGTH,
  int32Array,
  type SectorGraphData,
} from './sector-data.js';
import { SectorGraph } from './sector-graph.js';
import { resolveSectorOptions, type SectorGraphOptions } from './sector-options.js';
import type {
  SectorBuildArgs,
  SectorCorridorFillArgs,
  SectorCorridorPlan,
  SectorCorridorPlanArgs,
  SectorNodeArrays,
  SectorUpdateArgs,
  SectorUpdateResult,
} from './sector-pool-kernel.js';
import type { SectorUpdate } from './update.js';

/** Per-call options of the pool functions. */
export interface SectorPoolJobOptions {
  /**
   * Aborting aborts every job of the call; the promise rejects with AbortError.
   * @defaultValue undefined (meaning the call cannot be aborted)
   */
  signal?: AbortSignal;
  /**
   * Progress: `done` of `total` units (sectors for builds, tiles for corridor fields), polled per frame.
   * @defaultValue undefined (meaning no progress reports)
   */
  onProgress?: (done: number, total: number) => void;
}

/** What the pool functions need of a worker pool: its size and a way to run the sector kernels. */
export interface SectorRunner {
  /** Number of workers. */
  readonly size: number;
  run(
    name: 'sectorBuild',
    args: SectorBuildArgs,
    options?: SectorPoolJobOptions,
  ): Promise<SectorNodeArrays | Int32Array | number>;
  run(
    name: 'sectorCorridorPlan',
    args: SectorCorridorPlanArgs,
    options?: SectorPoolJobOptions,
  ): Promise<SectorCorridorPlan>;
  run(name: 'sectorCorridorFill', args: SectorCorridorFillArgs, options?: SectorPoolJobOptions): Promise<number>;
  run(name: 'sectorUpdate', args: SectorUpdateArgs, options?: SectorPoolJobOptions): Promise<SectorUpdateResult>;
}

/** Options of {@link buildSectorGraphInPool}. */
export interface SectorPoolOptions extends SectorGraphOptions {
  /**
   * Jobs per worker in each parallel phase (bands of sectors), for balance. An integer >= 1.
   * @defaultValue 4
   */
  jobsPerWorker?: number;
}

/** An AbortController that follows `outer`; `done` removes the listener. */
function linkedAbort(outer: AbortSignal | undefined): { controller: AbortController; done: () => void } {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener('abort', onAbort, { once: true });
  return { controller, done: () => outer?.removeEventListener('abort', onAbort) };
}

function assertSharedGrid(grid: unknown): asserts grid is Grid {
  if (!(grid instanceof Grid)) throw new InvalidOptionError('grid', grid, 'a Grid');
  if (!gridIsShared(grid))
    throw new InvalidOptionError('grid', 'a grid in an ArrayBuffer', 'a grid in a SharedArrayBuffer');
}

/**
 * Builds a sector graph in the worker pool: the same graph as {@link buildSectorGraph} (bit for bit), its phases
 * cut into bands of sectors run in parallel. The main thread only allocates and adds up progress.
 * `onProgress` counts sectors labelled plus sectors built (`total` = 2 x sectors). Aborting rejects with
 * AbortError. `grid` must live in a SharedArrayBuffer; the graph's arrays are shared too.
 */
export async function buildSectorGraphInPool(
  runner: SectorRunner,
  grid: Grid,
  options: SectorPoolOptions = {},
  jobOptions: SectorPoolJobOptions = {},
): Promise<SectorGraph> {
  assertSharedGrid(grid);
  const rules = resolveSectorOptions(options);
  const jobsPerWorker = options.jobsPerWorker ?? 4;
  if (!(Number.isInteger(jobsPerWorker) && jobsPerWorker >= 1))
    throw new OutOfRangeError('jobsPerWorker', jobsPerWorker, 'an integer >= 1');
  const sectorsX = Math.ceil(grid.width / rules.size);
  const sectorsY = Math.ceil(grid.height / rules.size);
  const sectors = sectorsX * sectorsY;
  const data = allocateSectorArrays(sectors, rules.size, true);
  writeHeader(data, grid, rules, grid.version);
  const counts = int32Array(sectors, true);
  const jobs = Math.max(1, Math.min(sectors, runner.size * jobsPerWorker));
  const { controller, done } = linkedAbort(jobOptions.signal);
  const progress = new Float64Array(2 * jobs);
  const report = jobOptions.onProgress;
  const sum = () => progress.reduce((a, b) => a + b, 0);
  // One phase over all bands; `slot` is where its progress is kept (0 labels, 1 sectors, -1 none).
  const phase = (name: SectorBuildArgs['phase'], slot: number) =>
    Promise.all(
      Array.from({ length: jobs }, (_, j) => {
        const first = Math.floor((sectors * j) / jobs);
        const last = Math.floor((sectors * (j + 1)) / jobs);
        const onProgress =
          report && slot >= 0
            ? (d: number) => {
                progress[slot * jobs + j] = d;
                report(sum(), 2 * sectors);
              }
            : undefined;
        return runner.run(
          'sectorBuild',
          { grid, data, phase: name, first, last, counts },
          { signal: controller.signal, ...(onProgress && { onProgress }) },
        );
      }),
    ).then(() => {
      if (slot < 0 || !report) return;
      for (let j = 0; j < jobs; j++) {
        progress[slot * jobs + j] = Math.floor((sectors * (j + 1)) / jobs) - Math.floor((sectors * j) / jobs);
      }
      report(sum(), 2 * sectors);
    });
  const single = (name: SectorBuildArgs['phase']) =>
    runner.run(
      'sectorBuild',
      { grid, data, phase: name, first: 0, last: sectors, counts },
      { signal: controller.signal },
    );
  try {
    await phase('labels', 0);
    await phase('count', -1);
    const arrays = (await single('layout')) as SectorNodeArrays;
    Object.assign(data, arrays);
    await phase('sectors', 1);
    await phase('link', -1);
    await single('components');
    await landmarksInPool(runner, grid, data, controller.signal);
  } catch (error) {
    controller.abort();
    throw error;
  } finally {
    done();
  }
  return SectorGraph.from(grid, data);
}

/**
 * Computes the graph's landmarks in the pool, one job per landmark, into a new array that replaces the old one
 * when every job is done; they are valid for the revision the graph had when they were picked.
 */
async function landmarksInPool(runner: SectorRunner, grid: Grid, data: SectorGraphData, signal: AbortSignal) {
  const h = data.header;
  const revision = h[H_REVISION] as number;
  const counts = int32Array(0, true);
  const picked = (await runner.run(
    'sectorBuild',
    { grid, data, phase: 'pick', first: 0, last: 0, counts },
    { signal },
  )) as Int32Array;
  const stride = data.nodeTile.length;
  const fresh: SectorGraphData = { ...data, landmarkCost: float32Array(picked.length * stride, true) };
  fresh.header = int32Array(HEADER_LENGTH, true);
  fresh.header.set(h);
  fresh.header[H_LANDMARK_STRIDE] = stride;
  await Promise.all(
    Array.from(picked, (node, slot) =>
      runner.run(
        'sectorBuild',
        { grid, data: fresh, phase: 'landmark', first: 0, last: 0, counts, landmark: { slot, node } },
        { signal },
      ),
    ),
  );
  data.landmarkCost = fresh.landmarkCost;
  h[H_LANDMARK_STRIDE] = stride;
  h[H_LANDMARKS] = picked.length;
  h[H_LANDMARK_REVISION] = revision;
}

/**
 * Computes the landmarks of the route search again in the pool (an update leaves them stale; see
 * `SectorGraph.refreshLandmarks`). Queries keep working meanwhile, with the distance bound alone. If the graph
 * is updated before the jobs end, the new landmarks are stale at once (and unused).
 */
export async function refreshLandmarksInPool(
  runner: SectorRunner,
  graph: SectorGraph,
  jobOptions: SectorPoolJobOptions = {},
): Promise<void> {
  if (!(graph instanceof SectorGraph)) throw new InvalidOptionError('graph', graph, 'a SectorGraph');
  assertSharedGrid(graph.grid);
  const { controller, done } = linkedAbort(jobOptions.signal);
  try {
    await landmarksInPool(runner, graph.grid, graph.data, controller.signal);
  } finally {
    done();
  }
}

/**
 * Brings the graph up to its grid's version in a worker: the worker updates a copy of the graph's arrays (as
 * `SectorGraph.update` would) and the main thread swaps them in (a handful of assignments), so queries on this
 * thread never see a half-updated graph; then, unless `landmarks` is false, the landmarks are computed again in
 * the pool (see {@link refreshLandmarksInPool}). Resolves to what the update did. Meanwhile do not call
 * `update()` on the graph; queries may run (they see the old graph, or update it themselves if the grid
 * changed).
 * @param jobOptions.landmarks - Recompute the landmarks after the update. Default: true.
 */
export async function updateSectorGraphInPool(
  runner: SectorRunner,
  graph: SectorGraph,
  jobOptions: SectorPoolJobOptions & { landmarks?: boolean } = {},
): Promise<SectorUpdate> {
  if (!(graph instanceof SectorGraph)) throw new InvalidOptionError('graph', graph, 'a SectorGraph');
  assertSharedGrid(graph.grid);
  if (graph.gridVersion === graph.grid.version) return { full: false, sectors: 0, components: false };
  const { data, update } = await runner.run('sectorUpdate', { grid: graph.grid, data: graph.data }, jobOptions);
  // Keep the newer graph if this thread updated it meanwhile.
  if ((data.header[H_GRID_VERSION] as number) >= graph.gridVersion) {
    Object.assign(graph.data, data);
    if (jobOptions.landmarks ?? true) await refreshLandmarksInPool(runner, graph, jobOptions);
  }
  return update;
}

/** Options of {@link corridorFieldInPool}. */
export interface CorridorPoolJobOptions extends SectorPoolJobOptions {
  /**
   * Called with the field once its corridor is known and its arrays exist, before they are filled.
   * @defaultValue undefined (meaning no call)
   */
  onStart?: (field: CorridorField) => void;
}

/**
 * `SectorGraph.corridorField` in the pool: one job plans the corridor (the backward route search) and makes the
 * field's shared arrays (Infinity and 255 at first; `onStart` hears about them, so a display can watch them
 * fill), a second job fills them. `onProgress` counts settled tiles. A graph older than its grid is updated in the
 * pool first.
 */
export async function corridorFieldInPool(
  runner: SectorRunner,
  graph: SectorGraph,
  goal: Goal,
  starts: ArrayLike<number>,
  options: CorridorFieldOptions = {},
  jobOptions: CorridorPoolJobOptions = {},
): Promise<CorridorField> {
  if (!(graph instanceof SectorGraph)) throw new InvalidOptionError('graph', graph, 'a SectorGraph');
  assertSharedGrid(graph.grid);
  const { signal } = jobOptions;
  if (graph.gridVersion !== graph.grid.version)
    await updateSectorGraphInPool(runner, graph, { ...(signal && { signal }) });
  const grid = graph.grid;
  const plan = await runner.run(
    'sectorCorridorPlan',
    { grid, data: graph.data, goal, starts, options },
    { ...(signal && { signal }) },
  );
  const data = plan.field;
  const field = new CorridorField(data);
  jobOptions.onStart?.(field);
  await runner.run(
    'sectorCorridorFill',
    { grid, data: graph.data, field: data, value: plan.value, maxCost: plan.maxCost },
    jobOptions,
  );
  return field;
}
