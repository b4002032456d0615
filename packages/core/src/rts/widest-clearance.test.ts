import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIAGONAL_RULES } from '../grid/directions.js';
import { RtsPathfinder } from './astar.js';
import { randomGrid } from './rts.test-util.js';
import { WidestScratch, widestClearance } from './widest-clearance.js';

/** Slow reference: the largest level L <= top with an 8-neighbour walk over tiles of clearance >= L (ends free). */
function reference(
  w: number,
  h: number,
  passable: Uint8Array,
  clear: Int8Array,
  s: number,
  g: number,
  top: number,
): number {
  if (s === g) return top;
  for (let level = top; level >= 0; level--) {
    const seen = new Uint8Array(w * h);
    const stack = [s];
    seen[s] = 1;
    while (stack.length > 0) {
      const t = stack.pop() as number;
      if (t === g) return level;
      const x = t % w;
      const y = (t - x) / w;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const n = ny * w + nx;
          if (seen[n] || passable[n] === 0 || (n !== g && (clear[n] as number) < level)) continue;
          seen[n] = 1;
          stack.push(n);
        }
    }
  }
  return -1;
}

describe('widestClearance: one pass for the widest level joining two tiles', () => {
  it('equals a flood per level on random maps, and bounds the levels at which the path search succeeds', () => {
    const scratch = new WidestScratch();
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 18 }),
        fc.integer({ min: 2, max: 18 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 324 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom(...DIAGONAL_RULES),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }),
        (w, h, bits, water, top, diagonal, pairs) => {
          const grid = randomGrid(w, h, bits, water);
          const finder = new RtsPathfinder(grid);
          const clear = finder.clearance();
          for (const [a, b] of pairs) {
            const s = a % (w * h);
            const g = b % (w * h);
            if (!grid.passable[s] || !grid.passable[g]) continue;
            const sx = s % w;
            const sy = (s - sx) / w;
            const gx = g % w;
            const gy = (g - gx) / w;
            const level = widestClearance(grid, clear, sx, sy, gx, gy, top, scratch);
            expect(level).toBe(reference(w, h, grid.passable, clear, s, g, top));
            // With a floor, the levels at or below it are one answer: the floor.
            for (let floor = -1; floor <= top; floor++)
              expect(widestClearance(grid, clear, sx, sy, gx, gy, top, scratch, floor)).toBe(Math.max(level, floor));
            // The path search finds no path above the level.
            for (let cl = level + 1; cl <= top; cl++)
              expect(finder.findPath({ x: sx, y: sy }, { x: gx, y: gy }, { clearance: cl, diagonal })).toBeNull();
          }
        },
      ),
      { numRuns: 300, seed: 3434 },
    );
  });

  it('answers a question asked again from its last answers, and a new one after an edit of the grid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 14 }),
        fc.integer({ min: 2, max: 14 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 196 }),
        fc.array(
          fc.record({
            s: fc.nat(),
            g: fc.nat(),
            top: fc.integer({ min: 0, max: 4 }),
            edit: fc.option(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 1 })), { freq: 3 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        (w, h, bits, queries) => {
          const grid = randomGrid(w, h, bits, false);
          const finder = new RtsPathfinder(grid);
          const scratch = new WidestScratch();
          for (const q of [...queries, ...queries]) {
            if (q.edit !== null) grid.setPassable(q.edit[0] % w, Math.floor(q.edit[0] / w) % h, q.edit[1]);
            // The same array, filled again for the new version.
            const clear = finder.clearance();
            const s = q.s % (w * h);
            const g = q.g % (w * h);
            if (!grid.passable[s] || !grid.passable[g]) continue;
            const want = reference(w, h, grid.passable, clear, s, g, q.top);
            for (let k = 0; k < 2; k++)
              expect(
                widestClearance(grid, clear, s % w, Math.floor(s / w), g % w, Math.floor(g / w), q.top, scratch),
              ).toBe(want);
          }
        },
      ),
      { numRuns: 300, seed: 3535 },
    );
  });

  it('does not flood again for the same question on the same grid version', () => {
    const grid = randomGrid(40, 30, [5, 5, 5, 5, 5, 5, 5, 1], false);
    const clear = new RtsPathfinder(grid).clearance();
    const scratch = new WidestScratch();
    const level = widestClearance(grid, clear, 0, 0, 39, 29, 3, scratch);
    // A flood would grow the scratch again to the grid.
    scratch.queued = new Uint8Array(0);
    expect(widestClearance(grid, clear, 0, 0, 39, 29, 3, scratch)).toBe(level);
    expect(scratch.queued.length).toBe(0);
    expect(widestClearance(grid, clear, 0, 0, 39, 29, 2, scratch)).toBe(Math.min(level, 2));
    expect(scratch.queued.length).toBe(40 * 30);
  });
  it('equals a flood per level on bigger maps with few walls (long floods that meet)', () => {
    const scratch = new WidestScratch();
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 48 }),
        fc.integer({ min: 20, max: 48 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 97 }),
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }),
        (w, h, bits, top, pairs) => {
          // Walls on about one tile in fourteen (bits below 3), so the clearance levels vary across the map.
          const grid = randomGrid(w, h, bits, false);
          const clear = new RtsPathfinder(grid).clearance();
          for (const [a, b] of pairs) {
            const s = a % (w * h);
            const g = b % (w * h);
            if (!grid.passable[s] || !grid.passable[g]) continue;
            const sx = s % w;
            const sy = Math.floor(s / w);
            const gx = g % w;
            const gy = Math.floor(g / w);
            const level = widestClearance(grid, clear, sx, sy, gx, gy, top, scratch);
            expect(level).toBe(reference(w, h, grid.passable, clear, s, g, top));
            for (let floor = -1; floor <= top; floor++)
              expect(widestClearance(grid, clear, sx, sy, gx, gy, top, scratch, floor)).toBe(Math.max(level, floor));
          }
        },
      ),
      { numRuns: 150, seed: 3636 },
    );
  });

  it('at the level that holds, the two floods head for each other instead of sweeping the map', () => {
    // An open 120 x 120 map: the two corners meet at the top level. Breadth-first floods from both touched half
    // the map (7202 tiles) before their fronts met; floods that take the tile nearest the other end first touch
    // a band along the diagonal.
    const grid = randomGrid(120, 120, [5], false);
    const clear = new RtsPathfinder(grid).clearance();
    const scratch = new WidestScratch();
    expect(widestClearance(grid, clear, 0, 0, 119, 119, 0, scratch)).toBe(0);
    let touched = 0;
    for (let i = 0; i < 120 * 120; i++) if (scratch.queued[i] !== 0) touched++;
    expect(touched).toBeLessThan(1000);
  });
});
