import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError, MapParseError, OutOfRangeError } from '../errors.js';
import { BLOCKED, GROUND, WATER } from './grid.js';
import { formatMovingAiMap, locateInAscii, parseAsciiMap, parseMovingAiMap } from './parse.js';

const DATA = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../data/movingai/maps');

/** Runs `parse` and returns the MapParseError it throws (fails the test if it does not throw one). */
function parseError(parse: () => unknown): MapParseError {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(MapParseError);
    return error as MapParseError;
  }
  throw new Error('expected a MapParseError');
}

const header = (h: number, w: number) => `type octile\nheight ${h}\nwidth ${w}\nmap\n`;

describe('parseMovingAiMap', () => {
  it('reads every tile character: . G S ground, @ O T blocked, W water', () => {
    const grid = parseMovingAiMap(`${header(2, 4)}.GS@\nOTW.\n`);
    expect([grid.width, grid.height]).toEqual([4, 2]);
    expect(Array.from(grid.passable)).toEqual([GROUND, GROUND, GROUND, BLOCKED, BLOCKED, BLOCKED, WATER, GROUND]);
    expect(grid.terrain).toBeNull();
  });

  it('accepts CRLF line endings and a missing final newline (as the Berlin maps have)', () => {
    const grid = parseMovingAiMap('type octile\r\nheight 2\r\nwidth 3\r\nmap\r\n..@\r\n@..');
    expect(Array.from(grid.passable)).toEqual([1, 1, 0, 0, 1, 1]);
    const berlinText = readFileSync(resolve(DATA, 'Berlin_0_256.map'), 'utf8');
    expect(berlinText.includes('\r\n')).toBe(true);
    expect(berlinText.endsWith('\n')).toBe(false);
    const berlin = parseMovingAiMap(berlinText);
    expect([berlin.width, berlin.height]).toEqual([256, 256]);
    const lastRow = berlinText.split('\r\n').at(-1) as string;
    for (let x = 0; x < 256; x++) {
      expect(berlin.passable[255 * 256 + x]).toBe(lastRow[x] === '.' ? GROUND : BLOCKED);
    }
  });

  it('round-trips through formatMovingAiMap', () => {
    const text = `${header(3, 3)}.@W\nW..\n@@.\n`;
    expect(formatMovingAiMap(parseMovingAiMap(text))).toBe(text);
  });

  it('reports a short row at its line and the first missing column', () => {
    const e = parseError(() => parseMovingAiMap(`${header(3, 4)}....\n..\n....\n`));
    expect([e.line, e.column]).toEqual([6, 3]);
    expect(e.message).toContain('expected 4 characters in map row 1, found 2');
  });

  it('reports an unknown character at its line and column', () => {
    const e = parseError(() => parseMovingAiMap(`${header(2, 4)}....\n..x.\n`));
    expect([e.line, e.column]).toEqual([6, 3]);
    expect(e.message).toContain('unexpected character "x"');
  });

  it('reports bad headers at their line', () => {
    expect(parseError(() => parseMovingAiMap('type\nheight 1\nwidth 1\nmap\n.\n')).line).toBe(1);
    const h = parseError(() => parseMovingAiMap('type octile\nheight x\nwidth 1\nmap\n.\n'));
    expect([h.line, h.column]).toEqual([2, 8]);
    expect(parseError(() => parseMovingAiMap('type octile\nwidth 1\nheight 1\nmap\n.\n')).line).toBe(2);
    expect(parseError(() => parseMovingAiMap('type octile\nheight 1\nwidth 0\nmap\n.\n')).line).toBe(3);
    expect(parseError(() => parseMovingAiMap('type octile\nheight 1\nwidth 1\nmop\n.\n')).line).toBe(4);
    expect(parseError(() => parseMovingAiMap('')).line).toBe(1);
  });

  it('refuses huge declared sizes before allocating anything', () => {
    const side = parseError(() => parseMovingAiMap('type octile\nheight 100000\nwidth 4\nmap\n....\n'));
    expect(side.line).toBe(2);
    expect(side.message).toContain('height 100000 exceeds the maximum');
    // 16384 x 16384 is within the per-side limit but 268M tiles: refused from the header alone (no rows given).
    const cells = parseError(() => parseMovingAiMap('type octile\nheight 16384\nwidth 16384\nmap\n'));
    expect(cells.message).toContain('exceeds the maximum of');
  });

  it('reports missing and extra rows', () => {
    const missing = parseError(() => parseMovingAiMap(`${header(3, 2)}..\n..\n`));
    expect(missing.message).toContain('expected 3 map rows, found 2');
    expect(missing.line).toBe(7);
    const extra = parseError(() => parseMovingAiMap(`${header(1, 2)}..\n..\n`));
    expect(extra.line).toBe(6);
    // Trailing blank lines are fine.
    expect(parseMovingAiMap(`${header(1, 2)}..\n\n\n`).size).toBe(2);
  });
});

describe('parseAsciiMap', () => {
  it('reads # and . by default, skipping blank lines around the drawing', () => {
    const grid = parseAsciiMap('\n\n#..\n.#.\n\n');
    expect([grid.width, grid.height]).toEqual([3, 2]);
    expect(Array.from(grid.passable)).toEqual([0, 1, 1, 1, 0, 1]);
  });

  it('reads a legend with water and terrain; a terrain layer exists only when the legend has terrain', () => {
    const legend = { '.': 1, '~': 2, '#': 0, ',': { code: 1, terrain: 3 } };
    const grid = parseAsciiMap('.~\n,#', legend);
    expect(Array.from(grid.passable)).toEqual([1, 2, 1, 0]);
    expect(Array.from(grid.terrain as Float32Array)).toEqual([1, 1, 3, 1]);
    expect(parseAsciiMap('.~', { '.': 1, '~': 2 }).terrain).toBeNull();
  });

  it('refuses a legend with a bad code, a bad terrain cost or a key longer than one character', () => {
    expect(() => parseAsciiMap('.', { '.': 7 })).toThrow(OutOfRangeError);
    expect(() => parseAsciiMap('.', { '.': 7 })).toThrow(/legend\["\."\]\.code/);
    expect(() => parseAsciiMap('.', { '.': { code: 1, terrain: Number.NaN } })).toThrow(/legend\["\."\]\.terrain/);
    expect(() => parseAsciiMap('.', { '.': { code: 1, terrain: 0.25 } })).toThrow(OutOfRangeError);
    expect(() => parseAsciiMap('.', { '..': 1 })).toThrow(InvalidOptionError);
    expect(() => parseAsciiMap('.', { '.': 'floor' as unknown as number })).toThrow(InvalidOptionError);
  });

  it('names the line and column of an unknown character and of a ragged row', () => {
    const bad = parseError(() => parseAsciiMap('\n...\n.x.\n'));
    expect([bad.line, bad.column]).toEqual([3, 2]);
    const ragged = parseError(() => parseAsciiMap('...\n..\n...'));
    expect([ragged.line, ragged.column]).toEqual([2, 3]);
    expect(parseError(() => parseAsciiMap('\n  \n')).message).toContain('no rows');
  });

  it('locateInAscii finds marker characters with the same row numbering', () => {
    const text = '\n.G.\n...\nG..\n';
    expect(locateInAscii(text, 'G')).toEqual([
      { x: 1, y: 0 },
      { x: 0, y: 2 },
    ]);
  });
});

describe('byte-order marks and lone-CR line ends (issue 35)', () => {
  const BOM = '\uFEFF';

  it('parseMovingAiMap reads a map with a byte-order mark, and with lone-CR line ends', () => {
    const lf = parseMovingAiMap(`${header(2, 3)}..@\n@.W\n`);
    for (const text of [
      `${BOM}${header(2, 3)}..@\n@.W\n`,
      'type octile\rheight 2\rwidth 3\rmap\r..@\r@.W\r',
      `${BOM}type octile\r\nheight 2\r\nwidth 3\r\nmap\r\n..@\r\n@.W`,
    ]) {
      const grid = parseMovingAiMap(text);
      expect([grid.width, grid.height]).toEqual([3, 2]);
      expect(grid.passable).toEqual(lf.passable);
    }
  });

  it('parseAsciiMap and locateInAscii read a byte-order mark and lone-CR line ends as LF text', () => {
    const lf = parseAsciiMap('#..\n..#\n');
    for (const text of [`${BOM}#..\n..#\n`, '#..\r..#\r', `${BOM}#..\r\n..#`, '\r\r#..\r..#\r\r']) {
      const grid = parseAsciiMap(text);
      expect([grid.width, grid.height], JSON.stringify(text)).toEqual([3, 2]);
      expect(grid.passable).toEqual(lf.passable);
      expect(locateInAscii(text, '#')).toEqual([
        { x: 0, y: 0 },
        { x: 2, y: 1 },
      ]);
    }
  });

  it('a byte-order mark anywhere else is still an unexpected character', () => {
    const error = parseError(() => parseAsciiMap(`#..\n.${BOM}#\n`));
    expect([error.line, error.column]).toEqual([2, 2]);
  });
});
