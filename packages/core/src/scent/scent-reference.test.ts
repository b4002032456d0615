import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NoFleeSeedError } from '../errors.js';
import type { DiagonalRule } from '../grid/directions.js';
import { Grid } from '../grid/grid.js';
import { fleeMap } from './flee-map.js';
import { scentMap } from './scent-map.js';
import { referenceFleeMap, referenceScentMap, SEED_ORDER, type Step } from './scent-reference.test-util.js';
import { seedLevel } from './seed-level.test-util.js';

/** A random grid (ground, some walls, some water) with food and den sources on walkable tiles. */
const scenario = fc
  .record({
    width: fc.integer({ min: 1, max: 14 }),
    height: fc.integer({ min: 1, max: 14 }),
    wallRate: fc.double({ min: 0, max: 0.45, noNaN: true }),
    waterRate: fc.constantFrom(0, 0, 0.15),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    neighbors: fc.constantFrom(4 as const, 8 as const),
    diagonal: fc.constantFrom<DiagonalRule>('never', 'always', 'if-one-free', 'if-both-free'),
    picks: fc.array(fc.record({ at: fc.nat(), strength: fc.integer({ min: 1, max: 12 }), den: fc.boolean() }), {
      minLength: 0,
      maxLength: 6,
    }),
  })
  .map((s) => {
    const grid = Grid.open(s.width, s.height);
    let state = s.seed >>> 0;
    const rand = () => {
      state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
      return state / 2 ** 32;
    };
    for (let i = 0; i < grid.size; i++) {
      const r = rand();
      grid.passable[i] = r < s.wallRate ? 0 : r < s.wallRate + s.waterRate ? 2 : 1;
    }
    const walkable: number[] = [];
    for (let i = 0; i < grid.size; i++) if (grid.passable[i] !== 0) walkable.push(i);
    // Food is weak and plentiful, dens are strong: mixed strengths exercise the FIFO tie and shadow rules.
    const sources =
      walkable.length === 0
        ? []
        : s.picks.map((p) => {
            const i = walkable[p.at % walkable.length] as number;
            return { x: i % s.width, y: Math.floor(i / s.width), strength: p.den ? p.strength + 8 : p.strength };
          });
    return { grid, sources, neighbors: s.neighbors, diagonal: s.diagonal };
  });

/** Moves from `from` to every tile by repeated relaxation until nothing changes (no queue at all). */
function relaxedMoves(grid: Grid, from: { x: number; y: number }, neighbors: 4 | 8, diagonal: DiagonalRule): number[] {
  const d = new Array<number>(grid.size).fill(Number.POSITIVE_INFINITY);
  d[from.y * grid.width + from.x] = 0;
  const steps = neighbors === 4 ? SEED_ORDER.slice(0, 4) : SEED_ORDER;
  for (let changed = true; changed; ) {
    changed = false;
    for (let y = 0; y < grid.height; y++)
      for (let x = 0; x < grid.width; x++) {
        const here = d[y * grid.width + x] as number;
        if (here === Number.POSITIVE_INFINITY) continue;
        const code = grid.passable[y * grid.width + x];
        for (const { dx, dy } of steps) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= grid.width || ny >= grid.height) continue;
          if (grid.passable[ny * grid.width + nx] !== code) continue;
          if (dx !== 0 && dy !== 0) {
            const a = grid.passable[y * grid.width + nx] === code;
            const b = grid.passable[ny * grid.width + x] === code;
            const ok =
              diagonal === 'always' || (diagonal === 'if-one-free' ? a || b : diagonal === 'if-both-free' && a && b);
            if (!ok) continue;
          }
          if (here + 1 < (d[ny * grid.width + nx] as number)) {
            d[ny * grid.width + nx] = here + 1;
            changed = true;
          }
        }
      }
  }
  return d;
}

describe('scentMap and fleeMap against the slow literal reference', () => {
  it('multi-source scent maps (food + dens) equal the reference cell by cell', () => {
    const out = new Int32Array(14 * 14);
    fc.assert(
      fc.property(scenario, ({ grid, sources, neighbors, diagonal }) => {
        const expected = referenceScentMap(grid, sources, neighbors, diagonal);
        expect(Array.from(scentMap(grid, sources, { neighbors, diagonal }))).toEqual(expected);
        // Reusing an out array (stale contents from the previous run) gives the same result.
        const view = out.subarray(0, grid.size);
        expect(Array.from(scentMap(grid, sources, { neighbors, diagonal, out: view }))).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('flee maps built from those scent maps equal the reference, including the no-seed case', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 1, max: 20 }), ({ grid, sources, neighbors, diagonal }, strength) => {
        const scent = scentMap(grid, sources, { neighbors, diagonal });
        const expected = referenceFleeMap(grid, scent, strength, neighbors, diagonal);
        if (expected === null) {
          expect(() => fleeMap(grid, scent, { strength, neighbors, diagonal })).toThrow(NoFleeSeedError);
        } else {
          expect(Array.from(fleeMap(grid, scent, { strength, neighbors, diagonal }))).toEqual(expected);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('range limit: no scent value is ever above the strongest source or farther than its strength in moves', () => {
    fc.assert(
      fc.property(scenario, ({ grid, sources, neighbors, diagonal }) => {
        const map = scentMap(grid, sources, { neighbors, diagonal });
        const strongest = Math.max(0, ...sources.map((s) => s.strength));
        for (let i = 0; i < map.length; i++) {
          const v = map[i] as number;
          expect(v).toBeGreaterThanOrEqual(grid.passable[i] === 0 ? -2 : -1);
          expect(v).toBeLessThanOrEqual(strongest);
          if (grid.passable[i] === 0) expect(v).toBe(-2);
        }
        // One source: scent is strength minus moves, exactly the tiles within `strength` moves have v >= 0.
        const one = sources[0];
        if (one) {
          const single = scentMap(grid, [one], { neighbors, diagonal });
          const moves = relaxedMoves(grid, one, neighbors, diagonal);
          for (let i = 0; i < single.length; i++) {
            const d = moves[i] as number;
            if (grid.passable[i] === 0) continue;
            expect(single[i]).toBe(d <= one.strength ? one.strength - d : -1);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('direction order and ties', () => {
  const grid = seedLevel();
  const libraryOrder: Step[] = [
    { dx: 0, dy: -1 },
    { dx: 1, dy: 0 },
    { dx: 0, dy: 1 },
    { dx: -1, dy: 0 },
  ];
  it("the seed level's tables do not depend on the direction order", () => {
    for (const strength of [9, 99]) {
      const seedScent = referenceScentMap(grid, [{ x: 3, y: 3, strength }]);
      expect(referenceScentMap(grid, [{ x: 3, y: 3, strength }], 4, 'if-both-free', libraryOrder)).toEqual(seedScent);
      expect(referenceFleeMap(grid, seedScent, strength, 4, 'if-both-free', libraryOrder)).toEqual(
        referenceFleeMap(grid, seedScent, strength),
      );
    }
  });

  it('no direction order changes any value: the FIFO keeps each depth grouped by source, in source order', () => {
    const order = fc
      .shuffledSubarray(SEED_ORDER.slice(0, 4), { minLength: 4, maxLength: 4 })
      .chain((four) =>
        fc
          .shuffledSubarray(SEED_ORDER.slice(4), { minLength: 4, maxLength: 4 })
          .map((diagonals) => [...four, ...diagonals]),
      );
    fc.assert(
      fc.property(scenario, order, fc.integer({ min: 1, max: 20 }), (s, dirs, strength) => {
        const fast = scentMap(s.grid, s.sources, { neighbors: s.neighbors, diagonal: s.diagonal });
        expect(referenceScentMap(s.grid, s.sources, s.neighbors, s.diagonal, dirs)).toEqual(Array.from(fast));
        const flee = referenceFleeMap(s.grid, fast, strength, s.neighbors, s.diagonal, dirs);
        if (flee) expect(flee).toEqual(Array.from(fleeMap(s.grid, fast, { strength, ...s })));
      }),
      { numRuns: 200 },
    );
  });

  it('the source order does: a tie at equal depth goes to the source listed first, whatever its strength', () => {
    const open = Grid.open(3, 1);
    const weakFirst = [
      { x: 0, y: 0, strength: 5 },
      { x: 2, y: 0, strength: 9 },
    ];
    expect(Array.from(scentMap(open, weakFirst))).toEqual([5, 4, 9]);
    expect(Array.from(scentMap(open, [...weakFirst].reverse()))).toEqual([5, 8, 9]);
  });
});
