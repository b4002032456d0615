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
    let loaded = -1;
    for (let i = 1; i < count; i++) {
      const a = route[i - 1] as number;
      const b = route[i] as number;
      const ta = nodeTile[a] as number;
      const tb = nodeTile[b] as number;
      const ya = (ta / width) | 0;
      const yb = (tb / width) | 0;
      const xa = ta - ya * width;
      const xb = tb - yb * width;
      if (Math.abs(xa - xb) <= 1 && Math.abs(ya - yb) <= 1 && sectorOf(ctx, xa, ya) !== sectorOf(ctx, xb, yb)) {
        out.push(xb, yb);
        continue;
      }
      const s = sectorOf(ctx, xa, ya);
      if (s !== loaded) {
        loadSector(ctx, this.search, s);
        loaded = s;
      }
      if (!this.segment(ctx, ta, tb, out)) return false;
    }
    const last = route[count - 1] as number;
    const lastPad = goal.search.padOf(nodeTile[last] as number, width);
    if (!((goal.costAt(lastPad) as number) < Number.POSITIVE_INFINITY)) return false;
    goal.walk(lastPad, width, out, true, true);
    return true;
  }

  /**
   * Appends the tiles after tile `ta` up to tile `tb`, both in the sector loaded in `this.search`: a straight
   * walk when one is legal (not weighted), else the walk of a local Dijkstra. False when tb is not reached.
   */
  segment(ctx: SectorContext, ta: number, tb: number, out: PathBuffer): boolean {
    const { width } = ctx;
    const search = this.search;
    const pa = search.padOf(ta, width);
    const pb = search.padOf(tb, width);
    const ya = (ta / width) | 0;
    if (ctx.metric !== M_WEIGHTED && this.straight(ctx, pa, pb, ta - ya * width, ya, out)) return true;
    this.target[0] = pb;
    search.run(pa, ctx.metric, ctx.rule, this.target, 1);
    this.searches++;
    if (!((search.cost[pb] as number) < Number.POSITIVE_INFINITY)) return false;
    const from = out.n;
    search.walkTree(pb, width, out, false, false);
    out.reverseFrom(from);
    return true;
  }

  /** Loads sector s for {@link SectorRefiner.segment}. */
  load(ctx: SectorContext, s: number): void {
    loadSector(ctx, this.search, s);
  }

  /** Appends a straight walk from pa to pb (padded, in the loaded sector) when one is legal. */
  private straight(ctx: SectorContext, pa: number, pb: number, xa: number, ya: number, out: PathBuffer): boolean {
    const search = this.search;
    const stride = search.stride;
    const ay = (pa / stride) | 0;
    const ax = pa - ay * stride;
    const by = (pb / stride) | 0;
    const bx = pb - by * stride;
    const need = 2 * (Math.abs(bx - ax) + Math.abs(by - ay)) + 2;
    if (this.dirs.length < need) this.dirs = new Uint8Array(need);
    for (let shape = 0; shape < 3; shape++) {
      const n = straightWalk(search.st, stride, search.off, ctx.rule, ax, ay, bx, by, shape, this.dirs);
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
