import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSectorGraph } from './build.js';
import type { PathQuery } from './find-path.js';
import { SectorGraph } from './sector-graph.js';
import { randomGrid, rulesArb, walkable } from './sectors.test-util.js';

/** The graph's own query scratch (internal): to see whether the goal's search was reused. */
function queryOf(graph: SectorGraph): PathQuery {
  return (graph as unknown as { pathQuery(): PathQuery }).pathQuery();
}

describe('findPath: the goal endpoint reused for the same goal', () => {
  it('gives the same paths as a graph over the same data that reuses nothing, across edits and updates (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 12, max: 40 }),
        fc.integer({ min: 12, max: 40 }),
        fc.double({ min: 0, max: 0.35, noNaN: true }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        rulesArb,
        fc.constantFrom(8, 16),
        fc.array(
          fc.record({
            starts: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
            newGoal: fc.boolean(),
            goal: fc.nat(),
            // An edit near the goal (inside its sector, mostly), where a stale search of the goal would show.
            edit: fc.option(
              fc.record({
                dx: fc.integer({ min: -3, max: 3 }),
                dy: fc.integer({ min: -3, max: 3 }),
                code: fc.constantFrom(0, 0, 1, 2),
              }),
            ),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (width, height, density, seed, rules, sectorSize, steps) => {
          const grid = randomGrid(width, height, density, seed, { water: true, terrain: rules.metric === 'weighted' });
          const options = { ...rules, sectorSize, entranceSpacing: 4 };
          const graph = buildSectorGraph(grid, options);
          let goal = -1;
          for (const step of steps) {
            if (step.edit && goal >= 0) {
              const x = Math.min(width - 1, Math.max(0, (goal % width) + step.edit.dx));
              const y = Math.min(height - 1, Math.max(0, Math.floor(goal / width) + step.edit.dy));
              grid.setPassable(x, y, step.edit.code);
              graph.update();
            }
            const tiles = walkable(grid);
            if (tiles.length === 0) return;
            if (goal < 0 || step.newGoal || grid.passable[goal] === 0) goal = tiles[step.goal % tiles.length] as number;
            // The same graph data with a query scratch of its own (nothing reused): same layout, same ties.
            const fresh = SectorGraph.from(grid, graph.data);
            const to = { x: goal % width, y: Math.floor(goal / width) };
            for (const s of step.starts) {
              const t = tiles[s % tiles.length] as number;
              const from = { x: t % width, y: Math.floor(t / width) };
              // `sectors` walks the goal's search tree; `auto` (a corridor A* here) only uses its costs.
              for (const refine of ['sectors', 'auto'] as const) {
                const got = graph.findPath(from, to, { refine });
                const want = fresh.findPath(from, to, { refine });
                expect(got === null).toBe(want === null);
                if (got && want) {
                  expect(got.cost).toBe(want.cost);
                  expect(Array.from(got.points)).toEqual(Array.from(want.points));
                }
              }
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reuses the search only while goal, grid and graph are unchanged', () => {
    const grid = randomGrid(64, 64, 0.2, 7);
    const graph = buildSectorGraph(grid, { sectorSize: 16 });
    const q = queryOf(graph);
    const tiles = walkable(grid);
    const at = (t: number) => ({ x: t % 64, y: Math.floor(t / 64) });
    const goal = at(tiles[tiles.length - 1] as number);
    graph.findPath(at(tiles[0] as number), goal);
    expect(q.goal.reused).toBe(0);
    graph.findPath(at(tiles[1] as number), goal);
    expect(q.goal.reused).toBe(1);
    graph.findPath(at(tiles[1] as number), at(tiles[tiles.length - 2] as number));
    expect(q.goal.reused).toBe(0);
    graph.findPath(at(tiles[2] as number), at(tiles[tiles.length - 2] as number));
    expect(q.goal.reused).toBe(1);
    grid.setPassable(at(tiles[5] as number).x, at(tiles[5] as number).y, 0);
    graph.update();
    graph.findPath(at(tiles[2] as number), at(tiles[tiles.length - 2] as number));
    expect(q.goal.reused).toBe(0);
  });
});
