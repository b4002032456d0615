import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoordinateError, OutOfRangeError } from '../errors.js';
import { DIR_DX, DIR_DY } from '../grid/directions.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { buildSectorGraph } from './build.js';
import type { CorridorField } from './corridor-field.js';
import { exactCosts, type Rules, randomGrid, referencePathCost, rulesArb } from './sectors.test-util.js';

const INF = Number.POSITIVE_INFINITY;

/** Follows the field from (x, y) to its goal; returns the path, or null when it does not get there. */
function follow(field: CorridorField, x: number, y: number): Int32Array | null {
  const path: number[] = [x, y];
  for (let steps = 0; steps <= field.width * field.height; steps++) {
    const d = field.dirAt(x, y);
    if (d === 255) return x === field.data.goalX && y === field.data.goalY ? Int32Array.from(path) : null;
    x += DIR_DX[d] as number;
    y += DIR_DY[d] as number;
    path.push(x, y);
  }
  return null;
}

function check(grid: Grid, field: CorridorField, starts: number[], rules: Rules, exact: Float64Array): void {
  for (let i = 0; i < starts.length; i += 2) {
    const x = starts[i] as number;
    const y = starts[i + 1] as number;
    const want = exact[y * grid.width + x] as number;
    const cost = field.costAt(x, y);
    if (!(want < INF)) {
      expect(cost).toBe(INF);
      continue;
    }
    // Every unit the field was made for stands in it and can follow it to the goal.
    expect(cost).toBeLessThan(INF);
    expect(cost).toBeGreaterThanOrEqual(want - 1e-9 * Math.max(1, want));
    const path = follow(field, x, y);
    expect(path).not.toBeNull();
    const walked = referencePathCost(grid, path as Int32Array, rules);
    expect(Math.abs(walked - cost)).toBeLessThan(1e-9 * Math.max(1, cost));
  }
}

describe('SectorGraph.corridorField', () => {
  it('leads every start that can reach the goal there, at no less than the exact cost (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 48 }),
        fc.integer({ min: 10, max: 48 }),
        fc.double({ min: 0, max: 0.4, noNaN: true }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        rulesArb,
        fc.constantFrom(8, 16),
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 20 }),
        (width, height, density, seed, rules, sectorSize, margin, picks) => {
          const grid = randomGrid(width, height, density, seed, { water: true, terrain: rules.metric === 'weighted' });
          const open: number[] = [];
          for (let i = 0; i < grid.size; i++) if (grid.passable[i] !== 0) open.push(i);
          if (open.length === 0) return;
          const graph = buildSectorGraph(grid, { ...rules, sectorSize });
          const goalTile = open[seed % open.length] as number;
          const goal = { x: goalTile % width, y: Math.floor(goalTile / width) };
          const starts: number[] = [];
          for (const [a, b] of picks) starts.push(a % width, b % height);
          const field = graph.corridorField(goal, starts, { margin });
          expect(field.gridVersion).toBe(grid.version);
          const exact = exactCosts(grid, goal.x, goal.y, rules);
          check(grid, field, starts, rules, exact);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('covering the whole map, equals the exact field (as toField)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), rulesArb, (seed, rules) => {
        const grid = randomGrid(37, 29, 0.3, seed, { water: true, terrain: rules.metric === 'weighted' });
        const graph = buildSectorGraph(grid, { ...rules, sectorSize: 8 });
        let goalTile = seed % grid.size;
        while (grid.passable[goalTile] === 0) goalTile = (goalTile + 1) % grid.size;
        const goal = { x: goalTile % 37, y: Math.floor(goalTile / 37) };
        const field = graph.corridorField(goal, [0, 0, 36, 28], { margin: 8 }).toField();
        const exact = exactCosts(grid, goal.x, goal.y, rules);
        for (let i = 0; i < grid.size; i++) {
          const want = exact[i] as number;
          const got = field.cost[i] as number;
          if (!(want < INF)) expect(got).toBe(INF);
          else expect(Math.abs(got - want)).toBeLessThan(1e-9 * Math.max(1, want));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('covers only the sectors of the routes (and the margin)', () => {
    // Start top left, goal top right, the way round through the bottom row of sectors.
    const text = [
      '................................',
      '................................',
      '..............##................',
      '..............##................',
      '..............##................',
      '..............##................',
      '..............##................',
      '..............##................',
      '..............##................',
      '..............##................',
      '..............##................',
      '..............##................',
      '..............##................',
      '..............##................',
      '..............##................',
      '..............##................',
    ].join('\n');
    const grid = parseAsciiMap(text, undefined, { shared: false });
    const graph = buildSectorGraph(grid, { sectorSize: 8 });
    const field = graph.corridorField({ x: 31, y: 0 }, [0, 0], { margin: 0 });
    // Sectors 0 and 3 (start and goal) and the route between them along the top row: 4 sectors of the 8.
    expect(field.sectors).toBe(4);
    expect(field.costAt(0, 0)).toBe(31);
    expect(field.costAt(0, 15)).toBe(INF);
    const wide = graph.corridorField({ x: 31, y: 0 }, [0, 0], { margin: 1 });
    expect(wide.sectors).toBe(8);
  });

  it('checks its input', () => {
    const grid = Grid.open(20, 20, { shared: false });
    grid.setPassable(5, 5, false);
    const graph = buildSectorGraph(grid, { sectorSize: 8 });
    expect(() => graph.corridorField({ x: 5, y: 5 }, [0, 0])).toThrow(CoordinateError);
    expect(() => graph.corridorField({ x: 1, y: 1 }, [0, 20])).toThrow(CoordinateError);
    expect(() => graph.corridorField({ x: 1, y: 1 }, [0, 0], { margin: 9 })).toThrow(OutOfRangeError);
    // A start on a wall is no unit: ignored.
    const field = graph.corridorField({ x: 1, y: 1 }, [5, 5, 19, 19]);
    // Round the wall at (5, 5): 16 diagonal and 4 straight steps (corners are not cut).
    expect(field.costAt(19, 19)).toBeCloseTo(16 * Math.SQRT2 + 4, 12);
    expect(field.costAt(5, 5)).toBe(INF);
  });
});
