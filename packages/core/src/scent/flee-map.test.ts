import { describe, expect, it, vi } from 'vitest';
import { InvalidOptionError, NoFleeSeedError, OutOfRangeError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { fleeMap, NO_FLEE_SEED_WARNING } from './flee-map.js';
import { scentMap } from './scent-map.js';
import { formatTable, parseTable, seedLevel } from './seed-level.test-util.js';

// Seed 002's printed flee table (strength 9, player at (3,3)), copied verbatim.
const FLEE_9 = `
15 14 13 14 15 16 17 18 19
16  # 12  #  #  # 18  # 19
17  # 11 10  9  # 19  # 19
18  # 10  #  8  # 19  # 19
19  #  9  8  7  # 19 19 19
19  #  8  7  6  # 19 19  #
19  #  #  #  #  #  # 19 19
19 19 19 19  # 19  #  # 19
19  # 19  #  # 19  # 19 19`;

describe('fleeMap: seed 002 printed table', () => {
  const grid = seedLevel();
  const scent = scentMap(grid, [{ x: 3, y: 3, strength: 9 }]);

  it('strength 9: corner 6, far tiles 19, player tile -2, cell by cell', () => {
    const flee = fleeMap(grid, scent, { strength: 9 });
    expect(formatTable(flee, 9)).toBe(formatTable(parseTable(FLEE_9), 9));
    expect(flee[5 * 9 + 4]).toBe(6);
    expect(flee[3 * 9 + 3]).toBe(-2);
    expect(flee[0]).toBe(15);
  });

  it('does not modify the scent map; out may alias it (rebuilt in place)', () => {
    const copy = Int32Array.from(scent);
    fleeMap(grid, scent, { strength: 9 });
    expect(scent).toEqual(copy);
    const inPlace = fleeMap(grid, copy, { strength: 9, out: copy });
    expect(inPlace).toBe(copy);
    expect(Array.from(copy)).toEqual(parseTable(FLEE_9));
  });

  it('the corner tile (S at (4,5)) climbs the flee map out through the door (2,1)', () => {
    const flee = fleeMap(grid, scent, { strength: 9 });
    let x = 4;
    let y = 5;
    const visited: string[] = [`${x},${y}`];
    for (;;) {
      let best = flee[y * 9 + x] as number;
      let bx = x;
      let by = y;
      for (const [dx, dy] of [
        [0, -1],
        [1, 0],
        [0, 1],
        [-1, 0],
      ] as const) {
        const nx = x + dx;
        const ny = y + dy;
        if (!grid.isPassable(nx, ny)) continue;
        const v = flee[ny * 9 + nx] as number;
        if (v > best) {
          best = v;
          bx = nx;
          by = ny;
        }
      }
      if (bx === x && by === y) break;
      x = bx;
      y = by;
      visited.push(`${x},${y}`);
    }
    expect(visited).toContain('2,1');
    expect(flee[y * 9 + x]).toBe(19);
  });
});

describe('fleeMap: rules', () => {
  it('8 neighbours: the same seeding, waves with diagonals (corner rule on the grid)', () => {
    const grid = Grid.open(5, 1);
    const scent = scentMap(grid, [{ x: 0, y: 0, strength: 3 }]);
    expect(Array.from(scent)).toEqual([3, 2, 1, 0, -1]);
    // seeds: x=3 (0 -> 6), x=4 (-1 -> 7); x=0 is the player (-2).
    expect(Array.from(fleeMap(grid, scent, { strength: 3, neighbors: 8 }))).toEqual([-2, 4, 5, 6, 7]);
  });

  it('a wall in the grid stays -2 even when the scent array says otherwise', () => {
    const grid = parseAsciiMap('..#..');
    const scent = Int32Array.from([3, 2, -1, -1, -1]);
    expect(Array.from(fleeMap(grid, scent, { strength: 3 }))).toEqual([-2, -1, -2, 7, 7]);
  });

  it('no seed tile: throws NoFleeSeedError (and leaves out untouched), or returns the unfilled map when asked', () => {
    const grid = Grid.open(4, 1);
    const scent = scentMap(grid, [{ x: 0, y: 0, strength: 9 }]);
    expect(Array.from(scent)).toEqual([9, 8, 7, 6]);
    const out = new Int32Array(4).fill(5);
    expect(() => fleeMap(grid, scent, { strength: 9, out })).toThrow(NoFleeSeedError);
    expect(() => fleeMap(grid, scent, { strength: 9 })).toThrow('no flee seed');
    expect(Array.from(out)).toEqual([5, 5, 5, 5]);
    expect(Array.from(fleeMap(grid, scent, { strength: 9, onNoSeed: 'return' }))).toEqual([-2, -1, -1, -1]);
    try {
      fleeMap(grid, scent, { strength: 9 });
    } catch (e) {
      expect(e).toBeInstanceOf(NoFleeSeedError);
      expect((e as NoFleeSeedError).strength).toBe(9);
      expect((e as NoFleeSeedError).name).toBe('NoFleeSeedError');
    }
  });

  it("onNoSeed 'warn': the article's behaviour, a warning on the console and the map carried on with", () => {
    // The article: no seed -> fprintf(stderr, "warning: no flee map start points found"), then the empty wave
    // leaves the copied map: the player's tile -2, positive scent reset to -1, walls copied.
    const grid = parseAsciiMap('....\n.#..');
    const scent = scentMap(grid, [{ x: 0, y: 0, strength: 9 }]);
    expect(Array.from(scent)).toEqual([9, 8, 7, 6, 8, -2, 6, 5]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const out = new Int32Array(8).fill(7);
      const flee = fleeMap(grid, scent, { strength: 9, onNoSeed: 'warn', out });
      expect(flee).toBe(out);
      expect(Array.from(flee)).toEqual([-2, -1, -1, -1, -1, -2, -1, -1]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain(NO_FLEE_SEED_WARNING);
      expect(NO_FLEE_SEED_WARNING).toBe('warning: no flee map start points found');
      // With seeds there is nothing to warn about.
      fleeMap(grid, scentMap(grid, [{ x: 0, y: 0, strength: 2 }]), { strength: 2, onNoSeed: 'warn' });
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('the seed strength-99 level has no tile with scent 0 or -1 except the unconnected pocket', () => {
    const grid = seedLevel();
    const scent = scentMap(grid, [{ x: 3, y: 3, strength: 99 }]);
    const flee = fleeMap(grid, scent, { strength: 99 });
    // Only the pocket seeds (199); the wave cannot leave it, so every other walkable tile stays -1.
    expect(flee[7 * 9 + 5]).toBe(199);
    expect(flee[8 * 9 + 5]).toBe(199);
    expect(Array.from(flee).filter((v) => v >= 0)).toHaveLength(2);
  });
});

describe('fleeMap: bad input', () => {
  const grid = seedLevel();
  const scent = scentMap(grid, [{ x: 3, y: 3, strength: 9 }]);
  it('wrong-sized scent array throws InvalidOptionError naming its size', () => {
    expect(() => fleeMap(grid, new Int32Array(80), { strength: 9 })).toThrow(InvalidOptionError);
    expect(() => fleeMap(grid, new Int32Array(80), { strength: 9 })).toThrow(
      'expected a scent map of 81 values (9x9 grid), got 80',
    );
    expect(() => fleeMap(grid, null as unknown as Int32Array, { strength: 9 })).toThrow(InvalidOptionError);
  });
  it('scent values below -2 or not integers throw OutOfRangeError naming the tile', () => {
    const bad = Float64Array.from(scent);
    bad[10] = 2.5;
    expect(() => fleeMap(grid, bad, { strength: 9 })).toThrow('scent[10] (tile 1, 1) out of range: 2.5');
    bad[10] = -3;
    expect(() => fleeMap(grid, bad, { strength: 9 })).toThrow(OutOfRangeError);
  });
  it('strength not a positive integer, or bad options', () => {
    for (const strength of [0, -2, 9.5, Number.NaN]) {
      expect(() => fleeMap(grid, scent, { strength })).toThrow(OutOfRangeError);
    }
    expect(() => fleeMap(grid, scent, {} as { strength: number })).toThrow('strength out of range: undefined');
    expect(() => fleeMap(grid, scent, { strength: 9, onNoSeed: 'ignore' as 'throw' })).toThrow(InvalidOptionError);
    expect(() => fleeMap(grid, scent, { strength: 9, neighbors: 5 as 4 })).toThrow(InvalidOptionError);
    expect(() => fleeMap(grid, scent, { strength: 9, out: new Int32Array(3) })).toThrow(InvalidOptionError);
  });
});
