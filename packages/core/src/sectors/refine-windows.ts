/**
 * Turns a route through entrances into tiles window by window: first A* inside a tube of {@link TUBE_RADIUS}
 * tiles around the window's stretch of the route (tube-astar.ts), its path taken when it costs at most the
 * window's bound (below), else weighted A* (refine-corridor.ts, the estimate
 * times {@link WINDOW_WEIGHT}) from the path's current end to a route waypoint some way ahead, inside the
 * sectors of that stretch of the route and `margin` sectors around them; the first {@link WINDOW_KEEP} of the
 * window's path (by cost) is kept and the next window starts from its end. The path crosses sector borders
 * wherever it is cheapest, not only at entrances, and the work stays in proportion to the path's length (each
 * window is a short search), where one A* over the whole corridor of a long route grows with the corridor. A
 * straight walk to the window's end, when one is legal, needs no search. A window whose search would expand
 * more than its budget (a quarter of its span squared: open ground around big obstacles, where the octile
 * estimate is far below the way round) keeps the rest of the previous window's path and the route's own walk
 * (refine-sectors.ts) to the window's end instead, so no window costs more than a bounded search.
 *
 * Never dearer than the route: each window's corridor holds the part of the previous window's path that was
 * not kept and the route's own walk from there to the window's end; their cost is the window's bound. A window's
 * weighted search finds a path at most {@link WINDOW_WEIGHT} times the cheapest in its corridor; when that path
 * costs more than the bound, the window is searched again exactly (A* is exact inside the window, so it is then
 * within the bound). A tube's path is taken only when it is within the bound too. So by induction the path kept plus the window's path costs at most the route's cost up to
 * the window's end (a window over budget takes exactly those two).
 */
import type { SectorContext } from './build-phases.js';
import { Corridor } from './corridor.js';
import { dirOf, distanceBound } from './moves.js';
import { PathBuffer } from './path-buffer.js';
import type { CorridorAStar } from './refine-corridor.js';
import type { SectorRefiner } from './refine-sectors.js';
import { M_STEPS, M_WEIGHTED } from './sector-options.js';
import { TubeAStar } from './tube-astar.js';

const INF = Number.POSITIVE_INFINITY;

/**
 * The weight on the octile estimate of each window's search (weighted A*, Pohl): a window's path costs at most
 * this many times the cheapest in the window's corridor (and never more than the window's bound, see above).
 * Random-8192 (20% walls), 100 far pairs, half of each window kept: 0.75x the tiles expanded of exact windows;
 * the 1024-wide Moving AI maps keep their quality (RESULTS.md).
 */
export const WINDOW_WEIGHT = 1.02;

/**
 * The share of each window's path (by cost) that is kept; the rest is searched again by the next window. Less
 * overlap means fewer windows: random-8192, with {@link WINDOW_WEIGHT}, 2/3 expands 0.9x the tiles of 1/2 with
 * the same quality.
 */
export const WINDOW_KEEP = 2 / 3;

/**
 * The radius in tiles of the tube each window is first searched in (tube-astar.ts): the tiles within this
 * Chebyshev distance of the route's polyline through the window's entrances and of the rest of the last window's
 * path. A window whose tube holds no path within its bound is searched over whole sectors as before.
 * Random-4096 (20% walls), 100 far pairs, against windows over whole sectors (0.52% over the optimum on average):
 * radius 6 0.76%, 8 0.61%, 12 0.52%, at 0.39x, 0.44x and 0.53x the time (RESULTS.md).
 */
export const TUBE_RADIUS = 8;

/**
 * Route cost each window of the `windows` refinement looks ahead, in sectors (times the sector side). Longer
 * windows give straighter paths and cost more: 1024-wide Moving AI maps, windows alone, mean 0.28% over the
 * optimum with 2 sectors, 0.05% with 3, at about 1.5x the tiles expanded.
 */
const WINDOW_SECTORS = 3;

export class WindowRefiner {
  private readonly corridor = new Corridor();
  private piece = new PathBuffer();
  /**
   * The last window's path; its tiles from `restFrom` on are the part that was not kept (after the path's current
   * end, to its end). PERF: the two buffers swap instead of copying that part, and its sectors are read only when
   * the next window searches (most windows are straight walks).
   */
  private rest = new PathBuffer();
  private restFrom = 0;
  /** Waypoints: start, route entrances, goal (tiles) and the route's cost from the start to each. */
  private wt = new Int32Array(64);
  private wc = new Float64Array(64);
  /** Windows searched by the last refinement. */
  windows = 0;
  /** Windows of the last refinement that took the route's walk (over budget). */
  walked = 0;
  /** Tiles expanded by the last refinement's searches. */
  expanded = 0;
  /** Windows of the last refinement whose weighted path cost more than their bound and were searched again. */
  retried = 0;
  /** {@link WINDOW_WEIGHT}; tests change it to check the bound holds with any weight. */
  weight = WINDOW_WEIGHT;
  /** {@link WINDOW_SECTORS}. */
  span = WINDOW_SECTORS;
  /** {@link WINDOW_KEEP} (a share in (0, 1]). */
  keep = WINDOW_KEEP;
  /** {@link TUBE_RADIUS}: each window is first searched in the tube of this radius (0: never). */
  tube = TUBE_RADIUS;
  /** Windows of the last refinement whose path came from the tube. */
  tubed = 0;
  private readonly tubeSearch = new TubeAStar();

  /**
   * Appends the tiles after the start (already in `out`) to the goal. `route[0..count)` are the route's nodes
   * and `routeG[node]` the route's cost from the start to each; `span` is the route cost each window looks
   * ahead. Returns false when a window finds no path (a graph older than its grid).
   */
  run(
    ctx: SectorContext,
    astar: CorridorAStar,
    lines: SectorRefiner,
    route: Int32Array,
    count: number,
    routeG: Float64Array,
    routeCost: number,
    start: number,
    goal: number,
    span: number,
    margin: number,
    out: PathBuffer,
  ): boolean {
    const { width, shift, sectorsX, sectorsY, data } = ctx;
    const last = count + 1;
    if (this.wt.length < last + 1) {
      this.wt = new Int32Array(2 * last + 2);
      this.wc = new Float64Array(2 * last + 2);
    }
    const { wt, wc, corridor } = this;
    wt[0] = start;
    wc[0] = 0;
    for (let i = 0; i < count; i++) {
      const v = route[i] as number;
      wt[i + 1] = data.nodeTile[v] as number;
      wc[i + 1] = routeG[v] as number;
    }
    wt[last] = goal;
    wc[last] = routeCost;
    const sectorOfTile = (t: number): number => {
      const y = (t / width) | 0;
      return (y >> shift) * sectorsX + ((t - y * width) >> shift);
    };
    const diagonal = ctx.metric === M_STEPS ? 1 : Math.SQRT2;
    const terrain = ctx.terrain;
    const budget = (span * span) / 4;
    const { weight, keep, tube } = this;
    // The cost of the rest of the last window's path (from the path's current end), when it holds tiles.
    let restCost = 0;
    // The waypoint `rest` leads to (when it holds tiles).
    let restEnd = 0;
    // A window's bound: the rest of the last window's path, then the route to the window's end.
    const bound = (ai: number, j: number): number =>
      this.rest.n > this.restFrom
        ? restCost + (wc[j] as number) - (wc[restEnd] as number)
        : (wc[j] as number) - (wc[ai] as number);
    this.windows = 0;
    this.walked = 0;
    this.expanded = 0;
    this.retried = 0;
    this.tubed = 0;
    this.rest.clear();
    this.restFrom = 0;
    lines.reset();
    let anchor = start;
    let ai = 0;
    for (;;) {
      let j = ai + 1;
      while (j < last && (wc[j] as number) - (wc[ai] as number) < span) j++;
      const ay = (anchor / width) | 0;
      const ax = anchor - ay * width;
      const by = ((wt[j] as number) / width) | 0;
      const bx = (wt[j] as number) - by * width;
      this.windows++;
      let cost: number;
      const piece = this.piece;
      const rest = this.rest;
      // A straight walk, when one is legal, is as cheap as any path: no search.
      if (ctx.metric !== M_WEIGHTED && lines.straight(ctx, ax, ay, bx, by, piece.start(ax, ay))) {
        cost = distanceBound(ctx.metric, ctx.rule, Math.abs(bx - ax), Math.abs(by - ay));
      } else {
        // First the tube around the window's stretch of the route (its path is never above the bound).
        cost = tube > 0 ? this.inTube(ctx, anchor, ai, j, bound(ai, j), piece) : INF;
      }
      if (!(cost < INF)) {
        corridor.reset(sectorsX * sectorsY);
        corridor.add(sectorOfTile(anchor));
        // The sectors of the rest of the last window's path.
        for (let r = this.restFrom; r < rest.n; r++)
          corridor.add(sectorOfTile((rest.xy[2 * r + 1] as number) * width + (rest.xy[2 * r] as number)));
        for (let i = ai; i <= j; i++) corridor.add(sectorOfTile(wt[i] as number));
        corridor.dilate(margin, sectorsX, sectorsY);
        piece.clear();
        cost = astar.run(ctx, corridor, ax, ay, bx, by, piece, budget, weight);
        this.expanded += astar.expanded;
        if (weight !== 1 && cost < INF && cost > bound(ai, j) * (1 + 1e-12)) {
          this.retried++;
          piece.clear();
          cost = astar.run(ctx, corridor, ax, ay, bx, by, piece, budget);
          this.expanded += astar.expanded;
        }
        corridor.clear();
        if (astar.gaveUp) {
          // Over budget: the rest of the last window's path, then the route's own walk to this window's end.
          if (!this.follow(ctx, lines, rest.n > this.restFrom ? restEnd : ai, j, out)) return false;
          this.walked++;
          if (j === last) return true;
          anchor = wt[j] as number;
          ai = j;
          rest.clear();
          this.restFrom = 0;
          continue;
        }
      }
      if (!(cost < INF)) return false;
      const xy = piece.xy;
      if (j === last) {
        for (let k = 1; k < piece.n; k++) out.push(xy[2 * k] as number, xy[2 * k + 1] as number);
        return true;
      }
      // Keep the path up to `keep` of its cost; the rest is searched again from there.
      let kept = 0;
      let k = 1;
      for (; k < piece.n; k++) {
        const x = xy[2 * k] as number;
        const y = xy[2 * k + 1] as number;
        const d = dirOf(x - (xy[2 * k - 2] as number), y - (xy[2 * k - 1] as number));
        const w = terrain === null ? 1 : (terrain[y * width + x] as number);
        kept += d < 4 ? w : w * (terrain === null ? diagonal : Math.SQRT2);
        out.push(x, y);
        if (kept >= keep * cost) break;
      }
      if (k >= piece.n) k = piece.n - 1;
      anchor = (xy[2 * k + 1] as number) * width + (xy[2 * k] as number);
      if (k === piece.n - 1) {
        // The window's end is reached: the next window starts there.
        rest.clear();
        this.restFrom = 0;
        ai = j;
        continue;
      }
      // The rest of the path (and its sectors) goes into the next window: this path becomes `rest`.
      this.rest = piece;
      this.piece = rest;
      this.restFrom = k + 1;
      restEnd = j;
      restCost = cost - kept;
      // The waypoint the kept path has about reached, in route cost.
      const reached = (wc[ai] as number) + ((wc[j] as number) - (wc[ai] as number)) * (kept / cost);
      let next = ai;
      while (next + 1 < j && (wc[next + 1] as number) <= reached) next++;
      ai = next;
    }
  }

  /**
   * The window from tile `anchor` to waypoint `j` searched inside the tube around the rest of the last window's
   * path and the route's polyline from the anchor through waypoints `ai + 1 .. j`: the path in `piece` and its
   * cost, or Infinity when the tube holds no path within `bound`.
   */
  private inTube(ctx: SectorContext, anchor: number, ai: number, j: number, bound: number, piece: PathBuffer): number {
    const { width } = ctx;
    const { wt, rest, tubeSearch } = this;
    const ay = (anchor / width) | 0;
    const ax = anchor - ay * width;
    let xa = ax;
    let xb = ax;
    let ya = ay;
    let yb = ay;
    for (let r = this.restFrom; r < rest.n; r++) {
      const x = rest.xy[2 * r] as number;
      const y = rest.xy[2 * r + 1] as number;
      if (x < xa) xa = x;
      if (x > xb) xb = x;
      if (y < ya) ya = y;
      if (y > yb) yb = y;
    }
    for (let i = ai + 1; i <= j; i++) {
      const y = ((wt[i] as number) / width) | 0;
      const x = (wt[i] as number) - y * width;
      if (x < xa) xa = x;
      if (x > xb) xb = x;
      if (y < ya) ya = y;
      if (y > yb) yb = y;
    }
    tubeSearch.begin(ctx, xa, ya, xb, yb, this.tube);
    for (let r = this.restFrom; r < rest.n; r++)
      tubeSearch.mark(rest.xy[2 * r] as number, rest.xy[2 * r + 1] as number);
    let px = ax;
    let py = ay;
    for (let i = ai + 1; i <= j; i++) {
      const y = ((wt[i] as number) / width) | 0;
      const x = (wt[i] as number) - y * width;
      tubeSearch.markSegment(px, py, x, y);
      px = x;
      py = y;
    }
    piece.clear();
    const cost = tubeSearch.run(ctx, ax, ay, px, py, piece);
    this.expanded += tubeSearch.expanded;
    if (!(cost <= bound * (1 + 1e-12))) return INF;
    this.tubed++;
    return cost;
  }

  /** Appends `rest` (the rest of the last window's path, to waypoint `from`), then the route's walk to `to`. */
  private follow(ctx: SectorContext, lines: SectorRefiner, from: number, to: number, out: PathBuffer): boolean {
    const rest = this.rest;
    for (let r = this.restFrom; r < rest.n; r++) out.push(rest.xy[2 * r] as number, rest.xy[2 * r + 1] as number);
    return this.walk(ctx, lines, from, to, out);
  }

  /**
   * Appends the route's own walk from waypoint `from` to waypoint `to` (the tiles after waypoint `from`): a step
   * across a border as it is, a stretch inside one sector as refine-sectors.ts walks it.
   */
  private walk(ctx: SectorContext, lines: SectorRefiner, from: number, to: number, out: PathBuffer): boolean {
    const { width, shift, sectorsX } = ctx;
    const wt = this.wt;
    for (let i = from; i < to; i++) {
      const ta = wt[i] as number;
      const tb = wt[i + 1] as number;
      if (ta === tb) continue;
      const ya = (ta / width) | 0;
      const yb = (tb / width) | 0;
      const xa = ta - ya * width;
      const xb = tb - yb * width;
      const sa = (ya >> shift) * sectorsX + (xa >> shift);
      if (sa !== (yb >> shift) * sectorsX + (xb >> shift)) {
        // A step across a border (route entrances in two sectors are always mates).
        out.push(xb, yb);
        continue;
      }
      if (!lines.segment(ctx, sa, ta, tb, out)) return false;
    }
    return true;
  }
}
