/**
 * The main-thread half of the sector graph work in a worker pool: cuts the build into bands of sectors per
 * phase, plans and fills corridor fields, and updates graphs, through any {@link JobRunner} (a FieldService in
 * any mode). The main thread only allocates arrays and sums progress: O(sectors) at most, never a search. The
 * graph's arrays are on shared memory where the runner shares memory, ordinary arrays elsewhere (the job layer
 * then carries them). This file does not import the service; the worker half is ./sector-jobs.ts.
 */
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { Goal } from '../fields/types.js';
import { checkGrid } from '../grid/check-grid.js';
import type { Grid } from '../grid/grid.js';
import { sharesMemory } from '../jobs/arrays.js';
import type { JobRunner } from '../jobs/job-spec.js';
import { bare, ownOptions } from '../util/own-options.js';
import { writeHeader } from './build-phases.js';
import { CorridorField, type CorridorFieldOptions, checkCorridorArgs } from './corridor-field.js';
import { CURSOR_DEAREST } from './pool-claim.js';
import { CLAIM_CHUNK, inFlight, linkedAbort, newClaim } from './pool-flight.js';
import {
  allocateSectorArrays,
  float32Array,
  graphGridVersion,
  H_LANDMARK_REVISION,
  H_LANDMARK_STRIDE,
  H_LANDMARKS,
  H_REVISION,
  HEADER_LENGTH,
  int32Array,
  type SectorGraphData,
} from './sector-data.js';
import { graphOf, SectorGraph } from './sector-graph.js';
import {
  type SectorBuildArgs,
  type SectorNodeArrays,
  sectorBuildJob,
  sectorCorridorFillJob,
  sectorCorridorJob,
  sectorCorridorPlanJob,
  sectorUpdateJob,
} from './sector-jobs.js';
import { resolveSectorOptions, type SectorGraphOptions } from './sector-options.js';
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

/** Options of {@link buildSectorGraphInPool}: the graph's options, `signal`, `onProgress` and the pool's own. */
export interface SectorPoolOptions extends SectorGraphOptions, SectorPoolJobOptions {
  /**
   * Jobs per worker in each parallel phase (bands of sectors), for balance, where the workers do not share
   * memory. An integer >= 1. Where they do, each phase runs one job per worker, and the jobs take the phase's
   * sectors a few at a time from a shared counter until none are left (no bands, no round trips between them);
   * a pool of one worker runs the whole build as one job.
   * @defaultValue 4 (1 for a pool of one worker, which has nothing to balance: each further band costs a round
   *   trip to the worker, which then waits for its next job)
   */
  jobsPerWorker?: number;
}

/** Job options read once, own properties only, checked. */
interface PoolJob {
  signal: AbortSignal | undefined;
  onProgress: ((done: number, total: number) => void) | undefined;
  onStart: ((field: CorridorField) => void) | undefined;
  landmarks: boolean;
}

/**
 * Reads and checks the job options of a pool function (own properties only). `onProgress` is wrapped: an error
 * it throws is kept in `failure` (the call then rejects with it once its jobs have stopped) instead of escaping
 * from a progress poll, where nothing could catch it.
 * @throws InvalidOptionError naming the bad option.
 */
function readPoolJob(
  options: unknown,
  failure: { error?: unknown; abort?: () => void },
  readLandmarks = false,
): PoolJob {
  const own = ownOptions(options as CorridorPoolJobOptions & { landmarks?: boolean }, 'options');
  const { signal, onProgress, onStart } = own;
  if (
    signal !== undefined &&
    (signal === null ||
      typeof signal !== 'object' ||
      typeof signal.addEventListener !== 'function' ||
      typeof signal.removeEventListener !== 'function')
  )
    throw new InvalidOptionError('signal', signal, 'an AbortSignal');
  if (onProgress !== undefined && typeof onProgress !== 'function')
    throw new InvalidOptionError('onProgress', onProgress, 'a function (done, total)');
  if (onStart !== undefined && typeof onStart !== 'function')
    throw new InvalidOptionError('onStart', onStart, 'a function (field)');
  // `landmarks` is the update's flag; for a build it is the graph's landmark count (read by the build's options).
  const landmarks = readLandmarks ? (own.landmarks ?? true) : true;
  if (typeof landmarks !== 'boolean') throw new InvalidOptionError('landmarks', landmarks, 'true or false');
  const report =
    onProgress &&
    ((done: number, total: number) => {
      if (failure.error !== undefined) return;
      try {
        onProgress(done, total);
      } catch (error) {
        failure.error = error ?? new Error('onProgress threw');
        failure.abort?.();
      }
    });
  return { signal, onProgress: report, onStart, landmarks };
}

/** Throws InvalidOptionError unless `runner` has a `submit` method and a `size` from 1 up. */
function checkRunner(runner: unknown): asserts runner is JobRunner {
  if (runner === null || typeof runner !== 'object')
    throw new InvalidOptionError('runner', runner, 'a worker pool with submit() and size (a FieldService)');
  const r = runner as JobRunner;
  if (typeof r.submit !== 'function') throw new InvalidOptionError('runner.submit', r.submit, 'a function');
  if (!Number.isInteger(r.size) || r.size < 1) throw new OutOfRangeError('runner.size', r.size, 'an integer >= 1');
}

/**
 * True for a pool of one worker: its phases run as one job each (the worker never waits for the main thread
 * between bands). Not the `main-thread` mode, where each band is a task of its own and shorter bands keep the
 * thread responsive.
 */
function soleWorker(runner: JobRunner): boolean {
  return runner.size === 1 && runner.mode !== 'main-thread';
}

/**
 * Builds a sector graph in the worker pool: the same graph as {@link buildSectorGraph} (bit for bit), its phases
 * run in parallel: over shared memory, one job per worker per phase, the jobs taking sectors (and landmarks) from
 * a shared counter as they go; elsewhere, bands of sectors. A pool of one worker over shared memory runs the
 * whole build as one job. The main thread only allocates and adds up progress.
 * `onProgress` counts sectors labelled plus sectors built (`total` = 2 x sectors). Aborting rejects with
 * AbortError. Any grid will do; the graph's arrays are shared where the runner shares memory.
 */
export async function buildSectorGraphInPool(
  runner: JobRunner,
  grid: Grid,
  options: SectorPoolOptions = {},
): Promise<SectorGraph> {
  checkRunner(runner);
  checkGrid(grid);
  const rules = resolveSectorOptions(options);
  const jobsPerWorker = ownOptions(options, 'options').jobsPerWorker ?? (soleWorker(runner) ? 1 : 4);
  const failure: { error?: unknown; abort?: () => void } = {};
  const job = readPoolJob(options, failure);
  if (!(Number.isInteger(jobsPerWorker) && jobsPerWorker >= 1))
    throw new OutOfRangeError('jobsPerWorker', jobsPerWorker, 'an integer >= 1');
  const sectorsX = Math.ceil(grid.width / rules.size);
  const sectorsY = Math.ceil(grid.height / rules.size);
  const sectors = sectorsX * sectorsY;
  const shared = sharesMemory(runner.mode);
  const data = allocateSectorArrays(sectors, rules.size, shared);
  writeHeader(data, grid, rules, grid.version);
  const counts = int32Array(sectors, shared);
  const jobs = Math.max(1, Math.min(sectors, runner.size * jobsPerWorker));
  const { controller, done } = linkedAbort(job.signal);
  failure.abort = () => controller.abort();
  const progress = new Float64Array(2 * jobs);
  const report = job.onProgress;
  const sum = () => progress.reduce((a, b) => a + b, 0);
  // One phase over all bands; `slot` is where its progress is kept (0 labels, 1 sectors, -1 none).
  // Results of the jobs of the last phase that had a tail (see SectorClaim.after): the one that is not a number.
  let made: unknown;
  // The claim counter of the last phase (over shared memory).
  let cursor: Int32Array | undefined;
  const phase = async (
    name: keyof typeof CLAIM_CHUNK,
    slot: number,
    after?: 'count' | 'link',
    tail?: 'layout' | 'components',
  ) => {
    // Over shared memory: one job per worker, each taking sectors from the phase's counter (its progress is the
    // sectors it did), then those of `after` once every sector is done, then the `tail`: the layout in the job
    // that finishes last, or the components by every job (the landmarks' pick in the job that finishes last).
    // Otherwise bands of sectors.
    const claim = newClaim(runner, CLAIM_CHUNK[name], tail);
    if (claim && after) claim.after = { phase: after, chunk: CLAIM_CHUNK[after], ...(tail && { tail }) };
    const count = claim ? Math.min(runner.size, jobs) : jobs;
    made = undefined;
    cursor = claim?.cursor;
    await inFlight(count, runner.size, async (j) => {
      const first = claim ? 0 : Math.floor((sectors * j) / jobs);
      const last = claim ? sectors : Math.floor((sectors * (j + 1)) / jobs);
      const onProgress =
        report && slot >= 0
          ? (d: number) => {
              progress[slot * jobs + j] = d;
              report(sum(), 2 * sectors);
            }
          : undefined;
      const value = await runner.submit(
        sectorBuildJob,
        { grid, data, phase: name, first, last, counts, ...(claim && { claim }) },
        bare({ signal: controller.signal, ...(onProgress && { onProgress }) }),
      );
      if (typeof value !== 'number') made = value;
    });
    if (slot < 0 || !report) return;
    for (let j = 0; j < jobs; j++) {
      progress[slot * jobs + j] = Math.floor((sectors * (j + 1)) / jobs) - Math.floor((sectors * j) / jobs);
    }
    report(sum(), 2 * sectors);
  };
  const single = (name: SectorBuildArgs['phase']) =>
    runner.submit(
      sectorBuildJob,
      { grid, data, phase: name, first: 0, last: sectors, counts },
      bare({ signal: controller.signal }),
    );
  // A pool of one worker over shared memory: the whole build in one job, as on one thread (each phase boundary
  // would cost a round trip through this thread while the worker waits).
  const whole = async () => {
    const onProgress = report && ((d: number) => report(d, 2 * sectors));
    const arrays = (await runner.submit(
      sectorBuildJob,
      { grid, data, phase: 'all', first: 0, last: sectors, counts },
      bare({ signal: controller.signal, ...(onProgress && { onProgress }) }),
    )) as SectorNodeArrays;
    Object.assign(data, arrays);
    report?.(2 * sectors, 2 * sectors);
  };
  try {
    if (soleWorker(runner) && runner.mode === 'shared') await whole();
    else {
      if (runner.mode === 'shared') {
        // Labels, counts and the layout; sectors, links, components and the landmarks' pick: two rounds of jobs
        // (only the layout and the pick in one job of a round).
        await phase('labels', 0, 'count', 'layout');
        Object.assign(data, made as SectorNodeArrays);
        await phase('sectors', 1, 'link', 'components');
        // The jobs found the landmarks' ring as they built the sectors.
        const dearest = cursor?.[CURSOR_DEAREST] ?? 0;
        await landmarksInPool(
          runner,
          grid,
          data,
          controller.signal,
          made as Int32Array,
          dearest > 0 ? dearest + 2 : undefined,
        );
      } else {
        await phase('labels', 0);
        await phase('count', -1);
        Object.assign(data, (await single('layout')) as SectorNodeArrays);
        await phase('sectors', 1);
        await phase('link', -1);
        // The components, then the landmarks picked in the same job.
        const picked = (await runner.submit(
          sectorBuildJob,
          { grid, data, phase: 'components', first: 0, last: sectors, counts, pick: true },
          bare({ signal: controller.signal }),
        )) as Int32Array;
        await landmarksInPool(runner, grid, data, controller.signal, picked);
      }
    }
  } catch (error) {
    controller.abort();
    throw failure.error ?? error;
  } finally {
    done();
  }
  if (failure.error !== undefined) throw failure.error;
  return graphOf(grid, data);
}

/**
 * Computes the graph's landmarks in the pool (picked by a job, unless `chosen` are their nodes, picked for the
 * graph as it is), into a new array that replaces the old one when every job is done; they are valid for the
 * revision the graph had when they were picked. `ring` is the landmarks' bucket ring when the build's jobs found it
 * (each landmark job otherwise makes a pass over the costs for it).
 */
async function landmarksInPool(
  runner: JobRunner,
  grid: Grid,
  data: SectorGraphData,
  signal: AbortSignal,
  chosen?: Int32Array,
  ring?: number,
) {
  const h = data.header;
  const revision = h[H_REVISION] as number;
  const shared = sharesMemory(runner.mode);
  const counts = int32Array(0, shared);
  const picked =
    chosen ??
    ((await runner.submit(
      sectorBuildJob,
      { grid, data, phase: 'pick', first: 0, last: 0, counts },
      bare({ signal }),
    )) as Int32Array);
  const stride = data.nodeTile.length;
  const fresh: SectorGraphData = { ...data, landmarkCost: float32Array(picked.length * stride, shared) };
  fresh.header = int32Array(HEADER_LENGTH, shared);
  fresh.header.set(h);
  fresh.header[H_LANDMARK_STRIDE] = stride;
  const claim = newClaim(runner, 1);
  if (claim) {
    // One job per worker (at most one per landmark), each taking landmarks from the counter.
    const nodes = int32Array(picked.length, true);
    nodes.set(picked);
    const base = { grid, data: fresh, phase: 'landmark' as const, first: 0, last: picked.length, counts };
    await inFlight(Math.min(runner.size, picked.length), runner.size, () =>
      runner.submit(
        sectorBuildJob,
        { ...base, picked: nodes, claim, ...(ring !== undefined && { ring }) },
        bare({ signal }),
      ),
    );
  } else {
    await landmarkJobs(runner, grid, fresh, counts, picked, signal);
  }
  data.landmarkCost = fresh.landmarkCost;
  h[H_LANDMARK_STRIDE] = stride;
  h[H_LANDMARKS] = picked.length;
  h[H_LANDMARK_REVISION] = revision;
}

/** One job per landmark (where the workers do not share memory). */
async function landmarkJobs(
  runner: JobRunner,
  grid: Grid,
  fresh: SectorGraphData,
  counts: Int32Array,
  picked: Int32Array,
  signal: AbortSignal,
): Promise<void> {
  await inFlight(picked.length, runner.size, (slot) =>
    runner.submit(
      sectorBuildJob,
      {
        grid,
        data: fresh,
        phase: 'landmark',
        first: 0,
        last: 0,
        counts,
        landmark: { slot, node: picked[slot] as number },
      },
      bare({ signal }),
    ),
  );
}

/**
 * Computes the landmarks of the route search again in the pool (an update leaves them stale; see
 * `SectorGraph.refreshLandmarks`). Queries keep working meanwhile, with the distance bound alone. If the graph
 * is updated before the jobs end, the new landmarks are stale at once (and unused).
 */
export async function refreshLandmarksInPool(
  runner: JobRunner,
  graph: SectorGraph,
  options: SectorPoolJobOptions = {},
): Promise<void> {
  checkRunner(runner);
  if (!(graph instanceof SectorGraph)) throw new InvalidOptionError('graph', graph, 'a SectorGraph');
  const job = readPoolJob(options, {});
  const { controller, done } = linkedAbort(job.signal);
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
 * @param options.landmarks - Recompute the landmarks after the update. Default: true.
 */
export async function updateSectorGraphInPool(
  runner: JobRunner,
  graph: SectorGraph,
  options: SectorPoolJobOptions & { landmarks?: boolean } = {},
): Promise<SectorUpdate> {
  checkRunner(runner);
  if (!(graph instanceof SectorGraph)) throw new InvalidOptionError('graph', graph, 'a SectorGraph');
  const failure: { error?: unknown } = {};
  const job = readPoolJob(options, failure, true);
  if (graph.gridVersion === graph.grid.version) return { full: false, sectors: 0, components: false };
  const { data, update } = await runner.submit(
    sectorUpdateJob,
    { grid: graph.grid, data: graph.data },
    bare({ ...(job.signal && { signal: job.signal }), ...(job.onProgress && { onProgress: job.onProgress }) }),
  );
  if (failure.error !== undefined) throw failure.error;
  // Keep the newer graph if this thread updated it meanwhile.
  if (graphGridVersion(data.header) >= graph.gridVersion) {
    Object.assign(graph.data, data);
    if (job.landmarks) await refreshLandmarksInPool(runner, graph, bare({ ...(job.signal && { signal: job.signal }) }));
  }
  return update;
}

/** Options of {@link corridorFieldInPool}. */
export interface CorridorPoolJobOptions extends SectorPoolJobOptions {
  /**
   * Called with the field once its corridor is known and its arrays exist, before they are filled (Infinity and
   * 255 until then; a full field, `field.fullField`, is not filled with them first: read it once the promise
   * resolves). Only a runner that shares memory lets the arrays be watched while they fill; elsewhere it is
   * called with the filled field, right before the promise resolves.
   * @defaultValue undefined (meaning no call)
   */
  onStart?: (field: CorridorField) => void;
}

/**
 * `SectorGraph.corridorField` in the pool: one job plans the corridor (the backward route search) and makes the
 * field's shared arrays (Infinity and 255 at first; `onStart` hears about them, so a display can watch them
 * fill), a second job fills them (or computes one full field into them: see `fullFieldAbove`). Without shared
 * memory one job does both. `onProgress` counts settled tiles. A graph older than its grid is updated in the pool
 * first.
 */
export async function corridorFieldInPool(
  runner: JobRunner,
  graph: SectorGraph,
  goal: Goal,
  starts: ArrayLike<number>,
  options: CorridorFieldOptions & CorridorPoolJobOptions = {},
): Promise<CorridorField> {
  checkRunner(runner);
  if (!(graph instanceof SectorGraph)) throw new InvalidOptionError('graph', graph, 'a SectorGraph');
  const failure: { error?: unknown } = {};
  const job = readPoolJob(options, failure);
  const { signal } = job;
  const grid = graph.grid;
  // Checked here, so that a bad goal, start or option is refused with the planner's typed error before anything
  // is posted to a worker (and a value that cannot be cloned never reaches postMessage).
  const checked = checkCorridorArgs(grid, goal, starts, options);
  if (graph.gridVersion !== graph.grid.version)
    await updateSectorGraphInPool(runner, graph, bare({ ...(signal && { signal }) }));
  const fillOptions = bare({ ...(signal && { signal }), ...(job.onProgress && { onProgress: job.onProgress }) });
  if (!sharesMemory(runner.mode)) {
    // Without shared memory the field's arrays cannot be watched while they fill: one job plans and fills them,
    // and `onStart` hears about the finished field.
    const done = await runner.submit(sectorCorridorJob, { grid, data: graph.data, ...checked }, fillOptions);
    if (failure.error !== undefined) throw failure.error;
    const field = new CorridorField(done.field);
    job.onStart?.(field);
    return field;
  }
  const plan = await runner.submit(
    sectorCorridorPlanJob,
    { grid, data: graph.data, ...checked },
    bare({ ...(signal && { signal }) }),
  );
  const data = plan.field;
  const field = new CorridorField(data);
  job.onStart?.(field);
  await runner.submit(
    sectorCorridorFillJob,
    { grid, data: graph.data, field: data, value: plan.value, maxCost: plan.maxCost },
    fillOptions,
  );
  if (failure.error !== undefined) throw failure.error;
  return field;
}
