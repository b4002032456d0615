/**
 * The worker half of the sector graph work in a pool, as jobs (see ../jobs/job-spec.ts): `sectorBuild`,
 * `sectorCorridorPlan`, `sectorCorridorFill`, `sectorCorridor` and `sectorUpdate`, thin unpackings of the sector
 * phases over the graph's arrays. The main-thread half is ./sector-pool.ts. Neither imports the service (the
 * service imports this file, never the reverse).
 *
 * Where the workers cannot share memory, a worker keeps its copy of a graph's arrays between jobs while the
 * graph's revision holds (`keep`), and each build phase returns the elements it changed (`writes`, compared before
 * and after), which the job layer copies into the caller's arrays and on to the other workers.
 */
import type { Goal, KernelControl } from '../fields/types.js';
import type { Grid } from '../grid/grid.js';
import { defineJob, type KeepSpec, type WriteSpec } from '../jobs/job-spec.js';
import {
  buildSectors,
  computeComponents,
  contextOf,
  countEntrances,
  labelSectors,
  layoutSectors,
  linkSectors,
  type SectorContext,
} from './build-phases.js';
import { checkAbort, startWork } from './control.js';
import {
  allocateCorridorField,
  type CorridorFieldData,
  type CorridorFieldOptions,
  CorridorFieldQuery,
  fillCorridorField,
  planCorridor,
} from './corridor-field.js';
import { PathQuery } from './find-path.js';
import { computeLandmarks, dearestEdge, landmarkCosts, landmarkRing, pickLandmarks } from './landmarks.js';
import { awaitStage, CURSOR_DEAREST, claimed, raiseTo, type SectorClaim } from './pool-claim.js';
import { joinComponents, labelComponents, startComponents } from './pool-components.js';
import {
  float32Array,
  float64Array,
  H_LANDMARK_OPTION,
  H_LANDMARK_STRIDE,
  H_REVISION,
  int32Array,
  isShared,
  type SectorGraphData,
  uint16Array,
} from './sector-data.js';
import { type SectorUpdate, updateSectorGraph } from './update.js';

export type { SectorClaim } from './pool-claim.js';

/**
 * A phase of the pool build (build-phases.ts); `all` is the whole build in one job, as on one thread (a pool of one
 * worker over shared memory).
 */
export type SectorBuildPhase =
  | 'labels'
  | 'count'
  | 'layout'
  | 'sectors'
  | 'link'
  | 'components'
  | 'pick'
  | 'landmark'
  | 'all';

/** Arguments of the `sectorBuild` kernel: one phase over sectors [first, last). */
export interface SectorBuildArgs {
  /** The grid (on a SharedArrayBuffer). */
  grid: Grid;
  /** The graph's arrays (SharedArrayBuffers); `layout` returns new node arrays instead of writing them. */
  data: SectorGraphData;
  /** Which build phase to run. */
  phase: SectorBuildPhase;
  /** First sector of the job's band (inclusive). */
  first: number;
  /** End of the job's band (exclusive). */
  last: number;
  /** Entrances per sector (shared): written by `count`, read by `layout`. */
  counts: Int32Array;
  /**
   * `landmark`: the landmark's slot in `data.landmarkCost` and its node. The `landmark` phase needs it, or
   * `picked` and `claim`.
   * @defaultValue undefined (meaning unused by the other phases)
   */
  landmark?: { slot: number; node: number };
  /**
   * `landmark` with `claim`: the landmarks' nodes (slot l is `picked[l]`); the job computes the slots of
   * [first, last) it claims.
   * @defaultValue undefined (meaning one landmark, `landmark`)
   */
  picked?: Int32Array;
  /**
   * `landmark` with `claim`: the landmarks' ring (`landmarkRing` of the graph), as the jobs of the build found it.
   * @defaultValue undefined (meaning the job computes it)
   */
  ring?: number;
  /**
   * Over shared memory, the jobs of a phase take its work as they go: `labels`, `count`, `sectors` and `link`
   * sectors of [first, last), `landmark` landmark slots, `chunk` at a time from a shared counter, until none are
   * left. So a pool runs one such job per worker, and its workers finish a phase together, whatever each sector
   * costs (see sector-pool.ts). Which worker does a sector does not change what is written.
   * @defaultValue undefined (meaning the job does all of [first, last) itself)
   */
  claim?: SectorClaim;
  /**
   * `components`: then pick the landmarks, and return their nodes (as `pick` does), in the same job.
   * @defaultValue false
   */
  pick?: boolean;
}

/** The phases that run over bands of sectors. */
type BandPhase = 'labels' | 'count' | 'sectors' | 'link';

/** Runs band phase `phase` over sectors [first, last) (no control: the caller polls). Returns the tiles settled. */
function runBand(ctx: SectorContext, phase: BandPhase, first: number, last: number, counts: Int32Array): number {
  if (phase === 'labels') labelSectors(ctx, first, last);
  else if (phase === 'count') countEntrances(ctx, first, last, counts);
  else if (phase === 'sectors') return buildSectors(ctx, first, last);
  else linkSectors(ctx, first, last);
  return 0;
}

/** Node arrays made by the `layout` phase (and by `all`, with the landmarks' costs). */
export type SectorNodeArrays = Pick<SectorGraphData, 'nodeTile' | 'nodeRegion' | 'nodeComp' | 'nodeMates' | 'intra'> &
  Partial<Pick<SectorGraphData, 'landmarkCost'>>;

/** The arrays of `data` a build allocates in the worker (those of `layout`, and `landmarkCost` when `landmarks`). */
function madeArrays(data: SectorGraphData, landmarks: boolean): SectorNodeArrays {
  const arrays: SectorNodeArrays = {
    nodeTile: data.nodeTile,
    nodeRegion: data.nodeRegion,
    nodeComp: data.nodeComp,
    nodeMates: data.nodeMates,
    intra: data.intra,
  };
  if (landmarks) arrays.landmarkCost = data.landmarkCost;
  return arrays;
}

/**
 * The whole build of sectors [first, last) (every sector of the graph) in a row, as `buildSectorGraph` runs it, with
 * `control` polled as it goes: `done` counts sectors labelled, then `last - first` plus sectors built.
 */
function buildAll(ctx: SectorContext, first: number, last: number, counts: Int32Array, control: KernelControl) {
  const { data } = ctx;
  startWork(control, 2 * (last - first));
  labelSectors(ctx, first, last, control);
  countEntrances(ctx, first, last, counts, control);
  layoutSectors(data, counts);
  buildSectors(ctx, first, last, control, last - first);
  linkSectors(ctx, first, last, control);
  computeComponents(ctx, control);
  computeLandmarks(ctx, data.header[H_LANDMARK_OPTION] as number, control);
  return madeArrays(data, true);
}

/**
 * One build phase. `layout` returns the node arrays it allocated (their layout is written into `data`), `all`
 * those and the landmarks' costs, `pick` the landmarks' nodes; `landmark` fills one landmark's slot of
 * `data.landmarkCost`.
 */
export function runSectorBuild(args: SectorBuildArgs, control: KernelControl): SectorNodeArrays | Int32Array | number {
  const { grid, data, phase, first, last } = args;
  const ctx = contextOf(grid, data);
  // Every phase checks for a Cancel before it starts (and the long ones between sectors or buckets as they go).
  checkAbort(control);
  if (phase === 'layout') {
    layoutSectors(data, args.counts);
    return madeArrays(data, false);
  }
  if (phase === 'all') return buildAll(ctx, first, last, args.counts, control);
  if (phase === 'pick') return pickLandmarks(ctx, data.header[H_LANDMARK_OPTION] as number, control);
  const claim = args.claim;
  if (phase === 'landmark') {
    const stride = data.header[H_LANDMARK_STRIDE] as number;
    // The costs are node by node: as many per node as the array has room for.
    const count = Math.floor(data.landmarkCost.length / stride);
    if (claim !== undefined && args.picked !== undefined) {
      const picked = args.picked;
      // One pass over the costs for every landmark this job computes (none when the build's jobs found it).
      const ring = args.ring ?? landmarkRing(data);
      claimed(claim, first, last, control, (from, to) => {
        for (let l = from; l < to; l++)
          landmarkCosts(ctx, picked[l] as number, data.landmarkCost, l, count, control, ring);
        return 0;
      });
      return 0;
    }
    const { slot, node } = args.landmark as { slot: number; node: number };
    landmarkCosts(ctx, node, data.landmarkCost, slot, count, control);
    return 0;
  }
  if (phase === 'components') {
    startWork(control, last - first);
    computeComponents(ctx, control);
    return args.pick ? pickLandmarks(ctx, data.header[H_LANDMARK_OPTION] as number, control) : 0;
  }
  startWork(control, last - first);
  if (claim !== undefined) return runClaimed(ctx, args, claim, control);
  if (phase === 'labels') labelSectors(ctx, first, last, control);
  else if (phase === 'count') countEntrances(ctx, first, last, args.counts, control);
  else if (phase === 'sectors') return buildSectors(ctx, first, last, control);
  else linkSectors(ctx, first, last, control);
  return 0;
}

/**
 * A phase whose jobs take its sectors from `claim`'s counter, then those of `claim.after` (see
 * {@link SectorClaim}); the job that finishes the last sectors runs the tail.
 */
function runClaimed(
  ctx: SectorContext,
  args: SectorBuildArgs,
  claim: SectorClaim,
  control: KernelControl,
): SectorNodeArrays | Int32Array | number {
  const { data, first, last, counts } = args;
  const phase = args.phase as BandPhase;
  const after = claim.after;
  // With the components, the jobs start and join them as they build and link their sectors.
  const components = after?.tail === 'components';
  const run = claimed(claim, first, last, control, (from, to) => {
    const tiles = runBand(ctx, phase, from, to, counts);
    if (components) {
      startComponents(data, from, to);
      // The sectors' costs were just written (in the caches): the landmarks' ring from them.
      raiseTo(claim.cursor, CURSOR_DEAREST, dearestEdge(data, from, to));
    }
    return tiles;
  });
  if (after === undefined) return phase === 'sectors' ? run.sum : 0;
  awaitStage(claim, 0, last - first, control);
  const next = claimed(
    claim,
    first,
    last,
    control,
    (from, to) => {
      runBand(ctx, after.phase, from, to, counts);
      if (components) joinComponents(data, from, to);
      return 0;
    },
    1,
  );
  if (components) {
    // Every join done, each job labels the entrances of the sectors it takes; the last one picks the landmarks.
    if (!next.closed) awaitStage(claim, 1, last - first, control);
    const label = (from: number, to: number) => {
      labelComponents(data, from, to);
      return 0;
    };
    const labelled = claimed(claim, first, last, control, label, 2);
    return labelled.closed ? pickLandmarks(ctx, data.header[H_LANDMARK_OPTION] as number, control) : 0;
  }
  if (!next.closed || after.tail === undefined) return 0;
  // The last sectors of the second phase were this job's: every sector is counted, the layout is made here.
  layoutSectors(data, counts);
  return madeArrays(data, false);
}

/** Arguments of the `sectorCorridorPlan` kernel. */
export interface SectorCorridorPlanArgs {
  /** The grid (on a SharedArrayBuffer). */
  grid: Grid;
  /** The graph's arrays. */
  data: SectorGraphData;
  /** The field's goal tile and starting value. */
  goal: Goal;
  /** x, y pairs (share a big list: an Int32Array on a SharedArrayBuffer). */
  starts: ArrayLike<number>;
  /** Margin and range of the field. */
  options: CorridorFieldOptions;
}

/** The corridor planned in a worker: the field's arrays (shared, not filled yet), the goal's value and range. */
export interface SectorCorridorPlan {
  /** The field's arrays (shared; cost Infinity and dir 255 until filled, except a full field's: 0 until filled). */
  field: CorridorFieldData;
  /** The goal's starting value, in cost units. */
  value: number;
  /** The field's range, in cost units. */
  maxCost: number;
}

// Per-thread query scratch of the worker.
const pathQuery = new PathQuery();
const fieldQuery = new CorridorFieldQuery();

export function runSectorCorridorPlan(args: SectorCorridorPlanArgs): SectorCorridorPlan {
  const ctx = contextOf(args.grid, args.data);
  const goal = planCorridor(ctx, fieldQuery, pathQuery, args.goal, args.starts, args.options);
  const field = allocateCorridorField(ctx, fieldQuery.corridor, goal, isShared(args.data));
  fieldQuery.corridor.clear();
  // PERF: a full field is written whole by its fill (computeField's kernels); filling its map-sized arrays here
  // first would touch every page twice (about a second on 8192², most of a fresh field's page faults).
  if (!field.full) {
    field.cost.fill(Number.POSITIVE_INFINITY);
    field.dir.fill(255);
  }
  return { field, value: goal.value, maxCost: goal.maxCost };
}

/** Arguments of the `sectorCorridorFill` kernel: the field's shared arrays, filled in place. */
export interface SectorCorridorFillArgs {
  /** The grid (on a SharedArrayBuffer). */
  grid: Grid;
  /** The graph's arrays. */
  data: SectorGraphData;
  /** The field planned by `sectorCorridorPlan`. */
  field: CorridorFieldData;
  /** The goal's starting value, in cost units. */
  value: number;
  /** The field's range, in cost units. */
  maxCost: number;
}

export function runSectorCorridorFill(args: SectorCorridorFillArgs, control: KernelControl): number {
  return fillCorridorField(contextOf(args.grid, args.data), args.field, args, control);
}

/** Arguments of the `sectorUpdate` kernel. */
export interface SectorUpdateArgs {
  /** The grid (on a SharedArrayBuffer), at its new version. */
  grid: Grid;
  /** The graph's arrays: only read. */
  data: SectorGraphData;
}

/** A copy of the graph's arrays brought up to the grid's version, and what the update did. */
export interface SectorUpdateResult {
  /** The updated copy of the graph's arrays. */
  data: SectorGraphData;
  /** What the update did. */
  update: SectorUpdate;
}

/** Copies `data` into new arrays (shared when `data`'s are) and updates the copy. */
export function runSectorUpdate(args: SectorUpdateArgs, control: KernelControl): SectorUpdateResult {
  const copy = copyData(args.data, isShared(args.data));
  const update = updateSectorGraph(contextOf(args.grid, copy), control);
  return { data: copy, update };
}

/** A copy of a graph's arrays in new buffers (SharedArrayBuffers when `shared`). */
function copyData(d: SectorGraphData, shared: boolean): SectorGraphData {
  const int32 = (a: Int32Array) => {
    const b = int32Array(a.length, shared);
    b.set(a);
    return b;
  };
  const float32 = (a: Float32Array) => {
    const b = float32Array(a.length, shared);
    b.set(a);
    return b;
  };
  const float64 = (a: Float64Array) => {
    const b = float64Array(a.length, shared);
    b.set(a);
    return b;
  };
  const labels = uint16Array(d.borderLabel.length, shared);
  labels.set(d.borderLabel);
  return {
    header: int32(d.header),
    sectorNodeFirst: int32(d.sectorNodeFirst),
    sectorNodeCount: int32(d.sectorNodeCount),
    sectorNodeCap: int32(d.sectorNodeCap),
    sectorMatrixFirst: int32(d.sectorMatrixFirst),
    nodeTile: int32(d.nodeTile),
    nodeRegion: int32(d.nodeRegion),
    nodeComp: int32(d.nodeComp),
    nodeMates: int32(d.nodeMates),
    intra: float64(d.intra),
    borderLabel: labels,
    landmarkCost: float32(d.landmarkCost),
  };
}

/**
 * The graph's arrays a worker may keep between jobs while the graph's revision holds (every array but the header,
 * which is sent with each job; the revision changes with every update of the graph on any thread).
 */
function keepGraph(data: SectorGraphData): KeepSpec[] {
  const stamp = data.header[H_REVISION] as number;
  return Object.keys(data)
    .filter((key) => key !== 'header')
    .map((key) => ({ path: ['data', key], stamp }));
}

/** Every array of the graph (and the entrance counts), compared before and after a build phase. */
function buildWrites(data: SectorGraphData, phase: SectorBuildPhase): WriteSpec[] {
  if (phase === 'landmark') {
    // One landmark's slot: every node's cost to it, laid out node by node (one element in each node's run), so
    // the bytes that changed come back.
    return [{ path: ['data', 'landmarkCost'] }];
  }
  return [...Object.keys(data).map((key) => ({ path: ['data', key] })), { path: ['counts'] }];
}

/** One build phase over a band of sectors (see {@link runSectorBuild}). */
export const sectorBuildJob = defineJob<SectorBuildArgs, SectorNodeArrays | Int32Array | number>({
  name: 'sectorBuild',
  keep: (args) => keepGraph(args.data),
  writes: (args) => buildWrites(args.data, args.phase),
  run: runSectorBuild,
});

/** Plans a corridor field: its sectors, and its arrays, not filled yet (see {@link runSectorCorridorPlan}). */
export const sectorCorridorPlanJob = defineJob<SectorCorridorPlanArgs, SectorCorridorPlan>({
  name: 'sectorCorridorPlan',
  keep: (args) => keepGraph(args.data),
  run: runSectorCorridorPlan,
});

/** Fills a planned corridor field's arrays in place. Returns the tiles settled. */
export const sectorCorridorFillJob = defineJob<SectorCorridorFillArgs, number>({
  name: 'sectorCorridorFill',
  keep: (args) => keepGraph(args.data),
  writes: () => [{ path: ['field', 'cost'] }, { path: ['field', 'dir'] }],
  run: runSectorCorridorFill,
});

/**
 * Plans and fills a corridor field in one job (where the field's arrays cannot be shared while they fill, they
 * are made, filled and handed over by the worker). Resolves to the filled field and the tiles settled.
 */
export const sectorCorridorJob = defineJob<SectorCorridorPlanArgs, { field: CorridorFieldData; tiles: number }>({
  name: 'sectorCorridor',
  keep: (args) => keepGraph(args.data),
  run: (args, control) => {
    const plan = runSectorCorridorPlan(args);
    const tiles = fillCorridorField(contextOf(args.grid, args.data), plan.field, plan, control);
    return { field: plan.field, tiles };
  },
});

/** A copy of a graph's arrays brought up to its grid's version (see {@link runSectorUpdate}). */
export const sectorUpdateJob = defineJob<SectorUpdateArgs, SectorUpdateResult>({
  name: 'sectorUpdate',
  keep: (args) => keepGraph(args.data),
  run: runSectorUpdate,
});
