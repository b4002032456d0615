import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { DIR_DX, DIR_DY } from '../grid/directions.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { buildSectorGraph } from './build.js';
import { CorridorField } from './corridor-field.js';
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
        fc.constantFrom(1, 0.25, 0),
        (width, height, density, seed, rules, sectorSize, margin, picks, fullFieldAbove) => {
          const grid = randomGrid(width, height, density, seed, { water: true, terrain: rules.metric === 'weighted' });
          const open: number[] = [];
          for (let i = 0; i < grid.size; i++) if (grid.passable[i] !== 0) open.push(i);
          if (open.length === 0) return;
          const graph = buildSectorGraph(grid, { ...rules, sectorSize });
          const goalTile = open[seed % open.length] as number;
          const goal = { x: goalTile % width, y: Math.floor(goalTile / width) };
          const starts: number[] = [];
          for (const [a, b] of picks) starts.push(a % width, b % height);
          const field = graph.corridorField(goal, starts, { margin, fullFieldAbove });
          expect(field.gridVersion).toBe(grid.version);
          if (fullFieldAbove === 0) expect(field.fullField).toBe(true);
          if (fullFieldAbove === 1) expect(field.fullField).toBe(false);
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
        const corridor = graph.corridorField(goal, [0, 0, 36, 28], { margin: 8, fullFieldAbove: 1 });
        expect(corridor.fullField).toBe(false);
        const field = corridor.toField();
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
    const field = graph.corridorField({ x: 31, y: 0 }, [0, 0], { margin: 0, fullFieldAbove: 1 });
    // Sectors 0 and 3 (start and goal) and the route between them along the top row: 4 sectors of the 8.
    expect(field.sectors).toBe(4);
    expect(field.costAt(0, 0)).toBe(31);
    expect(field.costAt(0, 15)).toBe(INF);
    const wide = graph.corridorField({ x: 31, y: 0 }, [0, 0], { margin: 1, fullFieldAbove: 1 });
    expect(wide.sectors).toBe(8);
    expect(wide.fullField).toBe(false);
    // The fallback rule: more than `fullFieldAbove` of the sectors (4 of 8 is not more than a half).
    expect(graph.corridorField({ x: 31, y: 0 }, [0, 0], { margin: 0, fullFieldAbove: 0.5 }).fullField).toBe(false);
    const full = graph.corridorField({ x: 31, y: 0 }, [0, 0], { margin: 0, fullFieldAbove: 0.49 });
    expect(full.fullField).toBe(true);
    expect(full.sectors).toBe(8);
    // The full field covers the bottom row too, at its exact cost.
    const rules: Rules = { metric: 'octile', neighbors: 8, diagonal: 'if-both-free' };
    const exact = exactCosts(grid, 31, 0, rules);
    expect(full.costAt(0, 15)).toBe(exact[15 * 32]);
    expect(full.costAt(0, 15)).toBeGreaterThan(31);
    expect(full.costAt(0, 0)).toBe(31);
  });

  it('checks its input', () => {
    const grid = Grid.open(20, 20, { shared: false });
    grid.setPassable(5, 5, false);
    const graph = buildSectorGraph(grid, { sectorSize: 8 });
    expect(() => graph.corridorField({ x: 5, y: 5 }, [0, 0])).toThrow(CoordinateError);
    expect(() => graph.corridorField({ x: 1, y: 1 }, [0, 20])).toThrow(CoordinateError);
    expect(() => graph.corridorField({ x: 1, y: 1 }, [0, 0], { margin: 9 })).toThrow(OutOfRangeError);
    for (const bad of [-0.1, 1.5, Number.NaN, '0.5'])
      expect(() => graph.corridorField({ x: 1, y: 1 }, [0, 0], { fullFieldAbove: bad as never })).toThrow(
        OutOfRangeError,
      );
    // A start on a wall is no unit: ignored.
    const field = graph.corridorField({ x: 1, y: 1 }, [5, 5, 19, 19]);
    // Round the wall at (5, 5): 16 diagonal and 4 straight steps (corners are not cut).
    expect(field.costAt(19, 19)).toBeCloseTo(16 * Math.SQRT2 + 4, 12);
    expect(field.costAt(5, 5)).toBe(INF);
  });
});

describe('corridor fields: the full-field fallback', () => {
  it('equals the exact field on every tile when it falls back (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 48 }),
        fc.integer({ min: 10, max: 48 }),
        fc.double({ min: 0, max: 0.4, noNaN: true }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        rulesArb,
        fc.constantFrom(8, 16),
        fc.integer({ min: -4, max: 4 }),
        (width, height, density, seed, rules, sectorSize, value) => {
          const grid = randomGrid(width, height, density, seed, { water: true, terrain: rules.metric === 'weighted' });
          const open: number[] = [];
          for (let i = 0; i < grid.size; i++) if (grid.passable[i] !== 0) open.push(i);
          if (open.length === 0) return;
          const graph = buildSectorGraph(grid, { ...rules, sectorSize });
          const goalTile = open[seed % open.length] as number;
          const goal = { x: goalTile % width, y: Math.floor(goalTile / width), value };
          const field = graph.corridorField(goal, [0, 0], { fullFieldAbove: 0 });
          expect(field.fullField).toBe(true);
          expect(field.sectors).toBe(graph.sectorsX * graph.sectorsY);
          const exact = exactCosts(grid, goal.x, goal.y, rules);
          const flat = field.toField();
          const starts: number[] = [];
          for (let i = 0; i < grid.size; i++) {
            const want = (exact[i] as number) + value;
            const got = flat.cost[i] as number;
            if (!((exact[i] as number) < INF)) expect(got).toBe(INF);
            else expect(Math.abs(got - want)).toBeLessThan(1e-9 * Math.max(1, Math.abs(want)));
            if (i % 7 === 0) starts.push(i % width, Math.floor(i / width));
          }
          // Following dir adds up to the cost from every reachable tile (goal value 0: the walk's own cost).
          const plain = graph.corridorField({ x: goal.x, y: goal.y }, [0, 0], { fullFieldAbove: 0 });
          check(grid, plain, starts, rules, exact);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('falls back for units spread over the map, not for a clustered crowd (default threshold)', () => {
    const grid = randomGrid(256, 256, 0.1, 11, {});
    const graph = buildSectorGraph(grid, { sectorSize: 16 });
    const open = (x: number, y: number): [number, number] => {
      let t = y * 256 + x;
      while (grid.passable[t] === 0) t++;
      return [t % 256, Math.floor(t / 256)];
    };
    const [gx, gy] = open(70, 70);
    const goal = { x: gx, y: gy };
    const clustered: number[] = [];
    const spread: number[] = [];
    for (let i = 0; i < 64; i++) {
      clustered.push(...open(20 + (i % 8) * 2, 20 + Math.floor(i / 8) * 2));
      spread.push(...open((i % 8) * 32 + 5, Math.floor(i / 8) * 32 + 5));
    }
    const rules: Rules = { metric: 'octile', neighbors: 8, diagonal: 'if-both-free' };
    const exact = exactCosts(grid, gx, gy, rules);
    const crowd = graph.corridorField(goal, clustered);
    expect(crowd.fullField).toBe(false);
    expect(crowd.sectors).toBeLessThan(0.25 * 256);
    check(grid, crowd, clustered, rules, exact);
    const wide = graph.corridorField(goal, spread);
    expect(wide.fullField).toBe(true);
    expect(wide.sectors).toBe(256);
    // Where the fallback claims coverage (everywhere), its costs are the exact field's.
    const flat = wide.toField();
    for (let i = 0; i < grid.size; i++) {
      const want = exact[i] as number;
      if (!(want < INF)) expect(flat.cost[i]).toBe(INF);
      else expect(Math.abs((flat.cost[i] as number) - want)).toBeLessThan(1e-9 * Math.max(1, want));
    }
    // The same spread units with the fallback off: a corridor over more than a quarter of the sectors.
    const corridor = graph.corridorField(goal, spread, { fullFieldAbove: 1 });
    expect(corridor.fullField).toBe(false);
    expect(corridor.sectors).toBeGreaterThan(0.25 * 256);
  });

  it('checks the data of a full field given to the constructor', () => {
    // 41 x 23 tiles, 6 x 3 sectors of 8: 943 tiles, 18 blocks of 64 slots.
    const grid = randomGrid(41, 23, 0.2, 5, {});
    const graph = buildSectorGraph(grid, { sectorSize: 8 });
    let goal = 0;
    while (grid.passable[goal] === 0) goal++;
    const full = graph.corridorField({ x: goal % 41, y: Math.floor(goal / 41) }, [40, 22], { fullFieldAbove: 0 });
    const data = full.data;
    expect(data.cost.length).toBe(943);
    expect(new CorridorField({ ...data }).costAt(40, 22)).toBe(full.costAt(40, 22));
    expect(() => new CorridorField({ ...data, full: 'yes' as never })).toThrow(InvalidOptionError);
    // A full field covers every sector, with one slot per tile.
    expect(() => new CorridorField({ ...data, blockSector: data.blockSector.subarray(1) })).toThrow(OutOfRangeError);
    expect(() => new CorridorField({ ...data, cost: data.cost.subarray(1) })).toThrow(OutOfRangeError);
    // The same arrays read as a corridor's blocks are refused (a full field's slots are tiles, not blocks).
    expect(() => new CorridorField({ ...data, full: false })).toThrow(OutOfRangeError);
  });
});
