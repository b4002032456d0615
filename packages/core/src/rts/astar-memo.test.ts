import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { DIAGONAL_RULES } from '../grid/directions.js';
import type { RtsPathInfo } from './astar.js';
import { RtsPathfinder } from './astar.js';
import { RtsSearchMemo } from './astar-memo.js';
import { randomGrid } from './rts.test-util.js';

/** A pathfinder that keeps every complete search (the default keeps only searches of 1024 expansions or more). */
function keepingAll(finder: RtsPathfinder): RtsPathfinder {
  (finder as unknown as { memo: RtsSearchMemo }).memo = new RtsSearchMemo(0);
  return finder;
}

describe('RtsPathfinder: searches asked again are answered as they were found', () => {
  it('gives what a fresh pathfinder gives (path, null, expansions), across limits and grid edits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 14 }),
        fc.integer({ min: 2, max: 14 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 196 }),
        fc.boolean(),
        fc.array(
          fc.record({
            s: fc.nat(),
            g: fc.nat(),
            clearance: fc.integer({ min: 0, max: 2 }),
            diagonal: fc.constantFrom(...DIAGONAL_RULES),
            neighbors: fc.constantFrom(4 as const, 8 as const),
            limit: fc.oneof(fc.constant(Number.POSITIVE_INFINITY), fc.integer({ min: 1, max: 60 }), fc.constant(7.5)),
            edit: fc.option(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 2 })), { freq: 4 }),
          }),
          { minLength: 1, maxLength: 24 },
        ),
        (w, h, bits, water, queries) => {
          const grid = randomGrid(w, h, bits, water);
          const kept = keepingAll(new RtsPathfinder(grid));
          // Each query is asked under several limits, and again later (the list repeats itself).
          for (const q of [...queries, ...queries]) {
            if (q.edit !== null) {
              const [t, code] = q.edit;
              grid.passable[t % (w * h)] = code;
              grid.touch();
            }
            const s = q.s % (w * h);
            const g = q.g % (w * h);
            const from = { x: s % w, y: Math.floor(s / w) };
            const to = { x: g % w, y: Math.floor(g / w) };
            const options = { clearance: q.clearance, diagonal: q.diagonal, neighbors: q.neighbors };
            // The limits around the search's own expansion count, where a kept answer turns into null.
            const all: RtsPathInfo = { expanded: -1 };
            new RtsPathfinder(grid).findPath(from, to, { ...options, info: all });
            const limits = [q.limit, Number.POSITIVE_INFINITY, all.expanded, all.expanded - 0.5, all.expanded - 1];
            for (const limit of limits) {
              if (!(limit > 0)) continue;
              const want: RtsPathInfo = { expanded: -1 };
              const expected = new RtsPathfinder(grid).findPath(from, to, {
                ...options,
                maxExpansions: limit,
                info: want,
              });
              const got: RtsPathInfo = { expanded: -1 };
              const path = kept.findPath(from, to, { ...options, maxExpansions: limit, info: got });
              expect(path).toEqual(expected);
              expect(got.expanded).toBe(want.expanded);
            }
          }
        },
      ),
      { numRuns: 300, seed: 5151 },
    );
  });

  it('does not search again for the same question on the same grid version, and does after an edit', () => {
    const grid = randomGrid(64, 64, [5], false);
    const finder = keepingAll(new RtsPathfinder(grid));
    const trace = vi.spyOn(finder as unknown as { trace: () => Int32Array }, 'trace');
    const first = finder.findPath({ x: 0, y: 0 }, { x: 63, y: 40 }, { clearance: 1 });
    expect(trace).toHaveBeenCalledTimes(1);
    const again = finder.findPath({ x: 0, y: 0 }, { x: 63, y: 40 }, { clearance: 1 });
    expect(trace).toHaveBeenCalledTimes(1);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    expect(again?.points).not.toBe(first?.points);
    // Another clearance, or an edit of the grid, is a new question.
    finder.findPath({ x: 0, y: 0 }, { x: 63, y: 40 }, { clearance: 0 });
    expect(trace).toHaveBeenCalledTimes(2);
    grid.setPassable(30, 30, 0);
    finder.findPath({ x: 0, y: 0 }, { x: 63, y: 40 }, { clearance: 1 });
    expect(trace).toHaveBeenCalledTimes(3);
    // Searches with blocked tiles are never kept.
    const blocked = new Uint8Array(64 * 64);
    finder.findPath({ x: 0, y: 0 }, { x: 63, y: 40 }, { clearance: 1, blocked });
    finder.findPath({ x: 0, y: 0 }, { x: 63, y: 40 }, { clearance: 1, blocked });
    expect(trace).toHaveBeenCalledTimes(5);
  });
});
