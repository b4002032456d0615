import { OutOfRangeError } from '../errors.js';
import { LineStepper } from './bresenham.js';
import { PatternParseError } from './pattern-error.js';
import { type PatternLine, type PatternToken, parseIntegerToken, tokenizePatternText } from './pattern-lines.js';

/**
 * Tile movement patterns (seed 003, "Patterned Movement"), stored as text:
 *
 * ```text
 * # guard around the orc camp: one segment "x0 y0 x1 y1" per line
 * 10 10 10 15
 * 10 15 15 15
 * 15 15 15 10
 * 15 10 10 10
 * ```
 *
 * `#` starts a comment, blank lines are ignored, numbers are integers (negative allowed). Each segment must
 * start where the previous one ended. The pattern is normalised relative to its first point, so it runs from
 * any origin; negative offsets are ordinary values (there is no -1 end marker as in the seed's C++). A text
 * may hold several patterns, each introduced by a line `pattern <name>` (see {@link parseTilePatterns}).
 */

/** Largest absolute coordinate accepted in a pattern text. */
export const MAX_PATTERN_COORDINATE = 65_536;
/** Largest number of tiles a built pattern path may have. */
export const MAX_PATTERN_TILES = 1 << 20;

/** A parsed, normalised tile pattern. */
export interface TilePattern {
  /** Name from its `pattern <name>` line, or '' when the text has no such line. */
  name: string;
  /** Segments relative to the first point, flat `[x0, y0, x1, y1, ...]`; the first two values are 0, 0. */
  segments: Int32Array;
  /** The first point as written in the text (add it back to replay the pattern where it was drawn). */
  originX: number;
  originY: number;
  /** True when the last segment ends where the first one starts: the path is a loop. */
  closed: boolean;
  /** 1-based text line of each segment, for messages. */
  lines: Int32Array;
}

function parseBlock(name: string, lines: PatternLine[], headerLine: number): TilePattern {
  if (lines.length === 0)
    throw new PatternParseError(
      name ? `pattern ${JSON.stringify(name)} has no segments` : 'the pattern has no segments',
      headerLine,
      1,
    );
  const segments = new Int32Array(lines.length * 4);
  const lineNumbers = new Int32Array(lines.length);
  const names = ['x0', 'y0', 'x1', 'y1'];
  for (let i = 0; i < lines.length; i++) {
    const { line, tokens } = lines[i] as PatternLine;
    if (tokens.length !== 4) {
      const extra = tokens[4];
      const column = extra ? extra.column : (tokens[tokens.length - 1]?.column ?? 1);
      throw new PatternParseError(
        `a segment needs 4 integers "x0 y0 x1 y1", got ${tokens.length} value${tokens.length === 1 ? '' : 's'}`,
        line,
        column,
      );
    }
    for (let k = 0; k < 4; k++)
      segments[4 * i + k] = parseIntegerToken(
        tokens[k] as PatternToken,
        line,
        names[k] as string,
        MAX_PATTERN_COORDINATE,
      );
    lineNumbers[i] = line;
    if (i > 0) {
      const px = segments[4 * i - 2] as number;
      const py = segments[4 * i - 1] as number;
      if (segments[4 * i] !== px || segments[4 * i + 1] !== py)
        throw new PatternParseError(
          `segment starts at (${segments[4 * i]}, ${segments[4 * i + 1]}) but the previous one ended at (${px}, ${py})`,
          line,
          (tokens[0] as PatternToken).column,
        );
    }
  }
  const originX = segments[0] as number;
  const originY = segments[1] as number;
  const closed = segments[segments.length - 2] === originX && segments[segments.length - 1] === originY;
  return { name, segments: normalizeTileSegments(segments), originX, originY, closed, lines: lineNumbers };
}

/**
 * Parses every pattern of a text. Lines `pattern <name>` start a new pattern; segment lines before the first
 * such line form an unnamed pattern. Throws {@link PatternParseError} naming the line and column of the
 * first problem: a wrong number of values, a value that is not an integer or is too large, a segment that does
 * not start where the previous one ended, a pattern without segments, an empty text.
 */
export function parseTilePatterns(text: string): TilePattern[] {
  const lines = tokenizePatternText(text);
  const out: TilePattern[] = [];
  let name = '';
  let header = 1;
  let block: PatternLine[] = [];
  let named = false;
  for (const l of lines) {
    const first = l.tokens[0] as PatternToken;
    if (first.text === 'pattern') {
      if (block.length > 0 || named) out.push(parseBlock(name, block, header));
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
  if (block.length > 0 || named || out.length === 0) out.push(parseBlock(name, block, header));
  return out;
}

/** Parses a text holding exactly one pattern (see {@link parseTilePatterns}). */
export function parseTilePattern(text: string): TilePattern {
  const all = parseTilePatterns(text);
  if (all.length !== 1) {
    const second = all[1] as TilePattern;
    throw new PatternParseError(`expected one pattern, found ${all.length}`, second.lines[0] as number, 1);
  }
  return all[0] as TilePattern;
}

/**
 * Segments `[x0, y0, x1, y1, ...]` made relative to their first point (the seed's normalisation: subtract the
 * first pair from every pair). Returns a new array; negative results are ordinary offsets.
 */
export function normalizeTileSegments(segments: ArrayLike<number>): Int32Array {
  if (segments.length % 4 !== 0)
    throw new OutOfRangeError('segments.length', segments.length, 'a multiple of 4 (x0 y0 x1 y1 per segment)');
  const out = new Int32Array(segments.length);
  if (segments.length === 0) return out;
  const ox = segments[0] as number;
  const oy = segments[1] as number;
  for (let i = 0; i < segments.length; i += 2) {
    out[i] = (segments[i] as number) - ox;
    out[i + 1] = (segments[i + 1] as number) - oy;
  }
  return out;
}

const stepper = new LineStepper();

/**
 * The tile path of a pattern started at (originX, originY): every segment drawn with Bresenham, joints not
 * repeated, as flat `[x, y, ...]` pairs. For a closed pattern the final tile (the start again) is left out,
 * so walking the path cyclically ({@link patternStepIndex}) loops seamlessly. Throws OutOfRangeError when the
 * path would exceed {@link MAX_PATTERN_TILES}.
 */
export function buildTilePatternPath(pattern: Readonly<TilePattern>, originX: number, originY: number): Int32Array {
  const seg = pattern.segments;
  let total = 1;
  for (let i = 0; i < seg.length; i += 4) {
    total += Math.max(
      Math.abs((seg[i + 2] as number) - (seg[i] as number)),
      Math.abs((seg[i + 3] as number) - (seg[i + 1] as number)),
    );
  }
  if (pattern.closed && total > 1) total--;
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
    );
    s.next(); // the joint: already written as the previous segment's end (or the start)
    while (s.next()) {
      if (k >= out.length) break; // closed pattern: the last tile is the start again
      out[k++] = s.x;
      out[k++] = s.y;
    }
  }
  return out;
}

/**
 * Which tile of a pattern path of `tileCount` tiles a walker stands on after `step` steps (integer >= 0),
 * one tile per step. Closed patterns cycle (the start again after `tileCount` steps); open ones walk to the
 * end and back (the start again after `2 * (tileCount - 1)` steps), like a guard pacing a wall.
 */
export function patternStepIndex(tileCount: number, closed: boolean, step: number): number {
  if (!Number.isInteger(tileCount) || tileCount < 1)
    throw new OutOfRangeError('tileCount', tileCount, 'an integer >= 1');
  if (!Number.isInteger(step) || step < 0) throw new OutOfRangeError('step', step, 'an integer >= 0');
  if (tileCount === 1) return 0;
  if (closed) return step % tileCount;
  const period = 2 * (tileCount - 1);
  const p = step % period;
  return p < tileCount ? p : period - p;
}
