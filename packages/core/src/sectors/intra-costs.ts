/**
 * The costs between the entrances of one sector: for each pair, the cost of the cheapest walk that stays inside
 * the sector (Infinity when there is none). With `steps` and `octile` costs are symmetric: a pair joined by a
 * straight walk (lines.ts) costs its distance bound and needs no search; the others are settled by one local
 * Dijkstra per entrance (cost-dial.ts, in WebAssembly where available) that stops as soon as the entrances not
 * searched from yet are settled, in an order that keeps those close together (searchOrder). With `weighted`
 * costs (the step into a tile is priced by that tile) every row needs its own Dijkstra.
 *
 * PERF: these searches are most of a build on maps with scattered obstacles (72% of it before they moved to
 * WebAssembly, 75-80% after). Single-thread builds, octile, sectors of 64, 20% random maps, before (LocalSearch's
 * Dial run in JavaScript, every run's entrances) and after (cost-dial.ts, the thinner entrances of entrances.ts,
 * searchOrder), interleaved in one process on a loaded machine, medians of 3: random-1024 1358 ms to 608 ms
 * (2.2x; 14x a full field to 7x), random-2048 5644 ms to 2553 ms (2.2x), random-4096 18.8 s to 10.3 s (one
 * build each, 1.8x); city-1024 (Berlin_0_256 scaled 4x) 48 ms to 40 ms. Later (issue 34): the WebAssembly
 * search over per-sector move masks (cost-dial.ts) took the searches to 0.71x and a random-8192 build from
 * 36.2 s to 26.0 s of CPU time (0.72x; 7.95x a full field to 5.71x), the graph the same bit for bit. What is
 * left is still these searches (about 73% of a warm build): each settles about 2,600 of a sector's 4,096 tiles
 * to reach about 10 targets, while the tiles on the targets' shortest paths are about 420; but the costs are
 * sums of 1 and sqrt 2 rounded in walk order, so a search that skipped tiles or ran from the other end of a
 * pair could change their last bits.
 */
import { sortByKey } from '../util/sort-by-key.js';
import { CostDial } from './cost-dial.js';
import { straightWalkExists } from './lines.js';
import type { LocalSearch } from './local-search.js';
import { distanceBound } from './moves.js';
import { M_WEIGHTED } from './sector-options.js';

/** Scratch for one sector's pairs, grown on demand (per thread). */
export class IntraScratch {
  pad = new Int32Array(64);
  px = new Int32Array(64);
  py = new Int32Array(64);
  targets = new Int32Array(64);
  order = new Int32Array(64);
  key = new Float64Array(64);
  near = new Float64Array(64);
  resolved = new Uint8Array(64 * 64);
  /** The searches of `steps` and `octile` rows. */
  readonly dial = new CostDial();

  ensure(k: number): void {
    if (this.pad.length < k) {
      const n = Math.max(k, this.pad.length * 2);
      this.pad = new Int32Array(n);
      this.px = new Int32Array(n);
      this.py = new Int32Array(n);
      this.targets = new Int32Array(n);
      this.order = new Int32Array(n);
      this.key = new Float64Array(n);
      this.near = new Float64Array(n);
    }
    if (this.resolved.length < k * k) this.resolved = new Uint8Array(Math.max(k * k, this.resolved.length * 2));
  }
}

/**
 * Fills the `k x k` block of `intra` at `at` with the costs between the `k` entrance tiles `tiles[0..k)` of the
 * sector loaded in `search`, whose local region labels are `labels[0..k)` (entrances of different regions do
 * not reach each other), and `region[regionAt + i]` with the smallest j whose entrance is in entrance i's
 * region. Returns the tiles settled by the searches (for progress).
 *
 * Repair (`near` given, `steps` and `octile` only): the block holds the costs before some tiles of the sector
 * changed, and `near[0..nearCount)` are the padded indices of the tiles within one step of a changed tile. A
 * move whose cost or legality changed has both ends among them, so the cheapest walk between two entrances i
 * and j can change only if it may pass by them: if d(i, near) + d(near, j) > old cost, the old walk avoids them
 * and the new one cannot pass by them either (d(near, x) is the same before and after: the part of a walk after
 * its last near tile uses no changed move). Only the other pairs are computed again, the same way a fresh build
 * computes them, so the block ends up bit for bit what a fresh build gives.
 */
export function fillIntraCosts(
  search: LocalSearch,
  scratch: IntraScratch,
  rules: { width: number; metric: number; rule: number },
  tiles: Int32Array,
  labels: Int32Array,
  k: number,
  intra: Float64Array,
  at: number,
  region: Int32Array,
  regionAt: number,
  near: Int32Array | null = null,
  nearCount = 0,
): number {
  const { width, metric, rule } = rules;
  scratch.ensure(k);
  const { pad, px, py, targets, resolved } = scratch;
  const stride = search.stride;
  for (let i = 0; i < k; i++) {
    const p = search.padOf(tiles[i] as number, width);
    pad[i] = p;
    py[i] = (p / stride) | 0;
    px[i] = p - (py[i] as number) * stride;
  }
  let settled = 0;
  resolved.fill(0, 0, k * k);
  if (near !== null) {
    // Distances from the tiles near the changes; pairs that cannot pass by them keep their cost.
    settled += search.runFrom(near, nearCount, metric, rule, null, 0);
    const dn = scratch.near;
    for (let i = 0; i < k; i++) dn[i] = search.cost[pad[i] as number] as number;
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) {
        const old = intra[at + i * k + j] as number;
        const via = (dn[i] as number) + (dn[j] as number);
        // A walk by the changes may add up its steps in another order than `via` (rounding in the last bits).
        if (via < Number.POSITIVE_INFINITY && via <= old * (1 + 1e-6) + 1e-9)
          intra[at + i * k + j] = Number.POSITIVE_INFINITY;
        else resolved[i * k + j] = 1;
      }
    }
  } else intra.fill(Number.POSITIVE_INFINITY, at, at + k * k);
  for (let i = 0; i < k; i++) {
    const li = labels[i] as number;
    for (let j = 0; j < k; j++) {
      if (labels[j] !== li) {
        resolved[i * k + j] = 1;
        intra[at + i * k + j] = Number.POSITIVE_INFINITY;
      }
    }
    intra[at + i * k + i] = 0;
    resolved[i * k + i] = 1;
  }
  const symmetric = metric !== M_WEIGHTED;
  if (symmetric) {
    for (let i = 0; i < k; i++) {
      for (let j = i + 1; j < k; j++) {
        if (resolved[i * k + j] !== 0) continue;
        const x0 = px[i] as number;
        const y0 = py[i] as number;
        const x1 = px[j] as number;
        const y1 = py[j] as number;
        if (!straightWalkExists(search.st, stride, search.off, rule, x0, y0, x1, y1)) continue;
        const c = distanceBound(metric, rule, Math.abs(x1 - x0), Math.abs(y1 - y0));
        intra[at + i * k + j] = c;
        intra[at + j * k + i] = c;
        resolved[i * k + j] = 1;
        resolved[j * k + i] = 1;
      }
    }
  }
  const dial = scratch.dial;
  if (symmetric) dial.prepare(search);
  const order = searchOrder(scratch, px, py, k, symmetric);
  for (let o = 0; o < k; o++) {
    const i = order[o] as number;
    let n = 0;
    for (let j = 0; j < k; j++) if (resolved[i * k + j] === 0) targets[n++] = pad[j] as number;
    if (n === 0) continue;
    if (symmetric) settled += dial.run(pad[i] as number, metric, rule, targets, n);
    else settled += search.run(pad[i] as number, metric, rule, targets, n);
    const cost = symmetric ? dial.cost : search.cost;
    for (let j = 0; j < k; j++) {
      if (resolved[i * k + j] !== 0) continue;
      const c = cost[pad[j] as number] as number;
      intra[at + i * k + j] = c;
      resolved[i * k + j] = 1;
      if (symmetric) {
        intra[at + j * k + i] = c;
        resolved[j * k + i] = 1;
      }
    }
  }
  for (let i = 0; i < k; i++) {
    let r = i;
    for (let j = 0; j < i; j++) {
      if (labels[j] === labels[i]) {
        r = j;
        break;
      }
    }
    region[regionAt + i] = r;
  }
  return settled;
}

/**
 * The order of the searches (`steps` and `octile`): each search needs only the entrances not searched from yet,
 * and stops once they are settled, so the order decides how far each one runs. Entrances farthest from the
 * sector's north-west corner (Chebyshev, then Manhattan) go first, so the last searches run among entrances
 * close to each other. PERF: random-1024 (20% walls, octile, sectors of 64): 12.98 million tiles settled
 * instead of 13.86 million in the entrances' row-major order (6% fewer; the costs are the same).
 */
function searchOrder(scratch: IntraScratch, px: Int32Array, py: Int32Array, k: number, symmetric: boolean): Int32Array {
  const order = scratch.order;
  for (let i = 0; i < k; i++) order[i] = i;
  if (!symmetric) return order;
  const key = scratch.key;
  for (let i = 0; i < k; i++) {
    const x = px[i] as number;
    const y = py[i] as number;
    key[i] = -(Math.max(x, y) * 4096 + x + y);
  }
  // k is a few dozen on cluttered maps.
  sortByKey(key, order, k);
  return order;
}
