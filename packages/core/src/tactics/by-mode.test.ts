import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../errors.js';
import { generateMap } from '../grid/generate.js';
import { decomposeConvexSets } from '../sets/convex-sets.js';
import { flankCandidates, retreatCandidates } from './by-mode.js';
import { tacticCandidates } from './search.js';

/** The first walkable tile from (x, y) on `grid`, scanning row by row (and on from the first row). */
function open(grid: ReturnType<typeof generateMap>, x: number, y: number): { x: number; y: number } {
  const n = grid.width * grid.height;
  for (let k = 0; k < n; k++) {
    const i = (y * grid.width + x + k) % n;
    if (grid.passable[i] !== 0) return { x: i % grid.width, y: Math.floor(i / grid.width) };
  }
  throw new Error('no walkable tile');
}

describe('flankCandidates and retreatCandidates', () => {
  it('are tacticCandidates with the mode of their name, whatever the options', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 23 }),
        fc.option(fc.integer({ min: 1, max: 300 }), { nil: undefined }),
        (seed, ax, ay, bx, by, maxCandidates) => {
          const grid = generateMap('random', 24, 24, { seed, density: 0.2 });
          const sets = decomposeConvexSets(grid);
          const me = open(grid, ax, ay);
          const target = open(grid, bx, by);
          const options = maxCandidates === undefined ? {} : { maxCandidates };
          const flank = flankCandidates(grid, sets, me, target, options);
          const retreat = retreatCandidates(grid, sets, me, target, options);
          expect([...flank]).toEqual([...tacticCandidates(grid, sets, me, target, { ...options, mode: 'flank' })]);
          expect([...retreat]).toEqual([...tacticCandidates(grid, sets, me, target, { ...options, mode: 'retreat' })]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('differ from each other where the tests differ (a flank is not a retreat)', () => {
    const grid = generateMap('random', 64, 64, { seed: 7, density: 0.1 });
    const sets = decomposeConvexSets(grid);
    const me = open(grid, 20, 20);
    const target = open(grid, 35, 35);
    const flank = [...flankCandidates(grid, sets, me, target)];
    const retreat = [...retreatCandidates(grid, sets, me, target)];
    expect(flank.length).toBeGreaterThan(0);
    expect(retreat.length).toBeGreaterThan(0);
    expect(flank).not.toEqual(retreat);
  });

  it('refuse options that are not an object, or that name a mode', () => {
    const grid = generateMap('random', 16, 16, { seed: 3, density: 0.1 });
    const sets = decomposeConvexSets(grid);
    const me = open(grid, 1, 1);
    const target = open(grid, 12, 12);
    for (const bad of [5, 'flank', [], null]) {
      expect(() => flankCandidates(grid, sets, me, target, bad as never)).toThrow(InvalidOptionError);
      expect(() => retreatCandidates(grid, sets, me, target, bad as never)).toThrow(InvalidOptionError);
    }
    expect(() => flankCandidates(grid, sets, me, target, { mode: 'retreat' } as never)).toThrow(/mode/);
    // An inherited option is not read.
    const inherited = Object.create({ maxCandidates: 0 }) as { maxCandidates?: number };
    expect(flankCandidates(grid, sets, me, target, inherited).length).toBe(
      flankCandidates(grid, sets, me, target).length,
    );
  });
});
