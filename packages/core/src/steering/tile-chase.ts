import { InvalidOptionError } from '../errors.js';
import { directionOf, NO_DIRECTION } from '../grid/directions.js';
import type { Point } from '../grid/point.js';
import { checkInteger, checkNumber } from '../util/check-number.js';
import {
  type BresenhamStyle,
  checkBresenhamStyle,
  checkInt32Line,
  checkLineTiles,
  DEFAULT_BRESENHAM_STYLE,
  LineStepper,
  MAX_LINE_TILES,
} from './bresenham.js';

/** Throws OutOfRangeError unless the four values are numbers (NaN gives no direction, as any non-step). */
function checkPoints(x: number, y: number, otherX: number, otherY: number, other: string): void {
  checkNumber('x', x);
  checkNumber('y', y);
  checkNumber(`${other}X`, otherX);
  checkNumber(`${other}Y`, otherY);
}

/**
 * The chapter's basic chase on tiles: step x and y each by one towards the target (`orcCol++` / `orcCol--`,
 * `orcRow++` / `orcRow--`). Returns the direction index (0..7, see DIRECTIONS) of the step, or
 * NO_DIRECTION when the chaser already stands on the target. Allocates nothing.
 */
export function basicChaseDirection(x: number, y: number, targetX: number, targetY: number): number {
  checkPoints(x, y, targetX, targetY, 'target');
  return directionOf(Math.sign(targetX - x), Math.sign(targetY - y));
}

/**
 * The chapter's basic evasion on tiles: the chase step with increments and decrements reversed, so the evader
 * steps away from the threat on both axes. On an axis where the two are level the evader does not move along
 * it; when they stand on the same tile there is no direction (NO_DIRECTION).
 */
export function basicEvadeDirection(x: number, y: number, threatX: number, threatY: number): number {
  checkPoints(x, y, threatX, threatY, 'threat');
  return directionOf(Math.sign(x - threatX), Math.sign(y - threatY));
}

/**
 * One basic chase (`mode` 'chase', the default) or evade step from (x, y) relative to (targetX, targetY).
 * Returns the new tile. No walls are considered: this is the chapter's algorithm as printed.
 */
export function basicTileStep(
  x: number,
  y: number,
  targetX: number,
  targetY: number,
  mode: 'chase' | 'evade' = 'chase',
): Point {
  checkPoints(x, y, targetX, targetY, 'target');
  if (mode !== 'chase' && mode !== 'evade') throw new InvalidOptionError('mode', mode, "'chase' or 'evade'");
  const s = mode === 'evade' ? -1 : 1;
  return { x: x + s * Math.sign(targetX - x), y: y + s * Math.sign(targetY - y) };
}

/**
 * A line-of-sight chaser on tiles (the chapter "Chasing, Evading, Intercepting, and Patterned Movement", Bresenham line-of-sight chasing): it walks the Bresenham line
 * from where it stood to where the target stood, and recomputes that line whenever the target has moved or
 * the chaser has left its line (pushed, blocked, teleported). Each instance keeps its own line buffer, which
 * grows as needed and is reused, so steady chasing allocates nothing.
 */
export class LineChaser {
  private buffer: Int32Array;
  private count = 0;
  private cursor = 0;
  private targetX = Number.NaN;
  private targetY = Number.NaN;
  private readonly stepper = new LineStepper();
  /** How many times the line was (re)computed. */
  recomputations = 0;
  /** The Bresenham style of the lines (see {@link BresenhamStyle}). */
  readonly style: BresenhamStyle;

  /**
   * `capacity`: initial room, in tiles, of the line buffer: an integer from 1 to {@link MAX_LINE_TILES} (default
   * 64; it grows when a line is longer). `style`: `listing` (default, {@link DEFAULT_BRESENHAM_STYLE}), the book
   * listing's lines, so the orcs walk the chapter's tiles; `symmetric` for the same line both ways.
   */
  constructor(capacity = 64, style: BresenhamStyle = DEFAULT_BRESENHAM_STYLE) {
    checkInteger('capacity', capacity, 1, MAX_LINE_TILES);
    this.style = checkBresenhamStyle(style);
    this.buffer = new Int32Array(2 * Math.max(2, capacity));
  }

  /**
   * Direction index (0..7) of the next step from (x, y) towards the target at (targetX, targetY), or
   * NO_DIRECTION when the chaser is on the target. Recomputes the line only when needed.
   * @throws OutOfRangeError when a coordinate is not a 32-bit integer or the line would have over
   *   {@link MAX_LINE_TILES} tiles.
   */
  next(x: number, y: number, targetX: number, targetY: number): number {
    checkInt32Line(x, y, targetX, targetY);
    if (x === targetX && y === targetY) return NO_DIRECTION;
    const onLine =
      this.cursor < this.count && this.buffer[2 * this.cursor] === x && this.buffer[2 * this.cursor + 1] === y;
    if (targetX !== this.targetX || targetY !== this.targetY || !onLine || this.cursor + 1 >= this.count) {
      this.recompute(x, y, targetX, targetY);
    }
    const b = this.buffer;
    const k = 2 * (this.cursor + 1);
    const dir = directionOf((b[k] as number) - x, (b[k + 1] as number) - y);
    this.cursor++;
    return dir;
  }

  /** The current line as flat `[x, y, ...]` pairs (a view into the chaser's buffer; copy it to keep it). */
  line(): Int32Array {
    return this.buffer.subarray(0, 2 * this.count);
  }

  /** Index on {@link line} of the tile the chaser is expected to stand on after its last step. */
  get position(): number {
    return this.cursor;
  }

  /** Forgets the current line (the next call to `next` computes a fresh one). */
  reset(): void {
    this.count = 0;
    this.cursor = 0;
    this.targetX = Number.NaN;
    this.targetY = Number.NaN;
  }

  private recompute(x: number, y: number, targetX: number, targetY: number): void {
    const s = this.stepper.reset(x, y, targetX, targetY, this.style);
    checkLineTiles(s.length);
    if (2 * s.length > this.buffer.length) this.buffer = new Int32Array(2 * Math.max(s.length, this.buffer.length));
    const b = this.buffer;
    let k = 0;
    while (s.next()) {
      b[k++] = s.x;
      b[k++] = s.y;
    }
    this.count = s.length;
    this.cursor = 0;
    this.targetX = targetX;
    this.targetY = targetY;
    this.recomputations++;
  }
}
