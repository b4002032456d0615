import { InvalidOptionError } from '../errors.js';
import { DIR_DX, DIR_DY, NO_DIRECTION } from '../grid/directions.js';
import { checkNumber } from '../util/check-number.js';
import { arrayLength } from '../util/own-options.js';
import type { Field } from './types.js';

/**
 * A field read at the continuous position (x, y) in tiles, for a game loop, with no allocation: writes into
 * `out[0]`, `out[1]` the unit vector from (x, y) towards the centre of the next tile along `field.dir` from the
 * tile that contains the point, tile (floor(x), floor(y)), and returns `out`. On a goal tile the vector points at
 * the goal tile's own centre (0, 0 at the centre), so units settle there. 0, 0 on walls, unreachable tiles and
 * outside the field. When `out` has a third slot, `out[2]` gets the distance in tiles to that centre (0 where the
 * vector is 0, 0): a mover should not step past it in one frame.
 *
 * Positions are in tiles: tile (x, y) spans [x, x + 1) by [y, y + 1), its centre is (x + 0.5, y + 0.5). The
 * straight way to the next centre stays in the tile, the next one and (for a diagonal step) the two tiles beside
 * it, which the field's diagonal rule allowed. The smooth counterpart over a `Flow` is `sampleFlow`; `nextStep`
 * gives the next tile as a new object.
 * @throws InvalidOptionError when `field` is not a field (numeric `width` and `height`, a Float64Array `cost`
 *   and a Uint8Array `dir` of `width * height` tiles) or `out` is not an array-like of at least 2 slots;
 *   OutOfRangeError when x or y is not a number (NaN reads as outside).
 */
export function sampleField<T extends { [index: number]: number }>(
  field: Pick<Field, 'width' | 'height' | 'cost' | 'dir'>,
  x: number,
  y: number,
  out: T,
): T {
  const w = checkField(field);
  checkNumber('x', x);
  checkNumber('y', y);
  const n = arrayLength(out, 'out', 'an array of 2 or 3 numbers');
  if (n < 2) throw new InvalidOptionError('out', out, 'an array of 2 or 3 numbers');
  const third = n > 2;
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  if (!(tx >= 0 && ty >= 0 && tx < w && ty < field.height)) return still(out, third);
  const i = ty * w + tx;
  const d = field.dir[i] as number;
  let cx = tx + 0.5;
  let cy = ty + 0.5;
  if (d === NO_DIRECTION || d > 7) {
    if (!Number.isFinite(field.cost[i] as number)) return still(out, third);
  } else {
    cx += DIR_DX[d] as number;
    cy += DIR_DY[d] as number;
  }
  const dx = cx - x;
  const dy = cy - y;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (len === 0) return still(out, third);
  out[0] = dx / len;
  out[1] = dy / len;
  if (third) out[2] = len;
  return out;
}

/** The field's width, after checking that `field` has the shape of a field (typed arrays of width x height). */
function checkField(field: unknown): number {
  if (field === null || typeof field !== 'object') throw new InvalidOptionError('field', field, 'a Field');
  const { width, height, cost, dir } = field as Partial<Field>;
  if (
    typeof width !== 'number' ||
    typeof height !== 'number' ||
    !(ArrayBuffer.isView(cost) && cost instanceof Float64Array) ||
    !(ArrayBuffer.isView(dir) && dir instanceof Uint8Array) ||
    cost.length !== width * height ||
    dir.length !== width * height
  ) {
    throw new InvalidOptionError(
      'field',
      field,
      'a Field: width x height tiles of Float64Array cost and Uint8Array dir',
    );
  }
  return width;
}

function still<T extends { [index: number]: number }>(out: T, third: boolean): T {
  out[0] = 0;
  out[1] = 0;
  if (third) out[2] = 0;
  return out;
}
