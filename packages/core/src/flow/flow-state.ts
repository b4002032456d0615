/**
 * What the flow kernel keeps of a run so that `updateFlow` can repair the flow after edits (./repair-flow.ts):
 * each tile's anchor id, the anchor table's codes, path estimates and creating tiles, a box per block of tiles
 * around their ways to their anchors, and a snapshot of the inputs the run read (costs, directions, passability,
 * terrain when weighted). Plain typed arrays, so that the
 * service can keep them on SharedArrayBuffers and hand them to any worker. Internal.
 */

import { newBuffer } from '../util/allocate.js';
import { bucketsFit, finiteRange, RANGE } from './flow-order.js';
import { measureReach, reachBlocks } from './flow-reach.js';
import type { Flow } from './types.js';

/** Slots of {@link FlowState.info}. */
export const StateSlot = {
  /** Anchors in the table. */
  count: 0,
  /** The clearance of the run (tiles). */
  clearance: 1,
  /** 1 for the `weighted` metric. */
  weighted: 2,
  /** 1 when the visit order is by buckets of 1/4 cost unit, 0 for the exact comparison sort. */
  bucketed: 3,
  /** The smallest finite cost (the buckets' origin, when bucketed). */
  min: 4,
  /** 1 when the arrays describe a complete run (0: new, or left incomplete by an abort). */
  valid: 5,
  /** A random tag of the anchor table's contents (a repair thread that still holds them skips loading them). */
  generation: 6,
  /** The largest finite cost (with {@link StateSlot.min}, the order's mode). */
  max: 7,
} as const;

/** Length of {@link FlowState.info}. */
const INFO_SLOTS = 8;

/** A new tag for {@link StateSlot.generation}. */
export function newGeneration(): number {
  return Math.floor(Math.random() * 4_503_599_627_370_496); // 2^52
}

/** The states kept for flows made repairable (per thread; the service keeps its own on shared memory). */
const kept = new WeakMap<Flow, FlowState>();

/** The state kept for `flow`, if any. */
export function stateOf(flow: Flow): FlowState | undefined {
  return kept.get(flow);
}

/** Keeps `state` for `flow` (undefined: forgets it). */
export function keepStateOf(flow: Flow, state: FlowState | undefined): void {
  if (state === undefined) kept.delete(flow);
  else kept.set(flow, state);
}

/** The kept state of one flow. */
export interface FlowState {
  /** Per tile: the id of its anchor in the table, -1 for walls and unreachable tiles. */
  ids: Int32Array;
  /** Per anchor id: its code (see `Flow.anchor`). */
  code: Int32Array;
  /** Per anchor id: the length of the flow's path from the anchor to a goal. */
  g: Float64Array;
  /** Per anchor id: the tile whose visit created it. */
  creator: Int32Array;
  /** Snapshot of the field's costs the run read. */
  cost: Float64Array;
  /** Snapshot of the field's directions. */
  dir: Uint8Array;
  /** Snapshot of the grid's passability codes. */
  pass: Uint8Array;
  /** Snapshot of the grid's terrain (weighted only; 2 unused slots otherwise). */
  terr: Float32Array;
  /**
   * Per block of tiles, a box that holds the straight ways of all its tiles to their anchors (./flow-reach.ts).
   */
  reach: Int32Array;
  /** See {@link StateSlot}. */
  info: Float64Array;
}

/** Anchors the table has room for: every tile creates at most one per run; the rest is room for repairs. */
export function stateCapacity(size: number): number {
  return size + (size >> 2) + 1024;
}

/** The array lengths of a state for a `width` x `height` grid, in the order {@link stateArrays} lists them. */
export function stateLengths(width: number, height: number, weighted: boolean): number[] {
  const size = width * height;
  const cap = stateCapacity(size);
  return [size, cap, cap, cap, size, size, size, weighted ? size : 2, 4 * reachBlocks(width, height), INFO_SLOTS];
}

/** A state over the given buffers (each exactly as long as {@link stateLengths} says, in its element type). */
export function stateOver(buffers: readonly ArrayBufferLike[]): FlowState {
  const b = buffers as ArrayBufferLike[];
  return {
    ids: new Int32Array(b[0] as ArrayBufferLike),
    code: new Int32Array(b[1] as ArrayBufferLike),
    g: new Float64Array(b[2] as ArrayBufferLike),
    creator: new Int32Array(b[3] as ArrayBufferLike),
    cost: new Float64Array(b[4] as ArrayBufferLike),
    dir: new Uint8Array(b[5] as ArrayBufferLike),
    pass: new Uint8Array(b[6] as ArrayBufferLike),
    terr: new Float32Array(b[7] as ArrayBufferLike),
    reach: new Int32Array(b[8] as ArrayBufferLike),
    info: new Float64Array(b[9] as ArrayBufferLike),
  };
}

/** The arrays of a state, in the order of {@link stateLengths}. */
export function stateArrays(s: FlowState): ArrayBufferView[] {
  return [s.ids, s.code, s.g, s.creator, s.cost, s.dir, s.pass, s.terr, s.reach, s.info];
}

/** Bytes per element of a state's arrays, in the order of {@link stateLengths}. */
const BYTES_PER = [4, 4, 8, 4, 8, 1, 1, 4, 4, 8];

/** The byte lengths of a state's buffers, in the order of {@link stateLengths}. */
export function stateByteLengths(width: number, height: number, weighted: boolean): number[] {
  return stateLengths(width, height, weighted).map((n, k) => n * (BYTES_PER[k] as number));
}

/** Bytes of a flow state for a `width` x `height` grid (see {@link newFlowState}). */
export function stateBytes(width: number, height: number, weighted: boolean): number {
  return stateByteLengths(width, height, weighted).reduce((a, b) => a + b, 0);
}

/** A new, empty (invalid) state for a `width` x `height` grid, on ordinary memory. */
export function newFlowState(width: number, height: number, weighted: boolean): FlowState {
  return stateOver(
    stateByteLengths(width, height, weighted).map((n) => newBuffer('a repairable flow state', n, false)),
  );
}

/** Copies state `from` into `to` (same sizes): only the anchors in use. */
export function copyState(from: FlowState, to: FlowState): void {
  const count = from.info[StateSlot.count] as number;
  to.ids.set(from.ids);
  to.code.set(from.code.subarray(0, count));
  to.g.set(from.g.subarray(0, count));
  to.creator.set(from.creator.subarray(0, count));
  to.cost.set(from.cost);
  to.dir.set(from.dir);
  to.pass.set(from.pass);
  to.terr.set(from.terr);
  to.reach.set(from.reach);
  to.info.set(from.info);
}

/** True when `state` fits a `width` x `height` grid and the given metric. */
export function stateFits(state: FlowState, width: number, height: number, weighted: boolean): boolean {
  const size = width * height;
  return (
    state.ids.length === size &&
    state.reach.length === 4 * reachBlocks(width, height) &&
    state.info.length === INFO_SLOTS &&
    state.code.length === stateCapacity(size) &&
    state.cost.length === size &&
    state.terr.length === (weighted ? size : 2) &&
    state.info[StateSlot.weighted] === (weighted ? 1 : 0)
  );
}

/**
 * The primary keys of the kernel's visit order (./flow-order.ts): per tile its bucket of 1/4 cost unit above
 * `min`, or its cost when the range is too wide for buckets (the comparison sort); Infinity for unreachable
 * tiles. Ties go by tile index. Returns [bucketed (1/0), min, max] (min and max of the finite costs).
 */
export function orderKeys(cost: Float64Array, prim: Float64Array): [number, number, number] {
  const n = cost.length;
  finiteRange(cost, n);
  const min = RANGE[0] as number;
  const max = RANGE[1] as number;
  const bucketed = bucketsFit(min, max, n);
  for (let i = 0; i < n; i++) {
    const c = cost[i] as number;
    prim[i] = !(c < Number.POSITIVE_INFINITY) ? Number.POSITIVE_INFINITY : bucketed ? ((c - min) * 4) | 0 : c;
  }
  return [bucketed ? 1 : 0, min, max];
}

/**
 * Completes a state after a full run whose ids and table (code, g) were written into it: the creators (the
 * first holder of each anchor in the visit order), the order's mode, the blocks' reach and the snapshot of the
 * inputs.
 */
export function finishState(
  state: FlowState,
  count: number,
  width: number,
  clearance: number,
  cost: Float64Array,
  dir: Uint8Array,
  pass: Uint8Array,
  terr: Float32Array | null,
  prim: Float64Array,
): void {
  const [bucketed, min, max] = orderKeys(cost, prim);
  const { ids, creator } = state;
  creator.fill(-1, 0, count);
  for (let t = 0; t < ids.length; t++) {
    const id = ids[t] as number;
    if (id < 0) continue;
    const c = creator[id] as number;
    if (c < 0 || (prim[t] as number) < (prim[c] as number)) creator[id] = t;
  }
  state.cost.set(cost.subarray(0, ids.length));
  state.dir.set(dir.subarray(0, ids.length));
  state.pass.set(pass.subarray(0, ids.length));
  if (terr !== null) state.terr.set(terr.subarray(0, ids.length));
  const info = state.info;
  info[StateSlot.count] = count;
  info[StateSlot.clearance] = clearance;
  info[StateSlot.weighted] = terr !== null ? 1 : 0;
  info[StateSlot.bucketed] = bucketed;
  info[StateSlot.min] = min;
  info[StateSlot.max] = max;
  measureReach(state.ids, state.code, state.reach, width, ids.length / width, clearance);
  info[StateSlot.generation] = newGeneration();
  info[StateSlot.valid] = 1;
}
