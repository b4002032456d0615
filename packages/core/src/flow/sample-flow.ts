import { InvalidOptionError } from '../errors.js';
import { SAFE } from '../fields/safe-step.js';
import { checkGrid } from '../grid/check-grid.js';
import type { Grid } from '../grid/grid.js';
import { checkNumber } from '../util/check-number.js';
import { typedArrayName } from '../util/describe-value.js';
import { ownOptions } from '../util/own-options.js';
import { clearanceOf } from './anchor-code.js';
import { checkFlow } from './check-flow.js';
import { flowDirection } from './flow-direction.js';
import type { Flow } from './types.js';

/** Options of {@link sampleFlow}. */
export interface SampleFlowOptions {
  /**
   * The grid the flow (or field) was computed on. With it, tiles of another passability code than the point's
   * count as walls too; without it, the walls are the tiles the flow gives no anchor (or the field no finite cost),
   * which is the same on a grid of one walkable code.
   * @defaultValue undefined (meaning the flow's own tiles tell walls apart)
   */
  grid?: Grid;
}

/**
 * The flow's direction at the continuous position (x, y) in tiles, safe for a step of up to
 * {@link FLOW_SAFE_STEP} (0.1) tiles and not past `out[2]`, written into `out[0]` (x) and `out[1]` (y), and `out`
 * returned; O(1), no allocation. `out[2]`, when `out` has a third slot, gets how far the direction may be
 * followed: the distance to the point it heads for (see below). 0, 0 (and 0) on goal tiles, walls, unreachable
 * tiles and outside the map.
 *
 * The rule (the body is a square of half-side `flowClearance(flow.radius)` centred on the point; blocked tiles are
 * walls, unreachable tiles, the outside and, with `options.grid`, tiles of another passability code):
 * 1. the unit vector towards the anchor of the tile the point lies in, tile (floor(x), floor(y)) (at the anchor
 *    itself, within 1e-9 tiles, the tile's own vector), when the body moved along it for 0.1 tiles (or up to the
 *    anchor, if nearer) overlaps no blocked tile; `out[2]` is the distance to the anchor;
 * 2. otherwise (the point lies on the shadow side of a corner that hides the anchor) the axis direction,
 *    (+-1, 0) or (0, +-1), of that vector's larger component, when clear for 0.1 tiles: the body slides along the
 *    wall towards the corner; `out[2]` is 0.1;
 * 3. otherwise the direction to the tile's centre, checked up to it (or for 0.1 tiles); `out[2]` is the distance
 *    to the centre. The way from the point to its tile's centre is always clear, and the centre sees the anchor
 *    (except where an `always` flow leaves the tile through a gap of zero width between two diagonal walls: on
 *    that tile's centre the result is 0, 0, a body cannot go on).
 * A body that already overlaps a blocked tile gets the direction to its tile's centre (the way out, unchecked).
 * "Clear" is exact (the moving square against each tile of the 3 x 3 block around its own; overlaps thinner than
 * 1e-9 tiles count as touching), so a step of up to min(0.1, out[2]) tiles along the result keeps the body off
 * blocked tiles and passes no blocked corner. A unit that samples and steps so every frame reaches a goal tile
 * without stalling (away from walls it walks the flow's straight lines; at a corner it slides round it), except
 * through the gap of zero width between two diagonal walls that a flow of the `always` diagonal rule may take,
 * which no body passes. Property tests check both on random maps, every radius and positions anywhere.
 *
 * The flow and `out` are checked on every call in O(1) (sizes, array kinds; frozen flows once).
 * @throws InvalidOptionError for a flow whose arrays do not match its sizes, an `out` that is not an array or
 *   typed array, or a grid of another size; OutOfRangeError for x or y not a number.
 */
export function sampleFlow<T extends { [index: number]: number }>(
  flow: Flow,
  x: number,
  y: number,
  out: T,
  options?: SampleFlowOptions,
): T {
  checkFlow(flow);
  checkNumber('x', x);
  checkNumber('y', y);
  if (typedArrayName(out) === undefined && !Array.isArray(out))
    throw new InvalidOptionError('out', out, 'an array or a typed array of at least 2 slots');
  const grid = options === undefined ? undefined : ownOptions(options, 'options', 'an object { grid? }').grid;
  if (grid !== undefined) {
    checkGrid(grid, 'options.grid');
    if (grid.width !== flow.width || grid.height !== flow.height)
      throw new InvalidOptionError('options.grid', `a ${grid.width}x${grid.height} grid`, 'the grid of the flow');
  }
  const w = flow.width;
  const h = flow.height;
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  if (!(tx >= 0 && ty >= 0 && tx < w && ty < h)) return still(out);
  const i = ty * w + tx;
  const code = flow.anchor[i] as number;
  const vx = flow.vx[i] as number;
  const vy = flow.vy[i] as number;
  if (code === -1 || (vx === 0 && vy === 0)) return still(out);
  SAFE[0] = x;
  SAFE[1] = y;
  SAFE[4] = clearanceOf(flow.radius);
  const pass = grid === undefined ? null : grid.passable;
  flowDirection(flow.anchor, 0, flow.vx, flow.vy, w, h, pass, pass === null ? 0 : (pass[i] as number));
  out[0] = SAFE[0] as number;
  out[1] = SAFE[1] as number;
  if (hasThird(out)) out[2] = out[0] === 0 && out[1] === 0 ? 0 : (SAFE[2] as number);
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
