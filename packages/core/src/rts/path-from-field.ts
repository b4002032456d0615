import { CoordinateError, InvalidOptionError } from '../errors.js';
import { checkField } from '../fields/check-field.js';
import type { Field } from '../fields/types.js';
import { DIR_DX, DIR_DY, NO_DIRECTION } from '../grid/directions.js';
import { typedArrayName } from '../util/describe-value.js';
import { type RtsPath, rtsCompressTiles } from './astar.js';

/**
 * A high-level path read from a shared vector field (many units heading to the same goal share one field):
 * follows `field.dir` from (x, y) until a tile with no direction (a goal), and keeps the waypoints where the
 * direction changes. Cost is `field.cost` of the start. Null when the start is unreachable in the field.
 * `scratch` (optional) is reused for the visited tile list.
 * @throws CoordinateError when (x, y) is outside the field; InvalidOptionError when the field's directions loop.
 */
export function rtsPathFromField(field: Field, x: number, y: number, scratch?: Int32Array): RtsPath | null {
  checkField(field);
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
  return { cost, waypoints: rtsCompressTiles(tiles, count, w), expanded: 0 };
}
