import { InvalidOptionError, MapParseError, OutOfRangeError } from '../errors.js';
import { describeValue as describe } from '../util/describe-value.js';
import { ownOption, ownOptions } from '../util/own-options.js';
import { checkGrid } from './check-grid.js';
import { markCodesValid } from './codes-checked.js';
import { BLOCKED, checkGridSize, GROUND, Grid, MAX_GRID_CELLS, MAX_GRID_SIDE, WATER } from './grid.js';

/** Line ends of map text: LF, CRLF or a lone CR (old Mac files). */
const LINE_END = /\r\n|\r|\n/;

/** The text without a leading UTF-8 byte-order mark (U+FEFF, which editors on Windows write). */
function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Splits text into lines, accepting a byte-order mark, LF, CRLF and lone-CR line ends and a missing final newline. */
function splitLines(text: string): string[] {
  const lines = withoutBom(text).split(LINE_END);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function headerValue(lines: string[], index: number, key: string): number {
  const line = lines[index];
  if (line === undefined) throw new MapParseError(`unexpected end of text: expected "${key} <number>"`, index + 1, 1);
  const match = /^(\w+)(\s+)(\S+)\s*$/.exec(line);
  if (!match || match[1] !== key)
    throw new MapParseError(`expected "${key} <number>", found ${describe(line)}`, index + 1, 1);
  const text = match[3] as string;
  const column = key.length + (match[2] as string).length + 1;
  // Decimal digits only: Number() would also read "0x3", "3e0", "3.0" or " 3".
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(value) || value < 1) {
    throw new MapParseError(`${key} must be a positive decimal integer, found ${describe(text)}`, index + 1, column);
  }
  if (value > MAX_GRID_SIDE) {
    throw new MapParseError(`${key} ${value} exceeds the maximum of ${MAX_GRID_SIDE}`, index + 1, column);
  }
  return value;
}

/**
 * Reads a map in the Moving AI octile format:
 * ```
 * type octile
 * height H
 * width W
 * map
 * <H rows of W characters>
 * ```
 * `.` `G` `S` are ground, `@` `O` `T` are blocked, `W` is water (walkable only from other water).
 * A UTF-8 byte-order mark, CRLF and lone-CR line ends and a missing final newline are accepted. The type must be
 * `octile` and the sizes decimal integers. Declared sizes over {@link MAX_GRID_SIDE} per side or
 * {@link MAX_GRID_CELLS} tiles are refused before anything is allocated.
 * @param options.shared - Put the grid in a SharedArrayBuffer, as {@link GridOptions.shared}. Default:
 *   {@link sharedMemoryAvailable}.
 * @throws MapParseError with the line and column of the first problem; InvalidOptionError for bad `options`.
 */
export function parseMovingAiMap(text: string, options: { shared?: boolean } = {}): Grid {
  const gridOptions = ownOptions(options, 'options', '{ shared? }');
  if (typeof text !== 'string') throw new MapParseError(`expected map text, got ${describe(text)}`, 1, 1);
  const lines = splitLines(text);
  const type = lines[0];
  const typeMatch = type === undefined ? null : /^type(\s+)(\S+)\s*$/.exec(type);
  if (typeMatch === null) throw new MapParseError(`expected "type octile", found ${describe(type ?? '')}`, 1, 1);
  if (typeMatch[2] !== 'octile') {
    throw new MapParseError(
      `unsupported map type ${describe(typeMatch[2])}: only "octile" is read`,
      1,
      5 + (typeMatch[1] as string).length,
    );
  }
  const height = headerValue(lines, 1, 'height');
  const width = headerValue(lines, 2, 'width');
  if (width * height > MAX_GRID_CELLS) {
    throw new MapParseError(`map of ${width}x${height} tiles exceeds the maximum of ${MAX_GRID_CELLS} tiles`, 2, 1);
  }
  if ((lines[3] ?? '').trim() !== 'map')
    throw new MapParseError(`expected "map", found ${describe(lines[3] ?? '')}`, 4, 1);
  let last = lines.length;
  while (last > 4 + height && (lines[last - 1] as string).trim() === '') last--;
  if (last - 4 < height) {
    throw new MapParseError(`expected ${height} map rows, found ${last - 4}`, last + 1, 1);
  }
  if (last - 4 > height) throw new MapParseError(`expected ${height} map rows, found more`, 4 + height + 1, 1);
  checkGridSize(width, height);
  const grid = Grid.create(width, height, gridOptions);
  const passable = grid.passable;
  for (let y = 0; y < height; y++) {
    const row = lines[4 + y] as string;
    if (row.length !== width) {
      throw new MapParseError(
        `expected ${width} characters in map row ${y}, found ${row.length}`,
        5 + y,
        Math.min(row.length, width) + 1,
      );
    }
    const base = y * width;
    for (let x = 0; x < width; x++) {
      const c = row.charCodeAt(x);
      let code: number;
      if (c === 46 || c === 71 || c === 83)
        code = GROUND; // . G S
      else if (c === 64 || c === 79 || c === 84)
        code = BLOCKED; // @ O T
      else if (c === 87)
        code = WATER; // W
      else {
        throw new MapParseError(
          `unexpected character ${describe(row[x])}: expected one of . G S @ O T W`,
          5 + y,
          x + 1,
        );
      }
      passable[base + x] = code;
    }
  }
  return markCodesValid(grid);
}

/** How one character of an ASCII map is read: a passability code, optionally with a terrain cost. */
export type LegendEntry = number | { code: number; terrain?: number };

/** Default legend: `#` wall, `.` floor. */
export const DEFAULT_LEGEND: Readonly<Record<string, LegendEntry>> = Object.freeze({ '#': BLOCKED, '.': GROUND });

/** True when the legend reads a whitespace character as a tile: lines of spaces are then rows, not blank lines. */
function legendHasWhitespace(legend: object): boolean {
  return Object.keys(legend).some((ch) => ch.trim() === '');
}

/**
 * The lines of an ASCII map and the index of the first row: leading and trailing blank lines are dropped. A
 * blank line is an empty line, or, unless `whitespaceTiles`, a line of whitespace only.
 */
function asciiRows(text: string, whitespaceTiles: boolean): { all: string[]; first: number; end: number } {
  const all = withoutBom(text).split(LINE_END);
  const blank = whitespaceTiles ? (line: string) => line === '' : (line: string) => line.trim() === '';
  let first = 0;
  while (first < all.length && blank(all[first] as string)) first++;
  let end = all.length;
  while (end > first && blank(all[end - 1] as string)) end--;
  return { all, first, end };
}

/**
 * Reads a map drawn as text, one row per line, top row first. With the default legend `#` is a wall and `.` is
 * floor; pass a legend to read other characters (values are passability codes 0/1/2, or `{ code, terrain }`;
 * the legend's own properties only). A UTF-8 byte-order mark is skipped and lines may end with LF, CRLF or a
 * lone CR. Leading and trailing blank lines are ignored; every row must have the same
 * length. When the legend reads a whitespace character (for example `' '` as floor), a line of spaces is a row
 * and only empty lines count as blank.
 * @param legend - Character to passability code (or `{ code, terrain }`). Default: {@link DEFAULT_LEGEND}.
 * @param options.shared - Put the grid in a SharedArrayBuffer, as {@link GridOptions.shared}. Default:
 *   {@link sharedMemoryAvailable}.
 * @throws MapParseError naming the line and column of an unknown character or a row of the wrong length;
 *   InvalidOptionError or OutOfRangeError for a bad legend entry or bad `options`.
 */
export function parseAsciiMap(
  text: string,
  legend: Readonly<Record<string, LegendEntry>> = DEFAULT_LEGEND,
  options: { shared?: boolean } = {},
): Grid {
  const gridOptions = ownOptions(options, 'options', '{ shared? }');
  if (typeof text !== 'string') throw new MapParseError(`expected map text, got ${describe(text)}`, 1, 1);
  if (legend === null || typeof legend !== 'object') {
    throw new InvalidOptionError('legend', legend, 'an object mapping one character to a passability code');
  }
  const { all, first, end } = asciiRows(text, legendHasWhitespace(legend));
  if (end === first) throw new MapParseError('the map has no rows', 1, 1);
  const rows = all.slice(first, end);
  const width = (rows[0] as string).length;
  const height = rows.length;
  if (width > MAX_GRID_SIDE || height > MAX_GRID_SIDE || width * height > MAX_GRID_CELLS) {
    throw new MapParseError(`map of ${width}x${height} tiles exceeds the size limits`, first + 1, 1);
  }
  const entries = new Map<number, { code: number; terrain: number }>();
  let needsTerrain = false;
  for (const [ch, entry] of Object.entries(legend)) {
    const name = `legend[${JSON.stringify(ch)}]`;
    if (ch.length !== 1) throw new InvalidOptionError('legend key', ch, 'a single character');
    const e =
      typeof entry === 'number'
        ? { code: entry, terrain: 1 }
        : entry !== null && typeof entry === 'object'
          ? { code: entry.code, terrain: ownOption(entry, 'terrain') ?? 1 }
          : null;
    if (!e) throw new InvalidOptionError(name, entry, 'a passability code 0, 1 or 2, or { code, terrain }');
    if (e.code !== BLOCKED && e.code !== GROUND && e.code !== WATER) {
      throw new OutOfRangeError(`${name}.code`, e.code, '0 (blocked), 1 (ground) or 2 (water)');
    }
    if (typeof e.terrain !== 'number' || !(e.terrain >= 1) || e.terrain === Number.POSITIVE_INFINITY) {
      throw new OutOfRangeError(`${name}.terrain`, e.terrain, 'a finite number >= 1');
    }
    if (e.terrain !== 1) needsTerrain = true;
    entries.set(ch.charCodeAt(0), e);
  }
  const grid = Grid.create(width, height, { ...gridOptions, terrain: needsTerrain });
  for (let y = 0; y < height; y++) {
    const row = rows[y] as string;
    if (row.length !== width) {
      throw new MapParseError(
        `expected ${width} characters in this row (as in the first row), found ${row.length}`,
        first + y + 1,
        Math.min(row.length, width) + 1,
      );
    }
    for (let x = 0; x < width; x++) {
      const e = entries.get(row.charCodeAt(x));
      if (!e) {
        const known = [...entries.keys()].map((c) => JSON.stringify(String.fromCharCode(c))).join(' ');
        throw new MapParseError(
          `unexpected character ${describe(row[x])}: the legend knows ${known}`,
          first + y + 1,
          x + 1,
        );
      }
      grid.passable[y * width + x] = e.code;
      if (grid.terrain) grid.terrain[y * width + x] = e.terrain;
    }
  }
  return markCodesValid(grid);
}

/**
 * Every position of `char` in an ASCII map drawn as for {@link parseAsciiMap} (same blank-line trimming: pass
 * the same `legend` when it reads a whitespace character, so that lines of spaces count as rows).
 * @throws MapParseError when `text` is not a string; InvalidOptionError when `char` is not one character or
 *   `legend` is not an object.
 */
export function locateInAscii(
  text: string,
  char: string,
  legend: Readonly<Record<string, LegendEntry>> = DEFAULT_LEGEND,
): { x: number; y: number }[] {
  if (typeof text !== 'string') throw new MapParseError(`expected map text, got ${describe(text)}`, 1, 1);
  if (typeof char !== 'string' || char.length !== 1) throw new InvalidOptionError('char', char, 'one character');
  if (legend === null || typeof legend !== 'object') throw new InvalidOptionError('legend', legend, 'a legend object');
  const { all, first, end } = asciiRows(text, legendHasWhitespace(legend));
  const out: { x: number; y: number }[] = [];
  for (let y = first; y < end; y++) {
    const row = all[y] as string;
    for (let x = 0; x < row.length; x++) if (row[x] === char) out.push({ x, y: y - first });
  }
  return out;
}

/** Writes a grid as Moving AI map text (`.` ground, `@` blocked, `W` water). @throws InvalidOptionError for a non-Grid. */
export function formatMovingAiMap(grid: Grid): string {
  checkGrid(grid);
  const rows: string[] = [`type octile`, `height ${grid.height}`, `width ${grid.width}`, 'map'];
  const chars = ['@', '.', 'W'];
  for (let y = 0; y < grid.height; y++) {
    let row = '';
    for (let x = 0; x < grid.width; x++) row += chars[grid.passable[y * grid.width + x] as number] ?? '@';
    rows.push(row);
  }
  return `${rows.join('\n')}\n`;
}
