/**
 * Turns a route through entrances into tiles sector by sector (the refinement of HPA*): the first stretch from
 * the start's local search tree, each step across a border as it is, each stretch between two entrances of one
 * sector as a straight walk when one is legal (then it is a shortest walk: lines.ts) or else from a local
 * Dijkstra, and the last stretch from the goal's local search tree. The path costs exactly the route's cost (to
 * rounding). Work is about the path's length plus one local search per sector whose stretch is not straight.
 */
import { loadSector, type SectorContext } from './build-phases.js';
import type { Endpoint } from './endpoints.js';
import { straightWalk } from './lines.js';
import { LocalSearch } from './local-search.js';
import { DX, DY } from './moves.js';
import type { PathBuffer } from './path-buffer.js';
import { M_WEIGHTED } from './sector-options.js';

export class SectorRefiner {
  private readonly search = new LocalSearch();
  private dirs = new Uint8Array(1024);
  /** Sector loaded in `search` (-1: none). */
  private loaded = -1;
  /** Step offsets of the eight directions on the grid (for `offWidth`). */
  private readonly off = new Int32Array(8);
  private offWidth = -1;
  private readonly target = new Int32Array(1);
  /** Local searches run by the last refinement. */
  searches = 0;

  /**
   * Appends the tiles after the start (already in `out`) up to the goal along `route[0..count)` (node indices
   * from the start's side to the goal's). With no route nodes, the direct walk inside the start's sector to the
   * goal's padded index `goalPad`. Returns false when a stretch cannot be walked (a graph older than its grid).
   */
  assemble(
    ctx: SectorContext,
    route: Int32Array,
    count: number,
    start: Endpoint,
    goal: Endpoint,
    goalPad: number,
    out: PathBuffer,
  ): boolean {
    const { data, width } = ctx;
    const nodeTile = data.nodeTile;
    this.searches = 0;
    if (count === 0) {
      if (!((start.costAt(goalPad) as number) < Number.POSITIVE_INFINITY)) return false;
      const from = out.n;
      start.walk(goalPad, width, out, false, false);
      out.reverseFrom(from);
      return true;
    }
    const first = route[0] as number;
    const from = out.n;
    const firstPad = start.search.padOf(nodeTile[first] as number, width);
    if (!((start.costAt(firstPad) as number) < Number.POSITIVE_INFINITY)) return false;
    start.walk(firstPad, width, out, false, false);
    out.reverseFrom(from);
    this.loaded = -1;
    for (let i = 1; i < count; i++) {
      const a = route[i - 1] as number;
      const b = route[i] as number;
      const ta = nodeTile[a] as number;
      const tb = nodeTile[b] as number;
      const ya = (ta / width) | 0;
      const yb = (tb / width) | 0;
      const xa = ta - ya * width;
      const xb = tb - yb * width;
      const s = sectorOf(ctx, xa, ya);
      if (Math.abs(xa - xb) <= 1 && Math.abs(ya - yb) <= 1 && s !== sectorOf(ctx, xb, yb)) {
        out.push(xb, yb);
        continue;
      }
      if (!this.segment(ctx, s, ta, tb, out)) return false;
    }
    const last = route[count - 1] as number;
    const lastPad = goal.search.padOf(nodeTile[last] as number, width);
    if (!((goal.costAt(lastPad) as number) < Number.POSITIVE_INFINITY)) return false;
    goal.walk(lastPad, width, out, true, true);
    return true;
  }

  /**
   * Appends the tiles after tile `ta` up to tile `tb`, both in sector `s`: a straight walk when one is legal (not
   * weighted; it is checked on the grid itself, since it stays in the box of its two ends), else the walk of a
   * local Dijkstra over the sector (loaded on demand). False when tb is not reached.
   */
  segment(ctx: SectorContext, s: number, ta: number, tb: number, out: PathBuffer): boolean {
    const { width } = ctx;
    const ya = (ta / width) | 0;
    const yb = (tb / width) | 0;
    if (ctx.metric !== M_WEIGHTED && this.straight(ctx, ta - ya * width, ya, tb - yb * width, yb, out)) return true;
    const search = this.search;
    if (s !== this.loaded) {
      loadSector(ctx, search, s);
      this.loaded = s;
    }
    const pa = search.padOf(ta, width);
    const pb = search.padOf(tb, width);
    this.target[0] = pb;
    search.run(pa, ctx.metric, ctx.rule, this.target, 1);
    this.searches++;
    if (!((search.cost[pb] as number) < Number.POSITIVE_INFINITY)) return false;
    const from = out.n;
    search.walkTree(pb, width, out, false, false);
    out.reverseFrom(from);
    return true;
  }

  /** Forgets the loaded sector (the grid may have changed since). */
  reset(): void {
    this.loaded = -1;
  }

  /**
   * Appends a straight walk from (xa, ya) to (xb, yb) on the grid when one is legal (not weighted: the caller
   * checks), without the first tile. A straight walk costs the distance bound: no path between the two is cheaper.
   */
  straight(ctx: SectorContext, xa: number, ya: number, xb: number, yb: number, out: PathBuffer): boolean {
    const { width, passable } = ctx;
    const off = this.off;
    if (this.offWidth !== width) {
      for (let d = 0; d < 8; d++) off[d] = (DY[d] as number) * width + (DX[d] as number);
      this.offWidth = width;
    }
    const need = 2 * (Math.abs(xb - xa) + Math.abs(yb - ya)) + 2;
    if (this.dirs.length < need) this.dirs = new Uint8Array(need);
    for (let shape = 0; shape < 3; shape++) {
      const n = straightWalk(passable, width, off, ctx.rule, xa, ya, xb, yb, shape, this.dirs);
      if (n < 0) continue;
      let x = xa;
      let y = ya;
      for (let k = 0; k < n; k++) {
        const d = this.dirs[k] as number;
        x += DX[d] as number;
        y += DY[d] as number;
        out.push(x, y);
      }
      return true;
    }
    return false;
  }
}

export function sectorOf(ctx: SectorContext, x: number, y: number): number {
  return (y >> ctx.shift) * ctx.sectorsX + (x >> ctx.shift);
}
