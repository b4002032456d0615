import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortError, CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { DiagonalRule } from '../grid/directions.js';
import { generateMaze, generateRandom, generateRooms } from '../grid/generate.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { computeField, computeFieldFromSeeds } from './compute-field.js';
import { close, dirWalkProblem, RULE_LIST } from './field-check.test-util.js';
import { setWasmKernelsEnabled } from './kernels/wasm-module.js';
import { referenceField } from './reference.test-util.js';
import { CONTROL_LENGTH, ControlSlot, type FieldOptions, type Metric } from './types.js';

describe('computeField option errors name the offending value', () => {
  const grid = parseAsciiMap('...\n.#.\n...');
  const ok: FieldOptions = { goals: [{ x: 0, y: 0 }] };
  const cases: [string, () => unknown, new (...args: never[]) => Error, string][] = [
    [
      'goal on a wall',
      () =>
        computeField(grid, {
          goals: [
            { x: 0, y: 0 },
            { x: 0, y: 2 },
            { x: 1, y: 1 },
          ],
        }),
      CoordinateError,
      'goals[2] (1, 1) is a wall',
    ],
    [
      'goal outside',
      () => computeField(grid, { goals: [{ x: 3, y: 0 }] }),
      CoordinateError,
      'goals[0] (3, 0) is outside the 3x3 grid',
    ],
    ['fractional goal', () => computeField(grid, { goals: [{ x: 0.5, y: 0 }] }), CoordinateError, 'goals[0] (0.5, 0)'],
    [
      'NaN goal value',
      () => computeField(grid, { goals: [{ x: 0, y: 0, value: Number.NaN }] }),
      OutOfRangeError,
      'goals[0].value',
    ],
    [
      'infinite goal value',
      () => computeField(grid, { goals: [{ x: 0, y: 0, value: Number.POSITIVE_INFINITY }] }),
      OutOfRangeError,
      'Infinity',
    ],
    ['empty goals', () => computeField(grid, { goals: [] }), InvalidOptionError, 'at least one goal'],
    [
      'goals not an array',
      () => computeField(grid, { goals: 'x' } as unknown as FieldOptions),
      InvalidOptionError,
      'invalid goals',
    ],
    [
      'goal not an object',
      () => computeField(grid, { goals: [null] } as unknown as FieldOptions),
      InvalidOptionError,
      'goals[0]',
    ],
    [
      'unknown metric',
      () => computeField(grid, { ...ok, metric: 'manhattan' as Metric }),
      InvalidOptionError,
      'invalid metric: "manhattan"',
    ],
    [
      'neighbours 6',
      () => computeField(grid, { ...ok, neighbors: 6 as 8 }),
      InvalidOptionError,
      'invalid neighbors: 6',
    ],
    [
      'unknown diagonal rule',
      () => computeField(grid, { ...ok, diagonal: 'corner' as DiagonalRule }),
      InvalidOptionError,
      'invalid diagonal: "corner"',
    ],
    ['negative maxCost', () => computeField(grid, { ...ok, maxCost: -1 }), OutOfRangeError, 'maxCost out of range: -1'],
    [
      'NaN maxCost',
      () => computeField(grid, { ...ok, maxCost: Number.NaN }),
      OutOfRangeError,
      'maxCost out of range: NaN',
    ],
    [
      'short out.cost',
      () => computeField(grid, { ...ok, out: { cost: new Float64Array(8) } }),
      OutOfRangeError,
      'out.cost.length out of range: 8',
    ],
    [
      'long out.dir',
      () => computeField(grid, { ...ok, out: { dir: new Uint8Array(10) } }),
      OutOfRangeError,
      'out.dir.length out of range: 10',
    ],
    [
      'wrong out type',
      () => computeField(grid, { ...ok, out: { cost: new Float32Array(9) as unknown as Float64Array } }),
      InvalidOptionError,
      'out.cost',
    ],
    ['not a grid', () => computeField({} as Grid, ok), InvalidOptionError, 'invalid grid'],
    [
      'seeds of the wrong length',
      () => computeFieldFromSeeds(grid, new Float64Array(4)),
      OutOfRangeError,
      'seeds.length out of range: 4',
    ],
    [
      'NaN seed',
      () => computeFieldFromSeeds(grid, new Float64Array(9).fill(Number.NaN)),
      OutOfRangeError,
      'seeds[0] at (0, 0)',
    ],
    [
      '-Infinity seed',
      () => computeFieldFromSeeds(grid, new Float64Array(9).fill(Number.NEGATIVE_INFINITY)),
      OutOfRangeError,
      'seeds[0]',
    ],
  ];
  for (const [name, run, type, message] of cases) {
    it(name, () => {
      expect(run).toThrow(type);
      expect(run).toThrow(message);
    });
  }

  it('terrain below 1 on a walkable tile is refused for the weighted metric', () => {
    const g = parseAsciiMap('..', { '.': { code: 1, terrain: 2 } });
    (g.terrain as Float32Array)[1] = 0.5;
    expect(() => computeField(g, { ...ok, metric: 'weighted' })).toThrow('terrain at (1, 0) out of range: 0.5');
    expect(computeField(g, { ...ok, metric: 'octile' }).cost[1]).toBe(1);
  });

  it('seeds on walls and Infinity seeds are ignored; no seed gives an unreachable field', () => {
    const seeds = new Float64Array(9).fill(Number.POSITIVE_INFINITY);
    seeds[4] = 0; // the wall
    const field = computeFieldFromSeeds(grid, seeds, { metric: 'steps' });
    expect(Array.from(field.cost)).toEqual(new Array(9).fill(Number.POSITIVE_INFINITY));
    expect(Array.from(field.dir)).toEqual(new Array(9).fill(255));
  });
});

for (const kernels of ['WebAssembly', 'JavaScript'] as const) {
  describe(`KernelControl, ${kernels} kernels`, () => {
    beforeAll(() => setWasmKernelsEnabled(kernels === 'WebAssembly'));
    afterAll(() => setWasmKernelsEnabled(true));
    const grid = Grid.open(200, 200);
    const goals = [{ x: 100, y: 100 }];

    it('stores the total and the done count', () => {
      for (const metric of ['steps', 'octile', 'weighted'] as Metric[]) {
        const control = new Int32Array(CONTROL_LENGTH);
        computeField(grid, { goals, metric, control: { control } });
        expect(control[ControlSlot.total]).toBe(40_000);
        expect(control[ControlSlot.done]).toBe(40_000);
      }
    });

    it('throws AbortError when the abort slot is set or the signal is aborted', () => {
      const control = new Int32Array(CONTROL_LENGTH);
      control[ControlSlot.abort] = 1;
      expect(() => computeField(grid, { goals, control: { control } })).toThrow(AbortError);
      const controller = new AbortController();
      controller.abort();
      expect(() => computeField(grid, { goals, metric: 'steps', control: { signal: controller.signal } })).toThrow(
        AbortError,
      );
    });

    it("refuses a signal given where `out` goes (the service's third argument) instead of ignoring it", () => {
      const controller = new AbortController();
      controller.abort();
      const asOut = (value: unknown) => () => computeField(grid, { goals, out: value as never });
      for (const value of [
        { signal: controller.signal },
        controller.signal,
        { onProgress: () => {} },
        { control: new Int32Array(CONTROL_LENGTH) },
        { cost: new Float64Array(grid.size), signal: controller.signal },
      ]) {
        expect(asOut(value)).toThrow(InvalidOptionError);
        expect(asOut(value)).toThrow(/invalid out: .*pass cancellation and progress beside `out` in the options/);
      }
      const error = (() => {
        try {
          asOut({ signal: controller.signal })();
        } catch (e) {
          return e as InvalidOptionError;
        }
      })();
      expect(error?.option).toBe('out');
      // In its own place the same signal is honoured, and real `out` arrays still work.
      expect(() => computeField(grid, { goals, control: { signal: controller.signal } })).toThrow(AbortError);
      const out = { cost: new Float64Array(grid.size), dir: new Uint8Array(grid.size) };
      expect(computeField(grid, { goals, out }).cost).toBe(out.cost);
      expect(() =>
        computeFieldFromSeeds(grid, new Float64Array(grid.size), { out: { signal: controller.signal } as never }),
      ).toThrow(InvalidOptionError);
    });

    it('stops part-way when aborted during the run, after reporting progress', () => {
      // A water tile too, so both passability codes are in play.
      grid.setPassable(199, 0, 2);
      for (const metric of ['steps', 'octile', 'weighted'] as Metric[]) {
        const control = new Int32Array(CONTROL_LENGTH);
        let polls = 0;
        const signal = {
          get aborted() {
            polls++;
            return Atomics.load(control, ControlSlot.done) > 10_000;
          },
        } as AbortSignal;
        expect(() => computeField(grid, { goals, metric, control: { control, signal } })).toThrow(AbortError);
        expect(polls).toBeGreaterThan(2);
        expect(control[ControlSlot.done]).toBeGreaterThan(10_000);
        expect(control[ControlSlot.done]).toBeLessThan(40_000);
        // The kernels' scratch is clean again: a range-limited run (row-restoring kernels) and a full run.
        const near = computeField(grid, { goals, metric, maxCost: 3 });
        expect(near.cost.filter((c) => c < Number.POSITIVE_INFINITY).length).toBe(metric === 'steps' ? 49 : 29);
        const after = computeField(grid, { goals, metric });
        expect(after.cost[0]).toBeCloseTo(metric === 'steps' ? 100 : 100 * Math.SQRT2, 9);
        expect(after.cost[199 * 200 + 199]).toBeCloseTo(metric === 'steps' ? 99 : 99 * Math.SQRT2, 9);
      }
    });
  });
}

for (const kernels of ['WebAssembly', 'JavaScript'] as const) {
  describe(`large maps: every kernel agrees (queue growth, bucket growth, seed injection), ${kernels} kernels`, () => {
    beforeAll(() => setWasmKernelsEnabled(kernels === 'WebAssembly'));
    afterAll(() => setWasmKernelsEnabled(true));
    const maps: [string, Grid][] = [
      ['random 300x300', generateRandom(300, 300, 0.3, { seed: 7, shared: false })],
      ['maze 301x201', generateMaze(301, 201, { seed: 3, shared: false })],
      ['rooms 256x256', generateRooms(256, 256, { seed: 5, shared: false })],
    ];
    for (const [name, grid] of maps) {
      it(`${name}: BFS waves equal Dial buckets; octile walks add up`, () => {
        fc.assert(
          fc.property(
            fc.nat(),
            fc.constantFrom<4 | 8>(4, 8),
            fc.constantFrom(...RULE_LIST),
            (pick, neighbors, diagonal) => {
              let i = pick % grid.size;
              while (grid.passable[i] === 0) i = (i + 1) % grid.size;
              const x = i % grid.width;
              const y = Math.floor(i / grid.width);
              const options = { neighbors, diagonal };
              const bfs = computeField(grid, { goals: [{ x, y }], metric: 'steps', ...options });
              // An extra goal of huge value makes the seeds unequal, which routes to the bucket kernel.
              const far = { x: grid.width - 1 - x, y: grid.height - 1 - y, value: 1e9 };
              if (grid.passable[far.y * grid.width + far.x] !== 0) {
                const dial = computeField(grid, { goals: [{ x, y }, far], metric: 'steps', ...options });
                for (let t = 0; t < grid.size; t++) {
                  // Tiles reached only from the far goal cost about 1e9 there and Infinity in the BFS field.
                  const d = dial.cost[t] as number;
                  const b = bfs.cost[t] as number;
                  if (b < Number.POSITIVE_INFINITY ? d !== b : d < 1e9)
                    throw new Error(`tile ${t}: bfs ${b} dial ${d}`);
                }
              }
              const seeds = new Float64Array(grid.size).fill(Number.POSITIVE_INFINITY);
              seeds[i] = 0;
              const octile = computeField(grid, { goals: [{ x, y }], ...options });
              const problem =
                dirWalkProblem(grid, bfs, seeds, 'steps', neighbors, diagonal, 1e-9, 37) ??
                dirWalkProblem(grid, octile, seeds, 'octile', neighbors, diagonal, 1e-9, 37);
              if (problem) throw new Error(problem);
            },
          ),
          { numRuns: 4 },
        );
      });
    }

    it('a safety-map style seeding (every tile, negative values) matches the reference in every kernel', () => {
      const grid = generateRandom(50, 50, 0.25, { seed: 11, shared: false, terrain: true });
      const dist = computeField(grid, { goals: [{ x: 25, y: 25 }] });
      const seeds = Float64Array.from(dist.cost, (c) =>
        c < Number.POSITIVE_INFINITY ? -1.2 * c : Number.POSITIVE_INFINITY,
      );
      const terrain = grid.terrain as Float32Array;
      const runs: [Metric, number][] = [
        ['octile', 1], // 3-bucket kernel, counting-sorted seeds
        ['steps', 1],
        ['weighted', 3], // general Dial kernel
        ['weighted', 9000], // binary-heap fallback
      ];
      for (const [metric, heavy] of runs) {
        for (let t = 0; t < grid.size; t++) terrain[t] = t % 7 === 0 ? heavy : 1 + (t % 3);
        if (heavy === 1) terrain.fill(1);
        const options = { metric, neighbors: 8, diagonal: 'if-both-free', maxCost: Number.POSITIVE_INFINITY } as const;
        const field = computeFieldFromSeeds(grid, seeds, options);
        const expected = referenceField(grid, seeds, options);
        for (let t = 0; t < grid.size; t++) {
          if (!close(field.cost[t] as number, expected[t] as number)) {
            throw new Error(`${metric}/${heavy} tile ${t}: ${field.cost[t]} vs ${expected[t]}`);
          }
        }
        expect(dirWalkProblem(grid, field, seeds, metric, 8, 'if-both-free')).toBeNull();
      }
    });
  });
}
