import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { generateMap } from '../grid/generate.js';
import { Grid } from '../grid/grid.js';
import { parseMovingAiMap } from '../grid/parse.js';
import { withPollutedPrototype } from '../util/pollute.test-util.js';
import { computeField, computeFieldFromSeeds, MAX_FIELD_COST } from './compute-field.js';
import { nextStep, pathFromField, pathLength } from './follow.js';
import { smoothPath, walkableLine } from './line.js';
import { updateField } from './repair/update-field.js';
import type { Metric } from './types.js';

const METRICS: Metric[] = ['steps', 'octile', 'weighted'];

describe('goal values and seeds at or above 2^53 (issue 23 item 1)', () => {
  it.each(METRICS)('refuses a goal value of 1e16 or -1e300 with OutOfRangeError naming the goal (%s)', (metric) => {
    const grid = Grid.open(8, 8);
    for (const value of [1e16, -1e300, 2 ** 53, -(2 ** 53), 1e300]) {
      const call = () =>
        computeField(grid, {
          metric,
          goals: [
            { x: 0, y: 0, value },
            { x: 7, y: 7, value: 0 },
          ],
        });
      expect(call).toThrow(OutOfRangeError);
      expect(call).toThrow(/goals\[0\]\.value.*2\^53/);
    }
  });

  it.each(METRICS)('refuses a single goal near 2^53 whose reachable costs pass 2^53 (%s)', (metric) => {
    const grid = Grid.open(8, 8);
    for (const value of [2 ** 53 - 1, 2 ** 53 - 60]) {
      expect(() => computeField(grid, { metric, goals: [{ x: 0, y: 0, value }] })).toThrow(OutOfRangeError);
    }
  });

  it('refuses goal values 2^53 apart (the bucket count would not be exact)', () => {
    const grid = Grid.open(8, 8);
    const goals = [
      { x: 0, y: 0, value: 2 ** 52 },
      { x: 7, y: 7, value: -(2 ** 52) },
    ];
    expect(() => computeField(grid, { metric: 'octile', goals })).toThrow(/less than 2\^53 above the smallest/);
  });

  it('computes exact costs for large goal values below the bound', () => {
    const grid = Grid.open(8, 8);
    const value = 2 ** 52;
    const field = computeField(grid, { metric: 'steps', goals: [{ x: 0, y: 0, value }] });
    expect(field.cost[63]).toBe(value + 7);
    expect(field.cost.every((c) => Number.isFinite(c))).toBe(true);
    const octile = computeField(grid, { metric: 'octile', goals: [{ x: 0, y: 0, value: 2 ** 50 }] });
    expect(octile.cost.filter((c) => c === Number.POSITIVE_INFINITY).length).toBe(0);
    // Sums at 2^50 round to quarters: within one unit of the exact length.
    expect(Math.abs((octile.cost[63] as number) - (2 ** 50 + 7 * Math.SQRT2))).toBeLessThan(1);
  });

  it('lets maxCost cap the reach, so a value near 2^53 works when maxCost is below 2^53', () => {
    const grid = Grid.open(8, 8);
    const value = 2 ** 53 - 64;
    const field = computeField(grid, { metric: 'steps', maxCost: value + 3, goals: [{ x: 0, y: 0, value }] });
    expect(field.cost[3]).toBe(value + 3);
    expect(field.cost[4]).toBe(Number.POSITIVE_INFINITY);
  });

  it('refuses seeds out of range in computeFieldFromSeeds and goal values in updateField', () => {
    const grid = Grid.open(8, 8);
    const seeds = new Float64Array(64).fill(Number.POSITIVE_INFINITY);
    seeds[5] = 1e16;
    expect(() => computeFieldFromSeeds(grid, seeds)).toThrow(/seeds\[5\] at \(5, 0\)/);
    seeds[5] = -1e300;
    expect(() => computeFieldFromSeeds(grid, seeds, { metric: 'weighted' })).toThrow(OutOfRangeError);
    seeds[5] = 2 ** 53 - 2;
    expect(() => computeFieldFromSeeds(grid, seeds, { metric: 'octile' })).toThrow(OutOfRangeError);
    const field = computeField(grid, { goals: [{ x: 0, y: 0 }] });
    grid.setPassable(3, 3, 0);
    expect(() => updateField(grid, field, { goals: [{ x: 0, y: 0, value: 1e16 }] })).toThrow(OutOfRangeError);
  });
});

describe('passability codes written directly into grid.passable (issue 23 item 4)', () => {
  it.each([3, 4, 5, 128, 255])('refuses code %i at the next kernel call after touch(), naming the tile', (code) => {
    for (const metric of METRICS) {
      const grid = Grid.open(8, 8);
      computeField(grid, { metric, goals: [{ x: 0, y: 0 }] });
      grid.passable[24] = code;
      grid.touch();
      expect(() => computeField(grid, { metric, goals: [{ x: 0, y: 0 }] })).toThrow(OutOfRangeError);
      expect(() => computeField(grid, { metric, goals: [{ x: 0, y: 0 }] })).toThrow(/\(0, 3\)/);
      const seeds = new Float64Array(64).fill(Number.POSITIVE_INFINITY);
      seeds[0] = 0;
      expect(() => computeFieldFromSeeds(grid, seeds, { metric })).toThrow(/passability code at \(0, 3\)/);
    }
  });

  it('refuses such a code in updateField and accepts the grid again once the code is fixed', () => {
    const grid = Grid.open(8, 8);
    const field = computeField(grid, { goals: [{ x: 0, y: 0 }] });
    grid.passable[63] = 4;
    grid.touch();
    expect(() => updateField(grid, field, { goals: [{ x: 0, y: 0 }] })).toThrow(/passability code at \(7, 7\)/);
    grid.passable[63] = 2;
    grid.touch();
    expect(updateField(grid, field, { goals: [{ x: 0, y: 0 }] }).full).toBe(true);
    expect(field.cost[63]).toBe(Number.POSITIVE_INFINITY);
  });

  it('refuses such a code in updateField called again with the same field and options (the remembered call)', () => {
    const grid = Grid.open(8, 8);
    const options = { goals: [{ x: 0, y: 0 }] };
    const field = computeField(grid, options);
    for (let i = 0; i < 3; i++) {
      grid.setPassable(3, i, 0);
      expect(updateField(grid, field, options).full).toBe(false);
    }
    grid.passable[63] = 4;
    grid.touch();
    expect(() => updateField(grid, field, options)).toThrow(/passability code at \(7, 7\)/);
    expect(() => updateField(grid, field, options)).toThrow(/passability code at \(7, 7\)/);
    // A field marked current past the unknown edit would be repaired, not recomputed: the codes are still checked.
    field.gridVersion = grid.version;
    grid.setPassable(6, 6, 0);
    expect(() => updateField(grid, field, options)).toThrow(/passability code at \(7, 7\)/);
    grid.passable[63] = 1;
    grid.touch();
    expect(updateField(grid, field, options).full).toBe(true);
    grid.setPassable(5, 5, 0);
    expect(updateField(grid, field, options).full).toBe(false);
    expect(field.cost).toEqual(computeField(grid, options).cost);
  });

  it('a generated or parsed grid is known valid, and is scanned again after touch()', () => {
    for (const grid of [generateMap('open', 8, 8), parseMovingAiMap('type octile\nheight 2\nwidth 2\nmap\n..\n..\n')]) {
      computeField(grid, { goals: [{ x: 0, y: 1 }] });
      grid.passable[grid.width] = 7;
      grid.touch();
      expect(() => computeField(grid, { goals: [{ x: 1, y: 1 }] })).toThrow(/passability code at \(0, 1\)/);
    }
  });

  it('checks a grid made from a forged buffer on first use', () => {
    const source = Grid.open(4, 4);
    source.passable[5] = 9;
    const grid = Grid.from(source.buffer);
    expect(() => computeField(grid, { goals: [{ x: 0, y: 0 }] })).toThrow(/passability code at \(1, 1\)/);
  });
});

describe('overlapping out arrays (issue 23 item 5)', () => {
  it('refuses cost and dir over the same bytes, and arrays in the grid buffer', () => {
    const grid = Grid.open(4, 4);
    const bytes = new ArrayBuffer(16 * 8);
    const cost = new Float64Array(bytes);
    const goals = [{ x: 0, y: 0 }];
    expect(() => computeField(grid, { goals, out: { cost, dir: new Uint8Array(bytes, 8, 16) } })).toThrow(
      InvalidOptionError,
    );
    expect(() => computeField(grid, { goals, out: { cost, dir: new Uint8Array(grid.buffer, 0, 16) } })).toThrow(
      /grid's own buffer/,
    );
    const seeds = new Float64Array(16).fill(Number.POSITIVE_INFINITY);
    seeds[0] = 0;
    expect(() => computeFieldFromSeeds(grid, seeds, { out: { cost, dir: new Uint8Array(bytes, 112, 16) } })).toThrow(
      /cost and dir over the same bytes/,
    );
    // Adjacent arrays in one buffer are fine.
    const field = computeField(grid, { goals, out: { cost, dir: new Uint8Array(new ArrayBuffer(16)) } });
    expect(field.cost[15]).toBe(3 * Math.SQRT2);
  });
});

describe('terrain edited while a weighted field is computed (issue 23 item 3)', () => {
  function terrainGrid(): Grid {
    const grid = Grid.open(96, 96, { terrain: true });
    grid.fillTerrain(0, 0, 96, 96, 3);
    grid.fillTerrain(10, 10, 40, 40, 7);
    return grid;
  }

  it('gives a stale but consistent field, never an error from inside the kernel', () => {
    const before = computeField(terrainGrid(), { metric: 'weighted', goals: [{ x: 0, y: 0 }] });
    const grid = terrainGrid();
    let polls = 0;
    const signal = {
      get aborted() {
        // Edits from "another thread" in the middle of the run: far costlier terrain and new walls.
        if (++polls === 2) {
          grid.fillTerrain(0, 0, 96, 96, 100_000);
          grid.fillPassable(0, 40, 96, 1, 0);
        }
        return false;
      },
    };
    const field = computeField(grid, {
      metric: 'weighted',
      goals: [{ x: 0, y: 0 }],
      control: {
        signal: signal as unknown as AbortSignal,
      },
    });
    expect(polls).toBeGreaterThan(1);
    expect(field.gridVersion).toBeLessThan(grid.version);
    expect(Array.from(field.cost)).toEqual(Array.from(before.cost));
    expect(Array.from(field.dir)).toEqual(Array.from(before.dir));
  });
});

describe('untyped errors and inherited options of the field functions (issue 23 items 9, 11)', () => {
  it('refuses a null control, non-fields and non-grids with typed errors', () => {
    const grid = Grid.open(4, 4);
    const goals = [{ x: 0, y: 0 }];
    expect(() => computeField(grid, { goals, control: null as never })).toThrow(InvalidOptionError);
    expect(() => computeFieldFromSeeds(grid, new Float64Array(16), { control: null as never })).toThrow(
      InvalidOptionError,
    );
    expect(() => nextStep(null as never, 0, 0)).toThrow(InvalidOptionError);
    expect(() => pathFromField(null as never, { x: 0, y: 0 })).toThrow(InvalidOptionError);
    expect(() => pathLength(null as never)).toThrow(InvalidOptionError);
    expect(() => smoothPath(Number.NaN as never, [0, 0])).toThrow(InvalidOptionError);
    expect(() => walkableLine(Number.NaN as never, 0, 0, 1, 1)).toThrow(InvalidOptionError);
    const field = computeField(grid, { goals });
    const width = new Proxy(new Int32Array(64), {});
    expect(() => updateField(grid, { ...field, width: width as never }, { goals })).toThrow(OutOfRangeError);
    expect(() => pathFromField(field, { x: 3, y: 3 }, { out: [] as never })).toThrow(InvalidOptionError);
    expect(() => nextStep({ ...field, dir: new Uint8Array(3) }, 0, 0)).toThrow(OutOfRangeError);
    expect(() => nextStep(field, 4, 0)).toThrow(CoordinateError);
  });

  it('reads options from own properties only', () => {
    const grid = Grid.open(8, 8);
    const seeds = new Float64Array(64).fill(Number.POSITIVE_INFINITY);
    seeds[0] = 0;
    const clean = computeFieldFromSeeds(grid, seeds);
    const plain = computeField(grid, { goals: [{ x: 0, y: 0 }] });
    withPollutedPrototype(
      { maxCost: 3, metric: 'steps', neighbors: 4, diagonal: 'never', goals: [{ x: 7, y: 7 }] },
      () => {
        expect(Array.from(computeFieldFromSeeds(grid, seeds).cost)).toEqual(Array.from(clean.cost));
        expect(Array.from(computeField(grid, { goals: [{ x: 0, y: 0 }] }).cost)).toEqual(Array.from(plain.cost));
      },
    );
  });

  it('reads a goal value from the goal itself, never from its prototype', () => {
    const grid = Grid.open(4, 4);
    const goal = Object.assign(Object.create({ value: 9 }), { x: 0, y: 0 });
    expect(computeField(grid, { goals: [goal] }).cost[0]).toBe(0);
    const field = computeField(grid, { goals: [{ x: 0, y: 0 }] });
    grid.setPassable(2, 2, 0);
    updateField(grid, field, { goals: [goal] });
    expect(field.cost[0]).toBe(0);
  });

  it('exports the bound', () => {
    expect(MAX_FIELD_COST).toBe(2 ** 53);
  });
});
