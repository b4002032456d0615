/**
 * The corridor field's search in WebAssembly (`corridorRun` of wasm/corridor.ts, in the sector kernels' module):
 * the host lays the corridor out in the module's memory, runs the search in slices of 65,536 settled tiles
 * (progress and cancel between them) in an instance of its own (the intra-sector searches keep arrays in theirs),
 * and copies costs and directions into the field's arrays. It gives the same
 * costs and directions as the JavaScript search of ./corridor-fill.ts bit for bit, and hands back to it (returns
 * null) where WebAssembly is unavailable or switched off, for weighted terrain, for corridors over
 * {@link MAX_WASM_SLOTS} slots, or if a bucket would overflow.
 *
 * Memory, per thread, kept for the next call: about 14 bytes per slot of the largest corridor so far (costs 8,
 * codes, directions and settled flags 1 each, buckets 3 x 4 bytes per 4 slots), at most 60 MiB. Like the field
 * kernels' memory, it is swapped for a small fresh one after 16 calls in a row that each needed under a quarter
 * of it (when it holds over 16 MiB).
 */
import type { KernelControl } from '../fields/types.js';
import { pollWork } from './control.js';
import type { CorridorFillInput } from './corridor-fill-input.js';
import { dropSectorWasm, sectorWasm, sectorWasmMemory } from './cost-dial-wasm.js';
import { M_STEPS, M_WEIGHTED } from './sector-options.js';

/** Corridors of more slots than this (64 sectors of 256², 1024 of 64²) stay in JavaScript. */
export const MAX_WASM_SLOTS = 1 << 22;

/** Memory kept without a question, bytes; calls in a row that used under a quarter of a bigger memory. */
const KEEP_BYTES = 16 << 20;
let smallCalls = 0;

/** Counts a call that needed `bytes` of a memory of `have` bytes; drops the instance after 16 small ones. */
function shrinkLater(bytes: number, have: number): void {
  smallCalls = have > KEEP_BYTES && bytes < have / 4 ? smallCalls + 1 : 0;
  if (smallCalls >= 16) {
    smallCalls = 0;
    dropSectorWasm('corridor');
  }
}

/** Settled tiles between two progress reports (and abort checks). */
const SLICE = 65536;

const align8 = (n: number) => (n + 7) & ~7;

/**
 * Each bucket holds max(slots / 4, 65,536) entries unless set: a bucket holds one band of costs one unit wide,
 * a wavefront, far fewer tiles than a quarter of the corridor (an overflow falls back to JavaScript, exactly).
 */
let capOverride = 0;

/** Searches run in WebAssembly on this thread, and how many of them overflowed a bucket and went back. */
export const corridorWasmCounts = { runs: 0, overflows: 0 };

/**
 * Sets the buckets' size (0: the default), for the tests of the overflow fallback; returns the old setting.
 */
export function setCorridorBucketCap(entries: number): number {
  const old = capOverride;
  capOverride = entries;
  return old;
}

/**
 * Fills the corridor's field with the WebAssembly search; the goal's slot must be in the corridor and its value
 * at most `maxCost`. Returns the tiles settled, or null when the JavaScript search must run instead.
 */
export function fillCorridorWasm(k: CorridorFillInput, goalSlot: number, control?: KernelControl): number | null {
  if (k.metric === M_WEIGHTED && k.terrain !== null) return null;
  const slots = k.cost.length;
  if (slots > MAX_WASM_SLOTS) return null;
  if (sectorWasm('corridor') === null) return null;
  const side = 1 << k.shift;
  const padded = (side + 2) * (side + 2);
  const blocks = k.blockSector.length;
  const cap = capOverride > 0 ? capOverride : Math.max(slots >> 2, 1 << 16);
  // Layout: costs, buckets, neighbour blocks, state, codes, directions, settled flags.
  const costAt = 0;
  const bkAt = costAt + 8 * slots;
  const nbrAt = bkAt + 12 * cap;
  const stateAt = nbrAt + 36 * blocks;
  const stAt = stateAt + 32;
  const dirAt = stAt + blocks * padded;
  const doneAt = dirAt + slots;
  const need = align8(doneAt + slots);
  const buffer = sectorWasmMemory(need, 'corridor');
  // The kernels after the memory: a memory too small is replaced with its instance.
  const wasm = sectorWasm('corridor');
  if (buffer === null || wasm === null) return null;
  shrinkLater(need, buffer.byteLength);
  const cost = new Float64Array(buffer, costAt, slots);
  const dir = new Uint8Array(buffer, dirAt, slots);
  cost.fill(Number.POSITIVE_INFINITY);
  dir.fill(255);
  new Uint8Array(buffer, doneAt, slots).fill(0);
  gatherCodes(k, new Uint8Array(buffer, stAt, blocks * padded));
  linkBlocks(k, new Int32Array(buffer, nbrAt, 9 * blocks));
  const state = new Int32Array(buffer, stateAt, 8);
  state.fill(0);
  state[1] = 1;
  new Int32Array(buffer, bkAt, 1)[0] = goalSlot;
  cost[goalSlot] = k.goalValue;
  const wd = k.metric === M_STEPS ? 1 : Math.SQRT2;
  for (;;) {
    const budget = (state[5] as number) + SLICE;
    const { shift, goalValue, maxCost, rule } = k;
    const r = wasm.corridorRun(
      stAt,
      nbrAt,
      costAt,
      dirAt,
      doneAt,
      bkAt,
      cap,
      stateAt,
      shift,
      goalValue,
      maxCost,
      rule,
      wd,
      budget,
    );
    if (r < 0) {
      corridorWasmCounts.overflows++;
      return null;
    }
    if (r === 0) break;
    pollWork(control, state[5] as number);
  }
  corridorWasmCounts.runs++;
  k.cost.set(new Float64Array(buffer, costAt, slots));
  k.dir.set(new Uint8Array(buffer, dirAt, slots));
  return state[5] as number;
}

/**
 * Copies the passability codes of each block and the ring of tiles around it (0 beyond the map) into `st`,
 * `(side + 2)²` bytes per block, row by row.
 */
function gatherCodes(k: CorridorFillInput, st: Uint8Array): void {
  const { width, height, shift, sectorsX, blockSector, passable } = k;
  const side = 1 << shift;
  const ps = side + 2;
  st.fill(0);
  for (let b = 0; b < blockSector.length; b++) {
    const sct = blockSector[b] as number;
    const sx = sct % sectorsX;
    const x0 = (sx << shift) - 1;
    const y0 = (((sct - sx) / sectorsX) << shift) - 1;
    const from = Math.max(0, x0);
    const to = Math.min(width, x0 + ps);
    for (let r = 0; r < ps; r++) {
      const y = y0 + r;
      if (y < 0 || y >= height) continue;
      const row = y * width;
      st.set(passable.subarray(row + from, row + to), b * ps * ps + r * ps + (from - x0));
    }
  }
}

/** The blocks of the 3 x 3 sectors around each block (-1 outside the corridor or the map). */
function linkBlocks(k: CorridorFillInput, nbr: Int32Array): void {
  const { sectorsX, sectorBlock, blockSector } = k;
  const sectorsY = sectorBlock.length / sectorsX;
  for (let b = 0; b < blockSector.length; b++) {
    const sct = blockSector[b] as number;
    const sx = sct % sectorsX;
    const sy = (sct - sx) / sectorsX;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = sx + dx;
        const ny = sy + dy;
        const inside = nx >= 0 && ny >= 0 && nx < sectorsX && ny < sectorsY;
        nbr[b * 9 + (dy + 1) * 3 + dx + 1] = inside ? (sectorBlock[ny * sectorsX + nx] as number) : -1;
      }
    }
  }
}
