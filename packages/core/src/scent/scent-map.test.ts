import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { scentMap } from './scent-map.js';
import { formatTable, parseTable, seedLevel } from './seed-level.test-util.js';

// Seed 002's printed tables, copied verbatim (the seed prints walls as # after `sed s/-2/#/`).
const STRENGTH_9 = `
 3  4  5  4  3  2  1  0 -1
 2  #  6  #  #  #  0  # -1
 1  #  7  8  7  # -1  # -1
 0  #  8  9  8  # -1  # -1
-1  #  7  8  7  # -1 -1 -1
-1  #  6  7  6  # -1 -1  #
-1  #  #  #  #  #  # -1 -1
-1 -1 -1 -1  # -1  #  # -1
-1  # -1  #  # -1  # -1 -1`;

const STRENGTH_99 = `
93 94 95 94 93 92 91 90 89
92  # 96  #  #  # 90  # 88
91  # 97 98 97  # 89  # 87
90  # 98 99 98  # 88  # 86
89  # 97 98 97  # 87 86 85
88  # 96 97 96  # 86 85  #
87  #  #  #  #  #  # 84 83
86 85 84 83  # -1  #  # 82
85  # 83  #  # -1  # 80 81`;

describe('scentMap: seed 002 printed tables', () => {
  const grid = seedLevel();

  it('strength 9 from (3,3), 4 neighbours: the seed table cell by cell', () => {
    const map = scentMap(grid, [{ x: 3, y: 3, strength: 9 }]);
    expect(formatTable(map, 9)).toBe(formatTable(parseTable(STRENGTH_9), 9));
    expect(Array.from(map)).toEqual(parseTable(STRENGTH_9));
  });

  it('strength 99 fills everything connected; the two-tile pocket at (5,7),(5,8) stays -1', () => {
    const map = scentMap(grid, [{ x: 3, y: 3, strength: 99 }], { neighbors: 4 });
    expect(formatTable(map, 9)).toBe(formatTable(parseTable(STRENGTH_99), 9));
    expect(map[7 * 9 + 5]).toBe(-1);
    expect(map[8 * 9 + 5]).toBe(-1);
  });

  it('writes into a supplied out array and overwrites stale contents', () => {
    const out = new Int32Array(81).fill(1234);
    const map = scentMap(grid, [{ x: 3, y: 3, strength: 9 }], { out });
    expect(map).toBe(out);
    expect(Array.from(out)).toEqual(parseTable(STRENGTH_9));
  });
});

describe('scentMap: rules', () => {
  it('range limit: nothing farther than strength moves; values are strength minus BFS distance', () => {
    const grid = Grid.open(30, 1);
    const map = scentMap(grid, [{ x: 10, y: 0, strength: 5 }]);
    expect(Array.from(map)).toEqual(
      Array.from({ length: 30 }, (_, x) => (Math.abs(x - 10) <= 5 ? 5 - Math.abs(x - 10) : -1)),
    );
  });

  it('8 neighbours on an open grid: values are strength minus Chebyshev distance', () => {
    const grid = Grid.open(11, 11);
    const map = scentMap(grid, [{ x: 5, y: 4, strength: 4 }], { neighbors: 8 });
    for (let y = 0; y < 11; y++)
      for (let x = 0; x < 11; x++) {
        const d = Math.max(Math.abs(x - 5), Math.abs(y - 4));
        expect(map[y * 11 + x]).toBe(d <= 4 ? 4 - d : -1);
      }
  });

  it('8 neighbours on the seed level: diagonal rule decides corner cutting', () => {
    const grid = seedLevel();
    const both = scentMap(grid, [{ x: 3, y: 3, strength: 9 }], { neighbors: 8 });
    const always = scentMap(grid, [{ x: 3, y: 3, strength: 9 }], { neighbors: 8, diagonal: 'always' });
    // The room is 3x3 around the source: every room tile is 8 or 9 with diagonals.
    for (const [x, y] of [
      [2, 2],
      [4, 2],
      [2, 4],
      [4, 4],
    ] as const)
      expect(both[y * 9 + x]).toBe(8);
    // if-both-free: the door (2,1) is 7 and (2,0) is 6; the diagonal (2,1) -> (1,0) is refused because (1,1)
    // is a wall, so (1,0) is reached through (2,0) and is 5 (likewise (3,0)).
    expect(both[1 * 9 + 2]).toBe(7);
    expect(both[0 * 9 + 2]).toBe(6);
    expect(both[0 * 9 + 1]).toBe(5);
    expect(both[0 * 9 + 3]).toBe(5);
    // always: (2,1) -> (1,0) and (3,0) cut the corners, so they are 6 as well.
    expect(always[0 * 9 + 1]).toBe(6);
    expect(always[0 * 9 + 3]).toBe(6);
    // neighbours: 8 with diagonal 'never' equals 4 neighbours.
    expect(Array.from(scentMap(grid, [{ x: 3, y: 3, strength: 9 }], { neighbors: 8, diagonal: 'never' }))).toEqual(
      Array.from(scentMap(grid, [{ x: 3, y: 3, strength: 9 }])),
    );
  });

  it('moves only between tiles of the same passability code (ground and water do not mix)', () => {
    const grid = parseAsciiMap('..~~..\n..~~..', { '.': 1, '~': 2, '#': 0 });
    const map = scentMap(grid, [{ x: 0, y: 0, strength: 9 }]);
    expect(Array.from(map)).toEqual([9, 8, -1, -1, -1, -1, 8, 7, -1, -1, -1, -1]);
    const wet = scentMap(grid, [{ x: 2, y: 1, strength: 3 }]);
    expect(Array.from(wet)).toEqual([-1, -1, 2, 1, -1, -1, -1, -1, 3, 2, -1, -1]);
  });

  it('multi-source: nearest wave wins, not the strongest; ties go to the earlier source', () => {
    const grid = Grid.open(9, 1);
    // Weak food at x=2, strong den at x=8: x=5 is 3 from the food and 3 from the den; food is listed first.
    const map = scentMap(grid, [
      { x: 2, y: 0, strength: 3 },
      { x: 8, y: 0, strength: 20 },
    ]);
    expect(Array.from(map)).toEqual([1, 2, 3, 2, 1, 0, 18, 19, 20]);
    const swapped = scentMap(grid, [
      { x: 8, y: 0, strength: 20 },
      { x: 2, y: 0, strength: 3 },
    ]);
    expect(Array.from(swapped)).toEqual([1, 2, 3, 2, 1, 17, 18, 19, 20]);
  });

  it('a weak source shadows a stronger one behind it', () => {
    const grid = Grid.open(7, 1);
    const map = scentMap(grid, [
      { x: 0, y: 0, strength: 20 },
      { x: 2, y: 0, strength: 1 },
    ]);
    // x=1 is claimed by both at depth 1; the strong source was enqueued first so it wins x=1. Beyond x=2 the
    // weak wave gives 0 at x=3 and stops: x=4.. are unseen.
    expect(Array.from(map)).toEqual([20, 19, 1, 0, -1, -1, -1]);
  });

  it('two sources on one tile: the later strength, one queue entry', () => {
    const grid = Grid.open(5, 1);
    const map = scentMap(grid, [
      { x: 2, y: 0, strength: 2 },
      { x: 2, y: 0, strength: 4 },
    ]);
    expect(Array.from(map)).toEqual([2, 3, 4, 3, 2]);
  });

  it('no sources: walls -2, everything else -1', () => {
    const map = scentMap(parseAsciiMap('.#.'), []);
    expect(Array.from(map)).toEqual([-1, -2, -1]);
  });
});

describe('scentMap: bad input', () => {
  const grid = seedLevel();
  it('a source outside the grid or on a wall throws CoordinateError naming it', () => {
    expect(() => scentMap(grid, [{ x: 9, y: 0, strength: 3 }])).toThrow(CoordinateError);
    expect(() => scentMap(grid, [{ x: 9, y: 0, strength: 3 }])).toThrow('sources[0] (9, 0) is outside the 9x9 grid');
    expect(() =>
      scentMap(grid, [
        { x: 0, y: 0, strength: 3 },
        { x: 1, y: 1, strength: 3 },
      ]),
    ).toThrow('sources[1] (1, 1) is a wall');
    expect(() => scentMap(grid, [{ x: 0.5, y: 0, strength: 3 }])).toThrow(CoordinateError);
  });

  it('strength that is not a positive integer throws OutOfRangeError naming it', () => {
    for (const strength of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 30]) {
      expect(() => scentMap(grid, [{ x: 0, y: 0, strength }])).toThrow(OutOfRangeError);
    }
    expect(() => scentMap(grid, [{ x: 0, y: 0, strength: 0 }])).toThrow('sources[0].strength out of range: 0');
  });

  it('bad options throw InvalidOptionError and leave out untouched', () => {
    const out = new Int32Array(81).fill(7);
    expect(() => scentMap(grid, [{ x: 0, y: 0, strength: 3 }], { neighbors: 6 as 4 })).toThrow(InvalidOptionError);
    expect(() => scentMap(grid, [{ x: 0, y: 0, strength: 3 }], { diagonal: 'sometimes' as 'never' })).toThrow(
      InvalidOptionError,
    );
    expect(() => scentMap(grid, [{ x: 0, y: 0, strength: 3 }], { out: new Int32Array(80) })).toThrow(
      'invalid out: Int32Array(80); expected an Int32Array of 81 values (9x9 grid)',
    );
    expect(() => scentMap(grid, [{ x: 0, y: 0, strength: 0 }], { out })).toThrow(OutOfRangeError);
    expect(out.every((v) => v === 7)).toBe(true);
    expect(() => scentMap(grid, null as unknown as [])).toThrow(InvalidOptionError);
  });
});
