/**
 * A band of a crowd step, stepped where it runs (the worker half of `stepCrowdParallel`; ./crowd-band-jobs.ts
 * wraps it as jobs): the units whose cell row lies in the band's rows, with a neighbour grid of their own built
 * over them and the units of the rows their searches reach, in this thread's memory. Nothing is built on the
 * calling thread and nothing is shared between bands, so the bands of one step run at once on any threads.
 *
 * The grid lists each cell's units in index order, as the crowd's own grid does (./crowd-grid.ts), and the step
 * visits the same cells in the same order: each unit sees the same neighbours in the same order, so the state is
 * bit-identical to `stepCrowd` whatever the bands.
 */
import { OutOfRangeError } from '../errors.js';
import type { KernelControl } from '../fields/types.js';
import { finishKernel, pollKernel } from '../util/kernel-control.js';
import {
  bucket,
  crowdSearchRadius,
  firstUnitError,
  gatherSorted,
  type NeighbourGrid,
  placeInBuckets,
  unitOnMap,
} from './crowd-grid.js';
import { H_CURRENT } from './crowd-layout.js';
import { CROWD_CELL } from './crowd-options.js';
import { type Crowd, type CrowdFrame, type CrowdSortedFrame, crowdCount } from './crowd-state.js';
import { type StepOutput, stepUnits } from './crowd-step.js';

/** One band of a step: its rows of cells, and the units it checks for the whole step. */
export interface CrowdBand {
  /** First row of cells of the band (inclusive). */
  rowFrom: number;
  /** End of the band's rows (exclusive). */
  rowTo: number;
  /**
   * The units `checkFrom` to `checkTo` (exclusive, by index) that this band checks are on the map, whatever
   * their row (the bands of a step share the units out, so that every unit is checked once per step).
   */
  checkFrom: number;
  /** End of the units checked (exclusive). */
  checkTo: number;
}

/** Segments of a band's rows whose work a band reports, for the balance of the next step's bands. */
export const BAND_SEGMENTS = 16;

/** Units stepped (and, in the scan, units looked at) between two looks at the control array. */
const CONTROL_INTERVAL = 4096;

/** Grows `a` to at least `n` elements (its contents are not kept). */
function atLeast<A extends Int32Array | Float64Array | Uint8Array>(a: A, n: number, make: (n: number) => A): A {
  return a.length >= n ? a : make(Math.max(n, Math.ceil(a.length * 1.5)));
}

const i32 = (n: number) => new Int32Array(n);
const f64 = (n: number) => new Float64Array(n);
const u8 = (n: number) => new Uint8Array(n);

/**
 * This thread's band grid: every array reused from band to band (bands of one thread run one after another), so
 * a step allocates nothing once the arrays have grown to the crowd.
 */
const scratch = {
  candidates: i32(0),
  candidateRow: i32(0),
  candidateCol: i32(0),
  cellStart: i32(0),
  cursor: i32(0),
  cellItems: i32(0),
  x: f64(0),
  y: f64(0),
  vx: f64(0),
  vy: f64(0),
  timer: f64(0),
  state: u8(0),
  cellX: i32(0),
  cellY: i32(0),
  rowWork: f64(0),
  rank: i32(0),
  slots: i32(0),
};

/** The band's neighbour grid over this thread's scratch, and how many units it holds. */
interface BandGrid extends NeighbourGrid {
  /** Units in the grid: the band's and those of the rows its searches reach. */
  units: number;
  /** Units of the band's own rows. */
  own: number;
  /**
   * Where each unit of the grid (by grid position) goes in the band's packed output: its rank by index among the
   * band's own units (so that the caller's copy of the output writes ascending indices), -1 for the others.
   */
  slots: Int32Array;
}

/**
 * Throws the step's error for the first unit off the map (the same as prepareCrowdStep's, whichever band finds
 * one: the first such unit of the crowd).
 */
function throwUnitError(crowd: Crowd, frame: CrowdFrame, upTo: number): never {
  throw firstUnitError(crowd, frame, upTo) ?? new OutOfRangeError('unit', upTo - 1, 'a unit on the map, of a group');
}

/**
 * The rows of cells the band's units search, `[lo, hi]` (empty when it has none), and the units they may find,
 * as candidates (indices in index order, in `scratch.candidates`, their rows in `scratch.candidateRow`). Units
 * are picked by position within a margin of rows; the margin grows until it holds every row searched.
 */
function gatherCandidates(
  crowd: Crowd,
  frame: CrowdFrame,
  band: CrowdBand,
  radius: number,
  control: KernelControl,
): { count: number; lo: number; hi: number } {
  const n = crowdCount(crowd);
  const { x, y } = frame;
  const T = CROWD_CELL;
  const maxX = crowd.grid.width * T;
  const maxY = crowd.grid.height * T;
  const { unitGroup, groups } = crowd;
  const { rowFrom, rowTo, checkFrom, checkTo } = band;
  scratch.candidates = atLeast(scratch.candidates, n, i32);
  scratch.candidateRow = atLeast(scratch.candidateRow, n, i32);
  const { candidates, candidateRow } = scratch;
  // Two rows beyond the rows a search reaches: a unit of row r lies between (r - 1) * T and (r + 2) * T whatever
  // the rounding, so every unit of the rows [rowFrom - margin + 1, rowTo + margin - 2] is picked.
  for (let margin = Math.ceil(radius / T) + 2; ; margin *= 2) {
    const yLo = (rowFrom - margin) * T;
    const yHi = (rowTo + margin) * T;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const yi = y[i] as number;
      if (yi >= yLo && yi < yHi) candidates[count++] = i;
      if ((i & 0xffff) === 0xffff) pollKernel(control, 0, 'crowd step band');
    }
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < count; k++) {
      const i = candidates[k] as number;
      const xi = x[i] as number;
      const yi = y[i] as number;
      // Units of the band's own share are checked below, all of them.
      if ((i < checkFrom || i >= checkTo) && !unitOnMap(xi, yi, unitGroup[i] as number, maxX, maxY, groups))
        throwUnitError(crowd, frame, i + 1);
      const row = Math.floor(yi / T);
      candidateRow[k] = row;
      if (row < rowFrom || row >= rowTo) continue;
      // The rows the step searches for this unit: the same expressions as stepUnits.
      const q0 = Math.floor((yi - radius) / T);
      const q1 = Math.floor((yi + radius) / T);
      if (q0 < lo) lo = q0;
      if (q1 > hi) hi = q1;
    }
    if (count === 0 || (lo >= rowFrom - margin + 1 && hi <= rowTo + margin - 2)) return { count, lo, hi };
  }
}

/**
 * Builds the band's neighbour grid in this thread's scratch: checks the band's share of the units, picks the units
 * of the rows the band's units search (./crowd-step.ts: the cells of each unit's search box) and sorts them into
 * a table of buckets by counting sort, in index order within each bucket, as prepareCrowdStep does.
 * @throws OutOfRangeError for the first unit of the crowd off the map or of no group, as prepareCrowdStep.
 */
export function buildBandGrid(crowd: Crowd, band: CrowdBand, dt: number, control: KernelControl = {}): BandGrid {
  const frame = crowd.frames[(crowd.header[H_CURRENT] as number) & 1] as CrowdFrame;
  const { x, y } = frame;
  const T = CROWD_CELL;
  const maxX = crowd.grid.width * T;
  const maxY = crowd.grid.height * T;
  const { unitGroup, groups } = crowd;
  for (let i = band.checkFrom; i < band.checkTo; i++) {
    if (!unitOnMap(x[i] as number, y[i] as number, unitGroup[i] as number, maxX, maxY, groups))
      throwUnitError(crowd, frame, i + 1);
  }
  const { count, lo, hi } = gatherCandidates(crowd, frame, band, crowdSearchRadius(crowd.params, dt), control);
  // Keep the units of the rows searched (in index order still), ranking the band's own among them.
  const { candidates, candidateRow } = scratch;
  scratch.rank = atLeast(scratch.rank, count, i32);
  const rank = scratch.rank;
  let units = 0;
  let own = 0;
  for (let k = 0; k < count; k++) {
    const row = candidateRow[k] as number;
    if (row < lo || row > hi) continue;
    candidates[units] = candidates[k] as number;
    candidateRow[units] = row;
    rank[units] = row >= band.rowFrom && row < band.rowTo ? own++ : -1;
    units++;
  }
  let tableSize = 64;
  while (tableSize < units * 2) tableSize *= 2;
  const mask = tableSize - 1;
  const W = crowd.grid.width;
  scratch.candidateCol = atLeast(scratch.candidateCol, units, i32);
  scratch.cellStart = atLeast(scratch.cellStart, tableSize + 1, i32);
  scratch.cursor = atLeast(scratch.cursor, tableSize, i32);
  for (const key of ['cellItems', 'cellX', 'cellY', 'slots'] as const) scratch[key] = atLeast(scratch[key], units, i32);
  for (const key of ['x', 'y', 'vx', 'vy', 'timer'] as const) scratch[key] = atLeast(scratch[key], units, f64);
  scratch.state = atLeast(scratch.state, units, u8);
  const { candidateCol, cellStart, cursor, cellItems, cellX, cellY, slots } = scratch;
  cellStart.fill(0, 0, tableSize + 1);
  // PERF: counting sort into flat Int32Arrays, as prepareCrowdStep; nothing allocated once the scratch has grown.
  for (let k = 0; k < units; k++) {
    const cx = Math.floor((x[candidates[k] as number] as number) / T);
    candidateCol[k] = cx;
    const b = bucket(cx, candidateRow[k] as number, W, mask);
    cellStart[b + 1] = (cellStart[b + 1] as number) + 1;
  }
  // Candidates in index order, so each bucket lists its units in index order.
  placeInBuckets(units, candidateCol, candidateRow, W, tableSize, cellStart, cursor, cellItems);
  for (let e = 0; e < units; e++) slots[e] = rank[cellItems[e] as number] as number;
  const { x: sx, y: sy, vx: svx, vy: svy, timer: stimer, state: sstate } = scratch;
  const sorted: CrowdSortedFrame = { x: sx, y: sy, vx: svx, vy: svy, timer: stimer, state: sstate, cellX, cellY };
  // The current state in grid order, as prepareCrowdStep's copy.
  gatherSorted(units, cellItems, candidates, frame, candidateCol, candidateRow, sorted);
  return { cellStart, cellItems, sorted, tableSize, units, own, slots };
}

/** The next states of a band's units, packed in one buffer (see {@link packedBandViews}). */
export interface PackedBand {
  /** Units of the band. */
  units: number;
  /** Their indices and next states: {@link packedBandViews} reads them. */
  packed: ArrayBuffer;
}

/** Bytes per unit of a {@link PackedBand}: five f64 values, an index, two f32 values and a state byte. */
const PACKED_BYTES = 5 * 8 + 4 + 2 * 4 + 1;

/** The arrays of a packed band: entry k is unit `index[k]`'s next state (ascending indices). */
export function packedBandViews(band: PackedBand): CrowdFrame & { index: Int32Array } {
  const { packed, units: k } = band;
  if (!(packed instanceof ArrayBuffer) || !Number.isInteger(k) || k < 0 || packed.byteLength < k * PACKED_BYTES)
    throw new OutOfRangeError('packed band', k, 'a buffer of the band`s units');
  return {
    x: new Float64Array(packed, 0, k),
    y: new Float64Array(packed, 8 * k, k),
    vx: new Float64Array(packed, 16 * k, k),
    vy: new Float64Array(packed, 24 * k, k),
    timer: new Float64Array(packed, 32 * k, k),
    index: new Int32Array(packed, 40 * k, k),
    avoidX: new Float32Array(packed, 44 * k, k),
    avoidY: new Float32Array(packed, 48 * k, k),
    state: new Uint8Array(packed, 52 * k, k),
  };
}

/** What a band reports besides its states: the work of each segment of its rows (see {@link bandSegments}). */
export interface BandWork {
  work: Float64Array;
}

/** The segments of rows [rowFrom, rowTo) a band reports its work by: segment j starts at `edges[j]`. */
export function bandSegments(rowFrom: number, rowTo: number): number[] {
  const rows = rowTo - rowFrom;
  const count = Math.min(BAND_SEGMENTS, rows);
  const edges: number[] = [];
  for (let j = 0; j <= count; j++) edges.push(rowFrom + Math.floor((j * rows) / count));
  return edges;
}

/**
 * Steps one band of a crowd by `dt` seconds (see the file comment): into the crowd's next frame (`packed` false:
 * the crowd's memory is shared or this is the calling thread), or into a new packed buffer (`packed` true, where
 * the next frame cannot be written in place). Polls `control` every few thousand units.
 * @throws OutOfRangeError for the first unit of the crowd off the map or of no group (as prepareCrowdStep);
 *   AbortError when asked to stop (the next frame is then partly written, the current one untouched).
 */
export function stepCrowdBand(
  crowd: Crowd,
  band: CrowdBand,
  dt: number,
  packed: boolean,
  control: KernelControl = {},
): BandWork & Partial<PackedBand> {
  const n = crowdCount(crowd);
  const { rowFrom, rowTo } = band;
  const grid = buildBandGrid(crowd, band, dt, control);
  const own = grid.own;
  const rows = Math.max(0, rowTo - rowFrom);
  scratch.rowWork = atLeast(scratch.rowWork, rows, f64);
  const rowWork = scratch.rowWork;
  rowWork.fill(0, 0, rows);
  const buffer = packed ? new ArrayBuffer(own * PACKED_BYTES) : null;
  const views = buffer ? packedBandViews({ packed: buffer, units: own }) : null;
  // Packed in index order (see BandGrid.slots), stepped in grid order.
  const out: StepOutput = { frame: views, index: views?.index ?? null, slots: grid.slots, at: 0, work: rowWork };
  for (let e0 = 0; e0 < grid.units; e0 += CONTROL_INTERVAL) {
    pollKernel(control, e0, 'crowd step band', grid.units);
    const span = { from: 0, to: n, e0, e1: Math.min(grid.units, e0 + CONTROL_INTERVAL), rowFrom, rowTo };
    stepUnits(crowd, grid, span, dt, out);
  }
  finishKernel(control, grid.units);
  const edges = bandSegments(rowFrom, rowTo);
  const work = new Float64Array(Math.max(0, edges.length - 1));
  for (let j = 0; j < work.length; j++)
    for (let r = (edges[j] as number) - rowFrom; r < (edges[j + 1] as number) - rowFrom; r++)
      work[j] = (work[j] as number) + (rowWork[r] as number);
  return buffer ? { work, units: own, packed: buffer } : { work };
}
