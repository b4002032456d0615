import { diagonalsAllowed } from '../../util/diagonals.js';
import { METRIC_OCTILE, METRIC_STEPS, RULE_ALWAYS, RULE_BOTH_FREE, RULE_NEVER } from '../options.js';
import { CONTROL_INTERVAL, pollControl } from './control.js';
import type { KernelInput } from './kernel-input.js';
import { SETTLED } from './scratch.js';

// Direction indices written into `dir` (the step from the relaxed tile back towards the settled one).
const N = 0;
const E = 1;
const S = 2;
const W = 3;
const NE = 4;
const SE = 5;
const SW = 6;
const NW = 7;

/** Largest number of buckets the Dial kernel uses; larger terrain costs go to the heap kernel. */
export const MAX_DIAL_BUCKETS = 4096;

/** Bucket stacks (pairs of padded index, tile index), one per slot, grown on demand. */
const bucketArrays: Int32Array[] = [];
/** Entries in each bucket stack. */
const bucketLengths = new Int32Array(MAX_DIAL_BUCKETS);

/**
 * Exact Dijkstra with unit-width buckets (Dial's algorithm), for any metric whose edges cost at least 1.
 * Bucket K holds tiles whose tentative cost is in [base + K, base + K + 1). Because every edge costs >= 1, tiles
 * of the current bucket cannot improve one another, so their costs are final and they may be settled in any
 * order: no heap is needed. The buckets are a circular array of `ceil(maxEdge) + 2` stacks. Seeds are injected
 * lazily in key order, and when every bucket is empty the window jumps to the next seed, so seeds spread over
 * a wide range of values (a safety map seeds every tile) cost nothing extra.
 *
 * Backwards relaxation: the field is "cost to reach a seed", so when tile u is settled its neighbour v (which
 * steps into u) is offered cost[u] + terrain[u] * stepLength. `dir[v]` is written together with `cost[v]`
 * whenever v improves, so following `dir` adds exactly the edge costs that produced `cost`.
 *
 * PERF: duplicate entries instead of decrease-key (a settled tile is skipped by its state bit); the edge costs,
 * their range check and their bucket are computed once per settled tile (the four straight steps share one cost
 * and one bucket, the four diagonal ones another); the bucket of a new cost is its offset from the current bucket
 * base truncated with `| 0` (no Math.floor). Each relaxation is one call of {@link relax}, which V8 inlines as
 * long as the function that calls it stays small: V8 inlines at most about 920 bytes of bytecode into one
 * function, so each bucket is settled by a function of its own ({@link settleBucket}, one call per bucket).
 * Measured (bench `kernels` weighted, 1024x1024 with 20% walls, ~80 ms; den520d ~2 ms): the same time as the
 * eight hand-unrolled blocks this replaced; with the eight calls inside this function, two were left
 * un-inlined and it ran 8-20% slower. Returns the number of settled tiles.
 */
export function runDial(k: KernelInput): number {
  const { st, cost, dir, seeds } = k;
  cost.fill(Number.POSITIVE_INFINITY);
  dir.fill(255);
  const nb = Math.ceil(k.maxEdge) + 2;
  const arrays = bucketArrays;
  const lengths = bucketLengths;
  while (arrays.length < nb) arrays.push(new Int32Array(1 << 10));
  lengths.fill(0, 0, nb);
  const seedCount = seeds.n;
  const sv = seeds.v;
  // The bucket keys are floor(v - base) with base the smallest seed, as in sortSeedsByKey.
  let base = sv[0] as number;
  for (let s = 1; s < seedCount; s++) if ((sv[s] as number) < base) base = sv[s] as number;
  const seedP = seeds.p;
  const seedI = seeds.i;
  let K = 0;
  let slot = 0;
  let pending = 0;
  let next = 0;
  SETTLE[1] = 0;
  SETTLE[2] = CONTROL_INTERVAL;
  for (;;) {
    if (pending === 0) {
      if (next >= seedCount) break;
      // Every bucket is empty: jump to the next seed's bucket.
      const key = Math.floor((sv[next] as number) - base);
      if (key > K) {
        slot = (slot + ((key - K) % nb)) % nb;
        K = key;
      }
    }
    // Inject the seeds of this bucket (a tile may already be cheaper through another seed).
    while (next < seedCount) {
      const v = sv[next] as number;
      if (v - base >= K + 1) break;
      const p = seedP[next] as number;
      const i = seedI[next] as number;
      next++;
      if ((st[p] as number) & SETTLED || !(v < (cost[i] as number))) continue;
      cost[i] = v;
      dir[i] = 255;
      pushBucket(slot, p, i);
      pending++;
    }
    settleBucket(k, slot, base + K, nb);
    pending += SETTLE[0] as number;
    K++;
    slot++;
    if (slot === nb) slot = 0;
  }
  return SETTLE[1] as number;
}

/** Out values of {@link settleBucket}: entries pushed minus entries taken; tiles settled; tiles to the next poll. */
const SETTLE = new Int32Array(3);

/**
 * Settles bucket `slot` (base cost `curBase`) of the `nb` rotating buckets: takes its entries newest first
 * (PERF: LIFO, so the tiles just pushed are still in cache) and relaxes the neighbours of each tile not settled
 * yet. Pushes go to later buckets only (every edge costs at least 1). Updates {@link SETTLE}.
 */
function settleBucket(k: KernelInput, slot: number, curBase: number, nb: number): void {
  const { st, cost, dir, stride, width, rule, maxCost, control, terrain, metric } = k;
  const sN = -stride;
  const wN = -width;
  const diagonals = rule !== RULE_NEVER;
  const lengths = bucketLengths;
  const cur = bucketArrays[slot] as Int32Array;
  let moved = 0;
  let settled = SETTLE[1] as number;
  let budget = SETTLE[2] as number;
  let t = 0;
  for (let top = lengths[slot] as number; top > 0; ) {
    top -= 2;
    const p = cur[top] as number;
    const i = cur[top + 1] as number;
    moved--;
    const a0 = st[p] as number;
    if (a0 & SETTLED) continue;
    st[p] = a0 | SETTLED;
    const pu = a0 & 3;
    settled++;
    if (--budget === 0) {
      budget = CONTROL_INTERVAL;
      pollControl(control, settled);
    }
    const cu = cost[i] as number;
    let wo: number;
    let wd: number;
    if (metric === METRIC_OCTILE) {
      wo = 1;
      wd = Math.SQRT2;
    } else if (metric === METRIC_STEPS) {
      wo = 1;
      wd = 1;
    } else {
      wo = terrain === null ? 1 : (terrain[i] as number);
      wd = wo * Math.SQRT2;
    }
    // Straight steps: one cost, one bucket. A diagonal step costs at least as much, so nothing is left to do
    // when the straight cost is out of range.
    const co = cu + wo;
    if (!(co <= maxCost)) continue;
    let b = slot + ((co - curBase) | 0);
    if (b >= nb) b -= nb;
    // PERF: `st[t] === pu` is "same passability code and not settled yet".
    t = p + sN;
    const aN = st[t] as number;
    if (aN === pu) moved += relax(cost, dir, b, t, i + wN, co, S);
    t = p + 1;
    const aE = st[t] as number;
    if (aE === pu) moved += relax(cost, dir, b, t, i + 1, co, W);
    t = p + stride;
    const aS = st[t] as number;
    if (aS === pu) moved += relax(cost, dir, b, t, i + width, co, N);
    t = p - 1;
    const aW = st[t] as number;
    if (aW === pu) moved += relax(cost, dir, b, t, i - 1, co, E);
    if (!diagonals) continue;
    const cd = cu + wd;
    if (!(cd <= maxCost)) continue;
    const fN = (aN & 3) === pu;
    const fE = (aE & 3) === pu;
    const fS = (aS & 3) === pu;
    const fW = (aW & 3) === pu;
    const diag = diagonalsAllowed(rule === RULE_BOTH_FREE, rule === RULE_ALWAYS, fN, fE, fS, fW);
    // Diagonal steps: one cost, one bucket (the straight steps' bucket or a later one).
    b = slot + ((cd - curBase) | 0);
    if (b >= nb) b -= nb;
    t = p + sN + 1;
    if ((diag & 1) !== 0 && st[t] === pu) moved += relax(cost, dir, b, t, i + wN + 1, cd, SW);
    t = p + stride + 1;
    if ((diag & 2) !== 0 && st[t] === pu) moved += relax(cost, dir, b, t, i + width + 1, cd, NW);
    t = p + stride - 1;
    if ((diag & 4) !== 0 && st[t] === pu) moved += relax(cost, dir, b, t, i + width - 1, cd, NE);
    t = p + sN - 1;
    if ((diag & 8) !== 0 && st[t] === pu) moved += relax(cost, dir, b, t, i + wN - 1, cd, SE);
  }
  lengths[slot] = 0;
  SETTLE[0] = moved;
  SETTLE[1] = settled;
  SETTLE[2] = budget;
}

/**
 * One relaxation: offers tile j (padded index t) the cost c through the tile being settled, `back` being the
 * direction from j back to that tile. When c beats j's cost, writes both and pushes the pair (t, j) on bucket `b`
 * (the bucket of c). Returns 1 when j was pushed, else 0.
 */
function relax(cost: Float64Array, dir: Uint8Array, b: number, t: number, j: number, c: number, back: number): number {
  if (!(c < (cost[j] as number))) return 0;
  cost[j] = c;
  dir[j] = back;
  let arr = bucketArrays[b] as Int32Array;
  const n = bucketLengths[b] as number;
  if (n + 2 > arr.length) arr = growBucket(b, n);
  arr[n] = t;
  arr[n + 1] = j;
  bucketLengths[b] = n + 2;
  return 1;
}

/** Pushes the pair (padded index p, tile index i) on bucket `b`, doubling its stack when full. */
function pushBucket(b: number, p: number, i: number): void {
  let arr = bucketArrays[b] as Int32Array;
  const n = bucketLengths[b] as number;
  if (n + 2 > arr.length) arr = growBucket(b, n);
  arr[n] = p;
  arr[n + 1] = i;
  bucketLengths[b] = n + 2;
}

/** Doubles bucket `b`'s stack, keeping its first `used` entries. PERF: the rare path of {@link pushBucket}. */
function growBucket(b: number, used: number): Int32Array {
  const old = bucketArrays[b] as Int32Array;
  const next = new Int32Array(Math.max(old.length * 2, used + 16));
  next.set(old.subarray(0, used));
  bucketArrays[b] = next;
  return next;
}
