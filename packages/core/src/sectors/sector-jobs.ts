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
import { landmarkCosts, pickLandmarks } from './landmarks.js';
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

/** A phase of the pool build (build-phases.ts). */
export type SectorBuildPhase = 'labels' | 'count' | 'layout' | 'sectors' | 'link' | 'components' | 'pick' | 'landmark';

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
   * `landmark`: the landmark's slot in `data.landmarkCost` and its node. Required by the `landmark` phase.
   * @defaultValue undefined (meaning unused by the other phases)
   */
  landmark?: { slot: number; node: number };
}

/** Node arrays made by the `layout` phase. */
export type SectorNodeArrays = Pick<SectorGraphData, 'nodeTile' | 'nodeRegion' | 'nodeComp' | 'nodeMates' | 'intra'>;

/**
 * One build phase. `layout` returns the node arrays it allocated (their layout is written into `data`), `pick`
 * the landmarks' nodes; `landmark` fills one landmark's slot of `data.landmarkCost`.
 */
export function runSectorBuild(args: SectorBuildArgs, control: KernelControl): SectorNodeArrays | Int32Array | number {
  const { grid, data, phase, first, last } = args;
  const ctx = contextOf(grid, data);
  // Every phase checks for a Cancel before it starts (and the long ones between sectors or buckets as they go).
  checkAbort(control);
  if (phase === 'layout') {
    layoutSectors(data, args.counts);
    return {
      nodeTile: data.nodeTile,
      nodeRegion: data.nodeRegion,
      nodeComp: data.nodeComp,
      nodeMates: data.nodeMates,
      intra: data.intra,
    };
  }
  if (phase === 'pick') return pickLandmarks(ctx, data.header[H_LANDMARK_OPTION] as number, control);
  if (phase === 'landmark') {
    const { slot, node } = args.landmark as { slot: number; node: number };
    const stride = data.header[H_LANDMARK_STRIDE] as number;
    // The costs are node by node: as many per node as the array has room for.
    landmarkCosts(ctx, node, data.landmarkCost, slot, Math.floor(data.landmarkCost.length / stride), control);
    return 0;
  }
  startWork(control, last - first);
  if (phase === 'labels') labelSectors(ctx, first, last, control);
  else if (phase === 'count') countEntrances(ctx, first, last, args.counts, control);
  else if (phase === 'sectors') return buildSectors(ctx, first, last, control);
  else if (phase === 'link') linkSectors(ctx, first, last, control);
  else computeComponents(ctx, control);
  return 0;
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
function buildWrites(
  data: SectorGraphData,
  landmark: SectorBuildArgs['landmark'],
  phase: SectorBuildPhase,
): WriteSpec[] {
  if (phase === 'landmark' && landmark !== undefined) {
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
  writes: (args) => buildWrites(args.data, args.landmark, args.phase),
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
