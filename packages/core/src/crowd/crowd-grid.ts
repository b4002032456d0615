/**
 * The neighbour grid of a crowd step: cells one tile wide, hashed into the crowd's table, and the current frame
 * copied into the grid's order (see {@link prepareCrowdStep}). Read by ./crowd-step.ts.
 */
import { OutOfRangeError } from '../errors.js';
import { H_CURRENT } from './crowd-layout.js';
import type { CrowdParams } from './crowd-options.js';
import { CROWD_CELL } from './crowd-options.js';
import { type Crowd, type CrowdFrame, type CrowdSortedFrame, checkCrowd } from './crowd-state.js';

/**
 * A neighbour grid a step reads: the crowd's own (built by {@link prepareCrowdStep}, `Crowd` has these fields) or
 * a band's, built in a worker's own memory (./crowd-band.ts). Bucket b lists positions `cellStart[b]` to
 * `cellStart[b + 1]` (exclusive) of `cellItems` (unit indices) and `sorted` (their current state), in index order.
 */
export interface NeighbourGrid {
  readonly cellStart: Int32Array;
  readonly cellItems: Int32Array;
  readonly sorted: CrowdSortedFrame;
  /** Bucket count (a power of two). */
  readonly tableSize: number;
}

/**
 * How far from its centre a unit looks for others in a step of `dt` seconds, in tiles: the contact reach, grown by
 * what both units may move in the step and by the hold reach (see ./crowd-step.ts). The step's neighbour queries
 * and a band's margin (./crowd-band.ts) both use this one expression.
 */
export function crowdSearchRadius(params: Readonly<CrowdParams>, dt: number): number {
  const { unitSize: S, topSpeed, contactMargin } = params;
  const holdReach = S + contactMargin + topSpeed * dt;
  return Math.max(holdReach + 2 * topSpeed * dt, S);
}

/** True when a unit at (x, y) of group `group` is on a map of `maxX` x `maxY` tiles and of one of `groups`. */
export function unitOnMap(x: number, y: number, group: number, maxX: number, maxY: number, groups: number): boolean {
  return x >= 0 && y >= 0 && x <= maxX && y <= maxY && group < groups;
}

/**
 * The error of the first unit (lowest index, below `end`) off the map or of no group; the one
 * {@link prepareCrowdStep} throws, whoever finds a bad unit first. Null when none is.
 */
export function firstUnitError(crowd: Crowd, frame: CrowdFrame, end: number): OutOfRangeError | null {
  const { x, y } = frame;
  const unitGroup = crowd.unitGroup;
  const cs = CROWD_CELL;
  const maxX = crowd.grid.width * cs;
  const maxY = crowd.grid.height * cs;
  for (let i = 0; i < end; i++) {
    const xi = x[i] as number;
    const yi = y[i] as number;
    if (!unitOnMap(xi, yi, unitGroup[i] as number, maxX, maxY, crowd.groups))
      return new OutOfRangeError(`unit ${i}`, `(${xi}, ${yi}) group ${unitGroup[i]}`, 'a unit on the map, of a group');
  }
  return null;
}

/**
 * Bucket of neighbour cell (cx, cy): its row-major index on a grid `cols` cells wide, wrapped to the table.
 * PERF: neighbouring cells share cache lines of the table (a spatial hash scatters them), and the units, visited
 * bucket by bucket, come in rows (see stepCrowdRange).
 */
export function bucket(cx: number, cy: number, cols: number, mask: number): number {
  return (cy * cols + cx) & mask;
}

/**
 * Builds the neighbour grid of the current frame (cells one tile wide, hashed into `crowd.tableSize` buckets,
 * filled by counting sort so each bucket lists its units in index order). Call once per step before
 * {@link stepCrowdRange}; {@link stepCrowd} does it for you (`stepCrowdParallel` builds a grid per band instead).
 */
export function prepareCrowdStep(crowd: Crowd): void {
  const n = checkCrowd(crowd);
  const f = crowd.frames[(crowd.header[H_CURRENT] as number) & 1] as CrowdFrame;
  const { cellStart, cellItems, cellX, cellY, cellCursor, tableSize } = crowd;
  const mask = tableSize - 1;
  const cols = crowd.grid.width;
  const cs = CROWD_CELL;
  const maxX = cols * cs;
  const maxY = crowd.grid.height * cs;
  const x = f.x;
  const y = f.y;
  cellStart.fill(0);
  // PERF: counting sort into flat Int32Arrays, no per-step allocation.
  const groups = crowd.groups;
  const unitGroup = crowd.unitGroup;
  for (let i = 0; i < n; i++) {
    const xi = x[i] as number;
    const yi = y[i] as number;
    // The state lives in a buffer anyone may write: a unit off the map (NaN, Infinity) or of no group would make
    // the step read outside its arrays or search without end. One check per unit per step, here.
    if (!unitOnMap(xi, yi, unitGroup[i] as number, maxX, maxY, groups))
      throw firstUnitError(crowd, f, i + 1) as OutOfRangeError;
    const cx = Math.floor(xi / cs);
    const cy = Math.floor(yi / cs);
    cellX[i] = cx;
    cellY[i] = cy;
    const b = bucket(cx, cy, cols, mask);
    cellStart[b + 1] = (cellStart[b + 1] as number) + 1;
  }
  placeInBuckets(n, cellX, cellY, cols, tableSize, cellStart, cellCursor, cellItems);
  // PERF: the step reads every unit and its neighbours in this order: one copy here (gathered, so that the
  // writes are sequential), contiguous reads there.
  gatherSorted(n, cellItems, null, f, cellX, cellY, crowd.sorted);
}

/**
 * The second half of a neighbour grid's counting sort: turns the bucket counts in `cellStart[b + 1]` into starts,
 * then lists items 0 to `count - 1` by bucket in `items`, in order, so that each bucket lists its items in index
 * order (item k lies in cell (`cellX[k]`, `cellY[k]`); `cursor` is scratch of `tableSize` entries).
 * PERF: flat Int32Arrays, nothing allocated.
 */
export function placeInBuckets(
  count: number,
  cellX: Int32Array,
  cellY: Int32Array,
  cols: number,
  tableSize: number,
  cellStart: Int32Array,
  cursor: Int32Array,
  items: Int32Array,
): void {
  const mask = tableSize - 1;
  for (let b = 0; b < tableSize; b++) cellStart[b + 1] = (cellStart[b + 1] as number) + (cellStart[b] as number);
  cursor.set(cellStart.subarray(0, tableSize));
  for (let k = 0; k < count; k++) {
    const b = bucket(cellX[k] as number, cellY[k] as number, cols, mask);
    const at = cursor[b] as number;
    items[at] = k;
    cursor[b] = at + 1;
  }
}

/**
 * Copies the current state of the listed items into `sorted` in grid order (gathered, so that the writes are
 * sequential): entry e is item `items[e]`, whose unit is `index[items[e]]` (or the item itself when `index` is
 * null) and whose cell is (`cellX`, `cellY`) at the item. Leaves the unit in `items[e]`.
 */
export function gatherSorted(
  count: number,
  items: Int32Array,
  index: Int32Array | null,
  frame: CrowdFrame,
  cellX: Int32Array,
  cellY: Int32Array,
  sorted: CrowdSortedFrame,
): void {
  const { x, y, vx, vy, timer, state } = frame;
  const { x: sx, y: sy, vx: svx, vy: svy, timer: stimer, state: sstate, cellX: scx, cellY: scy } = sorted;
  for (let e = 0; e < count; e++) {
    const k = items[e] as number; // PERF: e < count
    const i = index === null ? k : (index[k] as number);
    items[e] = i;
    sx[e] = x[i] as number;
    sy[e] = y[i] as number;
    svx[e] = vx[i] as number;
    svy[e] = vy[i] as number;
    stimer[e] = timer[i] as number;
    sstate[e] = state[i] as number;
    scx[e] = cellX[k] as number;
    scy[e] = cellY[k] as number;
  }
}
