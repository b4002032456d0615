/**
 * The worker half of the sector graph work in a pool: the kernels the service registers as `sectorBuild`,
 * `sectorCorridorPlan`, `sectorCorridorFill` and `sectorUpdate`, thin unpackings of the sector phases over the
 * graph's shared arrays. The main-thread half is ./sector-pool.ts. Neither imports the service (the service
 * imports this file, never the reverse).
 */
import type { Goal, KernelControl } from '../fields/types.js';
import type { Grid } from '../grid/grid.js';
import {
  buildSectors,
  computeComponents,
  contextOf,
  countEntrances,
  labelSectors,
  layoutSectors,
  linkSectors,
} from './build-phases.js';
import { startWork } from './control.js';
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
  H_LANDMARK_OPTION,
  H_LANDMARK_STRIDE,
  int32Array,
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
  if (phase === 'pick') return pickLandmarks(ctx, data.header[H_LANDMARK_OPTION] as number);
  if (phase === 'landmark') {
    const { slot, node } = args.landmark as { slot: number; node: number };
    const stride = data.header[H_LANDMARK_STRIDE] as number;
    // The costs are node by node: as many per node as the array has room for.
    landmarkCosts(ctx, node, data.landmarkCost, slot, Math.floor(data.landmarkCost.length / stride));
    return 0;
  }
  startWork(control, last - first);
  if (phase === 'labels') labelSectors(ctx, first, last, control);
  else if (phase === 'count') countEntrances(ctx, first, last, args.counts);
  else if (phase === 'sectors') return buildSectors(ctx, first, last, control);
  else if (phase === 'link') linkSectors(ctx, first, last);
  else computeComponents(ctx);
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
  const field = allocateCorridorField(ctx, fieldQuery.corridor, goal, true);
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

/** Copies `data` into new shared arrays (dropping garbage slack) and updates the copy. */
export function runSectorUpdate(args: SectorUpdateArgs, control: KernelControl): SectorUpdateResult {
  const copy = copyData(args.data);
  const update = updateSectorGraph(contextOf(args.grid, copy), control);
  return { data: copy, update };
}

function copyInt32(a: Int32Array): Int32Array {
  const b = int32Array(a.length, true);
  b.set(a);
  return b;
}

function copyFloat32(a: Float32Array): Float32Array {
  const b = float32Array(a.length, true);
  b.set(a);
  return b;
}

/** A copy of a graph's arrays in new SharedArrayBuffers. */
function copyData(d: SectorGraphData): SectorGraphData {
  const intra = copyFloat32(d.intra);
  const labels = uint16Array(d.borderLabel.length, true);
  labels.set(d.borderLabel);
  return {
    header: copyInt32(d.header),
    sectorNodeFirst: copyInt32(d.sectorNodeFirst),
    sectorNodeCount: copyInt32(d.sectorNodeCount),
    sectorNodeCap: copyInt32(d.sectorNodeCap),
    sectorMatrixFirst: copyInt32(d.sectorMatrixFirst),
    nodeTile: copyInt32(d.nodeTile),
    nodeRegion: copyInt32(d.nodeRegion),
    nodeComp: copyInt32(d.nodeComp),
    nodeMates: copyInt32(d.nodeMates),
    intra,
    borderLabel: labels,
    landmarkCost: copyFloat32(d.landmarkCost),
  };
}
