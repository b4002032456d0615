import { METRIC_OCTILE, METRIC_STEPS, RULE_ALWAYS, RULE_BOTH_FREE, RULE_NEVER } from '../options.js';
import { CONTROL_INTERVAL, pollControl } from './control.js';
import type { KernelInput } from './kernel-input.js';
import { buckets, growBucket, SETTLED } from './scratch.js';

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
 * PERF: duplicate entries instead of decrease-key (a settled tile is skipped by its state bit); the eight
 * relaxations are unrolled (generated, keep them in step); the edge weights are computed once per settled tile;
 * the bucket of a new cost is its offset from the current bucket base truncated with `| 0` (no Math.floor).
 * Returns the number of settled tiles.
 */
export function runDial(k: KernelInput): number {
  const { st, cost, dir, stride, width, rule, maxCost, seeds, control, terrain, metric } = k;
  cost.fill(Number.POSITIVE_INFINITY);
  dir.fill(255);
  const nb = Math.ceil(k.maxEdge) + 2;
  const { arrays, lengths } = buckets(nb);
  const sN = -stride;
  const wN = -width;
  const diagonals = rule !== RULE_NEVER;
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
  let settled = 0;
  let budget = CONTROL_INTERVAL;
  let t = 0;
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
    const curBase = base + K;
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
      let arr = arrays[slot] as Int32Array;
      const n = lengths[slot] as number;
      if (n + 2 > arr.length) arr = growBucket(slot, n);
      arr[n] = p;
      arr[n + 1] = i;
      lengths[slot] = n + 2;
      pending++;
    }
    // Settle the whole bucket. PERF: LIFO, so the tiles just pushed are still in cache.
    for (;;) {
      let top = lengths[slot] as number;
      if (top === 0) break;
      top -= 2;
      lengths[slot] = top;
      const cur = arrays[slot] as Int32Array;
      const p = cur[top] as number;
      const i = cur[top + 1] as number;
      pending--;
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
      // PERF: `st[t] === pu` is "same passability code and not settled yet".
      t = p + sN;
      const aN = st[t] as number;
      if (aN === pu) {
        const j = i + wN;
        const c = cu + wo;
        if (c < (cost[j] as number) && c <= maxCost) {
          cost[j] = c;
          dir[j] = S;
          let b = slot + ((c - curBase) | 0);
          if (b >= nb) b -= nb;
          let arr = arrays[b] as Int32Array;
          const n = lengths[b] as number;
          if (n + 2 > arr.length) arr = growBucket(b, n);
          arr[n] = t;
          arr[n + 1] = j;
          lengths[b] = n + 2;
          pending++;
        }
      }
      t = p + 1;
      const aE = st[t] as number;
      if (aE === pu) {
        const j = i + 1;
        const c = cu + wo;
        if (c < (cost[j] as number) && c <= maxCost) {
          cost[j] = c;
          dir[j] = W;
          let b = slot + ((c - curBase) | 0);
          if (b >= nb) b -= nb;
          let arr = arrays[b] as Int32Array;
          const n = lengths[b] as number;
          if (n + 2 > arr.length) arr = growBucket(b, n);
          arr[n] = t;
          arr[n + 1] = j;
          lengths[b] = n + 2;
          pending++;
        }
      }
      t = p + stride;
      const aS = st[t] as number;
      if (aS === pu) {
        const j = i + width;
        const c = cu + wo;
        if (c < (cost[j] as number) && c <= maxCost) {
          cost[j] = c;
          dir[j] = N;
          let b = slot + ((c - curBase) | 0);
          if (b >= nb) b -= nb;
          let arr = arrays[b] as Int32Array;
          const n = lengths[b] as number;
          if (n + 2 > arr.length) arr = growBucket(b, n);
          arr[n] = t;
          arr[n + 1] = j;
          lengths[b] = n + 2;
          pending++;
        }
      }
      t = p + -1;
      const aW = st[t] as number;
      if (aW === pu) {
        const j = i + -1;
        const c = cu + wo;
        if (c < (cost[j] as number) && c <= maxCost) {
          cost[j] = c;
          dir[j] = E;
          let b = slot + ((c - curBase) | 0);
          if (b >= nb) b -= nb;
          let arr = arrays[b] as Int32Array;
          const n = lengths[b] as number;
          if (n + 2 > arr.length) arr = growBucket(b, n);
          arr[n] = t;
          arr[n + 1] = j;
          lengths[b] = n + 2;
          pending++;
        }
      }
      if (!diagonals) continue;
      const fN = (aN & 3) === pu;
      const fE = (aE & 3) === pu;
      const fS = (aS & 3) === pu;
      const fW = (aW & 3) === pu;
      let ne: boolean;
      let se: boolean;
      let sw: boolean;
      let nw: boolean;
      if (rule === RULE_BOTH_FREE) {
        ne = fN && fE;
        se = fS && fE;
        sw = fS && fW;
        nw = fN && fW;
      } else if (rule === RULE_ALWAYS) {
        ne = se = sw = nw = true;
      } else {
        ne = fN || fE;
        se = fS || fE;
        sw = fS || fW;
        nw = fN || fW;
      }
      if (ne) {
        t = p + sN + 1;
        if (st[t] === pu) {
          const j = i + wN + 1;
          const c = cu + wd;
          if (c < (cost[j] as number) && c <= maxCost) {
            cost[j] = c;
            dir[j] = SW;
            let b = slot + ((c - curBase) | 0);
            if (b >= nb) b -= nb;
            let arr = arrays[b] as Int32Array;
            const n = lengths[b] as number;
            if (n + 2 > arr.length) arr = growBucket(b, n);
            arr[n] = t;
            arr[n + 1] = j;
            lengths[b] = n + 2;
            pending++;
          }
        }
      }
      if (se) {
        t = p + stride + 1;
        if (st[t] === pu) {
          const j = i + width + 1;
          const c = cu + wd;
          if (c < (cost[j] as number) && c <= maxCost) {
            cost[j] = c;
            dir[j] = NW;
            let b = slot + ((c - curBase) | 0);
            if (b >= nb) b -= nb;
            let arr = arrays[b] as Int32Array;
            const n = lengths[b] as number;
            if (n + 2 > arr.length) arr = growBucket(b, n);
            arr[n] = t;
            arr[n + 1] = j;
            lengths[b] = n + 2;
            pending++;
          }
        }
      }
      if (sw) {
        t = p + stride - 1;
        if (st[t] === pu) {
          const j = i + width - 1;
          const c = cu + wd;
          if (c < (cost[j] as number) && c <= maxCost) {
            cost[j] = c;
            dir[j] = NE;
            let b = slot + ((c - curBase) | 0);
            if (b >= nb) b -= nb;
            let arr = arrays[b] as Int32Array;
            const n = lengths[b] as number;
            if (n + 2 > arr.length) arr = growBucket(b, n);
            arr[n] = t;
            arr[n + 1] = j;
            lengths[b] = n + 2;
            pending++;
          }
        }
      }
      if (nw) {
        t = p + sN - 1;
        if (st[t] === pu) {
          const j = i + wN - 1;
          const c = cu + wd;
          if (c < (cost[j] as number) && c <= maxCost) {
            cost[j] = c;
            dir[j] = SE;
            let b = slot + ((c - curBase) | 0);
            if (b >= nb) b -= nb;
            let arr = arrays[b] as Int32Array;
            const n = lengths[b] as number;
            if (n + 2 > arr.length) arr = growBucket(b, n);
            arr[n] = t;
            arr[n + 1] = j;
            lengths[b] = n + 2;
            pending++;
          }
        }
      }
    }
    K++;
    slot++;
    if (slot === nb) slot = 0;
  }
  return settled;
}
