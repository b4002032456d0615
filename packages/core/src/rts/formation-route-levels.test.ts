import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIAGONAL_RULES } from '../grid/directions.js';
import type { TilePath } from '../grid/point.js';
import { RtsPathfinder } from './astar.js';
import { columnLength, type FormationRouteNeeds, planFormationRoute, reformLength } from './formation-route.js';
import { rtsOctile } from './geometry.js';
import { randomGrid } from './rts.test-util.js';
import { WidestScratch, widestClearance } from './widest-clearance.js';

/**
 * The route as it was planned before the level pass stopped at the floor: the exact widest level after the first
 * failure (no floor), the same searches otherwise. Slow reference (a fresh pathfinder, nothing kept).
 */
function reference(
  pathfinder: RtsPathfinder,
  n: FormationRouteNeeds,
): { path: TilePath; clearance: number; searches: number } | null {
  const floor = Math.max(0, n.least);
  const top = Math.max(floor, n.widest);
  const info = { expanded: 0 };
  const search = (cl: number, maxExpansions: number) =>
    pathfinder.findPath(
      { x: n.sx, y: n.sy },
      { x: n.gx, y: n.gy },
      { diagonal: n.diagonal, clearance: cl, maxExpansions, info },
    );
  const time = (cl: number, cost: number) =>
    cost + columnLength(n.members, 2 * cl + 1, n.spacing) + reformLength(n.radius, cl);
  let searches = 0;
  let bounded = false;
  for (let cl = top; cl >= floor; ) {
    const wide = search(cl, Number.POSITIVE_INFINITY);
    searches++;
    if (wide === null) {
      if (cl > floor && !bounded) {
        bounded = true;
        const clear = pathfinder.clearance();
        cl = widestClearance(pathfinder.grid, clear, n.sx, n.sy, n.gx, n.gy, cl - 1, new WidestScratch());
      } else cl--;
      continue;
    }
    if (cl === floor) return { path: wide, clearance: cl, searches };
    const wideTime = time(cl, wide.cost);
    if (time(floor, rtsOctile(n.sx, n.sy, n.gx, n.gy)) >= wideTime) return { path: wide, clearance: cl, searches };
    const narrow = search(floor, Math.max(4096, 4 * info.expanded));
    searches++;
    if (narrow !== null && time(floor, narrow.cost) < wideTime) return { path: narrow, clearance: floor, searches };
    return { path: wide, clearance: cl, searches };
  }
  return null;
}

describe('planFormationRoute: the level pass stops at the floor', () => {
  it('plans the route, clearance and search count of the exact level pass on random maps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 16 }),
        fc.integer({ min: 2, max: 16 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 256 }),
        fc.boolean(),
        fc.constantFrom(...DIAGONAL_RULES),
        fc.array(
          fc.record({
            s: fc.nat(),
            g: fc.nat(),
            widest: fc.integer({ min: 0, max: 5 }),
            least: fc.integer({ min: 0, max: 3 }),
            members: fc.integer({ min: 1, max: 30 }),
            radius: fc.double({ min: 0, max: 6, noNaN: true }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (w, h, bits, water, diagonal, orders) => {
          const grid = randomGrid(w, h, bits, water);
          const pathfinder = new RtsPathfinder(grid);
          for (const o of orders) {
            const s = o.s % (w * h);
            const g = o.g % (w * h);
            if (!grid.passable[s] || !grid.passable[g]) continue;
            const needs: FormationRouteNeeds = {
              sx: s % w,
              sy: Math.floor(s / w),
              gx: g % w,
              gy: Math.floor(g / w),
              widest: o.widest,
              radius: o.radius,
              least: o.least,
              members: o.members,
              spacing: 1,
              diagonal,
            };
            // Twice: the second plan may come from what the first one kept.
            for (let k = 0; k < 2; k++)
              expect(planFormationRoute(pathfinder, needs)).toEqual(reference(new RtsPathfinder(grid), needs));
          }
        },
      ),
      { numRuns: 400, seed: 6262 },
    );
  });
});
