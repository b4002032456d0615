import { CONTROL_INTERVAL, pollControl } from './control.js';
import type { KernelInput } from './kernel-input.js';
import { bucketArrays, bucketWithRoom, OCTILE_DIR_TABLE as DIR_TABLE } from './kernel-octile.js';
import { METRIC_STEPS, RULE_ALWAYS, RULE_BOTH_FREE, RULE_NEVER } from './options.js';

let costBuffer: Float64Array = new Float64Array(0);
let dirBuffer: Uint8Array = new Uint8Array(0);
/** Entry low nibble meaning "no direction" (a seed). */
const NONE = 8;
/** Direction byte of a tile not settled yet. */
const OPEN = 254;
/** Tentative cost of a wall (and of the border): never improved, and cheap to tell apart. */
const WALL = Number.NEGATIVE_INFINITY;
/** Starting tentative cost per passability code: walls -Infinity, the walkable code Infinity. */
const START_COST = Float64Array.from({ length: 256 }, (_, c) => (c === 0 ? WALL : Number.POSITIVE_INFINITY));
/** Per passability code, a floor for the output cost: +Infinity turns a wall's -Infinity into Infinity. */
const WALL_COST = Float64Array.from({ length: 256 }, (_, c) => (c === 0 ? Number.POSITIVE_INFINITY : WALL));
/** Output direction per direction byte: OPEN (never settled) becomes 255. */
const DIR_OUT = Uint8Array.from({ length: 256 }, (_, d) => (d === OPEN ? 255 : d));

/**
 * The octile kernel of `kernel-octile.ts` for the common grids with a single walkable code (no water): the
 * passability lives in the tentative cost array itself (walls are -Infinity, which no relaxation can improve),
 * settled tiles are told by their direction byte, so the inner loop reads one array instead of two.
 * Same buckets, same order, same results as `runOctile`. Builds its own padded scratch from `passable`.
 */
export function runOctileFlat(k: KernelInput, passable: Uint8Array): number {
  const { cost, dir, stride, width, height, rule, maxCost, seeds, control, metric } = k;
  const paddedSize = stride * (height + 2);
  if (costBuffer.length < paddedSize) {
    costBuffer = new Float64Array(paddedSize);
    dirBuffer = new Uint8Array(paddedSize);
  }
  const cp = costBuffer;
  const dp = dirBuffer;
  // PERF: walls and border -Infinity, walkable Infinity, in one branch-free pass (no state bytes needed).
  cp.fill(WALL, 0, stride + 1);
  for (let y = 0; y < height; y++) {
    let p = (y + 1) * stride + 1;
    let i = y * width;
    for (let x = 0; x < width; x++, p++, i++) cp[p] = START_COST[passable[i] as number] as number;
    cp[p] = WALL;
    cp[p + 1] = WALL;
  }
  cp.fill(WALL, (height + 1) * stride, paddedSize);
  dp.fill(OPEN, 0, paddedSize);
  const wd = metric === METRIC_STEPS ? 1 : Math.SQRT2;
  const sN = -stride;
  const diagonals = rule !== RULE_NEVER;
  const both = rule === RULE_BOTH_FREE;
  const always = rule === RULE_ALWAYS;
  const seedCount = seeds.n;
  const sv = seeds.v;
  const seedP = seeds.p;
  let base = sv[0] as number;
  for (let s = 1; s < seedCount; s++) if ((sv[s] as number) < base) base = sv[s] as number;
  const lengths = [0, 0, 0];
  let K = 0;
  let slot = 0;
  let next = 0;
  let settled = 0;
  let nextPoll = CONTROL_INTERVAL;
  let t = 0;
  for (;;) {
    let len = lengths[slot] as number;
    const s1 = slot === 2 ? 0 : slot + 1;
    const s2 = s1 === 2 ? 0 : s1 + 1;
    if (len === 0 && lengths[s1] === 0 && lengths[s2] === 0) {
      if (next >= seedCount) break;
      const key = Math.floor((sv[next] as number) - base);
      if (key > K) K = key;
    }
    while (next < seedCount) {
      const v = sv[next] as number;
      if (v - base >= K + 1) break;
      const p = seedP[next] as number;
      next++;
      if (!(v < (cp[p] as number))) continue;
      cp[p] = v;
      const cur = bucketWithRoom(slot, len + 1, len);
      cur[len++] = (p << 4) | NONE;
    }
    if (len > 0) {
      const curBase = base + K;
      const cur = bucketArrays[slot] as Int32Array;
      let l1 = lengths[s1] as number;
      let l2 = lengths[s2] as number;
      const b1 = bucketWithRoom(s1, l1 + 8 * len + 1, l1);
      const b2 = bucketWithRoom(s2, l2 + 4 * len + 1, l2);
      if (settled >= nextPoll) {
        nextPoll = settled + CONTROL_INTERVAL;
        pollControl(control, settled);
      }
      // Newest entry first (see runOctile).
      for (let h = len - 1; h >= 0; h--) {
        const e = cur[h] as number;
        const p = e >> 4;
        if (dp[p] !== OPEN) continue;
        dp[p] = DIR_TABLE[e & 15] as number;
        settled++;
        const cu = cp[p] as number;
        const c1 = cu + 1;
        if (!(c1 <= maxCost)) continue;
        // PERF: `c < cp[t]` alone rejects walls (-Infinity) and settled tiles (cost <= cu).
        t = p + sN;
        const vN = cp[t] as number;
        if (c1 < vN) {
          cp[t] = c1;
          b1[l1++] = (t << 4) | 2;
        }
        t = p + 1;
        const vE = cp[t] as number;
        if (c1 < vE) {
          cp[t] = c1;
          b1[l1++] = (t << 4) | 3;
        }
        t = p + stride;
        const vS = cp[t] as number;
        if (c1 < vS) {
          cp[t] = c1;
          b1[l1++] = (t << 4) | 0;
        }
        t = p + -1;
        const vW = cp[t] as number;
        if (c1 < vW) {
          cp[t] = c1;
          b1[l1++] = (t << 4) | 1;
        }
        if (!diagonals) continue;
        const c2 = cu + wd;
        if (!(c2 <= maxCost)) continue;
        const fN = vN !== WALL;
        const fE = vE !== WALL;
        const fS = vS !== WALL;
        const fW = vW !== WALL;
        let ne: boolean;
        let se: boolean;
        let sw: boolean;
        let nw: boolean;
        if (both) {
          ne = fN && fE;
          se = fS && fE;
          sw = fS && fW;
          nw = fN && fW;
        } else if (always) {
          ne = se = sw = nw = true;
        } else {
          ne = fN || fE;
          se = fS || fE;
          sw = fS || fW;
          nw = fN || fW;
        }
        if (c2 - curBase < 2) {
          if (ne) {
            t = p + sN + 1;
            if (c2 < (cp[t] as number)) {
              cp[t] = c2;
              b1[l1++] = (t << 4) | 6;
            }
          }
          if (se) {
            t = p + stride + 1;
            if (c2 < (cp[t] as number)) {
              cp[t] = c2;
              b1[l1++] = (t << 4) | 7;
            }
          }
          if (sw) {
            t = p + stride - 1;
            if (c2 < (cp[t] as number)) {
              cp[t] = c2;
              b1[l1++] = (t << 4) | 4;
            }
          }
          if (nw) {
            t = p + sN - 1;
            if (c2 < (cp[t] as number)) {
              cp[t] = c2;
              b1[l1++] = (t << 4) | 5;
            }
          }
        } else {
          if (ne) {
            t = p + sN + 1;
            if (c2 < (cp[t] as number)) {
              cp[t] = c2;
              b2[l2++] = (t << 4) | 6;
            }
          }
          if (se) {
            t = p + stride + 1;
            if (c2 < (cp[t] as number)) {
              cp[t] = c2;
              b2[l2++] = (t << 4) | 7;
            }
          }
          if (sw) {
            t = p + stride - 1;
            if (c2 < (cp[t] as number)) {
              cp[t] = c2;
              b2[l2++] = (t << 4) | 4;
            }
          }
          if (nw) {
            t = p + sN - 1;
            if (c2 < (cp[t] as number)) {
              cp[t] = c2;
              b2[l2++] = (t << 4) | 5;
            }
          }
        }
      }
      lengths[s1] = l1;
      lengths[s2] = l2;
    }
    lengths[slot] = 0;
    K++;
    slot = s1;
  }
  // PERF: branch-free output pass: max(cost, +Infinity on walls / -Infinity elsewhere), direction via a table.
  for (let y = 0; y < height; y++) {
    let p = (y + 1) * stride + 1;
    let i = y * width;
    for (let x = 0; x < width; x++, p++, i++) {
      cost[i] = Math.max(cp[p] as number, WALL_COST[passable[i] as number] as number);
      dir[i] = DIR_OUT[dp[p] as number] as number;
    }
  }
  return settled;
}
