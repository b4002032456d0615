import { METRIC_STEPS, RULE_ALWAYS, RULE_BOTH_FREE, RULE_NEVER } from '../options.js';
import { CONTROL_INTERVAL, pollControl } from './control.js';
import type { KernelInput } from './kernel-input.js';
import { bucketWithRoom, fillOtherRows, LITTLE_ENDIAN, paddedStateWords, reachRows } from './scratch.js';

/** Tentative / final cost per padded tile: +Infinity open, -Infinity for tiles that can never be entered. */
let costScratch = new Float64Array(0);
/** Direction back per padded tile (255 none), written with each improvement of the cost. */
let dirScratch = new Uint8Array(0);
/** Initial cost per state byte (the passability code), set per call. */
const INIT = new Float64Array(4);
/** The three rotating bucket stacks of padded indices. */
const bucketArrays: Int32Array[] = [new Int32Array(1 << 12), new Int32Array(1 << 12), new Int32Array(1 << 12)];

/**
 * The Dial kernel of `runOctile` (edges 1 and sqrt 2, three rotating unit-width buckets, exact) for the common
 * case where every seed stands on the same passability code `k.code` and no seed value is below +0, so tiles
 * of any other code can never be reached. Same costs as `runOctile`, bit for bit; where two ways are equally
 * cheap the direction may differ (each bucket is expanded oldest entry first here). This is the JavaScript
 * version; octile-one-code-wasm.ts runs the same buckets in WebAssembly (wasm/kernels.ts), with the same outputs
 * bit for bit, and choose-kernel.ts falls back to this one where WebAssembly is unavailable.
 *
 * PERF (1024x1024 map with 20% random walls, bench `kernels` and `native` suites, Node 20: WebAssembly ~38 ms,
 * this JavaScript ~40 ms, `runOctile` ~58 ms; the same algorithm in C, gcc -O3, ~30 ms):
 * - each bucket is expanded oldest entry first (push order): the wavefront is walked along, not backwards,
 *   which measured ~6% faster than newest first;
 * - the padded cost scratch starts at -Infinity on walls and tiles of other codes and +Infinity elsewhere, so
 *   `c < cp[t]` alone rejects walls, other codes and settled tiles (a settled cost is below every later
 *   candidate): no state byte per neighbour, one unpredictable branch per relaxation instead of two; the
 *   diagonal rule is folded into the same branch (`gate & +(c < cp[t])` in {@link relax}, the gate as 0/1 from
 *   the straight neighbours' costs; ~8% faster than a separate `if`); a branch-free straight relaxation
 *   (store to a sink slot when rejected) was measured ~12% slower;
 * - every relaxation is one call of {@link relax}, which V8 inlines (measured against the eight blocks written
 *   out that it replaced: the same time within noise);
 * - the direction is written with each improvement (`dp[t]` next to `cp[t]`), so bucket entries are bare
 *   padded indices and a stale entry is recognised by its cost alone (`cp[p] < base + K`: settled in an
 *   earlier bucket); a tile queued twice in one bucket is expanded twice, the second time without any
 *   improvement, so no settled flag is needed;
 * - the outputs are written row by row at the end: `dir` by memcpy, `cost` as `Math.abs` of the scratch
 *   (turns -Infinity into Infinity, branch-free, exact for costs >= 0);
 * - WebAssembly only: the scratch stores each group of 8 rows column by column (see `runOctileOneCodeWasm`), so a
 *   wavefront that crosses the rows touches 8 times fewer cache lines: on 2048x2048 the search took ~117 ms
 *   instead of ~156 ms, and 4096x4096 fields in a Chromium worker ~626 ms instead of ~836 ms. The JavaScript
 *   version keeps plain rows (the same buckets in the same order, so the same outputs).
 * Measured slower (packages/bench/RESULTS.md): probing only the neighbours the parent cannot reach more cheaply
 * (about 3.4 probes per tile instead of 8, 15-20% slower in JavaScript and C), branch-free relaxations (~25%
 * slower in C), the eight tests folded into bit masks (no change).
 * Returns the number of settled tiles.
 */
export function runOctileOneCode(k: KernelInput): number {
  const { st, cost, dir, stride, width, height, rule, maxCost, seeds, control, metric } = k;
  const paddedSize = stride * (height + 2);
  const size = width * height;
  if (costScratch.length < paddedSize) {
    costScratch = new Float64Array(paddedSize);
    dirScratch = new Uint8Array(paddedSize);
  }
  const cp = costScratch;
  const dp = dirScratch;
  initCost(cp, st, paddedSize, k.code);
  dp.fill(255, 0, paddedSize);
  const wd = metric === METRIC_STEPS ? 1 : Math.SQRT2;
  const both = rule === RULE_BOTH_FREE;
  const seedCount = seeds.n;
  const sv = seeds.v;
  const seedP = seeds.p;
  let base = sv[0] as number;
  for (let s = 1; s < seedCount; s++) if ((sv[s] as number) < base) base = sv[s] as number;
  const lengths = [0, 0, 0];
  let K = 0;
  let slot = 0;
  let next = 0;
  // Expansions (a tile queued twice in one bucket counts twice): progress only; copyOut counts settled tiles.
  let expanded = 0;
  let nextPoll = CONTROL_INTERVAL;
  for (;;) {
    let len = lengths[slot] as number;
    const s1 = slot === 2 ? 0 : slot + 1;
    const s2 = s1 === 2 ? 0 : s1 + 1;
    if (len === 0 && lengths[s1] === 0 && lengths[s2] === 0) {
      if (next >= seedCount) break;
      // Every bucket is empty: jump to the next seed's bucket.
      const key = Math.floor((sv[next] as number) - base);
      if (key > K) K = key;
    }
    // Inject this bucket's seeds (a tile may already be cheaper through another seed).
    while (next < seedCount) {
      const v = sv[next] as number;
      if (v - base >= K + 1) break;
      const p = seedP[next] as number;
      next++;
      const c = cp[p] as number;
      if (!(v < c)) continue;
      cp[p] = v;
      dp[p] = 255;
      const cur = bucketWithRoom(bucketArrays, slot, len + 1, len);
      cur[len++] = p;
    }
    if (len > 0) {
      const curBase = base + K;
      const cur = bucketArrays[slot] as Int32Array;
      // PERF: room for all pushes of this bucket, ensured once.
      let l1 = lengths[s1] as number;
      let l2 = lengths[s2] as number;
      const b1 = bucketWithRoom(bucketArrays, s1, l1 + 8 * len, l1);
      const b2 = bucketWithRoom(bucketArrays, s2, l2 + 4 * len, l2);
      if (expanded >= nextPoll) {
        nextPoll = expanded + CONTROL_INTERVAL;
        pollControl(control, Math.min(expanded, size));
      }
      LENGTHS[0] = l1;
      LENGTHS[1] = l2;
      if (both) expandBothFree(cp, dp, cur, len, b1, b2, curBase, wd, stride, maxCost);
      else expandLoose(cp, dp, cur, len, b1, b2, curBase, wd, stride, maxCost, rule);
      l1 = LENGTHS[0] as number;
      l2 = LENGTHS[1] as number;
      expanded += LENGTHS[2] as number;
      lengths[s1] = l1;
      lengths[s2] = l2;
    }
    lengths[slot] = 0;
    K++;
    slot = s1;
  }
  // Every move costs at least 1 and every cost is below base + K, so a labelled tile lies at most K rows from
  // a seed (PERF: no per-tile bounds tracking in the search).
  const { r0, r1 } = reachRows(seeds, stride, height, K);
  return copyOut(cp, dp, cost, dir, stride, width, height, r0, r1);
}

/** -Infinity on tiles of other codes than `code` (walls, border), +Infinity on the others. */
function initCost(cp: Float64Array, st: Uint8Array, size: number, code: number): void {
  // PERF: a small function of its own (~3x faster than the same loop inside the kernel, measured), reading four
  // state bytes per load where the byte order allows (~2x faster than one byte per load, measured at 2048x2048).
  INIT.fill(Number.NEGATIVE_INFINITY);
  INIT[code] = Number.POSITIVE_INFINITY;
  let p = 0;
  if (LITTLE_ENDIAN) {
    const words = paddedStateWords();
    const n = size >> 2;
    for (let j = 0; j < n; j++, p += 4) {
      const w = words[j] as number;
      cp[p] = INIT[w & 3] as number;
      cp[p + 1] = INIT[(w >> 8) & 3] as number;
      cp[p + 2] = INIT[(w >> 16) & 3] as number;
      cp[p + 3] = INIT[(w >>> 24) & 3] as number;
    }
  }
  for (; p < size; p++) cp[p] = INIT[(st[p] as number) & 3] as number;
}

/**
 * Writes the scratch rows r0..r1 (padded row numbers) to the outputs (|cost|: -Infinity becomes Infinity), fills
 * the others. Returns the number of tiles with a finite cost (the settled tiles).
 */
function copyOut(
  cp: Float64Array,
  dp: Uint8Array,
  cost: Float64Array,
  dir: Uint8Array,
  stride: number,
  width: number,
  height: number,
  r0: number,
  r1: number,
): number {
  const inf = Number.POSITIVE_INFINITY;
  let settled = 0;
  if (!fillOtherRows(cost, dir, width, height, r0, r1)) return 0;
  for (let r = r0; r <= r1; r++) {
    const row = r * stride + 1;
    const i0 = (r - 1) * width;
    dir.set(dp.subarray(row, row + width), i0);
    // PERF: the row's costs are >= 0 or -Infinity (walls, other codes): abs is exact and branch-free.
    for (let x = 0; x < width; x++) {
      const c = Math.abs(cp[row + x] as number);
      cost[i0 + x] = c;
      settled += +(c < inf);
    }
  }
  return settled;
}

/** In/out of the expansion functions: the two push lengths, then the number of tiles expanded. */
const LENGTHS = new Int32Array(3);

/**
 * Expands the tiles cur[0..len) of the bucket with base cost `curBase` (default diagonal rule: both orthogonal
 * tiles enterable). Straight steps are pushed on `b1`, diagonals on `b1` or `b2` by their cost. Reads and writes
 * the push lengths in {@link LENGTHS} and stores the number of expanded tiles in its slot 2.
 * PERF: a small function of its own (V8 keeps its state in registers; ~5% faster than inline).
 */
function expandBothFree(
  cp: Float64Array,
  dp: Uint8Array,
  cur: Int32Array,
  len: number,
  b1: Int32Array,
  b2: Int32Array,
  curBase: number,
  wd: number,
  stride: number,
  maxCost: number,
): void {
  let l1 = LENGTHS[0] as number;
  let l2 = LENGTHS[1] as number;
  let expanded = 0;
  const NEG = Number.NEGATIVE_INFINITY;
  for (let h = 0; h < len; h++) {
    const p = cur[h] as number;
    const cu = cp[p] as number;
    // Stale: the tile was settled in an earlier bucket at a lower cost.
    if (cu < curBase) continue;
    expanded++;
    const c1 = cu + 1;
    if (!(c1 <= maxCost)) continue;
    const pN = p - stride;
    const pS = p + stride;
    // A neighbour of the seeds' code has a cost above -Infinity (settled or not).
    const fN = +((cp[pN] as number) > NEG);
    const fE = +((cp[p + 1] as number) > NEG);
    const fS = +((cp[pS] as number) > NEG);
    const fW = +((cp[p - 1] as number) > NEG);
    // Straight steps land in K + 1.
    l1 = relax(cp, dp, b1, l1, pN, c1, 1, 2);
    l1 = relax(cp, dp, b1, l1, p + 1, c1, 1, 3);
    l1 = relax(cp, dp, b1, l1, pS, c1, 1, 0);
    l1 = relax(cp, dp, b1, l1, p - 1, c1, 1, 1);
    const c2 = cu + wd;
    if (!(c2 <= maxCost)) continue;
    // Diagonal steps land in K + 1 or K + 2: one test per expanded tile.
    const far = c2 - curBase >= 2;
    const bd = far ? b2 : b1;
    let ld = far ? l2 : l1;
    ld = relax(cp, dp, bd, ld, pN + 1, c2, fN & fE, 6);
    ld = relax(cp, dp, bd, ld, pS + 1, c2, fS & fE, 7);
    ld = relax(cp, dp, bd, ld, pS - 1, c2, fS & fW, 4);
    ld = relax(cp, dp, bd, ld, pN - 1, c2, fN & fW, 5);
    if (far) l2 = ld;
    else l1 = ld;
  }
  LENGTHS[0] = l1;
  LENGTHS[1] = l2;
  LENGTHS[2] = expanded;
}

/**
 * {@link expandBothFree} for the other rules: 4 neighbours (`RULE_NEVER`), diagonals always, or when one orthogonal
 * tile is enterable. The rule is tested per tile (a predictable branch).
 */
function expandLoose(
  cp: Float64Array,
  dp: Uint8Array,
  cur: Int32Array,
  len: number,
  b1: Int32Array,
  b2: Int32Array,
  curBase: number,
  wd: number,
  stride: number,
  maxCost: number,
  rule: number,
): void {
  let l1 = LENGTHS[0] as number;
  let l2 = LENGTHS[1] as number;
  let expanded = 0;
  const NEG = Number.NEGATIVE_INFINITY;
  const diagonals = rule !== RULE_NEVER;
  const any = rule === RULE_ALWAYS ? 1 : 0;
  for (let h = 0; h < len; h++) {
    const p = cur[h] as number;
    const cu = cp[p] as number;
    if (cu < curBase) continue;
    expanded++;
    const c1 = cu + 1;
    if (!(c1 <= maxCost)) continue;
    const pN = p - stride;
    const pS = p + stride;
    const fN = +((cp[pN] as number) > NEG);
    const fE = +((cp[p + 1] as number) > NEG);
    const fS = +((cp[pS] as number) > NEG);
    const fW = +((cp[p - 1] as number) > NEG);
    l1 = relax(cp, dp, b1, l1, pN, c1, 1, 2);
    l1 = relax(cp, dp, b1, l1, p + 1, c1, 1, 3);
    l1 = relax(cp, dp, b1, l1, pS, c1, 1, 0);
    l1 = relax(cp, dp, b1, l1, p - 1, c1, 1, 1);
    if (!diagonals) continue;
    const c2 = cu + wd;
    if (!(c2 <= maxCost)) continue;
    const far = c2 - curBase >= 2;
    const bd = far ? b2 : b1;
    let ld = far ? l2 : l1;
    ld = relax(cp, dp, bd, ld, pN + 1, c2, fN | fE | any, 6);
    ld = relax(cp, dp, bd, ld, pS + 1, c2, fS | fE | any, 7);
    ld = relax(cp, dp, bd, ld, pS - 1, c2, fS | fW | any, 4);
    ld = relax(cp, dp, bd, ld, pN - 1, c2, fN | fW | any, 5);
    if (far) l2 = ld;
    else l1 = ld;
  }
  LENGTHS[0] = l1;
  LENGTHS[1] = l2;
  LENGTHS[2] = expanded;
}

/**
 * One relaxation: offers padded tile t the cost c when `gate` is 1 (the move is allowed), `back` being the
 * direction from t back to the tile expanded. When c beats t's cost, writes both and pushes t at `bucket[l]`
 * (room ensured). Returns the bucket's new length. PERF: `c < cp[t]` alone rejects walls, tiles of other codes
 * and settled tiles (the scratch's -Infinity, see {@link initCost}); the gate is folded into the same branch
 * (`gate & +(c < cp[t])`), measured ~8% faster than a separate `if`.
 */
function relax(
  cp: Float64Array,
  dp: Uint8Array,
  bucket: Int32Array,
  l: number,
  t: number,
  c: number,
  gate: number,
  back: number,
): number {
  if ((gate & +(c < (cp[t] as number))) === 0) return l;
  cp[t] = c;
  dp[t] = back;
  bucket[l] = t;
  return l + 1;
}
