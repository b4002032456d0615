import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeField } from '../fields/index.js';
import { DIAGONAL_RULES } from '../grid/directions.js';
import { RtsPathfinder, rtsWaypointLength } from './astar.js';
import { rtsPathFromField } from './path-from-field.js';
import { randomGrid } from './rts.test-util.js';

describe('RtsPathfinder against computeField (octile cost fields)', () => {
  it('path length equals the field cost for random pairs on random maps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 24 }),
        fc.integer({ min: 2, max: 24 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 576 }),
        fc.constantFrom(...DIAGONAL_RULES),
        fc.constantFrom(4 as const, 8 as const),
        fc.boolean(),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 5 }),
        (w, h, bits, diagonal, neighbors, water, pairs) => {
          const grid = randomGrid(w, h, bits, water);
          const finder = new RtsPathfinder(grid);
          for (const [a, b] of pairs) {
            const s = a % (w * h);
            const g = b % (w * h);
            if (!grid.passable[s] || !grid.passable[g]) continue;
            const gx = g % w;
            const gy = Math.floor(g / w);
            const field = computeField(grid, { goals: [{ x: gx, y: gy }], metric: 'octile', neighbors, diagonal });
            const want = field.cost[s] as number;
            const path = finder.findPath({ x: s % w, y: Math.floor(s / w) }, { x: gx, y: gy }, { neighbors, diagonal });
            if (want === Number.POSITIVE_INFINITY) expect(path).toBeNull();
            else {
              expect(path).not.toBeNull();
              expect(Math.abs((path?.cost ?? 0) - want)).toBeLessThan(1e-9);
              expect(Math.abs(rtsWaypointLength(path?.points ?? new Int32Array(0)) - want)).toBeLessThan(1e-9);
              // A high-level path read from the shared field has the same length.
              const shared = rtsPathFromField(field, { x: s % w, y: Math.floor(s / w) });
              expect(Math.abs((shared?.cost ?? 0) - want)).toBeLessThan(1e-9);
              expect(Math.abs(rtsWaypointLength(shared?.points ?? new Int32Array(0)) - want)).toBeLessThan(1e-9);
            }
          }
        },
      ),
      { numRuns: 400, seed: 9009 },
    );
  });
});
