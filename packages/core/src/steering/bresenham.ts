import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { checkInteger, MAX_INT32 } from '../util/check-number.js';
import { typedArrayName } from '../util/describe-value.js';

/**
 * Bresenham lines between two tiles (the chapter "Chasing, Evading, Intercepting, and Patterned Movement", "The Line of Sight Algorithm").
 *
 * Every tile of the line is produced, start included, in order from start to end. The axis with the larger
 * distance (the major axis) advances by exactly one tile per step and the other (minor) axis by at most one,
 * so consecutive tiles are 8-connected, the line never takes two steps in a row along the minor axis, and it
 * has `max(|dx|, |dy|) + 1` tiles.
 *
 * Two styles ({@link BresenhamStyle}):
 * - `listing` (the default, {@link DEFAULT_BRESENHAM_STYLE}): the tiles of the C++ `Bresenham()` listing of
 *   "Chasing, Evading, Intercepting, and Patterned Movement" (Game Programming Theory, chapter 1), step for
 *   step. Its error term starts at twice the usual value (`fraction = deltaMinor * 2 - deltaMajor` after both
 *   deltas were doubled), so the minor steps come late: (0, 0) to (5, 1) is (0,0) (1,0) (2,0) (3,0) (4,1) (5,1)
 *   where the exact line gives (3,1). The line from B to A is not always the line from A to B reversed. It is
 *   the default because the chapter defines the chase, the patterns and their figures with it: the defaults
 *   reproduce the book's tiles (the orc demo's eight paths to Frodo, the guard's camp).
 * - `symmetric`: the minor coordinate is the exact line position rounded to the nearest tile. Exact halves are
 *   always rounded towards the smaller coordinate, whichever end the line starts from, so the line from B to A
 *   is the line from A to B reversed. Choose it where that symmetry matters (line of sight between two units:
 *   `hasLineOfSight` always uses it) or for lines closest to the straight one. On the orc demo's eight
 *   paths to Frodo the two styles differ on 31 of the 219 tiles (before 0.2 it was the default).
 * Both styles have `max(|dx|, |dy|) + 1` tiles, 8-connected, never two minor steps in a row.
 */

/** How {@link LineStepper} rounds the minor axis: see the module comment. */
export type BresenhamStyle = 'symmetric' | 'listing';

/**
 * The default {@link BresenhamStyle}: `listing`, the book's line, so that the chase and the patterns give the
 * chapter's tiles unless asked otherwise.
 */
export const DEFAULT_BRESENHAM_STYLE: BresenhamStyle = 'listing';

/** The styles of {@link BresenhamStyle}, default first. */
export const BRESENHAM_STYLES: readonly BresenhamStyle[] = Object.freeze(['listing', 'symmetric']);

/** Throws InvalidOptionError unless `style` is one of {@link BRESENHAM_STYLES}; returns it. */
export function checkBresenhamStyle(style: unknown, name = 'style'): BresenhamStyle {
  if (style !== 'symmetric' && style !== 'listing')
    throw new InvalidOptionError(name, style, "'symmetric' or 'listing'");
  return style;
}

/**
 * Most tiles of a line that {@link bresenhamLine} allocates or {@link bresenhamLineInto} appends to a plain array
 * (about a million; 8 MiB as Int32 pairs). {@link LineStepper} walks lines of any length.
 */
export const MAX_LINE_TILES = 1 << 20;

function checkTile(what: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new OutOfRangeError(what, value, 'a safe integer tile coordinate');
}

/** Throws OutOfRangeError unless the four coordinates are 32-bit integers (results stored in an Int32Array). */
export function checkInt32Line(x0: number, y0: number, x1: number, y1: number): void {
  checkInteger('x0', x0, -MAX_INT32 - 1, MAX_INT32);
  checkInteger('y0', y0, -MAX_INT32 - 1, MAX_INT32);
  checkInteger('x1', x1, -MAX_INT32 - 1, MAX_INT32);
  checkInteger('y1', y1, -MAX_INT32 - 1, MAX_INT32);
}

/** Throws OutOfRangeError unless a line of `tiles` tiles may be allocated (at most {@link MAX_LINE_TILES}). */
export function checkLineTiles(tiles: number): void {
  if (tiles > MAX_LINE_TILES)
    throw new OutOfRangeError('line length', tiles, `at most ${MAX_LINE_TILES} tiles (max(|dx|, |dy|) + 1)`);
}

/**
 * A reusable, allocation-free walker over the tiles of one Bresenham line. Call {@link reset}, then
 * {@link next} until it returns false; {@link x} and {@link y} hold the current tile. The first call to
 * `next` yields the start tile.
 *
 * ```ts
 * const s = new LineStepper();
 * s.reset(0, 0, 5, 2);
 * while (s.next()) visit(s.x, s.y);
 * ```
 */
export class LineStepper {
  /** x of the current tile (valid after `next()` returned true). */
  x = 0;
  /** y of the current tile (valid after `next()` returned true). */
  y = 0;
  /** 0-based index of the current tile on the line (0 is the start). -1 before the first `next()`. */
  index = -1;
  /** Number of tiles on the line: `max(|dx|, |dy|) + 1`. */
  length = 0;
  private sx = 0;
  private sy = 0;
  private adx = 0;
  private ady = 0;
  private xMajor = true;
  private err = 0;
  // Minor-axis threshold: the minor step is taken when err >= bias. bias 1 rounds exact halves towards the
  // smaller coordinate when the minor axis grows, bias 0 when it shrinks.
  private bias = 0;
  // The listing style tests its error term before adding the minor delta (the C++ order).
  private listing = false;

  /**
   * Starts a new line from (x0, y0) to (x1, y1) in the given style (default `listing`, the book's line). Coordinates must be
   * safe integers. Returns `this`.
   * @throws OutOfRangeError for a coordinate that is not a safe integer; InvalidOptionError for an unknown style.
   */
  reset(x0: number, y0: number, x1: number, y1: number, style: BresenhamStyle = DEFAULT_BRESENHAM_STYLE): this {
    checkTile('x0', x0);
    checkTile('y0', y0);
    checkTile('x1', x1);
    checkTile('y1', y1);
    this.listing = checkBresenhamStyle(style) === 'listing';
    const dx = x1 - x0;
    const dy = y1 - y0;
    this.adx = Math.abs(dx);
    this.ady = Math.abs(dy);
    this.sx = dx < 0 ? -1 : 1;
    this.sy = dy < 0 ? -1 : 1;
    // The listing takes y as the major axis on ties (`if (deltaX > deltaY)`); a tie is all diagonal either way.
    this.xMajor = this.listing ? this.adx > this.ady : this.adx >= this.ady;
    const major = this.xMajor ? this.adx : this.ady;
    const minor = this.xMajor ? this.ady : this.adx;
    const minorSign = this.xMajor ? this.sy : this.sx;
    // symmetric: err = 2 * i * minor - (2 * m + 1) * major at step i with minor offset m; starts at i = m = 0.
    // listing: the C++ `fraction`, with deltaX, deltaY already doubled: 2 * (2 * minor) - 2 * major.
    this.err = this.listing ? 4 * minor - 2 * major : -major;
    this.bias = minorSign > 0 ? 1 : 0;
    this.length = major + 1;
    this.index = -1;
    // Position one step "before" the start so that next() yields the start first.
    this.x = x0;
    this.y = y0;
    return this;
  }

  /** Advances to the next tile. Returns false (and leaves x, y on the end tile) once the line is done. */
  next(): boolean {
    const i = this.index + 1;
    if (i >= this.length) return false;
    this.index = i;
    if (i === 0) return true;
    if (this.listing) {
      // The listing's loop body: minor step when fraction >= 0 (fraction -= deltaMajor), major step, then
      // fraction += deltaMinor; deltas doubled.
      if (this.xMajor) {
        if (this.err >= 0) {
          this.y += this.sy;
          this.err -= 2 * this.adx;
        }
        this.x += this.sx;
        this.err += 2 * this.ady;
      } else {
        if (this.err >= 0) {
          this.x += this.sx;
          this.err -= 2 * this.ady;
        }
        this.y += this.sy;
        this.err += 2 * this.adx;
      }
      return true;
    }
    if (this.xMajor) {
      this.x += this.sx;
      this.err += 2 * this.ady;
      if (this.err >= this.bias) {
        this.y += this.sy;
        this.err -= 2 * this.adx;
      }
    } else {
      this.y += this.sy;
      this.err += 2 * this.adx;
      if (this.err >= this.bias) {
        this.x += this.sx;
        this.err -= 2 * this.ady;
      }
    }
    return true;
  }
}

/**
 * Number of tiles on the Bresenham line from (x0, y0) to (x1, y1): `max(|dx|, |dy|) + 1`.
 * @throws OutOfRangeError when a coordinate is not a safe integer.
 */
export function bresenhamLength(x0: number, y0: number, x1: number, y1: number): number {
  checkTile('x0', x0);
  checkTile('y0', y0);
  checkTile('x1', x1);
  checkTile('y1', y1);
  return Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) + 1;
}

const shared = new LineStepper();

/**
 * Writes the tiles of the line from (x0, y0) to (x1, y1) into `out` as flat pairs `[x, y, x, y, ...]`,
 * starting at element `offset` (default 0), in the given {@link BresenhamStyle} (default `listing`). Returns the number of tiles written. Allocates nothing: the hot
 * form of {@link bresenhamLine}. An Int32Array `out` needs 32-bit coordinates; a plain array grows as needed (up
 * to {@link MAX_LINE_TILES} tiles), safe integers allowed.
 * @throws OutOfRangeError when an Int32Array `out` has no room for the whole line (it needs
 *   `2 * bresenhamLength(...)` elements after `offset`), or a coordinate or `offset` is out of range;
 *   InvalidOptionError when `out` is neither an Int32Array nor an array, or for an unknown `style`.
 */
export function bresenhamLineInto(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  out: Int32Array | number[],
  offset = 0,
  style: BresenhamStyle = DEFAULT_BRESENHAM_STYLE,
): number {
  const typed = typedArrayName(out) === 'Int32Array';
  if (!typed && !Array.isArray(out)) throw new InvalidOptionError('out', out, 'an Int32Array or an array');
  checkInteger('offset', offset, 0, typed ? out.length : 4_294_967_294 /* 2^32 - 2 */);
  if (typed) checkInt32Line(x0, y0, x1, y1);
  const s = shared.reset(x0, y0, x1, y1, style);
  const need = offset + 2 * s.length;
  if (typed && need > out.length)
    throw new OutOfRangeError('out.length', out.length, `at least ${need} for ${s.length} tiles`);
  if (!typed) checkLineTiles(s.length);
  let k = offset;
  while (s.next()) {
    out[k++] = s.x;
    out[k++] = s.y;
  }
  return s.length;
}

/**
 * Every tile of the Bresenham line from (x0, y0) to (x1, y1), start and end included, in order, as a flat
 * `Int32Array` `[x0, y0, ..., x1, y1]` of `2 * (max(|dx|, |dy|) + 1)` elements. Coordinates are 32-bit integers
 * (negative allowed). `style`: `listing` (default), the book listing's exact tiles, or `symmetric`, the same
 * tiles both ways (see {@link BresenhamStyle}). For per-frame use write into your own buffer with {@link bresenhamLineInto}.
 * @throws OutOfRangeError when a coordinate is not a 32-bit integer or the line has over {@link MAX_LINE_TILES}
 *   tiles; InvalidOptionError for an unknown `style`.
 */
export function bresenhamLine(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  style: BresenhamStyle = DEFAULT_BRESENHAM_STYLE,
): Int32Array {
  checkInt32Line(x0, y0, x1, y1);
  const tiles = shared.reset(x0, y0, x1, y1, style).length;
  checkLineTiles(tiles);
  const out = new Int32Array(2 * tiles);
  bresenhamLineInto(x0, y0, x1, y1, out, 0, style);
  return out;
}
