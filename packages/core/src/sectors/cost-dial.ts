/**
 * The searches of the intra costs (intra-costs.ts) for `steps` and `octile`: Dijkstra with Dial's three rotating
 * unit-width buckets from one entrance over the sector loaded in a {@link LocalSearch}, recording costs only and
 * stopping once its targets are settled. These searches are most of a build on maps with scattered obstacles
 * (one per entrance, each settling about 70% of its sector), so they run in WebAssembly (wasm/sector-kernels.ts
 * `costRun`) where it is available, else in JavaScript here; both give the same costs bit for bit.
 *
 * As in the field kernels, a tile of another code than the source's costs -Infinity, so one comparison tests
 * "same code and cheaper", and an entry popped below its bucket's base is stale (no settled flags).
 *
 * PERF (random-1024, 20% walls, octile, sectors of 64; builds interleaved in one process on a loaded machine):
 * the build took 932 ms before, 608 ms with this search in WebAssembly (branch-free relaxations with select),
 * the entrances unchanged. With the thinner entrances of entrances.ts too: 1415 ms before, 726 ms with this
 * search in JavaScript, 449 ms in WebAssembly. One search over a 64x64 sector (3,270 tiles settled) takes about
 * 45 us in WebAssembly; costs as f32 instead of f64 made no difference (the loop is bound by its dependencies,
 * not by memory), nor did skipping repeated entries of a tile in one bucket (kept: each tile is expanded once).
 * Later (issue 34): relaxations that branch instead of select took the WebAssembly search to 0.85x (most
 * relaxations fail, which the branch predicts well); see wasm/sector-kernels.ts. Later still (issue 34, the
 * one-thread build on random-8192): the legal moves of each tile computed once per sector (`costMoves`), and
 * each settled tile comparing its eight neighbours without branching and relaxing only the cheaper legal ones:
 * the searches replayed at 0.78x, the same costs bit for bit.
 */
import { sectorWasm, sectorWasmMemory } from './cost-dial-wasm.js';
import type { LocalSearch } from './local-search.js';
import { M_STEPS, R_ALWAYS, R_BOTH_FREE, R_NEVER } from './sector-options.js';

const INF = Number.POSITIVE_INFINITY;
const NEVER = Number.NEGATIVE_INFINITY;

/**
 * Per-thread scratch of the cost searches, laid out for the largest sector seen. One per thread: the layout in
 * the module memory starts at 0.
 */
export class CostDial {
  /** Cost of each padded tile from the source of the last search (Infinity: not reached). */
  cost = new Float64Array(0);
  private st = new Uint8Array(0);
  private mark = new Uint8Array(0);
  private tg = new Int32Array(0);
  private b0 = new Int32Array(0);
  private b1 = new Int32Array(0);
  private b2 = new Int32Array(0);
  /** Padded tiles the layout has room for. */
  private cap = 0;
  /** Byte offsets in the module memory (WebAssembly only). */
  private at = { st: 0, cost: 0, mark: 0, tg: 0, b0: 0, b1: 0, b2: 0, moves: 0, tab: 0 };
  /** The diagonal rule of the legal moves in the module memory (WebAssembly only; -1: none for this sector). */
  private movesRule = -1;
  /** True while the scratch lives in the module memory. */
  private wasm = false;
  /** Set when the module memory could not grow. */
  private noWasm = false;
  private stride = 0;
  private size = 0;

  /**
   * Takes the sector loaded in `search` (its padded codes are copied). Must be called after each load and before
   * {@link CostDial.run}.
   */
  prepare(search: LocalSearch): void {
    const size = search.stride * (search.h + 2);
    this.stride = search.stride;
    this.size = size;
    if (sectorWasm() !== null && !this.noWasm) {
      if (!this.wasm) this.cap = 0;
      this.wasm = this.layoutWasm(size);
      // The memory cannot grow: JavaScript from now on.
      if (!this.wasm) {
        this.noWasm = true;
        this.cap = 0;
      }
    } else if (this.wasm) {
      this.wasm = false;
      this.cap = 0;
    }
    if (!this.wasm) this.layoutJs(size);
    this.movesRule = -1;
    const st = this.st;
    const from = search.st;
    for (let i = 0; i < size; i++) st[i] = from[i] as number;
  }

  private layoutWasm(size: number): boolean {
    const a = this.at;
    if (size > this.cap) {
      const cap = Math.max(size, 2 * this.cap);
      const align = (b: number) => Math.ceil(b / 8) * 8;
      a.st = 0;
      a.mark = align(cap);
      a.cost = align(a.mark + cap);
      a.tg = a.cost + 8 * cap;
      // A tile is pushed at most once per improvement, at most 8 times in all.
      a.b0 = a.tg + 4 * cap;
      a.b1 = a.b0 + 32 * cap;
      a.b2 = a.b1 + 32 * cap;
      // The legal moves of each tile (a byte each) and the eight step offsets.
      a.moves = a.b2 + 32 * cap;
      a.tab = align(a.moves + cap);
      if (sectorWasmMemory(a.tab + 32) === null) return false;
      this.cap = cap;
      // Marks start (and stay) clear.
      this.views();
      this.mark.fill(0);
    }
    // The memory may have grown since (by another layout on this thread): views of the current buffer.
    const buffer = sectorWasmMemory(0);
    if (buffer === null) return false;
    if (this.st.buffer !== buffer) this.views();
    return true;
  }

  private views(): void {
    const buffer = sectorWasmMemory(0) as ArrayBuffer;
    const { cap, at } = this;
    this.st = new Uint8Array(buffer, at.st, cap);
    this.mark = new Uint8Array(buffer, at.mark, cap);
    this.cost = new Float64Array(buffer, at.cost, cap);
    this.tg = new Int32Array(buffer, at.tg, cap);
  }

  private layoutJs(size: number): void {
    if (size <= this.cap) return;
    const cap = Math.max(size, 2 * this.cap);
    this.cap = cap;
    this.st = new Uint8Array(cap);
    this.mark = new Uint8Array(cap);
    this.cost = new Float64Array(cap);
    this.tg = new Int32Array(cap);
    this.b0 = new Int32Array(8 * cap);
    this.b1 = new Int32Array(8 * cap);
    this.b2 = new Int32Array(8 * cap);
  }

  /**
   * Costs from padded index `source` (`steps` or `octile` under diagonal rule `rule`) until the `count` padded
   * indices `targets[0..count)` are settled, or every tile the source reaches. Returns the tiles settled; the
   * costs of the targets (and of every settled tile) are then exact in {@link CostDial.cost}.
   */
  run(source: number, metric: number, rule: number, targets: Int32Array, count: number): number {
    const wd = metric === M_STEPS ? 1 : Math.SQRT2;
    if (this.wasm) {
      const kernels = sectorWasm();
      if (kernels !== null) {
        const a = this.at;
        if (this.movesRule !== rule) {
          kernels.costMoves(a.st, a.moves, this.size, this.stride, rule, a.tab);
          this.movesRule = rule;
        }
        this.tg.set(targets.subarray(0, count));
        return kernels.costRun(
          a.st,
          a.cost,
          a.mark,
          a.tg,
          count,
          a.b0,
          a.b1,
          a.b2,
          this.size,
          source,
          wd,
          a.moves,
          a.tab,
          this.stride,
        );
      }
    }
    return this.runJs(source, rule, wd, targets, count);
  }

  private runJs(source: number, rule: number, wd: number, targets: Int32Array, count: number): number {
    const { st, cost, mark, stride, size } = this;
    const code = st[source] as number;
    if (code === 0) return 0;
    for (let i = 0; i < size; i++) cost[i] = st[i] === code ? INF : NEVER;
    let left = 0;
    for (let k = 0; k < count; k++) {
      const p = targets[k] as number;
      if (mark[p] === 0 && st[p] === code) {
        mark[p] = 1;
        left++;
      }
    }
    cost[source] = 0;
    let cur = this.b0;
    let n1 = this.b1;
    let n2 = this.b2;
    let len = 1;
    let l1 = 0;
    let l2 = 0;
    cur[0] = source;
    let base = 0;
    let settled = 0;
    const diagonals = rule !== R_NEVER;
    const both = rule === R_BOTH_FREE;
    const always = rule === R_ALWAYS;
    while (len > 0 || l1 > 0 || l2 > 0) {
      for (let h = len - 1; h >= 0; h--) {
        const p = cur[h] as number;
        const cu = cost[p] as number;
        // Stale: settled in an earlier bucket (a tile has at most one entry per bucket).
        if (cu < base) continue;
        settled++;
        if (mark[p] !== 0) {
          mark[p] = 0;
          if (--left === 0) {
            for (let k = 0; k < count; k++) mark[targets[k] as number] = 0;
            return settled;
          }
        }
        const c1 = cu + 1;
        const pN = p - stride;
        const pS = p + stride;
        const cN = cost[pN] as number;
        const cE = cost[p + 1] as number;
        const cS = cost[pS] as number;
        const cW = cost[p - 1] as number;
        // A tile already in the bucket it lands in (its old cost below `lim`) gets the lower cost, no new entry.
        const lim = base + 2;
        if (c1 < cN) {
          cost[pN] = c1;
          if (cN >= lim) n1[l1++] = pN;
        }
        if (c1 < cE) {
          cost[p + 1] = c1;
          if (cE >= lim) n1[l1++] = p + 1;
        }
        if (c1 < cS) {
          cost[pS] = c1;
          if (cS >= lim) n1[l1++] = pS;
        }
        if (c1 < cW) {
          cost[p - 1] = c1;
          if (cW >= lim) n1[l1++] = p - 1;
        }
        if (!diagonals) continue;
        const c2 = cu + wd;
        const fN = cN > NEVER;
        const fE = cE > NEVER;
        const fS = cS > NEVER;
        const fW = cW > NEVER;
        // A diagonal lands one or two buckets ahead: decided once per settled tile.
        const far = c2 - base >= 2;
        const b = far ? n2 : n1;
        let l = far ? l2 : l1;
        const limD = far ? lim + 1 : lim;
        let t = pN + 1;
        let ct = cost[t] as number;
        if ((always || (both ? fN && fE : fN || fE)) && c2 < ct) {
          cost[t] = c2;
          if (ct >= limD) b[l++] = t;
        }
        t = pS + 1;
        ct = cost[t] as number;
        if ((always || (both ? fS && fE : fS || fE)) && c2 < ct) {
          cost[t] = c2;
          if (ct >= limD) b[l++] = t;
        }
        t = pS - 1;
        ct = cost[t] as number;
        if ((always || (both ? fS && fW : fS || fW)) && c2 < ct) {
          cost[t] = c2;
          if (ct >= limD) b[l++] = t;
        }
        t = pN - 1;
        ct = cost[t] as number;
        if ((always || (both ? fN && fW : fN || fW)) && c2 < ct) {
          cost[t] = c2;
          if (ct >= limD) b[l++] = t;
        }
        if (far) l2 = l;
        else l1 = l;
      }
      // Rotate: the next bucket becomes current, the emptied one the farthest.
      const empty = cur;
      cur = n1;
      len = l1;
      n1 = n2;
      l1 = l2;
      n2 = empty;
      l2 = 0;
      base++;
    }
    for (let k = 0; k < count; k++) mark[targets[k] as number] = 0;
    return settled;
  }
}
