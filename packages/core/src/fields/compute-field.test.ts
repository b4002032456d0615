import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiagonalRule } from '../grid/directions.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { computeField, computeFieldFromSeeds } from './compute-field.js';
import { arbGrid, close, dirWalkProblem, METRIC_LIST, RULE_LIST } from './field-check.test-util.js';
import { setWasmKernelsEnabled } from './kernels/wasm-module.js';
import { referenceField } from './reference.test-util.js';
import type { Goal, Metric } from './types.js';

const COMBOS: [Metric, 4 | 8, DiagonalRule][] = METRIC_LIST.flatMap((metric) => [
  [metric, 4, 'if-both-free'] as [Metric, 4 | 8, DiagonalRule],
  ...RULE_LIST.map((rule) => [metric, 8, rule] as [Metric, 4 | 8, DiagonalRule]),
]);

function sameCosts(actual: Float64Array, expected: Float64Array, exact: boolean): string | null {
  for (let i = 0; i < expected.length; i++) {
    const a = actual[i] as number;
    const e = expected[i] as number;
    if (exact ? a !== e : !close(a, e)) return `tile ${i}: got ${a}, expected ${e}`;
  }
  return null;
}

const arbGoals = fc.array(fc.record({ pick: fc.nat(), value: fc.integer({ min: -80, max: 80 }).map((v) => v / 4) }), {
  minLength: 1,
  maxLength: 4,
});
/** Infinity, or a multiple of 1/4 (ties with step costs are exact, so `<=` at the limit is tested too). */
const arbMaxCost = fc.oneof(
  fc.constant(Number.POSITIVE_INFINITY),
  fc.integer({ min: 0, max: 60 }).map((v) => v / 4),
);

// Both kernel builds: WebAssembly (the default where available) and the JavaScript fallback.
for (const kernels of ['WebAssembly', 'JavaScript'] as const) {
  describe(`computeField against the reference Dijkstra (random grids 1..12, walls, water, terrain), ${kernels} kernels`, () => {
    beforeAll(() => setWasmKernelsEnabled(kernels === 'WebAssembly'));
    afterAll(() => setWasmKernelsEnabled(true));
    for (const [metric, neighbors, diagonal] of COMBOS) {
      it(`${metric}, ${neighbors} neighbours, ${diagonal}`, () => {
        fc.assert(
          fc.property(
            arbGrid(),
            arbGoals,
            arbMaxCost,
            fc.boolean(),
            fc.boolean(),
            ({ grid, walkable }, picks, maxCost, sameValue, dry) => {
              // Half the maps have no water at all (a single walkable code).
              if (dry) for (let i = 0; i < grid.size; i++) if (grid.passable[i] === 2) grid.passable[i] = 1;
              // Equal values (the BFS kernel's case) are 0, or the first goal's value (negative or fractional).
              const first = picks[0] as { pick: number; value: number };
              const shared = first.pick % 2 === 0 ? 0 : first.value;
              const goals: Goal[] = picks.map(({ pick, value }) => {
                const i = walkable[pick % walkable.length] as number;
                return { x: i % grid.width, y: Math.floor(i / grid.width), value: sameValue ? shared : value };
              });
              const seeds = new Float64Array(grid.size).fill(Number.POSITIVE_INFINITY);
              for (const g of goals) {
                const i = g.y * grid.width + g.x;
                seeds[i] = Math.min(seeds[i] as number, g.value ?? 0);
              }
              const field = computeField(grid, { goals, metric, neighbors, diagonal, maxCost });
              const expected = referenceField(grid, seeds, { metric, neighbors, diagonal, maxCost });
              const problem =
                sameCosts(field.cost, expected, metric === 'steps') ??
                dirWalkProblem(grid, field, seeds, metric, neighbors, diagonal);
              if (problem) throw new Error(problem);
            },
          ),
          { numRuns: 400 },
        );
      });
    }
  });
}

describe('computeFieldFromSeeds against the reference', () => {
  const arbSeeds = (scale: number) =>
    fc.record({
      density: fc.double({ min: 0, max: 1, noNaN: true }),
      values: fc.array(fc.integer({ min: -400, max: 400 }), { minLength: 144, maxLength: 144 }),
      mask: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 144, maxLength: 144 }),
      scale: fc.constant(scale),
    });
  const cases: [string, number, number][] = [
    ['dense seeds over a narrow range (counting sort, lazy injection)', 0.25, 12],
    ['seeds spread over a huge range (comparison sort, window jumps)', 1000, 12],
  ];
  for (const [name, scale, side] of cases) {
    for (const [metric, neighbors, diagonal] of [COMBOS[1], COMBOS[9], COMBOS[14]] as [Metric, 4 | 8, DiagonalRule][]) {
      it(`${name}: ${metric} ${neighbors} ${diagonal}`, () => {
        fc.assert(
          fc.property(arbGrid(side), arbSeeds(scale), arbMaxCost, ({ grid }, s, maxCost) => {
            const seeds = new Float64Array(grid.size).fill(Number.POSITIVE_INFINITY);
            for (let i = 0; i < grid.size; i++) {
              // Walls get seeds too: they must be ignored.
              if ((s.mask[i] as number) < s.density) seeds[i] = (s.values[i] as number) * s.scale;
            }
            const limit = scale > 1 ? maxCost * 1000 : maxCost;
            const field = computeFieldFromSeeds(grid, seeds, { metric, neighbors, diagonal, maxCost: limit });
            const expected = referenceField(grid, seeds, { metric, neighbors, diagonal, maxCost: limit });
            const problem =
              sameCosts(field.cost, expected, metric === 'steps') ??
              dirWalkProblem(grid, field, seeds, metric, neighbors, diagonal);
            if (problem) throw new Error(problem);
          }),
          { numRuns: 150 },
        );
      });
    }
  }

  it('huge terrain costs (binary-heap fallback) match the reference', () => {
    fc.assert(
      fc.property(
        arbGrid(10),
        fc.array(fc.integer({ min: 1, max: 20000 }), { minLength: 100, maxLength: 100 }),
        arbGoals,
        fc.constantFrom<DiagonalRule>(...RULE_LIST),
        ({ grid, walkable }, terrain, picks, diagonal) => {
          for (let i = 0; i < grid.size; i++) (grid.terrain as Float32Array)[i] = terrain[i] as number;
          const seeds = new Float64Array(grid.size).fill(Number.POSITIVE_INFINITY);
          for (const { pick, value } of picks) seeds[walkable[pick % walkable.length] as number] = value;
          const options = { metric: 'weighted', neighbors: 8, diagonal, maxCost: Number.POSITIVE_INFINITY } as const;
          const field = computeFieldFromSeeds(grid, seeds, options);
          const expected = referenceField(grid, seeds, options);
          const problem =
            sameCosts(field.cost, expected, false) ?? dirWalkProblem(grid, field, seeds, 'weighted', 8, diagonal);
          if (problem) throw new Error(problem);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('terrain between 1 and sqrt 2 (dearer than flat, cheaper than a diagonal) matches the reference', () => {
    fc.assert(
      fc.property(
        arbGrid(10),
        fc.array(fc.integer({ min: 0, max: 16 }), { minLength: 100, maxLength: 100 }),
        arbGoals,
        fc.constantFrom<[4 | 8, DiagonalRule]>([4, 'if-both-free'], [8, 'never'], [8, 'if-both-free'], [8, 'always']),
        ({ grid, walkable }, terrain, picks, [neighbors, diagonal]) => {
          // 1 to 1.4 in steps of 1/40: at most sqrt 2 with 4 neighbours, at most 2 with diagonals.
          for (let i = 0; i < grid.size; i++) (grid.terrain as Float32Array)[i] = 1 + (terrain[i] as number) / 40;
          const seeds = new Float64Array(grid.size).fill(Number.POSITIVE_INFINITY);
          for (const { pick, value } of picks) seeds[walkable[pick % walkable.length] as number] = value;
          const options = { metric: 'weighted', neighbors, diagonal, maxCost: Number.POSITIVE_INFINITY } as const;
          const field = computeFieldFromSeeds(grid, seeds, options);
          const expected = referenceField(grid, seeds, options);
          const problem =
            sameCosts(field.cost, expected, false) ??
            dirWalkProblem(grid, field, seeds, 'weighted', neighbors, diagonal);
          if (problem) throw new Error(problem);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('computeField on hand-drawn maps', () => {
  const map = `
.....
.###.
.#...
.#.#.
...#.
`;
  it('steps field: the BFS waves of the seed (8 neighbours, no corner cutting)', () => {
    const grid = parseAsciiMap(map);
    const field = computeField(grid, { goals: [{ x: 2, y: 2 }], metric: 'steps' });
    const I = Number.POSITIVE_INFINITY;
    // biome-ignore format: the table is the map
    expect(Array.from(field.cost)).toEqual([
      8, 7, 6, 5, 4,
      7, I, I, I, 3,
      6, I, 0, 1, 2,
      5, I, 1, I, 3,
      4, 3, 2, I, 4,
    ]);
    expect(field.width).toBe(5);
    expect(field.gridVersion).toBe(grid.version);
  });

  it('octile field: straight 1, diagonal sqrt 2; weighted doubles the cost of stepping into dear tiles', () => {
    // The centre is dear to step into.
    const grid = parseAsciiMap('...\n.x.\n...', { '.': 1, x: { code: 1, terrain: 3 } });
    expect(grid.terrainAt(1, 1)).toBe(3);
    const octile = computeField(grid, { goals: [{ x: 0, y: 0 }] });
    expect(octile.cost[8]).toBe(2 * Math.SQRT2);
    expect(octile.cost[5]).toBe(1 + Math.SQRT2);
    const weighted = computeField(grid, { goals: [{ x: 0, y: 0 }], metric: 'weighted' });
    // From (2,2): through the centre costs 3*sqrt2 + sqrt2; round it costs 1 + 1 + ... : 1 + sqrt2 + 1.
    expect(weighted.cost[8]).toBeCloseTo(Math.min(4 * Math.SQRT2, 1 + Math.SQRT2 + 1), 12);
    // Stepping into the dear centre from the corner goal's neighbour is never needed except to reach it.
    expect(weighted.cost[4]).toBe(Math.SQRT2);
  });

  it('weighted, 4 neighbours: a terrain of 1.25 costs 1.25 per step, not 1 (terrain below sqrt 2 counts too)', () => {
    const grid = parseAsciiMap('...', { '.': { code: 1, terrain: 1.25 } });
    for (const moves of [{ neighbors: 4 }, { diagonal: 'never' }] as const) {
      const field = computeField(grid, { goals: [{ x: 0, y: 0 }], metric: 'weighted', ...moves });
      expect([...field.cost]).toEqual([0, 1.25, 2.5]);
    }
  });

  it('water is reached only from water', () => {
    const grid = parseAsciiMap('..~~\n..~~', { '.': 1, '~': 2 });
    const field = computeField(grid, { goals: [{ x: 0, y: 0 }] });
    expect(Array.from(field.cost.subarray(0, 4))).toEqual([0, 1, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY]);
    const wet = computeField(grid, { goals: [{ x: 3, y: 1 }], metric: 'steps' });
    expect(Array.from(wet.cost)).toEqual([Infinity, Infinity, 1, 1, Infinity, Infinity, 1, 0]);
  });

  it('maxCost keeps tiles within the range and leaves the rest unreachable', () => {
    const grid = Grid.open(10, 1);
    const field = computeField(grid, { goals: [{ x: 0, y: 0, value: 1 }], maxCost: 4 });
    expect(Array.from(field.cost)).toEqual([1, 2, 3, 4, ...new Array(6).fill(Number.POSITIVE_INFINITY)]);
    expect(field.dir[4]).toBe(255);
  });

  it('a negative goal value pulls the field towards that goal', () => {
    const grid = Grid.open(7, 1);
    const goals = [
      { x: 0, y: 0, value: 0 },
      { x: 6, y: 0, value: -3 },
    ];
    const field = computeField(grid, { goals, metric: 'steps' });
    expect(Array.from(field.cost)).toEqual([0, 1, 1, 0, -1, -2, -3]);
    expect(Array.from(field.dir)).toEqual([255, 3, 1, 1, 1, 1, 255]);
  });

  it('reuses the arrays it is given and overwrites stale content', () => {
    const grid = Grid.open(4, 4);
    const cost = new Float64Array(16).fill(-7);
    const dir = new Uint8Array(16).fill(9);
    grid.setPassable(3, 3, false);
    const field = computeField(grid, { goals: [{ x: 0, y: 0 }], out: { cost, dir } });
    expect(field.cost).toBe(cost);
    expect(field.dir).toBe(dir);
    expect(cost[15]).toBe(Number.POSITIVE_INFINITY);
    expect(dir[15]).toBe(255);
    expect(cost[0]).toBe(0);
    const again = computeField(grid, { goals: [{ x: 3, y: 0 }], metric: 'steps', out: { cost, dir } });
    expect(again.cost[0]).toBe(3);
    expect(again.gridVersion).toBe(grid.version);
  });
});
