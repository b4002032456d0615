import { CoordinateError, InvalidOptionError } from '../errors.js';
import { checkField } from '../fields/check-field.js';
import type { Field } from '../fields/types.js';
import { DIR_DX, DIR_DY, NO_DIRECTION } from '../grid/directions.js';
import { makePath, type Point, readPoint, type TilePath } from '../grid/point.js';
import { typedArrayName } from '../util/describe-value.js';
import { ownOptions } from '../util/own-options.js';
import { rtsCompressTiles } from './astar.js';

/** Options of {@link rtsPathFromField}. */
export interface RtsPathFromFieldOptions {
  /**
   * Reused for the visited tile list (grown by a new array when too short).
   * @defaultValue undefined (meaning a new array)
   */
  scratch?: Int32Array;
}

/**
 * A high-level path read from a shared vector field (many units heading to the same goal share one field):
 * follows `field.dir` from the tile `from` (`{ x, y }` in tiles) until a tile with no direction (a goal), and
 * keeps the waypoints where the direction changes. A {@link TilePath} of waypoints (as
 * `RtsPathfinder.findPath`'s) whose `cost` is `field.cost` of the start (the field's metric). Null when the start
 * is unreachable in the field (a wall included).
 * @throws CoordinateError when `from` is outside the field; InvalidOptionError when the field's directions loop or
 *   `from` is not a point.
 */
export function rtsPathFromField(field: Field, from: Point, options?: RtsPathFromFieldOptions): TilePath | null {
  checkField(field);
  const { x, y } = readPoint(from, 'from');
  const scratch = ownOptions(options, 'options', '{ scratch? }').scratch;
  if (scratch !== undefined && typedArrayName(scratch) !== 'Int32Array')
    throw new InvalidOptionError('scratch', scratch, 'an Int32Array');
  const w = field.width;
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= w || y >= field.height)
    throw new CoordinateError('start', x, y, `is outside the ${w}x${field.height} field`);
  const start = y * w + x;
  const cost = field.cost[start] as number;
  if (!(cost < Number.POSITIVE_INFINITY)) return null;
  const limit = w * field.height;
  let tiles = scratch ?? new Int32Array(64);
  let count = 0;
  let cx = x;
  let cy = y;
  for (;;) {
    if (count === tiles.length) {
      const bigger = new Int32Array(tiles.length * 2);
      bigger.set(tiles);
      tiles = bigger;
    }
    tiles[count++] = cy * w + cx;
    const d = field.dir[cy * w + cx] as number;
    if (d === NO_DIRECTION) break;
    if (count > limit) throw new InvalidOptionError('field.dir', 'a loop', 'directions that lead to a goal');
    cx += DIR_DX[d] as number;
    cy += DIR_DY[d] as number;
  }
  return makePath(cost, rtsCompressTiles(tiles, count, w));
}
