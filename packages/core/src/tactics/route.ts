import { CoordinateError, OutOfRangeError } from '../errors.js';
import { DIR_DX, DIR_DY, directionOf, NO_DIRECTION } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';
import { assertSetsMatch, type ConvexSets } from '../sets/convex-sets.js';
import { buildSetField, type SetFields, type SetMoveOptions } from '../sets/set-fields.js';
import type { TilePoint } from './search.js';

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
  targetX: number;
  targetY: number;
  /** Whether the route goes on to the target after `via`. */
  approach: boolean;
  /** Direction per tile into `via` (`width * height` entries, 255 inside the set). */
  viaDir: Uint8Array;
  /** Direction per tile into the target's set. */
  targetDir: Uint8Array;
  width: number;
}

/** Options of {@link createTacticRoute}. */
export interface TacticRouteOptions extends SetMoveOptions {
  /** Per-set fields to read directions from; without them the two needed fields are built (two BFS). */
  fields?: SetFields;
  /** Continue to the target after `via` (flank, direct approach). Default true; false for a retreat. */
  approach?: boolean;
}

/** Route phases for {@link routeDirection}: heading into `via`, into the target's set, to the target tile. */
export const ROUTE_TO_VIA = 0;
export const ROUTE_TO_TARGET_SET = 1;
export const ROUTE_TO_TARGET = 2;

/**
 * Prepares a route through set `via` towards `target`. Use `via = setOf[target]` for the direct route.
 * @throws CoordinateError when `target` is outside the grid or a wall; OutOfRangeError for a bad set id.
 */
export function createTacticRoute(
  grid: Grid,
  sets: ConvexSets,
  via: number,
  target: TilePoint,
  options: TacticRouteOptions = {},
): TacticRoute {
  assertSetsMatch(grid, sets);
  grid.assertWalkable('target', target.x, target.y);
  if (!(Number.isInteger(via) && via >= 0 && via < sets.count))
    throw new OutOfRangeError('via', via, `a set id from 0 to ${sets.count - 1}`);
  const targetSet = sets.setOf[target.y * grid.width + target.x] as number;
  const size = grid.width * grid.height;
  const dirOf = (set: number): Uint8Array => {
    const f = options.fields;
    if (f) return f.dir.subarray(set * size, (set + 1) * size);
    return buildSetField(grid, sets, set, { ...options, costType: size > 0xfffe ? 'int32' : 'uint16' }).dir;
  };
  const viaDir = dirOf(via);
  const approach = options.approach ?? true;
  return {
    via,
    targetSet,
    targetX: target.x,
    targetY: target.y,
    approach,
    viaDir,
    targetDir: approach ? (via === targetSet ? viaDir : dirOf(targetSet)) : viaDir,
    width: grid.width,
  };
}

/** The phase after standing on (x, y) in `phase`: phases advance on entering `via` and the target's set. */
export function routePhase(route: TacticRoute, sets: ConvexSets, x: number, y: number, phase: number): number {
  const s = sets.setOf[y * route.width + x] as number;
  let p = phase;
  if (p === ROUTE_TO_VIA && s === route.via) p = ROUTE_TO_TARGET_SET;
  if (p === ROUTE_TO_TARGET_SET && s === route.targetSet) p = ROUTE_TO_TARGET;
  return p;
}

/**
 * The next step's direction index from (x, y) in `phase` (first advance the phase with {@link routePhase}):
 * descend the field of `via`, then of the target's set, then step straight (diagonal first) to the target
 * tile, which stays inside the target's rectangle. NO_DIRECTION (255) at the end of the route or when stuck.
 */
export function routeDirection(route: TacticRoute, x: number, y: number, phase: number): number {
  const t = y * route.width + x;
  if (phase === ROUTE_TO_VIA) return route.viaDir[t] as number;
  if (!route.approach) return NO_DIRECTION;
  if (phase === ROUTE_TO_TARGET_SET) return route.targetDir[t] as number;
  return directionOf(Math.sign(route.targetX - x), Math.sign(route.targetY - y));
}

/**
 * The whole route from `from` as a flat Int32Array `[x0, y0, x1, y1, ...]` starting at `from`. It ends at the
 * target tile (or on entering `via` when the route does not approach); it ends early where no step exists
 * (the set is unreachable from `from`). At most `maxSteps` moves (an integer >= 0, default width * height).
 * @throws CoordinateError when `from` is not an integer tile inside the sets' grid; OutOfRangeError for a bad
 * `maxSteps`.
 */
export function routePath(
  route: TacticRoute,
  sets: ConvexSets,
  from: TilePoint,
  maxSteps = sets.setOf.length,
): Int32Array {
  const { x: fx, y: fy } = from;
  const w = route.width;
  const h = route.viaDir.length / w;
  if (!Number.isInteger(fx) || !Number.isInteger(fy) || fx < 0 || fy < 0 || fx >= w || fy >= h)
    throw new CoordinateError('from', fx, fy, `is not a tile of the route's ${w}x${h} grid`);
  if (!(Number.isInteger(maxSteps) && maxSteps >= 0))
    throw new OutOfRangeError('maxSteps', maxSteps, 'an integer >= 0');
  const out: number[] = [fx, fy];
  let x = fx;
  let y = fy;
  let phase = routePhase(route, sets, x, y, ROUTE_TO_VIA);
  for (let k = 0; k < maxSteps; k++) {
    const d = routeDirection(route, x, y, phase);
    if (d === NO_DIRECTION) break;
    x += DIR_DX[d] as number;
    y += DIR_DY[d] as number;
    out.push(x, y);
    phase = routePhase(route, sets, x, y, phase);
  }
  return Int32Array.from(out);
}

/** The route from `me` through set `via` (approaching `target` after it, or stopping in it), as a flat path. */
function tacticPath(
  grid: Grid,
  sets: ConvexSets,
  me: TilePoint,
  target: TilePoint,
  via: number,
  options: TacticRouteOptions,
  approach: boolean,
): Int32Array {
  grid.assertWalkable('me', me.x, me.y);
  return routePath(createTacticRoute(grid, sets, via, target, { ...options, approach }), sets, me);
}

/**
 * The flank route from `me` through set `via` to `target` (see {@link createTacticRoute}), as a flat path.
 * Pass the chosen flank set as `via`; the target's own set gives the direct route.
 */
export function flankPath(
  grid: Grid,
  sets: ConvexSets,
  me: TilePoint,
  target: TilePoint,
  via: number,
  options: TacticRouteOptions = {},
): Int32Array {
  return tacticPath(grid, sets, me, target, via, options, true);
}

/** The retreat route from `me` into set `via` (the chosen retreat set), as a flat path. */
export function retreatPath(
  grid: Grid,
  sets: ConvexSets,
  me: TilePoint,
  target: TilePoint,
  via: number,
  options: TacticRouteOptions = {},
): Int32Array {
  return tacticPath(grid, sets, me, target, via, options, false);
}
