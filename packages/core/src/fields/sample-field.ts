import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { checkGrid } from '../grid/check-grid.js';
import { DIR_DX, DIR_DY, NO_DIRECTION } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';
import { checkNumber } from '../util/check-number.js';
import { arrayLength, ownOptions } from '../util/own-options.js';
import { fieldMask } from './safe-mask.js';
import { SAFE, SAFE_STEP, safeDirection } from './safe-step.js';
import type { Field } from './types.js';

/** Largest {@link SampleFieldOptions.radius}, tiles (a flow's largest radius). */
const MAX_SAMPLE_RADIUS = 0.45;
/** Smallest clearance of a body, tiles (a flow's `FLOW_MIN_CLEARANCE`): a body never touches a wall corner. */
const MIN_CLEARANCE = 1 / 256;

/** Options of {@link sampleField}. */
export interface SampleFieldOptions {
  /**
   * Half-side of the mover's square body, in tiles, from 0 to 0.45: the direction is safe for a body this big.
   * 0 (a point) is checked with a clearance of 1/256 tiles, so that it never passes a blocked corner.
   * @defaultValue 0
   */
  radius?: number;
  /**
   * The grid the field was computed on. With it, tiles of another passability code than the point's count as
   * walls too; without it, the walls are the tiles of the field without a finite cost.
   * @defaultValue undefined (meaning the field's costs tell walls apart)
   */
  grid?: Grid;
}

/**
 * A field read at the continuous position (x, y) in tiles, for a game loop, with no allocation: writes into
 * `out[0]`, `out[1]` a unit vector heading for the centre of the next tile along `field.dir` from the tile that
 * contains the point, tile (floor(x), floor(y)), and returns `out`. On a goal tile it heads for the goal tile's
 * own centre (0, 0 at the centre), so units settle there. 0, 0 on walls, unreachable tiles and outside the field.
 * When `out` has a third slot, `out[2]` gets how far the direction may be followed (0 where it is 0, 0).
 *
 * The direction is safe, by the rule of `sampleFlow` with that centre as the target: a body (a square of
 * half-side `radius`, at least 1/256) that overlaps no blocked tile (no finite cost, outside, or with
 * `options.grid` another passability code) and moves up to min(FLOW_SAFE_STEP = 0.1, out[2]) tiles along it
 * overlaps none and passes no blocked corner. Straight at the centre when that is clear (`out[2]` the distance to
 * it); else the axis direction of the larger component, sliding along the wall (`out[2]` 0.1); else towards the
 * tile's own centre (`out[2]` the distance to it). Positions are in tiles: tile (x, y) spans [x, x + 1) by
 * [y, y + 1), its centre is (x + 0.5, y + 0.5). The smooth counterpart over a `Flow` is `sampleFlow`; `nextStep`
 * gives the next tile as a new object.
 * @throws InvalidOptionError when `field` is not a field (numeric `width` and `height`, a Float64Array `cost`
 *   and a Uint8Array `dir` of `width * height` tiles), `out` is not an array-like of at least 2 slots, or the grid
 *   is not the field's size; OutOfRangeError when x or y is not a number (NaN reads as outside) or for a bad
 *   radius.
 */
export function sampleField<T extends { [index: number]: number }>(
  field: Pick<Field, 'width' | 'height' | 'cost' | 'dir'>,
  x: number,
  y: number,
  out: T,
  options?: SampleFieldOptions,
): T {
  const w = checkField(field);
  checkNumber('x', x);
  checkNumber('y', y);
  const n = arrayLength(out, 'out', 'an array of 2 or 3 numbers');
  if (n < 2) throw new InvalidOptionError('out', out, 'an array of 2 or 3 numbers');
  const own = options === undefined ? {} : ownOptions(options, 'options', 'an object { radius?, grid? }');
  const radius = own.radius ?? 0;
  if (typeof radius !== 'number' || !(radius >= 0 && radius <= MAX_SAMPLE_RADIUS))
    throw new OutOfRangeError('radius', radius, `tiles, from 0 to ${MAX_SAMPLE_RADIUS}`);
  const grid = own.grid;
  if (grid !== undefined) {
    checkGrid(grid, 'options.grid');
    if (grid.width !== w || grid.height !== field.height)
      throw new InvalidOptionError('options.grid', `a ${grid.width}x${grid.height} grid`, 'the grid of the field');
  }
  const third = n > 2;
  const h = field.height;
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  if (!(tx >= 0 && ty >= 0 && tx < w && ty < h)) return still(out, third);
  const i = ty * w + tx;
  if (!((field.cost[i] as number) < Number.POSITIVE_INFINITY)) return still(out, third);
  const d = field.dir[i] as number;
  const fx = x - tx;
  const fy = y - ty;
  const goal = d === NO_DIRECTION || d > 7;
  SAFE[0] = fx;
  SAFE[1] = fy;
  SAFE[2] = goal ? 0.5 : 0.5 + (DIR_DX[d] as number);
  SAFE[3] = goal ? 0.5 : 0.5 + (DIR_DY[d] as number);
  const c = Math.max(radius, MIN_CLEARANCE);
  SAFE[4] = c;
  SAFE[5] = 0;
  SAFE[6] = 0;
  SAFE[7] = SAFE_STEP;
  const pass = grid === undefined ? null : grid.passable;
  safeDirection(
    fieldMask(field.cost, w, h, tx, ty, pass, pass === null ? 0 : (pass[i] as number), fx, fy, c + SAFE_STEP),
  );
  out[0] = SAFE[0] as number;
  out[1] = SAFE[1] as number;
  if (third) out[2] = out[0] === 0 && out[1] === 0 ? 0 : (SAFE[2] as number);
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
