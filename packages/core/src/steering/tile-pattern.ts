import { InvalidOptionError, OutOfRangeError, PatternParseError } from '../errors.js';
import { makePath, type Point, readPoint, type TilePath } from '../grid/point.js';
import { checkInteger, MAX_INT32 } from '../util/check-number.js';
import { typedArrayName } from '../util/describe-value.js';
import { ownOptions, recordOf } from '../util/own-options.js';
import { type BresenhamStyle, checkBresenhamStyle, DEFAULT_BRESENHAM_STYLE, LineStepper } from './bresenham.js';
import { type PatternLine, type PatternToken, parseIntegerToken, tokenizePatternText } from './pattern-lines.js';

/**
 * Tile movement patterns (the chapter "Chasing, Evading, Intercepting, and Patterned Movement", "Patterned Movement"), stored as text:
 *
 * ```text
 * # guard around the orc camp: one segment "x0 y0 x1 y1" per line
 * 10 10 10 15
 * 10 15 15 15
 * 15 15 15 10
 * 15 10 10 10
 * ```
 *
 * `#` starts a comment, blank lines are ignored, numbers are integers (negative allowed). By default the
 * integers are read as the book's whitespace-separated stream, four per segment whatever the line breaks
 * ({@link TilePatternFormat}); the `lines` format wants one segment per line, each starting where the previous
 * one ended. By default the pattern is normalised relative to its first point, so it runs from any origin
 * even when the text was written at absolute positions ({@link TilePatternOptions.normalize}); negative offsets
 * are ordinary values (there is no -1 end marker as in the chapter's C++). A text may hold several patterns,
 * each introduced by a line `pattern <name>` (see {@link parseTilePatterns}).
 */

/** Largest absolute coordinate accepted in a pattern text. */
export const MAX_PATTERN_COORDINATE = 65_536;
/** Largest number of tiles a built pattern path may have. */
export const MAX_PATTERN_TILES = 1 << 20;

/** A parsed tile pattern (normalised unless parsed with `normalize: false`). */
export interface TilePattern {
  /** Name from its `pattern <name>` line, or '' when the text has no such line. */
  name: string;
  /**
   * Segments in tiles, flat `[x0, y0, x1, y1, ...]`: relative to the first point (the first two values are
   * 0, 0), or the values as written with `normalize: false`. The path adds its origin to them.
   */
  segments: Int32Array;
  /**
   * What was subtracted from the text's x values: the first point as written (add it back to replay the pattern
   * where it was drawn), or 0 with `normalize: false`.
   */
  originX: number;
  /** As `originX`, for y, in tiles. */
  originY: number;
  /** True when the last segment ends where the first one starts: the path is a loop. */
  closed: boolean;
  /** 1-based text line of each segment, for messages. */
  lines: Int32Array;
}

/**
 * How a pattern text lays out its segments:
 * - `stream` (default): the book's `LoadPatternMovement` format, a whitespace-separated stream of integers read
 *   four at a time (`infile >> xstart >> ystart >> xend >> yend`), so line breaks are free and a segment need
 *   not start where the previous one ended (its tiles are then added after its start, as `BuildPathSegment`
 *   does). Unlike the book, which silently drops a trailing incomplete group, an incomplete last segment is an
 *   error.
 * - `lines`: the stricter format, exactly one segment `x0 y0 x1 y1` per line, each starting where the previous
 *   one ended.
 * Either way a bad value is reported with its line and column ({@link PatternParseError}).
 */
export type TilePatternFormat = 'stream' | 'lines';

/** Options of {@link parseTilePatterns} and {@link parseTilePattern}. */
export interface TilePatternOptions {
  /**
   * The layout of the segments (see {@link TilePatternFormat}).
   * @defaultValue `'stream'`
   */
  format?: TilePatternFormat;
  /**
   * Make the segments relative to the pattern's first point. The chapter's pattern files are normalised by hand
   * (its guard's camp at (10, 10) is written `0 0 0 5 ...`), and its `LoadPatternMovement` adds the start to
   * the values as read. For such a text both ways give the same tiles. For a text written at absolute positions
   * they differ: the camp written `10 10 10 15 ...` and started at (6, 5) begins at (16, 15) in the book (the
   * raw values plus the start) and at (6, 5) here. The default normalises, so a pattern runs from its start
   * wherever it was drawn, which is what the chapter asks of a pattern ("executed from any orc camp location");
   * `false` keeps the values as written (`originX`, `originY` are then 0), the book's loader exactly.
   * @defaultValue true
   */
  normalize?: boolean;
}

/** Defaults of {@link TilePatternOptions}. */
export const DEFAULT_TILE_PATTERN_OPTIONS: Readonly<Required<TilePatternOptions>> = Object.freeze({
  format: 'stream',
  normalize: true,
});

const VALUE_NAMES = ['x0', 'y0', 'x1', 'y1'];

/** The values of a block as token and line pairs (with `strict`, four per line checked). */
function blockValues(lines: PatternLine[], strict: boolean): { token: PatternToken; line: number }[] {
  const values: { token: PatternToken; line: number }[] = [];
  for (const { line, tokens } of lines) {
    if (strict && tokens.length !== 4) {
      const extra = tokens[4];
      const column = extra ? extra.column : (tokens[tokens.length - 1]?.column ?? 1);
      throw new PatternParseError(
        `a segment needs 4 integers "x0 y0 x1 y1", got ${tokens.length} value${tokens.length === 1 ? '' : 's'}`,
        line,
        column,
      );
    }
    for (const token of tokens) values.push({ token, line });
  }
  return values;
}

interface ReadPatternOptions {
  /** The `lines` format. */
  strict: boolean;
  normalize: boolean;
}

function parseBlock(name: string, lines: PatternLine[], headerLine: number, how: ReadPatternOptions): TilePattern {
  const strict = how.strict;
  if (lines.length === 0)
    throw new PatternParseError(
      name ? `pattern ${JSON.stringify(name)} has no segments` : 'the pattern has no segments',
      headerLine,
      1,
    );
  const values = blockValues(lines, strict);
  const count = Math.floor(values.length / 4);
  const segments = new Int32Array(4 * count);
  const lineNumbers = new Int32Array(count);
  // Values in reading order first (a bad value is reported where the book's stream read fails), then the count.
  for (let k = 0; k < values.length; k++) {
    const { token, line } = values[k] as { token: PatternToken; line: number };
    const value = parseIntegerToken(token, line, VALUE_NAMES[k % 4] as string, MAX_PATTERN_COORDINATE);
    if (k < segments.length) segments[k] = value;
  }
  const rest = values.length - segments.length;
  if (rest !== 0) {
    const last = values[values.length - 1] as { token: PatternToken; line: number };
    throw new PatternParseError(
      `the last segment has ${rest} of its 4 integers "x0 y0 x1 y1"`,
      last.line,
      last.token.column,
    );
  }
  for (let i = 0; i < count; i++) {
    const first = values[4 * i] as { token: PatternToken; line: number };
    lineNumbers[i] = first.line;
    if (strict && i > 0) {
      const px = segments[4 * i - 2] as number;
      const py = segments[4 * i - 1] as number;
      if (segments[4 * i] !== px || segments[4 * i + 1] !== py)
        throw new PatternParseError(
          `segment starts at (${segments[4 * i]}, ${segments[4 * i + 1]}) but the previous one ended at (${px}, ${py})`,
          first.line,
          first.token.column,
        );
    }
  }
  const firstX = segments[0] as number;
  const firstY = segments[1] as number;
  const closed = segments[segments.length - 2] === firstX && segments[segments.length - 1] === firstY;
  if (!how.normalize) return { name, segments, originX: 0, originY: 0, closed, lines: lineNumbers };
  return {
    name,
    segments: normalizeTileSegments(segments),
    originX: firstX,
    originY: firstY,
    closed,
    lines: lineNumbers,
  };
}

function readPatternOptions(options: TilePatternOptions | undefined): ReadPatternOptions {
  if (options === undefined) return { strict: false, normalize: DEFAULT_TILE_PATTERN_OPTIONS.normalize };
  const o = recordOf<TilePatternOptions>(options, 'options', '{ format?, normalize? }');
  const format = Object.hasOwn(o, 'format') ? o.format : undefined;
  const normalize = (Object.hasOwn(o, 'normalize') ? o.normalize : undefined) ?? DEFAULT_TILE_PATTERN_OPTIONS.normalize;
  if (typeof normalize !== 'boolean') throw new InvalidOptionError('normalize', normalize, 'a boolean');
  if (format === undefined || format === 'stream') return { strict: false, normalize };
  if (format === 'lines') return { strict: true, normalize };
  throw new InvalidOptionError('format', format, "'stream' or 'lines'");
}

/**
 * Parses every pattern of a text. Lines `pattern <name>` start a new pattern; segments before the first such
 * line form an unnamed pattern. `options.format`: `stream` (default, the book's whitespace-separated stream of
 * four integers per segment) or `lines` (one joined segment per line), see {@link TilePatternFormat};
 * `options.normalize` (default true) makes each pattern relative to its first point. Throws
 * {@link PatternParseError} naming the line and column of the first problem: a value that is not an integer or
 * is too large, an incomplete last segment, a pattern without segments, an empty text; with `lines` also a
 * line without exactly four values and a segment that does not start where the previous one ended.
 * @throws InvalidOptionError for an unknown `format` or a `normalize` that is not a boolean.
 */
export function parseTilePatterns(text: string, options?: TilePatternOptions): TilePattern[] {
  const how = readPatternOptions(options);
  const lines = tokenizePatternText(text);
  const out: TilePattern[] = [];
  let name = '';
  let header = 1;
  let block: PatternLine[] = [];
  let named = false;
  for (const l of lines) {
    const first = l.tokens[0] as PatternToken;
    if (first.text === 'pattern') {
      if (block.length > 0 || named) out.push(parseBlock(name, block, header, how));
      if (l.tokens.length !== 2)
        throw new PatternParseError('expected "pattern <name>" with a one-word name', l.line, first.column);
      name = (l.tokens[1] as PatternToken).text;
      if (out.some((p) => p.name === name))
        throw new PatternParseError(
          `pattern ${JSON.stringify(name)} is defined twice`,
          l.line,
          (l.tokens[1] as PatternToken).column,
        );
      header = l.line;
      block = [];
      named = true;
    } else {
      block.push(l);
    }
  }
  if (block.length > 0 || named || out.length === 0) out.push(parseBlock(name, block, header, how));
  return out;
}

/** Parses a text holding exactly one pattern (see {@link parseTilePatterns}; same options). */
export function parseTilePattern(text: string, options?: TilePatternOptions): TilePattern {
  const all = parseTilePatterns(text, options);
  if (all.length !== 1) {
    const second = all[1] as TilePattern;
    throw new PatternParseError(`expected one pattern, found ${all.length}`, second.lines[0] as number, 1);
  }
  return all[0] as TilePattern;
}

/**
 * Segments `[x0, y0, x1, y1, ...]` made relative to their first point (the chapter's normalisation: subtract the
 * first pair from every pair). Returns a new array; negative results are ordinary offsets.
 * @throws OutOfRangeError when the length is not a multiple of 4 or above `4 * MAX_PATTERN_TILES`, a value is not
 *   a safe integer, or an offset does not fit a 32-bit integer; InvalidOptionError when `segments` is not an
 *   array or a typed array.
 */
export function normalizeTileSegments(segments: ArrayLike<number>): Int32Array {
  if (typedArrayName(segments) === undefined && !Array.isArray(segments))
    throw new InvalidOptionError('segments', segments, 'an array or a typed array of integers');
  const length = segments.length;
  if (length % 4 !== 0)
    throw new OutOfRangeError('segments.length', length, 'a multiple of 4 (x0 y0 x1 y1 per segment)');
  checkInteger('segments.length', length, 0, 4 * MAX_PATTERN_TILES);
  const out = new Int32Array(length);
  if (length === 0) return out;
  const ox = segments[0] as number;
  const oy = segments[1] as number;
  for (let i = 0; i < length; i++) {
    const v = segments[i] as number;
    if (!Number.isSafeInteger(v)) throw new OutOfRangeError(`segments[${i}]`, v, 'a safe integer');
    const d = v - (i % 2 === 0 ? ox : oy);
    if (d < -MAX_INT32 - 1 || d > MAX_INT32)
      throw new OutOfRangeError(`segments[${i}]`, v, 'an offset from the first point within a 32-bit integer');
    out[i] = d;
  }
  return out;
}

/** Throws unless `pattern` looks like a parsed pattern: an object with Int32Array segments and a boolean `closed`. */
function checkPattern(pattern: unknown): asserts pattern is TilePattern {
  const p = recordOf<TilePattern>(pattern, 'pattern', 'a TilePattern (parseTilePattern)');
  if (typedArrayName(p.segments) !== 'Int32Array' || p.segments.length % 4 !== 0)
    throw new InvalidOptionError('pattern.segments', p.segments, 'an Int32Array of x0 y0 x1 y1 per segment');
  if (typeof p.closed !== 'boolean') throw new InvalidOptionError('pattern.closed', p.closed, 'a boolean');
}

const stepper = new LineStepper();

/** Options of {@link buildTilePatternPath} and {@link patternStepIndex}. */
export interface TilePatternPathOptions {
  /**
   * The Bresenham line of each segment: `listing`, the book's `BuildPathSegment` tile for tile, or `symmetric`
   * (see {@link BresenhamStyle}).
   * @defaultValue {@link DEFAULT_BRESENHAM_STYLE} (`'listing'`)
   */
  style?: BresenhamStyle;
  /**
   * Keep the last tile of a closed pattern, the start again, as the book's `LoadPatternMovement` does (the
   * guard's camp, four sides of 5 steps, is 21 tiles from the start back to it). It is the default because the
   * chapter's path is that list. `false` leaves it out (20 tiles, the default before 0.2), so the path holds
   * each tile of the loop once. {@link patternStepIndex} takes the same option and walks either path round
   * without standing on the start twice. Open patterns are not affected.
   * @defaultValue true
   */
  keepReturnTile?: boolean;
}

/** Defaults of {@link TilePatternPathOptions}. */
export const DEFAULT_TILE_PATTERN_PATH_OPTIONS: Readonly<Required<TilePatternPathOptions>> = Object.freeze({
  style: DEFAULT_BRESENHAM_STYLE,
  keepReturnTile: true,
});

function readKeepReturnTile(o: Partial<TilePatternPathOptions>): boolean {
  const keep = o.keepReturnTile ?? DEFAULT_TILE_PATTERN_PATH_OPTIONS.keepReturnTile;
  if (typeof keep !== 'boolean') throw new InvalidOptionError('keepReturnTile', keep, 'a boolean');
  return keep;
}

/**
 * The tile path of a pattern started at the tile `origin` (`{ x, y }` in tiles): every segment drawn with
 * Bresenham, joints not repeated, as a {@link TilePath} whose `points` are the tiles as flat `[x, y, ...]` pairs
 * and whose `cost` is the number of one-tile steps (tiles minus one), as the book's `LoadPatternMovement` builds it: by default a closed
 * pattern ends on its start again (`keepReturnTile`) and each segment is the book's line (`style`). A segment
 * that does not start where the previous one ended (allowed by the `stream` format) adds its tiles after its
 * start, as the book's `BuildPathSegment` does. Walk it with {@link patternStepIndex} given the same options.
 * @throws OutOfRangeError when the path would exceed {@link MAX_PATTERN_TILES}, or when the origin is not an
 *   integer (naming `origin.x` or `origin.y`) or puts a tile of the path outside the 32-bit integers (the path is an Int32Array);
 *   InvalidOptionError when `pattern` is not a parsed pattern, `options` is not an object, `style` is unknown or
 *   `keepReturnTile` not a boolean.
 */
export function buildTilePatternPath(
  pattern: Readonly<TilePattern>,
  origin: Point,
  options: TilePatternPathOptions = {},
): TilePath {
  checkPattern(pattern);
  const { x: originX, y: originY } = readPoint(origin, 'origin');
  const o = ownOptions(options, 'options', '{ style?, keepReturnTile? }');
  const style = checkBresenhamStyle(o.style ?? DEFAULT_TILE_PATTERN_PATH_OPTIONS.style);
  const keepReturnTile = readKeepReturnTile(o);
  const seg = pattern.segments;
  let total = 1;
  let minX = 0;
  let maxX = 0;
  let minY = 0;
  let maxY = 0;
  for (let i = 0; i < seg.length; i += 4) {
    total += Math.max(
      Math.abs((seg[i + 2] as number) - (seg[i] as number)),
      Math.abs((seg[i + 3] as number) - (seg[i + 1] as number)),
    );
    for (let k = i; k < i + 4; k += 2) {
      const x = seg[k] as number;
      const y = seg[k + 1] as number;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  // Every tile of the path lies in the box of the segment ends moved by the origin: it must fit an Int32Array.
  checkInteger('origin.x', originX, -MAX_INT32 - 1 - minX, MAX_INT32 - maxX);
  checkInteger('origin.y', originY, -MAX_INT32 - 1 - minY, MAX_INT32 - maxY);
  if (pattern.closed && !keepReturnTile && total > 1) total--;
  if (total > MAX_PATTERN_TILES)
    throw new OutOfRangeError('pattern path length', total, `at most ${MAX_PATTERN_TILES} tiles`);
  const out = new Int32Array(2 * total);
  out[0] = originX + (seg[0] ?? 0);
  out[1] = originY + (seg[1] ?? 0);
  let k = 2;
  for (let i = 0; i < seg.length; i += 4) {
    const s = stepper.reset(
      originX + (seg[i] as number),
      originY + (seg[i + 1] as number),
      originX + (seg[i + 2] as number),
      originY + (seg[i + 3] as number),
      style,
    );
    s.next(); // the joint: already written as the previous segment's end (or the start)
    while (s.next()) {
      if (k >= out.length) break; // closed pattern without its return tile: the last tile is the start again
      out[k++] = s.x;
      out[k++] = s.y;
    }
  }
  return makePath(total - 1, out);
}

/**
 * Which tile of a pattern path of `tileCount` tiles a walker stands on after `step` steps (integer >= 0),
 * one tile per step. Closed patterns cycle: with the return tile kept (`keepReturnTile`, the default of
 * {@link buildTilePatternPath}; pass the options the path was built with) the last tile is the start again, so
 * the walk goes from it straight to tile 1 and is back on the start after `tileCount - 1` steps; without it,
 * after `tileCount` steps. Open ones walk to the end and back (the start again after `2 * (tileCount - 1)`
 * steps), like a guard pacing a wall.
 * @throws OutOfRangeError for a `tileCount` or `step` that is not a safe integer in range; InvalidOptionError for
 *   a `closed` or `keepReturnTile` that is not a boolean.
 */
export function patternStepIndex(
  tileCount: number,
  closed: boolean,
  step: number,
  options: TilePatternPathOptions = {},
): number {
  if (!Number.isSafeInteger(tileCount) || tileCount < 1)
    throw new OutOfRangeError('tileCount', tileCount, 'a safe integer >= 1');
  if (typeof closed !== 'boolean') throw new InvalidOptionError('closed', closed, 'a boolean');
  if (!Number.isSafeInteger(step) || step < 0) throw new OutOfRangeError('step', step, 'a safe integer >= 0');
  const keepReturnTile = readKeepReturnTile(ownOptions(options, 'options', '{ style?, keepReturnTile? }'));
  if (tileCount === 1) return 0;
  if (closed) return step % (keepReturnTile ? tileCount - 1 : tileCount);
  const period = 2 * (tileCount - 1);
  const p = step % period;
  return p < tileCount ? p : period - p;
}
