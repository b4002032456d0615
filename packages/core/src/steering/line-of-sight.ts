import { InvalidOptionError } from '../errors.js';
import { checkGrid } from '../grid/check-grid.js';
import { DEFAULT_DIAGONAL_RULE, DIAGONAL_RULES, type DiagonalRule } from '../grid/directions.js';
import { BLOCKED, type Grid } from '../grid/grid.js';
import { ownOptions } from '../util/own-options.js';
import { LineStepper } from './bresenham.js';

/** Options of {@link hasLineOfSight} and {@link visibleLineLength}. */
export interface LineOfSightOptions {
  /**
   * When may the line pass diagonally between two tiles? Same names as the fields: with `if-both-free` a
   * diagonal step needs both orthogonal neighbours open, so two walls touching at a corner block sight; with
   * `always` the line slips through such corners.
   * @defaultValue {@link DEFAULT_DIAGONAL_RULE} (`'if-both-free'`)
   */
  diagonal?: DiagonalRule;
  /**
   * When true every tile of the line must have the start tile's passability code (a line a unit can walk:
   * ground never mixes with water). When false any non-blocked tile lets sight through.
   * @defaultValue false
   */
  sameCode?: boolean;
}

/** Defaults of {@link LineOfSightOptions}. */
export const DEFAULT_LINE_OF_SIGHT_OPTIONS: Readonly<Required<LineOfSightOptions>> = Object.freeze({
  diagonal: DEFAULT_DIAGONAL_RULE,
  sameCode: false,
});

const stepper = new LineStepper();

/**
 * How many tiles of the symmetric Bresenham line (style `symmetric`, whatever the default style of the lines)
 * from (x0, y0) to (x1, y1) can be seen from its start: the index of
 * the first blocked tile (or of the first tile entered by a diagonal step the `diagonal` rule forbids), or
 * the line's full length `max(|dx|, |dy|) + 1` when nothing blocks it. 0 when the start tile itself is
 * blocked. Both ends must be inside the grid (a `CoordinateError` otherwise). Options are read from own
 * properties. Allocates nothing.
 * @throws CoordinateError when an end is not a tile of the grid; InvalidOptionError for a bad option or a `grid`
 *   that is not a Grid.
 */
export function visibleLineLength(
  grid: Grid,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  options: LineOfSightOptions = {},
): number {
  checkGrid(grid);
  grid.assertInside('line start', x0, y0);
  grid.assertInside('line end', x1, y1);
  const o = ownOptions(options, 'options', '{ diagonal?, sameCode? }');
  const diagonal = o.diagonal ?? DEFAULT_LINE_OF_SIGHT_OPTIONS.diagonal;
  if (!DIAGONAL_RULES.includes(diagonal)) throw new InvalidOptionError('diagonal', diagonal, DIAGONAL_RULES.join(', '));
  const sameCode = o.sameCode ?? DEFAULT_LINE_OF_SIGHT_OPTIONS.sameCode;
  if (typeof sameCode !== 'boolean') throw new InvalidOptionError('sameCode', sameCode, 'a boolean');
  const width = grid.width;
  const passable = grid.passable;
  const code = passable[y0 * width + x0] as number;
  if (code === BLOCKED) return 0;
  // Always the symmetric line, whatever the default style: sight from A to B is sight from B to A.
  const s = stepper.reset(x0, y0, x1, y1, 'symmetric');
  s.next();
  let px = x0;
  let py = y0;
  while (s.next()) {
    const x = s.x;
    const y = s.y;
    // PERF: direct typed-array reads, no bounds checks needed: the line stays in the box of its two ends.
    const c = passable[y * width + x] as number;
    if (c === BLOCKED || (sameCode && c !== code)) return s.index;
    if (x !== px && y !== py && diagonal !== 'always') {
      const a = passable[py * width + x] as number;
      const b = passable[y * width + px] as number;
      const aOpen = a !== BLOCKED && (!sameCode || a === code);
      const bOpen = b !== BLOCKED && (!sameCode || b === code);
      const ok = diagonal === 'if-both-free' ? aOpen && bOpen : diagonal === 'if-one-free' ? aOpen || bOpen : false;
      if (!ok) return s.index;
    }
    px = x;
    py = y;
  }
  return s.length;
}

/**
 * True when every tile of the Bresenham line from (x0, y0) to (x1, y1), both ends included, is open (see
 * {@link LineOfSightOptions}). Symmetric: the line from the end to the start is the same tiles. Both ends
 * must be inside the grid (a `CoordinateError` otherwise). Allocates nothing.
 * @throws as {@link visibleLineLength}.
 */
export function hasLineOfSight(
  grid: Grid,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  options: LineOfSightOptions = {},
): boolean {
  return visibleLineLength(grid, x0, y0, x1, y1, options) === Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) + 1;
}
