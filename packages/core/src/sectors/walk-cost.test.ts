import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSectorGraph } from './build.js';
import { walkCost } from './find-path.js';
import { randomGrid, referencePathCost, rulesArb } from './sectors.test-util.js';

describe('walkCost', () => {
  it('is the reference cost of a walk, NaN exactly when some step is not a legal move (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 24 }),
        fc.integer({ min: 4, max: 24 }),
        fc.double({ min: 0, max: 0.4, noNaN: true }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        rulesArb,
        fc.nat(),
        // Steps: mostly unit moves, some jumps and standing still (never legal).
        fc.array(fc.tuple(fc.integer({ min: -1, max: 1 }), fc.integer({ min: -1, max: 1 }), fc.nat(19)), {
          minLength: 1,
          maxLength: 30,
        }),
        (width, height, density, seed, rules, at, steps) => {
          const grid = randomGrid(width, height, density, seed, { water: true, terrain: rules.metric === 'weighted' });
          const graph = buildSectorGraph(grid, { ...rules, sectorSize: 8 });
          let x = at % width;
          let y = Math.floor(at / width) % height;
          const xy = [x, y];
          for (const [dx, dy, jump] of steps) {
            x += jump === 0 ? 2 * dx : dx;
            y += dy;
            xy.push(x, y);
          }
          const path = Int32Array.from(xy);
          const got = walkCost(graph.ctx, path, path.length / 2);
          // The reference reads outside tiles as walls; a step off the map is illegal in both.
          const inside = xy.every((v, i) => v >= 0 && v < (i % 2 === 0 ? width : height));
          const want = inside ? referencePathCost(grid, path, rules) : Number.NaN;
          if (Number.isNaN(want) || grid.passable[(xy[1] as number) * width + (xy[0] as number)] === 0) {
            expect(Number.isNaN(got)).toBe(Number.isNaN(want) || path.length > 2);
            return;
          }
          expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-9 * Math.max(1, want));
        },
      ),
      { numRuns: 400 },
    );
  });
});
