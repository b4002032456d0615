import { CONTROL_INTERVAL, pollControl } from './control.js';
import type { KernelInput } from './kernel-input.js';
import { RULE_ALWAYS, RULE_BOTH_FREE, RULE_NEVER } from './options.js';
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

/** A FIFO of (padded index, tile index) pairs with their cost keys; capacity a power of two. */
interface Fifo {
  q: Int32Array;
  k: Float64Array;
}

let fifo1: Fifo = { q: new Int32Array(1 << 12), k: new Float64Array(1 << 11) };
let fifo2: Fifo = { q: new Int32Array(1 << 12), k: new Float64Array(1 << 11) };

/** Doubles a FIFO, unwrapping the live part [head, tail) to the start. */
function grow(f: Fifo, head: number, tail: number): Fifo {
  const cap = f.q.length;
  const used = (tail - head) & (cap - 1);
  const q = new Int32Array(cap * 2);
  const k = new Float64Array(cap);
  for (let a = 0; a < used; a += 2) {
    const from = (head + a) & (cap - 1);
    q[a] = f.q[from] as number;
    q[a + 1] = f.q[from + 1] as number;
    k[a >> 1] = f.k[from >> 1] as number;
  }
  return { q, k };
}

/**
 * Exact octile Dijkstra without a priority queue: edges cost 1 or sqrt 2 only, and tiles are settled in
 * nondecreasing cost, so the tiles reached by straight steps (cost + 1) come out of one FIFO in order and the
 * tiles reached by diagonal steps (cost + sqrt 2) out of another. Merging the two FIFO heads, plus the seeds
 * sorted by value, always yields the cheapest unsettled tile. Stale entries (a tile improved after it was
 * queued) are skipped by the settled bit. `dir` is written with `cost`, so walking it adds up to `cost`.
 *
 * PERF: a push is three stores and a masked increment (no bucket arithmetic); capacity is ensured once per
 * settled tile, not per push; the eight relaxations are unrolled (generated, keep them in step).
 * Seeds must be sorted by value (exactly). Returns the number of settled tiles.
 */
export function runOctile(k: KernelInput): number {
  const { st, cost, dir, stride, width, rule, maxCost, seeds, control } = k;
  const sN = -stride;
  const wN = -width;
  const diagonals = rule !== RULE_NEVER;
  const seedCount = seeds.n;
  const sv = seeds.v;
  const seedP = seeds.p;
  const seedI = seeds.i;
  for (let s = 0; s < seedCount; s++) {
    const i = seedI[s] as number;
    const v = sv[s] as number;
    if (v < (cost[i] as number)) {
      cost[i] = v;
      dir[i] = 255;
    }
  }
  let q1 = fifo1.q;
  let k1 = fifo1.k;
  let m1 = q1.length - 1;
  let q2 = fifo2.q;
  let k2 = fifo2.k;
  let m2 = q2.length - 1;
  let h1 = 0;
  let t1 = 0;
  let h2 = 0;
  let t2 = 0;
  let next = 0;
  let settled = 0;
  let budget = CONTROL_INTERVAL;
  let t = 0;
  const inf = Number.POSITIVE_INFINITY;
  for (;;) {
    const key1 = h1 !== t1 ? (k1[h1 >> 1] as number) : inf;
    const key2 = h2 !== t2 ? (k2[h2 >> 1] as number) : inf;
    let p: number;
    let i: number;
    if (next < seedCount && (sv[next] as number) <= key1 && (sv[next] as number) <= key2) {
      p = seedP[next] as number;
      i = seedI[next] as number;
      next++;
    } else if (key1 <= key2) {
      if (key1 === inf) break;
      p = q1[h1] as number;
      i = q1[h1 + 1] as number;
      h1 = (h1 + 2) & m1;
    } else {
      p = q2[h2] as number;
      i = q2[h2 + 1] as number;
      h2 = (h2 + 2) & m2;
    }
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
    const c1 = cu + 1;
    if (c1 > maxCost) continue;
    const c2 = cu + Math.SQRT2;
    // PERF: make room for four pushes per FIFO here, so the pushes below need no test.
    if (((t1 - h1) & m1) + 10 >= q1.length) {
      const used = (t1 - h1) & m1;
      fifo1 = grow(fifo1, h1, t1);
      q1 = fifo1.q;
      k1 = fifo1.k;
      m1 = q1.length - 1;
      h1 = 0;
      t1 = used;
    }
    if (((t2 - h2) & m2) + 10 >= q2.length) {
      const used = (t2 - h2) & m2;
      fifo2 = grow(fifo2, h2, t2);
      q2 = fifo2.q;
      k2 = fifo2.k;
      m2 = q2.length - 1;
      h2 = 0;
      t2 = used;
    }
    // PERF: `st[t] === pu` is "same passability code and not settled yet".
    t = p + sN;
    const aN = st[t] as number;
    if (aN === pu) {
      const j = i + wN;
      if (c1 < (cost[j] as number)) {
        cost[j] = c1;
        dir[j] = S;
        q1[t1] = t;
        q1[t1 + 1] = j;
        k1[t1 >> 1] = c1;
        t1 = (t1 + 2) & m1;
      }
    }
    t = p + 1;
    const aE = st[t] as number;
    if (aE === pu) {
      const j = i + 1;
      if (c1 < (cost[j] as number)) {
        cost[j] = c1;
        dir[j] = W;
        q1[t1] = t;
        q1[t1 + 1] = j;
        k1[t1 >> 1] = c1;
        t1 = (t1 + 2) & m1;
      }
    }
    t = p + stride;
    const aS = st[t] as number;
    if (aS === pu) {
      const j = i + width;
      if (c1 < (cost[j] as number)) {
        cost[j] = c1;
        dir[j] = N;
        q1[t1] = t;
        q1[t1 + 1] = j;
        k1[t1 >> 1] = c1;
        t1 = (t1 + 2) & m1;
      }
    }
    t = p + -1;
    const aW = st[t] as number;
    if (aW === pu) {
      const j = i + -1;
      if (c1 < (cost[j] as number)) {
        cost[j] = c1;
        dir[j] = E;
        q1[t1] = t;
        q1[t1 + 1] = j;
        k1[t1 >> 1] = c1;
        t1 = (t1 + 2) & m1;
      }
    }
    if (!diagonals || c2 > maxCost) continue;
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
        if (c2 < (cost[j] as number)) {
          cost[j] = c2;
          dir[j] = SW;
          q2[t2] = t;
          q2[t2 + 1] = j;
          k2[t2 >> 1] = c2;
          t2 = (t2 + 2) & m2;
        }
      }
    }
    if (se) {
      t = p + stride + 1;
      if (st[t] === pu) {
        const j = i + width + 1;
        if (c2 < (cost[j] as number)) {
          cost[j] = c2;
          dir[j] = NW;
          q2[t2] = t;
          q2[t2 + 1] = j;
          k2[t2 >> 1] = c2;
          t2 = (t2 + 2) & m2;
        }
      }
    }
    if (sw) {
      t = p + stride - 1;
      if (st[t] === pu) {
        const j = i + width - 1;
        if (c2 < (cost[j] as number)) {
          cost[j] = c2;
          dir[j] = NE;
          q2[t2] = t;
          q2[t2 + 1] = j;
          k2[t2 >> 1] = c2;
          t2 = (t2 + 2) & m2;
        }
      }
    }
    if (nw) {
      t = p + sN - 1;
      if (st[t] === pu) {
        const j = i + wN - 1;
        if (c2 < (cost[j] as number)) {
          cost[j] = c2;
          dir[j] = SE;
          q2[t2] = t;
          q2[t2 + 1] = j;
          k2[t2 >> 1] = c2;
          t2 = (t2 + 2) & m2;
        }
      }
    }
  }
  return settled;
}
