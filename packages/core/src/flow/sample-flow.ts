import { InvalidOptionError } from '../errors.js';
import { checkNumber } from '../util/check-number.js';
import { typedArrayName } from '../util/describe-value.js';
import { anchorCodeX, anchorCodeY, clearanceOf } from './anchor-code.js';
import { checkFlow } from './check-flow.js';
import type { Flow } from './types.js';

/** Below this distance (tiles) from its anchor a point takes its tile's vector instead of the direction to the anchor. */
const AT_ANCHOR = 1e-9;

/**
 * The flow's direction at the continuous position (x, y) in tiles, written into `out[0]` (x) and `out[1]` (y),
 * and `out` returned; no allocation. The rule: the unit vector from (x, y) towards the anchor of the tile that
 * contains the point, tile (floor(x), floor(y)); at the anchor itself (within 1e-9 tiles) the tile's own vector.
 * 0, 0 on goal tiles, walls, unreachable tiles and outside the map. When `out` has a third slot, `out[2]` gets the
 * distance to that anchor in tiles (0 where the direction is 0, 0).
 *
 * From a tile's centre the straight way to its anchor is clear of walls (by the flow's clearance). A mover in a
 * game loop should not step past the anchor (`out[2]`: the direction changes there) and, since a point off the
 * centre near the edge of a corner's shadow can find that corner in its way, should move with a collision step
 * (slide along walls, as the crowd's units do) or follow a path made by `followFlow`, which handles both.
 *
 * The flow and `out` are checked on every call in O(1) (sizes, array kinds; no tile is read).
 * @throws InvalidOptionError for a flow whose arrays do not match its sizes, or an `out` that is not an array or
 *   typed array; OutOfRangeError for x or y not a number.
 */
export function sampleFlow<T extends { [index: number]: number }>(flow: Flow, x: number, y: number, out: T): T {
  checkFlow(flow);
  checkNumber('x', x);
  checkNumber('y', y);
  if (typedArrayName(out) === undefined && !Array.isArray(out))
    throw new InvalidOptionError('out', out, 'an array or a typed array of at least 2 slots');
  const w = flow.width;
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  if (!(tx >= 0 && ty >= 0 && tx < w && ty < flow.height)) return still(out);
  const i = ty * w + tx;
  const code = flow.anchor[i] as number;
  const vx = flow.vx[i] as number;
  const vy = flow.vy[i] as number;
  if (code === -1 || (vx === 0 && vy === 0)) return still(out);
  const clearance = clearanceOf(flow.radius);
  const dx = anchorCodeX(code, w, clearance) - x;
  const dy = anchorCodeY(code, w, clearance) - y;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (len < AT_ANCHOR) {
    out[0] = vx;
    out[1] = vy;
  } else {
    out[0] = dx / len;
    out[1] = dy / len;
  }
  if (hasThird(out)) out[2] = len;
  return out;
}

function hasThird(out: object): boolean {
  const n = (out as { length?: unknown }).length;
  return typeof n === 'number' && n > 2;
}

function still<T extends { [index: number]: number }>(out: T): T {
  out[0] = 0;
  out[1] = 0;
  if (hasThird(out)) out[2] = 0;
  return out;
}
