import { DIR_DX, DIR_DY, NO_DIRECTION } from '../grid/directions.js';
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
 */
export function sampleField<T extends { [index: number]: number }>(
  field: Pick<Field, 'width' | 'height' | 'cost' | 'dir'>,
  x: number,
  y: number,
  out: T,
): T {
  const w = field.width;
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  let third = false;
  const n = (out as { length?: unknown }).length;
  if (typeof n === 'number' && n > 2) third = true;
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

function still<T extends { [index: number]: number }>(out: T, third: boolean): T {
  out[0] = 0;
  out[1] = 0;
  if (third) out[2] = 0;
  return out;
}
