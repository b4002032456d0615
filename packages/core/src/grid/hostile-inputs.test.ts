// Issue 23 (hardening): grid parsers and generators under hostile input.
import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, MapParseError, OutOfRangeError } from '../errors.js';
import { withPollutedPrototype } from '../util/pollute.test-util.js';
import { generateMap, generateMaze, generateRandom, generateRooms } from './generate.js';
import { Grid } from './grid.js';
import { formatMovingAiMap, locateInAscii, parseAsciiMap, parseMovingAiMap } from './parse.js';

function parseError(parse: () => unknown): MapParseError {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(MapParseError);
    return error as MapParseError;
  }
  throw new Error('expected a MapParseError');
}

describe('rows of spaces are rows when the legend reads spaces (issue 23 item 7)', () => {
  const legend = { ' ': 1, '#': 0 };

  it('keeps leading and trailing rows of spaces, and only drops empty lines', () => {
    const grid = parseAsciiMap('\n    \n#  #\n    \n', legend);
    expect([grid.width, grid.height]).toEqual([4, 3]);
    expect(Array.from(grid.passable)).toEqual([1, 1, 1, 1, 0, 1, 1, 0, 1, 1, 1, 1]);
    // The same with CRLF line ends.
    expect(parseAsciiMap('    \r\n#  #\r\n    ', legend).height).toBe(3);
    // A map of spaces only.
    expect(parseAsciiMap('  \n  ', legend).size).toBe(4);
  });

  it('locateInAscii numbers rows the same way when given the legend', () => {
    const text = '    \n# G#\n    ';
    expect(locateInAscii(text, 'G', { ...legend, G: 1 })).toEqual([{ x: 2, y: 1 }]);
    expect(locateInAscii(text, 'G')).toEqual([{ x: 2, y: 0 }]);
  });

  it('without a whitespace character in the legend, lines of spaces stay blank lines', () => {
    expect(parseAsciiMap('   \n#.#\n  ').height).toBe(1);
    // A row of spaces in the middle is an unknown character there.
    const e = parseError(() => parseAsciiMap('#.#\n   \n#.#'));
    expect([e.line, e.column]).toEqual([2, 1]);
  });
});

describe('Moving AI headers are read strictly (issue 23, minor)', () => {
  it('refuses sizes that are not decimal integers, at the value', () => {
    for (const value of ['0x3', '3e0', '3.0', '+3', 'Infinity', '1_0']) {
      const e = parseError(() => parseMovingAiMap(`type octile\nheight ${value}\nwidth 3\nmap\n...\n...\n...\n`));
      expect([e.line, e.column]).toEqual([2, 8]);
      expect(e.message).toContain('positive decimal integer');
    }
    const wide = parseError(() => parseMovingAiMap('type octile\nheight 1\nwidth\t\t0x1\nmap\n.\n'));
    expect([wide.line, wide.column]).toEqual([3, 8]);
    // Leading zeros are still decimal.
    expect(parseMovingAiMap('type octile\nheight 01\nwidth 2\nmap\n..\n').size).toBe(2);
  });

  it('refuses a type other than octile, at the type', () => {
    const e = parseError(() => parseMovingAiMap('type hex\nheight 1\nwidth 1\nmap\n.\n'));
    expect([e.line, e.column]).toEqual([1, 6]);
    expect(e.message).toContain('unsupported map type "hex"');
  });
});

describe('typed errors for wrong arguments (issue 23 item 9)', () => {
  it('parsers, formatter and grid methods name the bad argument', () => {
    expect(() => parseMovingAiMap('type octile\nheight 1\nwidth 1\nmap\n.\n', null as never)).toThrow(
      InvalidOptionError,
    );
    expect(() => parseAsciiMap('.', undefined, 7 as never)).toThrow(InvalidOptionError);
    expect(() => locateInAscii(null as never, 'G')).toThrow(MapParseError);
    expect(() => locateInAscii('G', 'GG')).toThrow(InvalidOptionError);
    expect(() => formatMovingAiMap(null as never)).toThrow(InvalidOptionError);
    expect(() => formatMovingAiMap({ width: 1, height: 1, passable: [1] } as never)).toThrow(InvalidOptionError);
    const grid = Grid.open(3, 3, { terrain: true });
    expect(() => grid.clone(null as never)).toThrow(InvalidOptionError);
    expect(() => grid.clone({ shared: 'yes' as never })).toThrow(InvalidOptionError);
    expect(() => Grid.create(2, 2, { terrain: 1 as never })).toThrow(InvalidOptionError);
    // terrainAt read outside the grid (it returned undefined, or the next row's tile).
    expect(() => grid.terrainAt(3, 0)).toThrow(CoordinateError);
    expect(() => grid.terrainAt(-1, 0)).toThrow(CoordinateError);
    expect(grid.terrainAt(2, 2)).toBe(1);
  });

  it('generators refuse bad seeds and densities', () => {
    expect(() => generateRandom(4, 4, 0.5, { seed: Number.NaN })).toThrow(OutOfRangeError);
    expect(() => generateRandom(4, 4, '0.5' as never)).toThrow(OutOfRangeError);
    expect(() => generateMaze(4, 4, { seed: '1' as never })).toThrow(OutOfRangeError);
    expect(() => generateMap('open', 4, 4, null as never)).toThrow(InvalidOptionError);
  });
});

describe('inherited options are ignored (issue 23 item 11)', () => {
  it('a property added to Object.prototype changes no parsed or generated map', () => {
    const make = () => ({
      ascii: parseAsciiMap('.,\n#.', { '.': 1, '#': 0, ',': { code: 1 } }),
      random: generateRandom(8, 8, 0.3),
      rooms: generateRooms(12, 12, { roomSize: 4 }),
      maze: generateMaze(9, 9),
      map: generateMap('random', 6, 6),
    });
    const summary = (m: ReturnType<typeof make>) =>
      Object.fromEntries(
        Object.entries(m).map(([k, g]) => [k, [formatMovingAiMap(g), g.terrain ? Array.from(g.terrain) : null]]),
      );
    const before = summary(make());
    const after = withPollutedPrototype(
      { terrain: 5, seed: 99, density: 0.9, roomSize: 3, corridor: 2, shared: 'no', editLog: 'x' },
      () => summary(make()),
    );
    expect(after).toEqual(before);
  });
});
