import { RULE_ALWAYS, RULE_BOTH_FREE, RULE_NEVER } from '../options.js';
import { waveBothFree, waveFour, waveLoose } from './bfs-waves.js';
import { CONTROL_INTERVAL, pollControl } from './control.js';
import type { KernelInput } from './kernel-input.js';
import { copyPaddedRows, reachRows } from './scratch.js';

/**
 * Largest grid (in tiles) the BFS kernel takes: wave numbers are stored in a Float32 scratch, exact for integers
 * below 2^24, and a wave number is always below the tile count. Bigger grids use the bucket kernel.
 */
export const BFS_MAX_TILES = 1 << 24;

/** BFS state byte of an enterable tile not reached yet (0: never enterable, 2: reached). */
export const OPEN = 1;
/** Direction nibble of a seed's queue entry (no direction; written as 255 at the end). */
export const SEED_DIR = 15;

let queueBuffer: Int32Array = new Int32Array(1 << 12);
/** Wave cost per padded tile, +Infinity between calls (the kernel restores the rows it used). */
let waveBuffer: Float32Array = new Float32Array(0);
/** Direction per padded tile, 255 between calls. */
let dirBuffer: Uint8Array = new Uint8Array(0);

/** A queue with room for `need` entries (a new, larger one keeps nothing: callers copy what they need). */
function queueOf(need: number): Int32Array {
  if (need > queueBuffer.length) {
    let cap = queueBuffer.length;
    while (cap < need) cap *= 2;
    queueBuffer = new Int32Array(cap);
  }
  return queueBuffer;
}

/**
 * Turns the padded passability codes into BFS states in place: {@link OPEN} for tiles of `code`, 0 for every
 * other tile. A grid of walls and ground searched from ground already has that form (one native scan
 * checks for water; codes other than 0, 1 and 2 are outside the Grid contract), so the common case costs no pass.
 */
export function toStates(st: Uint8Array, size: number, code: number, passable: Uint8Array): void {
  if (code === OPEN && passable.indexOf(2) < 0) return;
  for (let p = 0; p < size; p++) st[p] = +(((st[p] as number) & 3) === code);
}

/**
 * Breadth-first waves: every move costs 1 and every seed has the same starting value v0, so a tile's cost is
 * v0 + its wave number. Exact: each tile is labelled on first discovery and the waves leave the queue in order.
 * Needs one passability code shared by all seeds (`k.code >= 0`) and at most {@link BFS_MAX_TILES} tiles.
 * Writes the whole `cost` and `dir` output. Returns the number of tiles labelled.
 *
 * This is the JavaScript version; bfs-wasm.ts runs the same waves in WebAssembly (wasm/kernels.ts), with the same
 * outputs bit for bit, and choose-kernel.ts falls back to this one where WebAssembly is unavailable.
 *
 * PERF (1024x1024 map with 20% random walls, bench `kernels` and `native` suites, Node 20: WebAssembly ~14 ms,
 * this JavaScript ~18-22 ms, the kernel before it ~28-31 ms; the same algorithm in C, gcc -O3, ~15 ms):
 * - state bytes 0 blocked, 1 open, 2 seen: `ok = a & 1` is 1 exactly for an open tile, `st = a + ok` marks it
 *   seen, and `a + 1` has bit 1 set exactly for an enterable tile (open or seen), which gates the diagonals;
 * - branch-free discovery: the state byte, the queue slot and the tail are written unconditionally and the tail
 *   advances by `ok`, so the unpredictable "seen / wall" tests cost no mispredictions;
 * - queue entries pack the padded index and the direction (`p << 4 | dir`), and a neighbour's entry is the
 *   tile's entry plus a constant;
 * - each wave runs in a small function per diagonal rule (V8 allocates registers far better there: ~20%
 *   faster than the same loop inside this function), with the eight probes written out (bfs-waves.ts, generated
 *   by scripts/generate-bfs-waves.mjs: a probe helper measured 5-15% slower);
 * - a dequeued tile writes its wave number to a padded Float32 scratch and its direction to a padded byte
 *   scratch; the outputs are then copied row by row with native `TypedArray.set` (Float32 to Float64 is
 *   converted natively, exact for integers below 2^24), about 5x faster than a JavaScript loop over the tiles;
 * - WebAssembly, from 2^21 tiles on: the scratch in groups of 8 rows stored column by column (see
 *   `runBfsWasm`); 2048x2048 ~92 instead of ~120 ms in Node.
 */
export function runBfs(k: KernelInput): number {
  const { st, cost, dir, stride, width, height, rule, maxCost, seeds, control } = k;
  const paddedSize = stride * (height + 2);
  if (waveBuffer.length < paddedSize) {
    waveBuffer = new Float32Array(paddedSize).fill(Number.POSITIVE_INFINITY);
    dirBuffer = new Uint8Array(paddedSize).fill(255);
  }
  const wave = waveBuffer;
  const dp = dirBuffer;
  toStates(st, paddedSize, k.code, k.passable);
  const v0 = seeds.v[0] as number;
  // Costs v0 + w are stored directly when all of them are exact in Float32; otherwise w, and v0 is added after.
  const direct = Number.isInteger(v0) && Math.abs(v0) + width * height <= BFS_MAX_TILES;
  let ok = false;
  try {
    let q = queueOf(seeds.n + 1);
    let t = 0;
    for (let s = 0; s < seeds.n; s++) {
      const p = seeds.p[s] as number;
      if (st[p] !== OPEN) continue;
      st[p] = OPEN + 1;
      q[t++] = (p << 4) | SEED_DIR;
    }
    let h = 0;
    let level = 0;
    let labelled = 0;
    let nextPoll = CONTROL_INTERVAL;
    while (h < t) {
      let end = t;
      const cw = direct ? v0 + level : level;
      if (!(v0 + level + 1 <= maxCost)) {
        // The next wave would exceed the range: label this wave and stop.
        labelWave(q, wave, dp, h, end, cw);
        h = end;
        level++;
        break;
      }
      // PERF: a linear queue (no ring mask): room for up to eight discoveries per tile of this wave plus one
      // scratch slot, checked once per wave; the live wave is moved to the front when the queue would overflow.
      const need = t + 8 * (end - h) + 1;
      if (need > q.length) {
        const live = end - h;
        if (h > 0) q.copyWithin(0, h, end);
        const old = q;
        q = queueOf(9 * live + 1);
        if (q !== old) q.set(old.subarray(0, live));
        labelled += h;
        h = 0;
        t = live;
        end = live;
      }
      if (labelled + h >= nextPoll) {
        nextPoll = labelled + h + CONTROL_INTERVAL;
        pollControl(control, labelled + h);
      }
      if (rule === RULE_BOTH_FREE) t = waveBothFree(st, q, wave, dp, h, end, t, cw, stride);
      else if (rule === RULE_NEVER) t = waveFour(st, q, wave, dp, h, end, t, cw, stride);
      else t = waveLoose(st, q, wave, dp, h, end, t, cw, stride, rule === RULE_ALWAYS);
      h = end;
      level++;
    }
    for (let s = 0; s < seeds.n; s++) dp[seeds.p[s] as number] = 255;
    // A tile of wave w lies at most w rows from a seed.
    const { r0, r1 } = reachRows(seeds, stride, height, level);
    copyRows(wave, dp, cost, dir, stride, width, height, r0, r1);
    if (!direct) for (let i = (r0 - 1) * width; i < r1 * width; i++) cost[i] = (cost[i] as number) + v0;
    ok = true;
    return labelled + h;
  } finally {
    // A run stopped by AbortError leaves labelled scratch behind: clean it all.
    if (!ok) {
      wave.fill(Number.POSITIVE_INFINITY);
      dp.fill(255);
    }
  }
}

/** {@link copyPaddedRows}, then restores the scratch rows r0..r1 for the next call. */
export function copyRows(
  wave: Float32Array,
  dp: Uint8Array,
  cost: Float64Array,
  dir: Uint8Array,
  stride: number,
  width: number,
  height: number,
  r0: number,
  r1: number,
): void {
  copyPaddedRows(wave, dp, cost, dir, stride, width, height, r0, r1);
  if (r1 < r0) return;
  wave.fill(Number.POSITIVE_INFINITY, r0 * stride, (r1 + 1) * stride);
  dp.fill(255, r0 * stride, (r1 + 1) * stride);
}

/** Labels the tiles of one wave without expanding them (the last wave of a range-limited field). */
function labelWave(q: Int32Array, wave: Float32Array, dp: Uint8Array, h: number, end: number, cw: number): void {
  for (; h < end; h++) {
    const e = q[h] as number;
    const p = e >> 4;
    wave[p] = cw;
    dp[p] = e & 15;
  }
}
