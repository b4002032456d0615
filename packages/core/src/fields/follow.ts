import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { DIR_DX, DIR_DY, NO_DIRECTION } from '../grid/directions.js';
import { makePath, type Path, type Point, readPoint, type TilePath } from '../grid/point.js';
import { typedArrayName } from '../util/describe-value.js';
import { arrayLength, ownOptions } from '../util/own-options.js';
import { checkField } from './check-field.js';
import type { Field } from './types.js';

function assertInField(field: Field, what: string, x: number, y: number): void {
  checkField(field);
  if (!(Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < field.width && y < field.height)) {
    throw new CoordinateError(what, x, y, `is outside the ${field.width}x${field.height} field`);
  }
}

/**
 * The tile one step along the field from (x, y), or null when (x, y) has no direction (a goal, a wall or an
 * unreachable tile).
 * @throws CoordinateError when (x, y) is outside the field.
 */
export function nextStep(field: Field, x: number, y: number): Point | null {
  assertInField(field, 'tile', x, y);
  const d = field.dir[y * field.width + x] as number;
  if (d === NO_DIRECTION) return null;
  return { x: x + (DIR_DX[d] as number), y: y + (DIR_DY[d] as number) };
}

/** Options of {@link pathFromField}. */
export interface PathFromFieldOptions {
  /**
   * An Int32Array to write the points into when it is long enough (`2 * tiles`): the path's `points` is then a
   * view of its start (no allocation but the path object); otherwise a new array is made.
   * @defaultValue undefined (meaning a new array is allocated)
   */
  out?: Int32Array;
}

/**
 * The whole path from the tile `start` to a goal by following `field.dir`, as a {@link TilePath}: `points` are the
 * tile coordinates `[x0, y0, x1, y1, ..., xn, yn]` (integer tiles), the start first, the goal last (a start on a
 * goal gives one tile); `cost` is `field.cost` at the start, in the field's metric (the summed step costs of the
 * path). Each consecutive pair is one move of the field's neighbourhood.
 * @returns the path, or null when the start is a wall or unreachable (no route).
 * @throws InvalidOptionError naming `start` unless it is a point `{ x, y }`; CoordinateError when it is outside
 *   the field; InvalidOptionError when `options.out` is not an Int32Array, or when the directions do not lead to
 *   a goal (a field edited by hand, or read while being recomputed).
 */
export function pathFromField(field: Field, start: Point, options?: PathFromFieldOptions): TilePath | null {
  const { x, y } = readPoint(start, 'start');
  assertInField(field, 'start', x, y);
  const out = ownOptions(options, 'options').out;
  if (out !== undefined && typedArrayName(out) !== 'Int32Array')
    throw new InvalidOptionError('out', out, 'an Int32Array');
  const { width, height, dir, cost } = field;
  let i = y * width + x;
  const startCost = cost[i] as number;
  if (!(startCost < Number.POSITIVE_INFINITY)) return null;
  // First pass counts the tiles, second pass writes them.
  const limit = width * height;
  let tiles = 1;
  let cx = x;
  let cy = y;
  for (;;) {
    const d = dir[i] as number;
    if (d === NO_DIRECTION) break;
    cx += DIR_DX[d] as number;
    cy += DIR_DY[d] as number;
    if (cx < 0 || cy < 0 || cx >= width || cy >= height || tiles >= limit) {
      throw new InvalidOptionError('field', `direction ${d} at tile ${i}`, 'directions that lead to a goal');
    }
    i = cy * width + cx;
    tiles++;
  }
  const path = out !== undefined && out.length >= tiles * 2 ? out.subarray(0, tiles * 2) : new Int32Array(tiles * 2);
  cx = x;
  cy = y;
  i = cy * width + cx;
  path[0] = cx;
  path[1] = cy;
  for (let k = 1; k < tiles; k++) {
    const d = dir[i] as number;
    cx += DIR_DX[d] as number;
    cy += DIR_DY[d] as number;
    i = cy * width + cx;
    path[2 * k] = cx;
    path[2 * k + 1] = cy;
  }
  return makePath(startCost, path);
}

/** The points of a route given as a {@link Path} (its `points`) or as a flat pair array (itself). */
export function routePoints(route: Path | ArrayLike<number>): ArrayLike<number> {
  const isPath =
    typeof route === 'object' &&
    route !== null &&
    !Array.isArray(route) &&
    !ArrayBuffer.isView(route) &&
    'points' in route;
  return isPath ? (route as Path).points : (route as ArrayLike<number>);
}

/**
 * Euclidean length of a path (sum of its segment lengths), in tiles: a {@link Path} (its `points`), or a flat
 * pair array `[x0, y0, x1, y1, ...]` (still accepted: natural for a polyline built by hand).
 * @throws InvalidOptionError when `path` is neither a Path nor an array or typed array.
 */
export function pathLength(route: Path | ArrayLike<number>): number {
  const path = routePoints(route);
  const n = arrayLength(path, 'path', 'a flat array [x0, y0, x1, y1, ...]');
  for (let k = 0; k < n; k++)
    if (typeof path[k] !== 'number') throw new OutOfRangeError(`path[${k}]`, path[k], 'a number');
  let length = 0;
  for (let k = 2; k + 1 < n; k += 2) {
    const dx = (path[k] as number) - (path[k - 2] as number);
    const dy = (path[k + 1] as number) - (path[k - 1] as number);
    // Math.sqrt (not Math.hypot) so a diagonal step is exactly Math.SQRT2, as in the octile field.
    length += Math.sqrt(dx * dx + dy * dy);
  }
  return length;
}
