/**
 * Path queries on a sector graph: join start and goal to their sectors' entrances (endpoints.ts), answer an
 * unreachable goal at once from the connected components, find a route through entrances (abstract-search.ts),
 * then turn it into tiles by exact A* inside the corridor of the route's sectors (refine-corridor.ts), window by
 * window along the route (refine-windows.ts), or sector by sector (refine-sectors.ts). See
 * {@link SectorPathOptions.refine}.
 */
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { makePath, type TilePath } from '../grid/point.js';
import { ownOptions } from '../util/own-options.js';
import { AbstractSearch } from './abstract-search.js';
import type { SectorContext } from './build-phases.js';
import { Corridor } from './corridor.js';
import { Endpoint } from './endpoints.js';
import { DIR_OPPOSITE_LOCAL, dirOf } from './moves.js';
import { PathBuffer } from './path-buffer.js';
import { CorridorAStar } from './refine-corridor.js';
import { SectorRefiner, sectorOf } from './refine-sectors.js';
import { WindowRefiner } from './refine-windows.js';
import { M_STEPS, R_ALWAYS, R_BOTH_FREE, R_NEVER } from './sector-options.js';

const INF = Number.POSITIVE_INFINITY;

/** How a route is turned into tiles. */
export type SectorRefine = 'auto' | 'corridor' | 'sectors' | 'windows';

/** Per-query options of `SectorGraph.findPath`. */
export interface SectorPathOptions {
  /**
   * - `corridor`: exact A* over the tiles of the route's sectors and those within `margin` sectors of them: the
   *   cheapest path that stays in that corridor (never dearer than the route);
   * - `windows`: window by window along the route (each from the path's end so far to a route entrance about
   *   three sectors ahead; two thirds of each window's path are kept): first A* inside a tube of 8 tiles around
   *   the route's line there, taken when no dearer than the route there; else weighted A* (estimate times 1.02)
   *   inside the sectors of that stretch and `margin` around them (a window's path costs at most 1.02 times the
   *   cheapest in the window, and a window dearer than the route there is searched again exactly): the path crosses borders
   *   wherever it is cheapest, its cost never above the route's, work about the path's length;
   * - `sectors`: the route's own walk, sector by sector (work about the path's length): exactly the route's
   *   cost;
   * - `auto`: `corridor` when the corridor holds at most `corridorTiles` tiles (widened by one more ring of
   *   sectors when that still fits), else `windows`.
   * @defaultValue `'auto'`
   */
  refine?: SectorRefine;
  /**
   * Corridor margin in sectors around the route's sectors, an integer from 0 to 8.
   * @defaultValue {@link DEFAULT_CORRIDOR_MARGIN} (1)
   */
  margin?: number;
  /**
   * Largest corridor, in tiles, that `auto` searches in one piece; a number >= 0.
   * @defaultValue {@link DEFAULT_CORRIDOR_TILES} (262144 = 2^18)
   */
  corridorTiles?: number;
  /**
   * Filled with what the query did (for benchmarks and debug views).
   * @defaultValue undefined (meaning nothing is reported)
   */
  info?: SectorPathInfo;
}

/** What a query did. */
export interface SectorPathInfo {
  /** Cost of the route through entrances (Infinity when start and goal only meet inside one sector). */
  routeCost: number;
  /** Entrances on the route. */
  routeNodes: number;
  /** Entrances expanded by the route search. */
  expanded: number;
  /** How the path was made: `corridor`, `windows`, `sectors`, or `none` (no path). */
  refined: 'corridor' | 'sectors' | 'windows' | 'none';
  /** Sectors in the corridor (corridor refinement), or windows searched (windows refinement). */
  corridorSectors: number;
  /** Tiles the corridor or windows refinement expanded. */
  corridorExpanded: number;
}

/** Default {@link SectorPathOptions.corridorTiles}: 2^18 tiles (every query on a 512x512 map). */
export const DEFAULT_CORRIDOR_TILES = 1 << 18;
/** Default {@link SectorPathOptions.margin}. */
export const DEFAULT_CORRIDOR_MARGIN = 1;
/** Scratch of the path queries of one graph (one per thread). */
export class PathQuery {
  readonly start = new Endpoint();
  readonly goal = new Endpoint();
  readonly abstract = new AbstractSearch();
  readonly corridor = new Corridor();
  readonly astar = new CorridorAStar();
  readonly refiner = new SectorRefiner();
  readonly windows = new WindowRefiner();
  readonly out = new PathBuffer();
  route = new Int32Array(64);
  routeCount = 0;
  routeCost = INF;
  direct = INF;
  directPad = -1;
  seen = new Int32Array(0);
  seenStamp = 0;
}

/**
 * Joins start and goal to the graph and finds the route. Returns false when the goal cannot be reached (then no
 * search ran past the endpoints, unless the components are stale).
 */
export function findRoute(ctx: SectorContext, q: PathQuery, sx: number, sy: number, gx: number, gy: number) {
  const { data, width } = ctx;
  const goalTile = gy * width + gx;
  q.direct = q.start.load(ctx, sx, sy, false, goalTile);
  q.directPad = q.direct < INF ? q.start.search.padOf(goalTile, width) : -1;
  q.goal.load(ctx, gx, gy, true, -1);
  q.routeCount = 0;
  q.routeCost = INF;
  const s0 = q.start.sector;
  const s1 = q.goal.sector;
  // Components: some entrance reached from the start shares one with an entrance that reaches the goal.
  let meet = false;
  const f0 = data.sectorNodeFirst[s0] as number;
  const k0 = data.sectorNodeCount[s0] as number;
  const f1 = data.sectorNodeFirst[s1] as number;
  const k1 = data.sectorNodeCount[s1] as number;
  for (let i = 0; i < k0 && !meet; i++) {
    if (!((q.start.cost[i] as number) < INF)) continue;
    const c = data.nodeComp[f0 + i] as number;
    for (let j = 0; j < k1; j++) {
      if ((q.goal.cost[j] as number) < INF && data.nodeComp[f1 + j] === c) {
        meet = true;
        break;
      }
    }
  }
  if (!meet) return q.direct < INF;
  const cost = q.abstract.route(ctx, s0, q.start.cost, s1, q.goal.cost, q.direct, gx, gy);
  if (!(cost < INF)) return q.direct < INF;
  q.routeCost = cost;
  // The route, read backwards from the virtual goal.
  const parent = q.abstract.parent;
  let n = 0;
  for (let v = parent[data.nodeTile.length] as number; v >= 0; v = parent[v] as number) n++;
  if (q.route.length < n) q.route = new Int32Array(2 * n);
  let i = n;
  for (let v = parent[data.nodeTile.length] as number; v >= 0; v = parent[v] as number) q.route[--i] = v;
  q.routeCount = n;
  return true;
}

/** Validates the query options (own properties only); throws OutOfRangeError or InvalidOptionError. */
function resolvePathOptions(options: SectorPathOptions | undefined) {
  const own = ownOptions(options, 'options', 'an object { refine?, margin?, corridorTiles?, info? }');
  const refine = own.refine ?? 'auto';
  if (refine !== 'auto' && refine !== 'corridor' && refine !== 'sectors' && refine !== 'windows')
    throw new OutOfRangeError('refine', refine, "'auto', 'corridor', 'sectors' or 'windows'");
  const margin = own.margin ?? DEFAULT_CORRIDOR_MARGIN;
  if (!Number.isInteger(margin) || margin < 0 || margin > 8)
    throw new OutOfRangeError('margin', margin, 'an integer from 0 to 8');
  const corridorTiles = own.corridorTiles ?? DEFAULT_CORRIDOR_TILES;
  if (typeof corridorTiles !== 'number' || !(corridorTiles >= 0))
    throw new OutOfRangeError('corridorTiles', corridorTiles, 'a number >= 0');
  const info = own.info;
  if (info !== undefined && (info === null || typeof info !== 'object' || Array.isArray(info)))
    throw new InvalidOptionError('info', info, 'an object to fill');
  return { refine, margin, corridorTiles, info };
}

/** The path query: see `SectorGraph.findPath`. */
export function findSectorPath(
  ctx: SectorContext,
  q: PathQuery,
  sx: number,
  sy: number,
  gx: number,
  gy: number,
  options?: SectorPathOptions,
): TilePath | null {
  const { refine, margin, corridorTiles, info } = resolvePathOptions(options);
  if (info) {
    info.routeCost = INF;
    info.routeNodes = 0;
    info.expanded = 0;
    info.refined = 'none';
    info.corridorSectors = 0;
    info.corridorExpanded = 0;
  }
  if (sx === gx && sy === gy) return makePath(0, Int32Array.of(sx, sy));
  const reachable = findRoute(ctx, q, sx, sy, gx, gy);
  if (info) {
    info.routeCost = q.routeCost;
    info.routeNodes = q.routeCount;
    info.expanded = q.abstract.expanded;
  }
  if (!reachable) return null;
  const out = q.out;
  const corridor = q.corridor;
  corridor.reset(ctx.sectorsX * ctx.sectorsY);
  corridor.add(q.start.sector);
  corridor.add(q.goal.sector);
  for (let i = 0; i < q.routeCount; i++) {
    const t = ctx.data.nodeTile[q.route[i] as number] as number;
    const y = (t / ctx.width) | 0;
    corridor.add(sectorOf(ctx, t - y * ctx.width, y));
  }
  // PERF: when the route's own sectors already hold more than `corridorTiles` tiles, `auto` refines by windows
  // and the corridor (dilated here) is needed only if the windows fail.
  const dilated = !(refine === 'auto' && corridor.blocks << (2 * ctx.shift) > corridorTiles);
  if (dilated) corridor.dilate(margin, ctx.sectorsX, ctx.sectorsY);
  let tiles = corridor.blocks << (2 * ctx.shift);
  if (refine === 'auto' && 2 * tiles <= corridorTiles) {
    // One more ring of sectors when that still fits: room for a path the route's detours hid.
    if (q.seen.length !== ctx.sectorsX * ctx.sectorsY) q.seen = new Int32Array(ctx.sectorsX * ctx.sectorsY);
    const wider = corridor.dilatedCount(1, ctx.sectorsX, ctx.sectorsY, q.seen, ++q.seenStamp) << (2 * ctx.shift);
    if (wider <= corridorTiles) {
      corridor.dilate(1, ctx.sectorsX, ctx.sectorsY);
      tiles = wider;
    }
  }
  const byCorridor = refine === 'corridor' || (refine === 'auto' && tiles <= corridorTiles);
  out.clear();
  out.push(sx, sy);
  let ok = false;
  const direct = q.direct < INF && !(q.routeCost < q.direct);
  if (refine === 'sectors') {
    // Only the route's own walk when it exists (a start and goal in one sector may meet only directly).
    ok = q.refiner.assemble(ctx, q.route, direct ? 0 : q.routeCount, q.start, q.goal, q.directPad, out);
    if (info && ok) info.refined = 'sectors';
  } else if (!byCorridor) {
    const span = q.windows.span * (1 << ctx.shift);
    const count = direct ? 0 : q.routeCount;
    const cost = direct ? q.direct : q.routeCost;
    const start = sy * ctx.width + sx;
    const goal = gy * ctx.width + gx;
    ok = q.windows.run(ctx, q.astar, q.refiner, q.route, count, q.abstract.g, cost, start, goal, span, margin, out);
    if (info) {
      info.corridorSectors = q.windows.windows;
      info.corridorExpanded = q.windows.expanded;
      if (ok) info.refined = 'windows';
    }
  }
  if (!ok) {
    out.clear();
    if (!dilated) corridor.dilate(margin, ctx.sectorsX, ctx.sectorsY);
    const c = q.astar.run(ctx, corridor, sx, sy, gx, gy, out);
    ok = c < INF;
    if (info) {
      info.corridorSectors = corridor.blocks;
      info.corridorExpanded = q.astar.expanded;
      if (ok) info.refined = 'corridor';
    }
  }
  corridor.clear();
  if (!ok) return null;
  const cost = walkCost(ctx, out.xy, out.n);
  return makePath(cost, out.toArray());
}

/**
 * The first step from the start towards the goal as a direction index (`DIRECTIONS`), known from the route and
 * the start's local search alone (no tile path): NO_DIRECTION (255) when start and goal are the same tile or
 * the goal cannot be reached.
 */
export function firstSectorMove(
  ctx: SectorContext,
  q: PathQuery,
  sx: number,
  sy: number,
  gx: number,
  gy: number,
): number {
  if (sx === gx && sy === gy) return 255;
  if (!findRoute(ctx, q, sx, sy, gx, gy)) return 255;
  const direct = q.direct < INF && !(q.routeCost < q.direct);
  const search = q.start.search;
  let p = direct ? q.directPad : search.padOf(ctx.data.nodeTile[q.route[0] as number] as number, ctx.width);
  if (p === q.start.pad) {
    // The start is the route's first entrance: the route goes on across a border, inside the sector, or (last
    // entrance) to the goal inside the goal's sector.
    if (q.routeCount === 1) return q.goal.search.dir[q.goal.search.padOf(sy * ctx.width + sx, ctx.width)] as number;
    const t = ctx.data.nodeTile[q.route[1] as number] as number;
    const y = (t / ctx.width) | 0;
    const dx = t - y * ctx.width - sx;
    const dy = y - sy;
    if (Math.abs(dx) <= 1 && Math.abs(dy) <= 1 && sectorOf(ctx, sx, sy) !== sectorOf(ctx, sx + dx, y))
      return dirOf(dx, dy);
    // The same stretch findPath's sector refinement walks.
    const out = q.out;
    out.clear();
    out.push(sx, sy);
    q.refiner.reset();
    if (!q.refiner.segment(ctx, q.start.sector, sy * ctx.width + sx, t, out) || out.n < 2) return 255;
    return dirOf((out.xy[2] as number) - sx, (out.xy[3] as number) - sy);
  }
  const { dir, off } = search;
  for (;;) {
    const d = dir[p] as number;
    const back = p + (off[d] as number);
    if (back === q.start.pad) return DIR_OPPOSITE_LOCAL[d] as number;
    p = back;
  }
}

/**
 * Cost of the path `xy[0 .. 2n)`, or NaN when a step is not a legal move (the rules of `canStep` in moves.ts).
 * PERF: one pass that carries the tile index along (no direction table, no index products per step).
 */
export function walkCost(ctx: SectorContext, xy: Int32Array, n: number): number {
  const { passable, width, height, rule, metric, terrain } = ctx;
  let straight = 0;
  let diagonal = 0;
  let weighted = 0;
  let x = xy[0] as number;
  let y = xy[1] as number;
  let t = y * width + x;
  for (let i = 1; i < n; i++) {
    const nx = xy[2 * i] as number;
    const ny = xy[2 * i + 1] as number;
    const dx = nx - x;
    const dy = ny - y;
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx === 0 && dy === 0)) return Number.NaN;
    if (nx < 0 || ny < 0 || nx >= width || ny >= height) return Number.NaN;
    const nt = t + dy * width + dx;
    const code = passable[t] as number;
    if (code === 0 || passable[nt] !== code) return Number.NaN;
    if (dx !== 0 && dy !== 0) {
      if (rule === R_NEVER) return Number.NaN;
      if (rule !== R_ALWAYS) {
        const a = passable[t + dx] === code;
        const b = passable[t + dy * width] === code;
        if (rule === R_BOTH_FREE ? !(a && b) : !(a || b)) return Number.NaN;
      }
      if (terrain !== null) weighted += (terrain[nt] as number) * Math.SQRT2;
      else diagonal++;
    } else if (terrain !== null) weighted += terrain[nt] as number;
    else straight++;
    x = nx;
    y = ny;
    t = nt;
  }
  if (terrain !== null) return weighted;
  return metric === M_STEPS ? straight + diagonal : straight + diagonal * Math.SQRT2;
}
