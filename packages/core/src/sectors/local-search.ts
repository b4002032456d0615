/**
 * Dijkstra inside one rectangle of the grid (a sector), on a padded copy of its passability codes so that the
 * hot loop needs no bounds checks. Moves follow the field rules: same non-zero code at both ends, a diagonal
 * also needs its two side tiles per the diagonal rule (both side tiles of a move between two tiles of a
 * rectangle lie in the rectangle, so the copy is enough). `steps` and `octile` use Dial's unit-width buckets
 * (edges of 1 and sqrt 2 land one or two buckets ahead, so three rotating stacks suffice, as in the field
 * kernels); `weighted` uses a binary heap. One instance per thread, reused: no allocation per search.
 *
 * Indices are padded: tile (x, y) of the rectangle is `(y - y0 + 1) * stride + (x - x0 + 1)`.
 */
import { diagonalsAllowed } from '../util/diagonals.js';
import { KeyHeap } from '../util/key-heap.js';
import { DIR_OPPOSITE_LOCAL } from './moves.js';
import type { PathBuffer } from './path-buffer.js';
import { M_STEPS, M_WEIGHTED, R_ALWAYS, R_BOTH_FREE, R_NEVER } from './sector-options.js';

const INF = Number.POSITIVE_INFINITY;

export class LocalSearch {
  /** Padded passability codes of the loaded rectangle (0 on the pad and outside the map). */
  st: Uint8Array = new Uint8Array(0);
  /** Padded terrain costs (weighted metric only). */
  terrain: Float32Array = new Float32Array(0);
  /** Cost of each padded tile from the source of the last search (Infinity when not reached). */
  cost: Float64Array = new Float64Array(0);
  /** Direction index of the step from each reached tile towards the source (255 at the source). */
  dir: Uint8Array = new Uint8Array(0);
  /** Settled flags of the last search. */
  private done: Uint8Array = new Uint8Array(0);
  /** Target stamps: `mark[p] === stamp` for the targets of the current search. */
  private mark: Int32Array = new Int32Array(0);
  private stamp = 0;
  /** Working copy of `st` for the Dial runs (settled flags in bit 3). */
  private work: Uint8Array = new Uint8Array(0);
  private buckets: Int32Array[] = [new Int32Array(0), new Int32Array(0), new Int32Array(0)];
  private readonly lengths = new Int32Array(3);
  private readonly sources = new Int32Array(1);
  /** True while `terrain` holds 1 everywhere. */
  private terrainOnes = false;
  private readonly heap = new KeyHeap(256);
  stride = 0;
  x0 = 0;
  y0 = 0;
  w = 0;
  h = 0;
  /** Offsets of the eight directions in padded indices. */
  readonly off = new Int32Array(8);

  /** Copies the rectangle (x0, y0, w, h) of the grid into the padded arrays. */
  load(
    passable: Uint8Array,
    terrain: Float32Array | null,
    width: number,
    x0: number,
    y0: number,
    w: number,
    h: number,
  ) {
    const stride = w + 2;
    const size = stride * (h + 2);
    if (this.st.length < size) {
      this.st = new Uint8Array(size);
      this.cost = new Float64Array(size);
      this.dir = new Uint8Array(size);
      this.done = new Uint8Array(size);
      this.mark = new Int32Array(size);
      this.terrain = new Float32Array(size);
      this.work = new Uint8Array(size);
      this.terrainOnes = false;
      // A tile is pushed at most once per improvement, at most 8 times in all.
      this.buckets = [new Int32Array(8 * size), new Int32Array(8 * size), new Int32Array(8 * size)];
      this.stamp = 0;
    }
    this.stride = stride;
    this.x0 = x0;
    this.y0 = y0;
    this.w = w;
    this.h = h;
    const st = this.st;
    st.fill(0, 0, size);
    // PERF: plain loops, not subarray().set(): no view object per row.
    const tr = this.terrain;
    for (let y = 0; y < h; y++) {
      const from = (y0 + y) * width + x0;
      const to = (y + 1) * stride + 1;
      for (let x = 0; x < w; x++) st[to + x] = passable[from + x] as number;
      if (terrain !== null) for (let x = 0; x < w; x++) tr[to + x] = terrain[from + x] as number;
    }
    // Without terrain every tile costs 1 (read only by the weighted kernel); filled once, not per load.
    if (terrain !== null) this.terrainOnes = false;
    else if (!this.terrainOnes) {
      tr.fill(1);
      this.terrainOnes = true;
    }
    const off = this.off;
    off[0] = -stride;
    off[1] = 1;
    off[2] = stride;
    off[3] = -1;
    off[4] = 1 - stride;
    off[5] = 1 + stride;
    off[6] = stride - 1;
    off[7] = -stride - 1;
  }

  /** Padded index of grid tile `t` (which must lie in the loaded rectangle), given the grid width. */
  padOf(t: number, width: number): number {
    const y = (t / width) | 0;
    return (y - this.y0 + 1) * this.stride + (t - y * width - this.x0 + 1);
  }

  /** Grid tile index of padded index `p`. */
  tileOf(p: number, width: number): number {
    const ly = ((p / this.stride) | 0) - 1;
    return (this.y0 + ly) * width + this.x0 + p - (ly + 1) * this.stride - 1;
  }

  /**
   * Appends the tiles of the last search's tree from padded index `p` to the source, in walking order from p,
   * without p itself when `skipFirst` and without the source unless `withEnd`. After a forward search this is
   * the path from the source backwards (reverse it); after a backward search it walks towards the source.
   */
  walkTree(p: number, width: number, out: PathBuffer, skipFirst: boolean, withEnd: boolean): void {
    const { dir, off } = this;
    let first = true;
    for (;;) {
      const d = dir[p] as number;
      if (d === 255 && !withEnd) break;
      if (!(first && skipFirst)) {
        const t = this.tileOf(p, width);
        const y = (t / width) | 0;
        out.push(t - y * width, y);
      }
      first = false;
      if (d === 255) break;
      p += off[d] as number;
    }
  }

  /**
   * Dijkstra from padded index `source` over the loaded rectangle. Stops early once every one of the `targetCount`
   * padded indices in `targets` is settled (with `targetCount` 0 it runs to exhaustion). `reverse` (weighted
   * only) gives the cost of walking from each tile to the source instead of from the source. Returns the number
   * of tiles settled.
   */
  run(source: number, metric: number, rule: number, targets: Int32Array | null, targetCount: number, reverse = false) {
    this.sources[0] = source;
    return this.runFrom(this.sources, 1, metric, rule, targets, targetCount, reverse);
  }

  /** {@link LocalSearch.run} from several sources at cost 0 (`steps` and `octile` only when count > 1). */
  runFrom(
    sources: Int32Array,
    count: number,
    metric: number,
    rule: number,
    targets: Int32Array | null,
    targetCount: number,
    reverse = false,
  ) {
    const size = this.stride * (this.h + 2);
    this.cost.fill(INF, 0, size);
    this.dir.fill(255, 0, size);
    if (metric === M_WEIGHTED) this.done.fill(0, 0, size);
    let left = 0;
    if (targets !== null && targetCount > 0) {
      const stamp = ++this.stamp;
      const mark = this.mark;
      for (let k = 0; k < targetCount; k++) {
        const p = targets[k] as number;
        if (mark[p] !== stamp) {
          mark[p] = stamp;
          left++;
        }
      }
    }
    let n = 0;
    const first = this.buckets[0] as Int32Array;
    for (let i = 0; i < count; i++) {
      const p = sources[i] as number;
      if (this.st[p] === 0 || this.cost[p] === 0) continue;
      this.cost[p] = 0;
      first[n++] = p;
    }
    if (n === 0) return 0;
    return metric === M_WEIGHTED
      ? this.heapRun(first[0] as number, rule, left, reverse)
      : this.dialRun(n, metric, rule, left);
  }

  /**
   * Dial's buckets for edges of 1 and sqrt 2 (or 1 and 1). PERF: the settled flag is bit 3 of the working copy of
   * the codes (restored from `st0` before each run), so `st[t] === pu` alone tests "same code, not settled";
   * each bucket has room for every push a sector can make (no checks); the relaxations are unrolled.
   */
  private dialRun(sources: number, metric: number, rule: number, left: number): number {
    const { cost, dir, mark, stamp } = this;
    const st = this.work;
    const size = this.stride * (this.h + 2);
    const st0 = this.st;
    for (let i = 0; i < size; i++) st[i] = st0[i] as number;
    const wd = metric === M_STEPS ? 1 : Math.SQRT2;
    const stride = this.stride;
    const diagonals = rule !== R_NEVER;
    const both = rule === R_BOTH_FREE;
    const always = rule === R_ALWAYS;
    const buckets = this.buckets;
    const lengths = this.lengths;
    // The sources are already in bucket 0.
    lengths[0] = sources;
    lengths[1] = 0;
    lengths[2] = 0;
    let slot = 0;
    let K = 0;
    let settled = 0;
    const tracking = left > 0;
    let t = 0;
    for (;;) {
      const s1 = slot === 2 ? 0 : slot + 1;
      const s2 = s1 === 2 ? 0 : s1 + 1;
      const len = lengths[slot] as number;
      if (len === 0 && lengths[s1] === 0 && lengths[s2] === 0) break;
      const cur = buckets[slot] as Int32Array;
      const b1 = buckets[s1] as Int32Array;
      const b2 = buckets[s2] as Int32Array;
      let l1 = lengths[s1] as number;
      let l2 = lengths[s2] as number;
      for (let h = len - 1; h >= 0; h--) {
        const p = cur[h] as number;
        const a0 = st[p] as number;
        if (a0 & 8) continue;
        st[p] = a0 | 8;
        settled++;
        if (tracking && mark[p] === stamp && --left === 0) return settled;
        const pu = a0;
        const cu = cost[p] as number;
        const c1 = cu + 1;
        t = p - stride;
        const aN = st[t] as number;
        if (aN === pu && c1 < (cost[t] as number)) {
          cost[t] = c1;
          dir[t] = 2;
          b1[l1++] = t;
        }
        t = p + 1;
        const aE = st[t] as number;
        if (aE === pu && c1 < (cost[t] as number)) {
          cost[t] = c1;
          dir[t] = 3;
          b1[l1++] = t;
        }
        t = p + stride;
        const aS = st[t] as number;
        if (aS === pu && c1 < (cost[t] as number)) {
          cost[t] = c1;
          dir[t] = 0;
          b1[l1++] = t;
        }
        t = p - 1;
        const aW = st[t] as number;
        if (aW === pu && c1 < (cost[t] as number)) {
          cost[t] = c1;
          dir[t] = 1;
          b1[l1++] = t;
        }
        if (!diagonals) continue;
        const c2 = cu + wd;
        const fN = (aN & 7) === pu;
        const fE = (aE & 7) === pu;
        const fS = (aS & 7) === pu;
        const fW = (aW & 7) === pu;
        const diag = diagonalsAllowed(both, always, fN, fE, fS, fW);
        // A diagonal lands one or two buckets ahead: decided once per settled tile.
        const near = c2 - K < 2;
        if ((diag & 1) !== 0) {
          t = p - stride + 1;
          if (st[t] === pu && c2 < (cost[t] as number)) {
            cost[t] = c2;
            dir[t] = 6;
            if (near) b1[l1++] = t;
            else b2[l2++] = t;
          }
        }
        if ((diag & 2) !== 0) {
          t = p + stride + 1;
          if (st[t] === pu && c2 < (cost[t] as number)) {
            cost[t] = c2;
            dir[t] = 7;
            if (near) b1[l1++] = t;
            else b2[l2++] = t;
          }
        }
        if ((diag & 4) !== 0) {
          t = p + stride - 1;
          if (st[t] === pu && c2 < (cost[t] as number)) {
            cost[t] = c2;
            dir[t] = 4;
            if (near) b1[l1++] = t;
            else b2[l2++] = t;
          }
        }
        if ((diag & 8) !== 0) {
          t = p - stride - 1;
          if (st[t] === pu && c2 < (cost[t] as number)) {
            cost[t] = c2;
            dir[t] = 5;
            if (near) b1[l1++] = t;
            else b2[l2++] = t;
          }
        }
      }
      lengths[s1] = l1;
      lengths[s2] = l2;
      lengths[slot] = 0;
      K++;
      slot = s1;
    }
    return settled;
  }

  private heapRun(source: number, rule: number, left: number, reverse: boolean): number {
    const { st, cost, dir, done, mark, off, stamp, terrain } = this;
    const stride = this.stride;
    const heap = this.heap;
    heap.size = 0;
    heap.push(0, source);
    let settled = 0;
    const tracking = left > 0;
    while (heap.size > 0) {
      const p = heap.pop();
      if (done[p] !== 0) continue;
      done[p] = 1;
      settled++;
      if (tracking && mark[p] === stamp && --left === 0) return settled;
      const pu = st[p] as number;
      const cu = cost[p] as number;
      const fN = st[p - stride] === pu;
      const fE = st[p + 1] === pu;
      const fS = st[p + stride] === pu;
      const fW = st[p - 1] === pu;
      const dirs = rule === R_NEVER ? 4 : 8;
      for (let d = 0; d < dirs; d++) {
        const t = p + (off[d] as number);
        if (st[t] !== pu) continue;
        if (d >= 4 && rule !== R_ALWAYS) {
          const a = d === 4 || d === 7 ? fN : fS;
          const b = d === 4 || d === 5 ? fE : fW;
          if (rule === R_BOTH_FREE ? !(a && b) : !(a || b)) continue;
        }
        // Forward: the step enters t. Reverse: the step goes from t into p.
        const w = (reverse ? terrain[p] : terrain[t]) as number;
        const c = cu + (d < 4 ? w : w * Math.SQRT2);
        if (c < (cost[t] as number)) {
          cost[t] = c;
          dir[t] = DIR_OPPOSITE_LOCAL[d] as number;
          heap.push(c, t);
        }
      }
    }
    return settled;
  }
}
