import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DiagonalRule } from '../../grid/directions.js';
import { Grid } from '../../grid/grid.js';
import { computeField } from '../compute-field.js';
import { close, dirWalkProblem, METRIC_LIST, RULE_LIST } from '../field-check.test-util.js';
import type { FieldOptions, Goal, Metric } from '../types.js';
import { queueTuning } from './bucket-queue.js';
import { seedsOf } from './repair.test-util.js';
import { updateField } from './update-field.js';

/**
 * The paths of large repairs against a fresh computeField: the bucket queue (past 128 entries by default, from
 * the first entry in the second run of each case), the candidates
 * ordered by counting (32 or more), and the overflow heap (steps over terrain costlier than the queue's window).
 * Maps of 24 to 56 tiles a side where one wall or opening re-settles hundreds of tiles, every metric, 4 and 8
 * neighbours with every diagonal rule, flat and costly terrain, finite and infinite cost limits.
 */

const COMBOS: [Metric, 4 | 8, DiagonalRule][] = METRIC_LIST.flatMap((metric) => [
  [metric, 4, 'if-both-free'] as [Metric, 4 | 8, DiagonalRule],
  ...RULE_LIST.map((rule) => [metric, 8, rule] as [Metric, 4 | 8, DiagonalRule]),
]);

/** A small deterministic generator (the map's tiles from one seed, so that fast-check shrinks the seed). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface MapCase {
  w: number;
  h: number;
  seed: number;
  /** Percent of walls; the second passability code on a few tiles. */
  walls: number;
  /** Largest terrain cost (1: flat). */
  terrain: number;
}

const arbMap: fc.Arbitrary<MapCase> = fc.record({
  w: fc.integer({ min: 24, max: 56 }),
  h: fc.integer({ min: 24, max: 56 }),
  seed: fc.nat(),
  walls: fc.integer({ min: 0, max: 35 }),
  terrain: fc.constantFrom(1, 3, 40, 300),
});

function makeGrid({ w, h, seed, walls, terrain }: MapCase): Grid {
  const random = lcg(seed);
  const grid = Grid.create(w, h, { terrain: true, shared: false });
  const layer = grid.terrain as Float32Array;
  for (let i = 0; i < grid.size; i++) {
    const r = random() * 100;
    grid.passable[i] = r < walls ? 0 : r > 97 ? 2 : 1;
    layer[i] = 1 + Math.floor(random() * 4 * (terrain - 1)) / 4;
  }
  return grid;
}

/**
 * One edit: a wall, an opening, a block of walls, or a terrain cost, at a tile picked from `at`: anywhere, or
 * (`near`) within 3 tiles of the first goal, where an edit changes the paths of much of the map.
 */
type Edit = { kind: 'wall' | 'open' | 'block' | 'terrain'; at: number; near: boolean; cost: number };

const arbEdit: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('wall' as const, 'open' as const, 'block' as const, 'terrain' as const),
  at: fc.nat(),
  near: fc.boolean(),
  cost: fc.integer({ min: 4, max: 1200 }),
});

function tileOf(grid: Grid, edit: Edit, goal: Goal): number {
  if (!edit.near) return edit.at % grid.size;
  const x = Math.min(grid.width - 1, Math.max(0, goal.x + (edit.at % 7) - 3));
  const y = Math.min(grid.height - 1, Math.max(0, goal.y + (Math.floor(edit.at / 7) % 7) - 3));
  return y * grid.width + x;
}

function apply(grid: Grid, edit: Edit, goalTiles: Set<number>, goal: Goal): void {
  const i = tileOf(grid, edit, goal);
  const x = i % grid.width;
  const y = (i - x) / grid.width;
  if (edit.kind === 'terrain') grid.setTerrain(x, y, edit.cost / 4);
  else if (edit.kind === 'open') grid.setPassable(x, y, 1);
  else if (edit.kind === 'wall') {
    if (!goalTiles.has(i)) grid.setPassable(x, y, 0);
  } else {
    grid.batch(() => {
      for (let ty = y; ty < Math.min(grid.height, y + 3); ty++)
        for (let tx = x; tx < Math.min(grid.width, x + 3); tx++)
          if (!goalTiles.has(ty * grid.width + tx)) grid.setPassable(tx, ty, 0);
    });
  }
}

describe.each([
  ['the default queue', queueTuning.heapEntries],
  ['buckets from the first entry', 0],
])('large repairs equal a fresh computeField, %s', (_, heapEntries) => {
  const heapDefault = queueTuning.heapEntries;
  beforeEach(() => {
    queueTuning.heapEntries = heapEntries;
  });
  afterEach(() => {
    queueTuning.heapEntries = heapDefault;
  });
  for (const [metric, neighbors, diagonal] of COMBOS) {
    it(`${metric}, ${neighbors} neighbours, ${diagonal}`, () => {
      // Repairs that re-settled more tiles than the heap-only queue holds by default.
      let large = 0;
      fc.assert(
        fc.property(
          arbMap,
          fc.array(fc.record({ pick: fc.nat(), value: fc.integer({ min: 0, max: 12 }).map((v) => v / 4) }), {
            minLength: 1,
            maxLength: 3,
          }),
          fc.oneof(
            { weight: 3, arbitrary: fc.constant(Number.POSITIVE_INFINITY) },
            { weight: 1, arbitrary: fc.integer({ min: 10, max: 120 }) },
          ),
          fc.array(arbEdit, { minLength: 1, maxLength: 8 }),
          (map, picks, maxCost, edits) => {
            const grid = makeGrid(map);
            const goals: Goal[] = picks.map(({ pick, value }) => {
              const i = pick % grid.size;
              grid.passable[i] = 1;
              return { x: i % grid.width, y: Math.floor(i / grid.width), value };
            });
            grid.touch();
            const goalTiles = new Set(goals.map((g) => g.y * grid.width + g.x));
            const options: FieldOptions = { goals, metric, neighbors, diagonal, maxCost };
            const field = computeField(grid, options);
            for (const edit of edits) {
              apply(grid, edit, goalTiles, goals[0] as Goal);
              const result = updateField(grid, field, options);
              if (!result.full && result.tiles > 128) large++;
              const fresh = computeField(grid, options);
              for (let i = 0; i < grid.size; i++) {
                const a = field.cost[i] as number;
                const e = fresh.cost[i] as number;
                if (metric === 'steps' ? a !== e : !close(a, e))
                  throw new Error(`tile ${i}: repaired ${a}, fresh ${e} after ${JSON.stringify(edit)}`);
              }
              const problem = dirWalkProblem(grid, field, seedsOf(grid, goals, maxCost), metric, neighbors, diagonal);
              if (problem) throw new Error(`${problem} after ${JSON.stringify(edit)}`);
            }
          },
        ),
        { numRuns: 50 },
      );
      // Large repairs happened (else this test shows nothing about them; there are about 5 to 20).
      expect(large).toBeGreaterThan(0);
    });
  }
});
