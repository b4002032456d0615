/**
 * Scratch memory shared by the field kernels of this thread. The kernels are synchronous and never re-entered,
 * so one set of arrays per thread (per module instance) is enough; it grows to the largest grid seen and is then
 * reused, so repeated field computations allocate nothing.
 */
import type { Grid } from '../../grid/grid.js';
import type { SeedList } from './seed-list.js';

/** Bit set in a state byte once a tile is settled (Dijkstra) or discovered (BFS). */
export const SETTLED = 4;

let stateBuffer = new Uint8Array(0);
/** The same memory as 32-bit words (the byte buffer's length is a multiple of 4). */
let stateWordBuffer = new Uint32Array(0);

/** True where a Uint32 read sees byte 0 in its low 8 bits (every platform a browser or Node runs on today). */
export const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * The padded state of the last {@link paddedState} call as 32-bit words, byte `p` in bits `8 * (p % 4)` of
 * word `p >> 2` on little-endian platforms (check {@link LITTLE_ENDIAN}). PERF: lets a pass over the states
 * read four tiles per load.
 */
export function paddedStateWords(): Uint32Array {
  return stateWordBuffer;
}

/**
 * The passability codes copied into a buffer padded with a one-tile wall border, stride `width + 2`, so the
 * kernels' inner loops need no bounds checks. Tile (x, y) is at `(y + 1) * (width + 2) + x + 1`. Each byte is
 * the tile's code (0 wall, 1 ground, 2 water, 3 spare); the kernels OR in {@link SETTLED}.
 * PERF: one byte per tile holds both "may I step here" and "already done", so the hot test is one load and
 * one compare (`state[q] === code`).
 */
export function paddedState(grid: Grid): Uint8Array {
  const w = grid.width;
  const h = grid.height;
  const stride = w + 2;
  const size = stride * (h + 2);
  if (stateBuffer.length < size) {
    stateWordBuffer = new Uint32Array(Math.ceil(size / 4));
    stateBuffer = new Uint8Array(stateWordBuffer.buffer);
  }
  const st = stateBuffer;
  const passable = grid.passable;
  st.fill(0, 0, stride + 1);
  for (let y = 0; y < h; y++) {
    const row = (y + 1) * stride;
    st.set(passable.subarray(y * w, y * w + w), row + 1);
    st[row + stride - 1] = 0;
    st[row + stride] = 0;
  }
  st.fill(0, (h + 1) * stride, size);
  return st;
}

/**
 * Bucket `b` of `arrays` with room for `need` entries (grown by doubling when needed, the first `keep` entries
 * kept). The rotating-bucket kernels keep their own `arrays` and call this once per bucket, not per push.
 */
export function bucketWithRoom(arrays: Int32Array[], b: number, need: number, keep: number): Int32Array {
  const old = arrays[b] as Int32Array;
  if (need <= old.length) return old;
  let cap = old.length;
  while (cap < need) cap *= 2;
  const next = new Int32Array(cap);
  next.set(old.subarray(0, keep));
  arrays[b] = next;
  return next;
}

let cleanCost: Float64Array = new Float64Array(0);
let cleanDir: Uint8Array = new Uint8Array(0);

/**
 * Padded cost and direction scratch (layout of {@link paddedState}) that is all +Infinity / 255 on entry.
 * The kernel hands it back with {@link releaseCostDir}, which restores only the rows it used, so a
 * range-limited field over a big grid costs no full-grid pass besides the two output fills.
 */
export function cleanCostDir(size: number): { cp: Float64Array; dp: Uint8Array } {
  if (cleanCost.length < size) {
    cleanCost = new Float64Array(size).fill(Number.POSITIVE_INFINITY);
    cleanDir = new Uint8Array(size).fill(255);
  }
  return { cp: cleanCost, dp: cleanDir };
}

/**
 * Copies the rows of the scratch that hold results (padded indices pMin..pMax, plus one row either side for
 * tiles that were relaxed but not settled) into the outputs, which the kernel filled with Infinity / 255
 * beforehand, and restores those scratch rows. With `ok` false (the kernel threw) nothing is copied and the
 * whole scratch is restored.
 */
export function releaseCostDir(
  cost: Float64Array,
  dir: Uint8Array,
  stride: number,
  width: number,
  height: number,
  pMin: number,
  pMax: number,
  ok: boolean,
): void {
  const cp = cleanCost;
  const dp = cleanDir;
  if (!ok) {
    cp.fill(Number.POSITIVE_INFINITY);
    dp.fill(255);
    return;
  }
  if (pMax < pMin) return;
  const r0 = Math.max(1, Math.floor(pMin / stride) - 1);
  const r1 = Math.min(height, Math.floor(pMax / stride) + 1);
  for (let r = r0; r <= r1; r++) {
    const row = r * stride + 1;
    const y = r - 1;
    cost.set(cp.subarray(row, row + width), y * width);
    dir.set(dp.subarray(row, row + width), y * width);
  }
  cp.fill(Number.POSITIVE_INFINITY, (r0 - 1) * stride, (r1 + 2) * stride);
  dp.fill(255, (r0 - 1) * stride, (r1 + 2) * stride);
}

/**
 * The padded rows (clamped to 1..height) that can hold a tile at most `reach` rows from one of the seeds: a field
 * whose every move costs at least 1 labels nothing outside them when `reach` bounds the waves or buckets run.
 * PERF: lets the kernels copy and clean only those rows, with no bounds tracking per tile.
 */
export function reachRows(seeds: SeedList, stride: number, height: number, reach: number): { r0: number; r1: number } {
  let pLo = Number.POSITIVE_INFINITY;
  let pHi = -1;
  for (let s = 0; s < seeds.n; s++) {
    const p = seeds.p[s] as number;
    if (p < pLo) pLo = p;
    if (p > pHi) pHi = p;
  }
  if (pHi < 0) return { r0: 1, r1: 0 };
  return {
    r0: Math.max(1, Math.floor(pLo / stride) - reach),
    r1: Math.min(height, Math.floor(pHi / stride) + reach),
  };
}

/**
 * Copies padded rows r0..r1 (row r holds tile row r - 1) of a cost and a direction scratch to the outputs with
 * native copies (a Float32 scratch is converted natively) and fills the other output rows with Infinity / 255.
 */
export function copyPaddedRows(
  cp: Float32Array | Float64Array,
  dp: Uint8Array,
  cost: Float64Array,
  dir: Uint8Array,
  stride: number,
  width: number,
  height: number,
  r0: number,
  r1: number,
): void {
  if (!fillOtherRows(cost, dir, width, height, r0, r1)) return;
  for (let r = r0; r <= r1; r++) {
    const row = r * stride + 1;
    cost.set(cp.subarray(row, row + width), (r - 1) * width);
    dir.set(dp.subarray(row, row + width), (r - 1) * width);
  }
}

/**
 * Fills the output rows outside padded rows r0..r1 (row r holds tile row r - 1) with Infinity / 255: all of them
 * when r1 < r0. Returns whether there are rows r0..r1 left to write.
 */
export function fillOtherRows(
  cost: Float64Array,
  dir: Uint8Array,
  width: number,
  height: number,
  r0: number,
  r1: number,
): boolean {
  const inf = Number.POSITIVE_INFINITY;
  if (r1 < r0) {
    cost.fill(inf);
    dir.fill(255);
    return false;
  }
  cost.fill(inf, 0, (r0 - 1) * width);
  dir.fill(255, 0, (r0 - 1) * width);
  cost.fill(inf, r1 * width, height * width);
  dir.fill(255, r1 * width, height * width);
  return true;
}

let terrainBuffer = new Float32Array(0);

/**
 * A copy of the grid's terrain layer in this thread's scratch (valid until the next call), so that a kernel
 * reads one consistent terrain even when another thread edits the grid meanwhile: the field is then stale (its
 * `gridVersion` is older than the grid's) but consistent, never computed from half-edited costs.
 */
export function terrainSnapshot(terrain: Float32Array): Float32Array {
  if (terrainBuffer.length < terrain.length) terrainBuffer = new Float32Array(terrain.length);
  const copy = terrainBuffer.length === terrain.length ? terrainBuffer : terrainBuffer.subarray(0, terrain.length);
  copy.set(terrain);
  return copy;
}
