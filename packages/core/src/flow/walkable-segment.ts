import { CoordinateError, InvalidOptionError } from '../errors.js';
import type { MoveOptions } from '../fields/index.js';
import { checkGrid } from '../grid/check-grid.js';
import { DEFAULT_DIAGONAL_RULE, DIAGONAL_RULES } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';
import { checkNumber } from '../util/check-number.js';
import { ownOptions } from '../util/own-options.js';
import { SEG_RULE_ALWAYS, SEG_RULE_BOTH_FREE, SEG_RULE_NEVER, SEG_RULE_ONE_FREE, segmentClear } from './segment.js';

/**
 * True when a point can move in a straight line from (x0, y0) to (x1, y1) (continuous positions in tiles): the
 * segment passes through the interior of no tile whose passability code differs from the start tile's (walls,
 * water from ground, outside the map), and every tile corner it crosses diagonally obeys the diagonal rule
 * (`if-both-free`: both tiles beside the corner free; `if-one-free`, `never` and 4 neighbours: one; `always`:
 * none). Touching a wall without entering it is allowed. The continuous counterpart of `walkableLine` (which goes
 * from tile centre to tile centre); O(tiles crossed), no allocation.
 * @throws CoordinateError when an end is outside the grid; InvalidOptionError for bad options.
 */
export function walkableSegment(
  grid: Grid,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  options?: MoveOptions,
): boolean {
  checkGrid(grid);
  checkNumber('x0', x0);
  checkNumber('y0', y0);
  checkNumber('x1', x1);
  checkNumber('y1', y1);
  const own = ownOptions(options, 'options');
  const { width: w, height: h, passable } = grid;
  if (!(x0 >= 0 && y0 >= 0 && x0 < w && y0 < h))
    throw new CoordinateError('segment start', x0, y0, `is outside the ${w}x${h} grid`);
  if (!(x1 >= 0 && y1 >= 0 && x1 <= w && y1 <= h))
    throw new CoordinateError('segment end', x1, y1, `is outside the ${w}x${h} grid`);
  const diagonal = own.diagonal ?? DEFAULT_DIAGONAL_RULE;
  if (!DIAGONAL_RULES.includes(diagonal)) throw new InvalidOptionError('diagonal', diagonal, DIAGONAL_RULES.join(', '));
  const neighbors = own.neighbors ?? 8;
  if (neighbors !== 4 && neighbors !== 8) throw new InvalidOptionError('neighbors', neighbors, '4 or 8');
  const rule =
    neighbors === 4 || diagonal === 'never'
      ? SEG_RULE_NEVER
      : diagonal === 'always'
        ? SEG_RULE_ALWAYS
        : diagonal === 'if-one-free'
          ? SEG_RULE_ONE_FREE
          : SEG_RULE_BOTH_FREE;
  const code = passable[Math.floor(y0) * w + Math.floor(x0)] as number;
  if (code === 0) return false;
  return segmentClear(passable, w, h, code, rule, x0, y0, x1, y1);
}
