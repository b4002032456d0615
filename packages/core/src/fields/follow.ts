import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { DIR_DX, DIR_DY, NO_DIRECTION } from '../grid/directions.js';
import { typedArrayName } from '../util/describe-value.js';
import { arrayLength } from '../util/own-options.js';
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
export function nextStep(field: Field, x: number, y: number): { x: number; y: number } | null {
  assertInField(field, 'tile', x, y);
  const d = field.dir[y * field.width + x] as number;
  if (d === NO_DIRECTION) return null;
  return { x: x + (DIR_DX[d] as number), y: y + (DIR_DY[d] as number) };
}

/**
 * The whole path from (x, y) to a goal by following `field.dir`, as a flat Int32Array of tile coordinates
 * `[x0, y0, x1, y1, ..., xn, yn]`: the start first, the goal last (a start on a goal gives one tile). Empty
 * (length 0) when the start is a wall or unreachable. When `out` is long enough the result is a view of its
 * start (no allocation); otherwise a new array is returned. Each consecutive pair is one move of the field's
 * neighbourhood, and the summed step costs equal `field.cost` at the start.
 * @throws CoordinateError when (x, y) is outside the field; InvalidOptionError when the directions do not lead
 *   to a goal (a field edited by hand, or read while being recomputed).
 */
export function pathFromField(field: Field, x: number, y: number, out?: Int32Array): Int32Array {
  assertInField(field, 'start', x, y);
  if (out !== undefined && typedArrayName(out) !== 'Int32Array')
    throw new InvalidOptionError('out', out, 'an Int32Array');
  const { width, height, dir, cost } = field;
  let i = y * width + x;
  if (!((cost[i] as number) < Number.POSITIVE_INFINITY)) return (out ?? new Int32Array(0)).subarray(0, 0);
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
  return path;
}

/**
 * Euclidean length of a flat path `[x0, y0, x1, y1, ...]` (sum of its segment lengths), in tiles.
 * @throws InvalidOptionError when `path` is not an array or typed array.
 */
export function pathLength(path: ArrayLike<number>): number {
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
