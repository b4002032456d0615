/**
 * Repair of a flow after its field and grid changed (`updateFlow`): the flow kernel's choices are made again only
 * for the tiles whose inputs may have changed, in the kernel's own visit order, so that the result is the flow the
 * kernel gives on the new field, bit for bit (the differential tests compare them).
 *
 * A tile's choice (./choose-anchor.ts) reads: its cost and direction (the visit order, its parent), the anchor ids
 * of the tiles at most 3 away that come earlier in the order, the passability (and terrain) of the tiles at most 3
 * away, and exact line walks towards the anchors of its neighbours and beyond the corners near it. Every such walk
 * runs within about 3 tiles of the straight way from a tile at most 2 away to its anchor (the walk's ends lie on
 * or next to those of that tile's way, and both ways are straight). So the tiles to visit again are:
 * - within 3 tiles of a tile whose cost or direction changed (the order and the parents changed there);
 * - within 3 tiles of a tile whose passability or terrain changed;
 * - within 2 tiles of a tile whose way to its anchor (in the kept state) passes within 3 tiles of such an edit;
 * - within 3 tiles of a visited tile whose anchor changed, and later in the order.
 * They are visited in the kernel's order (a heap over the order's keys); while a tile chooses, the tiles near it
 * that come later in the order are hidden, as they were not visited yet in a full run. A new anchor that equals the
 * one the tile had created in the kept state takes back its old id, so that tiles which were not visited again
 * still share it.
 */
import { centreCode } from './anchor-code.js';
import { addAnchor, anchors, loadAnchors, markAnchorsLoaded } from './anchor-table.js';
import { chooseAnchor, setChooseClearance } from './choose-anchor.js';
import { SCAN, scanChanges } from './flow-changes.js';
import { FLOW_CONTROL_INTERVAL, type FlowKernelInput, pollFlow } from './flow-kernel-input.js';
import { bucketsFit } from './flow-order.js';
import { extendReach, REACH_BLOCK, reachBlocks, reachRow } from './flow-reach.js';
import { type FlowState, newGeneration, StateSlot, stateCapacity } from './flow-state.js';
import { setSightClearance } from './sight.js';

/** Tiles around an edit whose straight ways count as passing near it (see the module comment). */
const EDIT_MARGIN = 3;
/** Most boxes the edits are grouped into for the test of the ways (more: one box around them all). */
const MAX_BOXES = 32;
/** Side of the blocks that group many edits into boxes. */
const BLOCK = 32;

// Per-thread scratch.
let mark = new Uint8Array(0);
let heap = new Int32Array(0);
let heapSize = 0;
let edits = new Int32Array(0);
let keyed = new Int32Array(0);
const boxes = new Float64Array(4 * MAX_BOXES);
let boxCount = 0;
const maskQ = new Int32Array(49);
const maskId = new Int32Array(49);

const QUEUED = 1;
const DONE = 2;

// The visit order of the current repair (./flow-order.ts): by bucket of 1/4 cost unit above `keyMin` (or by cost
// when `keyBucketed` is false), then by tile index; unreachable tiles last.
let keyCost: Float64Array = new Float64Array(0);
let keyMin = 0;
let keyBucketed = true;

/** The primary order key of tile t. */
function key(t: number): number {
  const c = keyCost[t] as number;
  if (!(c < Number.POSITIVE_INFINITY)) return Number.POSITIVE_INFINITY;
  return keyBucketed ? ((c - keyMin) * 4) | 0 : c;
}

/** True when tile a comes before tile b in the visit order. */
function less(a: number, b: number): boolean {
  const ka = key(a);
  const kb = key(b);
  return ka < kb || (ka === kb && a < b);
}

function heapPush(t: number): void {
  let i = heapSize++;
  while (i > 0) {
    const p = (i - 1) >> 1;
    const q = heap[p] as number;
    if (!less(t, q)) break;
    heap[i] = q;
    i = p;
  }
  heap[i] = t;
}

function heapPop(): number {
  const top = heap[0] as number;
  const n = --heapSize;
  if (n > 0) {
    const t = heap[n] as number;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && less(heap[child + 1] as number, heap[child] as number)) child++;
      if (!less(heap[child] as number, t)) break;
      heap[i] = heap[child] as number;
      i = child;
    }
    heap[i] = t;
  }
  return top;
}

/** Queues every not yet queued tile within `r` of (x, y) (those that come after `after` only, when >= 0). */
function queueAround(x: number, y: number, r: number, w: number, h: number, after: number): void {
  const y0 = Math.max(0, y - r);
  const y1 = Math.min(h - 1, y + r);
  const x0 = Math.max(0, x - r);
  const x1 = Math.min(w - 1, x + r);
  for (let yy = y0; yy <= y1; yy++) {
    for (let q = yy * w + x0, end = yy * w + x1; q <= end; q++) {
      if (mark[q] !== 0 || (after >= 0 && !less(after, q))) continue;
      mark[q] = QUEUED;
      heapPush(q);
    }
  }
}

/** True when the segment (x0, y0)-(x1, y1) meets box b of {@link boxes} (Liang and Barsky's clipping). */
function meetsBox(x0: number, y0: number, x1: number, y1: number, b: number): boolean {
  const bx0 = boxes[4 * b] as number;
  const by0 = boxes[4 * b + 1] as number;
  const bx1 = boxes[4 * b + 2] as number;
  const by1 = boxes[4 * b + 3] as number;
  if (Math.max(x0, x1) < bx0 || Math.min(x0, x1) > bx1 || Math.max(y0, y1) < by0 || Math.min(y0, y1) > by1)
    return false;
  CLIP[0] = 0;
  CLIP[1] = 1;
  return (
    clipAxis(x0, x1 - x0, bx0, bx1) && clipAxis(y0, y1 - y0, by0, by1) && (CLIP[0] as number) <= (CLIP[1] as number)
  );
}

/** The part [CLIP[0], CLIP[1]] of the segment (as a fraction of its length) that {@link clipAxis} keeps. */
const CLIP = new Float64Array(2);

/**
 * Narrows {@link CLIP} to the part of the segment whose coordinate along one axis (from `p`, changing by `d`)
 * lies in [lo, hi]; false when no part does (a segment parallel to the axis and outside the slab).
 */
function clipAxis(p: number, d: number, lo: number, hi: number): boolean {
  if (d === 0) return p >= lo && p <= hi;
  const s0 = (lo - p) / d;
  const s1 = (hi - p) / d;
  CLIP[0] = Math.max(CLIP[0] as number, Math.min(s0, s1));
  CLIP[1] = Math.min(CLIP[1] as number, Math.max(s0, s1));
  return true;
}

function addBox(x0: number, y0: number, x1: number, y1: number): void {
  const b = boxCount++;
  boxes[4 * b] = x0 - EDIT_MARGIN;
  boxes[4 * b + 1] = y0 - EDIT_MARGIN;
  boxes[4 * b + 2] = x1 + 1 + EDIT_MARGIN;
  boxes[4 * b + 3] = y1 + 1 + EDIT_MARGIN;
}

/** Groups the `n` edited tiles into at most MAX_BOXES boxes (one per tile, per block of tiles, or one). */
function groupEdits(n: number, w: number): void {
  boxCount = 0;
  if (n <= MAX_BOXES) {
    for (let k = 0; k < n; k++) {
      const t = edits[k] as number;
      const y = (t / w) | 0;
      addBox(t - y * w, y, t - y * w, y);
    }
    return;
  }
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = -1;
  let y1 = -1;
  const blocks = new Map<number, number[]>();
  for (let k = 0; k < n; k++) {
    const t = edits[k] as number;
    const y = (t / w) | 0;
    const x = t - y * w;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
    const key = ((y / BLOCK) | 0) * 65536 + ((x / BLOCK) | 0);
    const box = blocks.get(key);
    if (box === undefined) blocks.set(key, [x, y, x, y]);
    else {
      box[0] = Math.min(box[0] as number, x);
      box[1] = Math.min(box[1] as number, y);
      box[2] = Math.max(box[2] as number, x);
      box[3] = Math.max(box[3] as number, y);
    }
  }
  if (blocks.size > MAX_BOXES) {
    addBox(x0, y0, x1, y1);
    return;
  }
  for (const box of blocks.values()) addBox(box[0] as number, box[1] as number, box[2] as number, box[3] as number);
}

/** True when the box of block `b` of `reach` (./flow-reach.ts) meets one of the edit boxes. */
function reachMeetsBoxes(reach: Int32Array, b: number): boolean {
  const x0 = reach[4 * b] as number;
  const y0 = reach[4 * b + 1] as number;
  const x1 = reach[4 * b + 2] as number;
  const y1 = reach[4 * b + 3] as number;
  for (let k = 0; k < boxCount; k++) {
    if (
      x0 <= (boxes[4 * k + 2] as number) &&
      x1 >= (boxes[4 * k] as number) &&
      y0 <= (boxes[4 * k + 3] as number) &&
      y1 >= (boxes[4 * k + 1] as number)
    )
      return true;
  }
  return false;
}

/**
 * Queues the tiles within 2 of every tile whose straight way to its kept anchor meets one of the edit boxes.
 * PERF: only the tiles of the blocks whose reach meets an edit box are tested (a few blocks around a small edit
 * where anchors are near, more where they see far), and most ways lie wholly on one side of the boxes' union.
 */
function queueNearWays(
  ids: Int32Array,
  ax: Float64Array,
  ay: Float64Array,
  reach: Int32Array,
  w: number,
  h: number,
): void {
  let ux0 = Number.POSITIVE_INFINITY;
  let uy0 = Number.POSITIVE_INFINITY;
  let ux1 = Number.NEGATIVE_INFINITY;
  let uy1 = Number.NEGATIVE_INFINITY;
  const n = boxCount;
  for (let b = 0; b < n; b++) {
    ux0 = Math.min(ux0, boxes[4 * b] as number);
    uy0 = Math.min(uy0, boxes[4 * b + 1] as number);
    ux1 = Math.max(ux1, boxes[4 * b + 2] as number);
    uy1 = Math.max(uy1, boxes[4 * b + 3] as number);
  }
  const row = reachRow(w);
  const blocks = reachBlocks(w, h);
  for (let b = 0; b < blocks; b++) {
    if (!reachMeetsBoxes(reach, b)) continue;
    const bx = (b % row) * REACH_BLOCK;
    const by = ((b / row) | 0) * REACH_BLOCK;
    for (let y = by, y1 = Math.min(h, by + REACH_BLOCK); y < y1; y++) {
      const py = y + 0.5;
      for (let x = bx, x1 = Math.min(w, bx + REACH_BLOCK), o = y * w + bx; x < x1; x++, o++) {
        const id = ids[o] as number;
        if (id < 0) continue;
        const px = x + 0.5;
        const qx = ax[id] as number;
        const qy = ay[id] as number;
        if ((px < ux0 && qx < ux0) || (px > ux1 && qx > ux1) || (py < uy0 && qy < uy0) || (py > uy1 && qy > uy1))
          continue;
        for (let k = 0; k < n; k++) {
          if (meetsBox(px, py, qx, qy, k)) {
            queueAround(x, y, 2, w, h, -1);
            break;
          }
        }
      }
    }
  }
}

/** Inputs of {@link repairFlow}: the kernel's, with the kept state of the flow in `vx`, `vy`, `anchor`. */
export interface FlowRepairInput extends FlowKernelInput {
  state: FlowState;
  /** Most tiles to visit again before giving up (the caller then runs the full kernel). */
  limit: number;
}

/**
 * Repairs the flow in `vx`, `vy`, `anchor` and its state to what the kernel gives on the input's field and grid.
 * Returns the number of tiles visited again, or -1 when it gave up (another order of visits, too many tiles, a
 * full anchor table): the outputs and the state may then be partly written, and the caller runs the full kernel.
 * Throws AbortError when the control asks to stop (the state is then marked invalid).
 */
export function repairFlow(input: FlowRepairInput): number {
  try {
    return repair(input);
  } finally {
    keyCost = NO_COSTS; // do not keep the field alive
  }
}

const NO_COSTS: Float64Array = new Float64Array(0);

function repair(input: FlowRepairInput): number {
  const { width: w, height: h, passable: pass, terrain: terr, cost, dir, vx, vy, anchor, state, control } = input;
  const size = w * h;
  const info = state.info;
  if (info[StateSlot.valid] !== 1 || info[StateSlot.clearance] !== input.clearance) return -1;
  if (mark.length < size) {
    mark = new Uint8Array(size);
    heap = new Int32Array(size);
    edits = new Int32Array(size);
    keyed = new Int32Array(size);
  }
  const { ids, cost: sCost, dir: sDir, pass: sPass, terr: sTerr, creator } = state;
  // The tiles whose inputs changed, and the range of the costs (the order's mode and origin).
  scanChanges(size, pass, terr, cost, dir, state, edits, keyed);
  const nEdit = SCAN[0] as number;
  const nKey = SCAN[1] as number;
  const min = SCAN[2] as number;
  const max = SCAN[3] as number;
  const bucketed = bucketsFit(min, max, size) ? 1 : 0;
  if (bucketed !== info[StateSlot.bucketed] || (bucketed === 1 && min !== info[StateSlot.min])) return -1;
  keyCost = cost;
  keyMin = min;
  keyBucketed = bucketed === 1;
  if (nEdit + nKey > input.limit) return -1;
  pollFlow(control, 0);
  info[StateSlot.valid] = 0;
  mark.fill(0, 0, size);
  heapSize = 0;
  for (let k = 0; k < nKey; k++) {
    const t = keyed[k] as number;
    const y = (t / w) | 0;
    queueAround(t - y * w, y, 3, w, h, -1);
  }
  const oldCount = info[StateSlot.count] as number;
  const clearance = input.clearance;
  loadAnchors(state.code, state.g, oldCount, w, clearance, info[StateSlot.generation] as number);
  markAnchorsLoaded(-1);
  if (nEdit > 0) {
    for (let k = 0; k < nEdit; k++) {
      const t = edits[k] as number;
      const y = (t / w) | 0;
      queueAround(t - y * w, y, 3, w, h, -1);
    }
    groupEdits(nEdit, w);
    queueNearWays(ids, anchors.x, anchors.y, state.reach, w, h);
  }
  setSightClearance(clearance);
  setChooseClearance(clearance);
  const capacity = stateCapacity(size);
  const row = reachRow(w);
  let visited = 0;
  let next = FLOW_CONTROL_INTERVAL;
  while (heapSize > 0) {
    const t = heapPop();
    mark[t] = DONE;
    if (++visited > input.limit) return -1;
    if (visited === next) {
      pollFlow(control, visited);
      next += FLOW_CONTROL_INTERVAL;
    }
    const y = (t / w) | 0;
    const x = t - y * w;
    const old = ids[t] as number;
    let id = -1;
    if ((cost[t] as number) < Number.POSITIVE_INFINITY) {
      // Hide the tile itself and the tiles near it that a full run would not have visited yet.
      let masked = 0;
      for (let yy = Math.max(0, y - 3), y1 = Math.min(h - 1, y + 3); yy <= y1; yy++) {
        for (let q = yy * w + Math.max(0, x - 3), end = yy * w + Math.min(w - 1, x + 3); q <= end; q++) {
          const qid = ids[q] as number;
          if (qid < 0 || (q !== t && !less(t, q))) continue;
          maskQ[masked] = q;
          maskId[masked++] = qid;
          ids[q] = -1;
        }
      }
      const before = anchors.count;
      if (before >= capacity) return -1;
      const d = dir[t] as number;
      id =
        d === 255
          ? addAnchor(centreCode(t), x + 0.5, y + 0.5, cost[t] as number)
          : chooseAnchor(ids, t, x, y, d, w, h, pass, terr);
      for (let k = 0; k < masked; k++) ids[maskQ[k] as number] = maskId[k] as number;
      if (anchors.count > before) {
        // A new anchor: the same as the one this tile created in the kept state takes back its id.
        const tc = anchors.code;
        const tg = anchors.g;
        if (old >= 0 && creator[old] === t && tc[old] === tc[id] && tg[old] === tg[id]) {
          anchors.count = before;
          id = old;
        } else creator[id] = t;
      }
    }
    ids[t] = id;
    if (id >= 0 && id !== old) extendReach(state.reach, row, x, y, anchors.x[id] as number, anchors.y[id] as number);
    writeOutput(t, x, y, id, dir, vx, vy, anchor);
    if (id !== old) queueAround(x, y, 3, w, h, t);
  }
  // Keep the new anchors and the new inputs.
  const count = anchors.count;
  state.code.set(anchors.code.subarray(oldCount, count), oldCount);
  state.g.set(anchors.g.subarray(oldCount, count), oldCount);
  for (let k = 0; k < nEdit; k++) {
    const t = edits[k] as number;
    sPass[t] = pass[t] as number;
    if (terr !== null) sTerr[t] = terr[t] as number;
  }
  for (let k = 0; k < nKey; k++) {
    const t = keyed[k] as number;
    sCost[t] = cost[t] as number;
    sDir[t] = dir[t] as number;
  }
  info[StateSlot.count] = count;
  // The range may have moved in the comparison sort's order (the buckets' order refused any change of min above).
  info[StateSlot.min] = min;
  info[StateSlot.max] = max;
  const generation = newGeneration();
  info[StateSlot.generation] = generation;
  markAnchorsLoaded(generation);
  info[StateSlot.valid] = 1;
  return visited;
}

/** Writes tile t's outputs for anchor `id` as the full kernel does. */
function writeOutput(
  t: number,
  x: number,
  y: number,
  id: number,
  dir: Uint8Array,
  vx: Float32Array,
  vy: Float32Array,
  anchor: Int32Array,
): void {
  if (id < 0) {
    vx[t] = 0;
    vy[t] = 0;
    anchor[t] = -1;
    return;
  }
  anchor[t] = anchors.code[id] as number;
  if (dir[t] === 255) {
    vx[t] = 0;
    vy[t] = 0;
    return;
  }
  const dx = (anchors.x[id] as number) - x - 0.5;
  const dy = (anchors.y[id] as number) - y - 0.5;
  const len = Math.sqrt(dx * dx + dy * dy);
  vx[t] = dx / len;
  vy[t] = dy / len;
}
