import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { checkGrid } from '../grid/check-grid.js';
import { DIR_DX, DIR_DY, directionOf, NO_DIRECTION } from '../grid/directions.js';
import { BLOCKED, type Grid } from '../grid/grid.js';
import { makePath, type Point, type TilePath } from '../grid/point.js';
import type { ConvexSets } from '../sets/convex-sets.js';
import { buildSetField, type SetFields, type SetMoveOptions } from '../sets/set-fields.js';
import { checkInteger } from '../util/check-number.js';
import { typedArrayName } from '../util/describe-value.js';
import { bare, ownOptions, recordOf } from '../util/own-options.js';
import type { TacticKind } from './search.js';
import { checkSetFields, checkSetsArg, readTilePoint } from './tactic-args.js';

/**
 * A route along a flank/retreat answer: first into set `via` (descending its field), then into the target's
 * set (descending that field), then straight to the target tile. With `approach: false` (a retreat) it ends
 * on entering `via`.
 */
export interface TacticRoute {
  /** The intermediate set (the chosen candidate, or the player's own set as the fallback). */
  via: number;
  /** The set of the target tile. */
  targetSet: number;
  /** Column of the target tile. */
  targetX: number;
  /** Row of the target tile. */
  targetY: number;
  /** Whether the route goes on to the target after `via`. */
  approach: boolean;
  /** Direction per tile into `via` (`width * height` entries, 255 inside the set). */
  viaDir: Uint8Array;
  /** Direction per tile into the target's set. */
  targetDir: Uint8Array;
  /** Width of the grid, in tiles (the row length of `viaDir` and `targetDir`). */
  width: number;
}

/** Options of {@link createTacticRoute}. */
export interface TacticRouteOptions extends SetMoveOptions {
  /**
   * Per-set fields to read directions from; without them the two needed fields are built (two BFS).
   * @defaultValue undefined (meaning the two fields are built here)
   */
  fields?: SetFields;
  /**
   * Continue to the target after `via` (flank, direct approach); false for a retreat.
   * @defaultValue true
   */
  approach?: boolean;
}

/** Route phases for {@link routeDirection}: heading into `via`, into the target's set, to the target tile. */
export const ROUTE_TO_VIA = 0;
/** Route phase: heading into the target's set. */
export const ROUTE_TO_TARGET_SET = 1;
/** Route phase: heading to the target tile. */
export const ROUTE_TO_TARGET = 2;

/**
 * Prepares a route through set `via` towards `target`. Use `via = setOf[target]` for the direct route. Options
 * are read from own properties.
 * @throws CoordinateError when `target` is outside the grid or a wall; OutOfRangeError for a bad set id;
 *   InvalidOptionError for a bad argument or option (`fields` must be per-set fields of these sets).
 */
export function createTacticRoute(
  grid: Grid,
  sets: ConvexSets,
  via: number,
  target: Point,
  options: TacticRouteOptions = {},
): TacticRoute {
  checkGrid(grid);
  checkSetsArg(grid, sets);
  const goal = readTilePoint(target, 'target');
  grid.assertWalkable('target', goal.x, goal.y);
  if (!(Number.isInteger(via) && via >= 0 && via < sets.count))
    throw new OutOfRangeError('via', via, `a set id from 0 to ${sets.count - 1}`);
  const targetSet = sets.setOf[goal.y * grid.width + goal.x] as number;
  if (!(targetSet >= 0 && targetSet < sets.count))
    throw new InvalidOptionError('sets', sets, `convex sets whose setOf holds set ids below count (${sets.count})`);
  const o = ownOptions(options, 'options');
  const size = grid.width * grid.height;
  const fields = o.fields ?? undefined; // null reads as absent, as for every option
  if (fields !== undefined) checkSetFields(grid, sets, fields, 'fields');
  const approach = o.approach ?? true;
  if (typeof approach !== 'boolean') throw new InvalidOptionError('approach', approach, 'a boolean');
  const dirOf = (set: number): Uint8Array => {
    if (fields) return fields.dir.subarray(set * size, (set + 1) * size);
    return buildSetField(
      grid,
      sets,
      set,
      bare({ ...o, costType: size > 0xfffe ? ('int32' as const) : ('uint16' as const) }),
    ).dir;
  };
  const viaDir = dirOf(via);
  return {
    via,
    targetSet,
    targetX: goal.x,
    targetY: goal.y,
    approach,
    viaDir,
    targetDir: approach ? (via === targetSet ? viaDir : dirOf(targetSet)) : viaDir,
    width: grid.width,
  };
}

/**
 * Throws unless `route` is a route (made by {@link createTacticRoute}), (x, y) a tile of its grid and `phase` one
 * of the route phases. Returns the tile's index.
 */
function checkRouteTile(route: TacticRoute, x: number, y: number, phase: number, what = 'tile'): number {
  const r = recordOf<TacticRoute>(route, 'route', 'a TacticRoute (createTacticRoute)');
  const w = r.width;
  if (
    !Number.isSafeInteger(r.targetX) ||
    !Number.isSafeInteger(r.targetY) ||
    typeof r.approach !== 'boolean' ||
    !Number.isInteger(w) ||
    w < 1 ||
    typedArrayName(r.viaDir) !== 'Uint8Array' ||
    typedArrayName(r.targetDir) !== 'Uint8Array' ||
    r.viaDir.length % w !== 0 ||
    r.targetDir.length !== r.viaDir.length
  )
    throw new InvalidOptionError('route', route, 'a TacticRoute (createTacticRoute)');
  const h = r.viaDir.length / w;
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= w || y >= h)
    throw new CoordinateError(what, x, y, `is not a tile of the route's ${w}x${h} grid`);
  checkInteger('phase', phase, ROUTE_TO_VIA, ROUTE_TO_TARGET);
  return y * w + x;
}

/**
 * The phase after standing on (x, y) in `phase`: phases advance on entering `via` and the target's set.
 * @throws CoordinateError when (x, y) is not a tile of the route's grid; OutOfRangeError for an unknown phase;
 *   InvalidOptionError when `route` or `sets` is not a route or sets of its grid.
 */
export function routePhase(route: TacticRoute, sets: ConvexSets, x: number, y: number, phase: number): number {
  const t = checkRouteTile(route, x, y, phase);
  recordOf(sets, 'sets', 'convex sets (decomposeConvexSets)');
  if (typedArrayName(sets.setOf) !== 'Int32Array' || sets.setOf.length !== route.viaDir.length)
    throw new InvalidOptionError('sets', sets, `convex sets of the route's grid (${route.viaDir.length} tiles)`);
  const s = sets.setOf[t] as number;
  let p = phase;
  if (p === ROUTE_TO_VIA && s === route.via) p = ROUTE_TO_TARGET_SET;
  if (p === ROUTE_TO_TARGET_SET && s === route.targetSet) p = ROUTE_TO_TARGET;
  return p;
}

/**
 * The next step's direction index from (x, y) in `phase` (first advance the phase with {@link routePhase}):
 * descend the field of `via`, then of the target's set, then step straight (diagonal first) to the target
 * tile, which stays inside the target's rectangle. NO_DIRECTION (255) at the end of the route or when stuck.
 * @throws as {@link routePhase}.
 */
export function routeDirection(route: TacticRoute, x: number, y: number, phase: number): number {
  const t = checkRouteTile(route, x, y, phase);
  if (phase === ROUTE_TO_VIA) return route.viaDir[t] as number;
  if (!route.approach) return NO_DIRECTION;
  if (phase === ROUTE_TO_TARGET_SET) return route.targetDir[t] as number;
  return directionOf(Math.sign(route.targetX - x), Math.sign(route.targetY - y));
}

/**
 * The whole route from the tile `from` (`{ x, y }` in tiles) as a {@link TilePath}: `points` the tiles
 * `[x0, y0, x1, y1, ...]` starting at `from`, `cost` the number of moves (the set fields' metric: one per step,
 * straight or diagonal). It ends at the target tile (or on entering `via` when the route does not approach).
 * Null when the route cannot get there (the set is unreachable from `from`). At most `maxSteps` moves (an integer
 * >= 0, default width * height): a path cut short by `maxSteps` ends where it stopped.
 * A route made by {@link createTacticRoute} never visits a tile twice in one phase, so a path has fewer than
 * `3 * width * height` moves whatever `maxSteps` says.
 * @throws CoordinateError when `from` is not an integer tile inside the sets' grid; OutOfRangeError for a bad
 *   `maxSteps`; InvalidOptionError when `route` is not a route of these sets' grid, or when its directions leave
 *   the grid, are not direction indices or run in a circle (an edited or forged route).
 */
export function routePath(route: TacticRoute, sets: ConvexSets, from: Point, maxSteps?: number): TilePath | null {
  const start = readTilePoint(from, 'from');
  const fx = start.x;
  const fy = start.y;
  checkRouteTile(route, fx, fy, ROUTE_TO_VIA, 'from');
  let phase = routePhase(route, sets, fx, fy, ROUTE_TO_VIA);
  const size = route.viaDir.length;
  const steps = maxSteps ?? size;
  if (!(Number.isInteger(steps) && steps >= 0)) throw new OutOfRangeError('maxSteps', steps, 'an integer >= 0');
  // A real route moves strictly downhill in each of its three phases: more moves than that is a circle.
  const limit = Math.min(steps, 3 * size);
  const out: number[] = [fx, fy];
  let x = fx;
  let y = fy;
  for (let k = 0; k < limit; k++) {
    const d = routeDirection(route, x, y, phase);
    if (d === NO_DIRECTION) {
      if (!arrived(route, sets, x, y)) return null; // stuck before the end: no route from `from`
      break;
    }
    if (!(d < 8)) throw new InvalidOptionError('route', route, `a TacticRoute: direction ${d} at (${x}, ${y})`);
    x += DIR_DX[d] as number;
    y += DIR_DY[d] as number;
    if (x < 0 || y < 0 || x >= route.width || y * route.width >= size)
      throw new InvalidOptionError('route', route, 'a TacticRoute whose directions stay inside its grid');
    out.push(x, y);
    phase = routePhase(route, sets, x, y, phase);
  }
  if (steps > limit && routeDirection(route, x, y, phase) !== NO_DIRECTION)
    throw new InvalidOptionError('route', route, 'a TacticRoute whose directions do not run in a circle');
  return makePath((out.length >> 1) - 1, Int32Array.from(out));
}

/** True when (x, y) ends the route: the target tile, or (for a route that does not approach) a tile of `via`. */
function arrived(route: TacticRoute, sets: ConvexSets, x: number, y: number): boolean {
  if (route.approach) return x === route.targetX && y === route.targetY;
  return sets.setOf[y * route.width + x] === route.via;
}

/** Options of {@link tacticPath}. */
export interface TacticPathOptions extends Omit<TacticRouteOptions, 'approach'> {
  /**
   * `flank`: from `me` through set `via` and on to `target`; `retreat`: from `me` into set `via` (the chosen
   * retreat set), stopping there. Required.
   */
  mode: TacticKind;
}

/**
 * The flank or retreat route (`options.mode`) from the tile `me` through set `via` (see {@link createTacticRoute}),
 * as a {@link TilePath} (see {@link routePath}: cost in moves). Pass the chosen flank or retreat set as `via`
 * (for a flank, the target's own set gives the direct route). Null when there is no route: `me` or `target` on a
 * wall, or `via` unreachable from `me`.
 * @throws CoordinateError when `me` or `target` is outside the grid; InvalidOptionError when `mode` is missing or
 *   not `'flank'` or `'retreat'`; as {@link createTacticRoute}.
 */
export function tacticPath(
  grid: Grid,
  sets: ConvexSets,
  me: Point,
  target: Point,
  via: number,
  options: TacticPathOptions,
): TilePath | null {
  checkGrid(grid);
  const start = readTilePoint(me, 'me');
  const goal = readTilePoint(target, 'target');
  const own = ownOptions(options, 'options', '{ mode, fields?, neighbors?, diagonal? }');
  const { mode, ...rest } = own;
  if (mode !== 'flank' && mode !== 'retreat') throw new InvalidOptionError('mode', mode, "'flank' or 'retreat'");
  grid.assertInside('me', start.x, start.y);
  grid.assertInside('target', goal.x, goal.y);
  if (grid.passable[start.y * grid.width + start.x] === BLOCKED) return null;
  if (grid.passable[goal.y * grid.width + goal.x] === BLOCKED) return null;
  const route = createTacticRoute(grid, sets, via, goal, bare({ ...rest, approach: mode === 'flank' }));
  return routePath(route, sets, start);
}
