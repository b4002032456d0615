import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { localRunner } from '../jobs/local-runner.test-util.js';
import { withPollutedPrototype } from '../util/pollute.test-util.js';
import { decomposeConvexSets } from './convex-sets.js';
import { reduceFieldToSets, setCostsFrom, setCostsFromFields } from './set-costs.js';
import { allocateSetFields, buildSetField, buildSetFields, computeSetFieldsInto, setFieldCost } from './set-fields.js';
import { buildSetFieldsInPool, setCostPairInPool } from './set-fields-pool.js';

const MAP = ['.....#....', '.....#....', '..........', '#####.####', '..........'].join('\n');

describe('convex sets and per-set fields refuse hostile input with typed errors (issue 23 items 9, 11)', () => {
  it('refuses non-grids, forged sets and forged per-set fields', () => {
    const grid = parseAsciiMap(MAP);
    const sets = decomposeConvexSets(grid);
    expect(() => decomposeConvexSets(null as never)).toThrow(InvalidOptionError);
    expect(() => buildSetField(null as never, sets, 0)).toThrow(InvalidOptionError);
    expect(() => allocateSetFields(grid, null as never)).toThrow(InvalidOptionError);
    const outside = { ...sets, rects: sets.rects.slice() };
    outside.rects[2] = 40;
    expect(() => buildSetFields(grid, outside)).toThrow(OutOfRangeError);
    expect(() => setCostsFrom(grid, { ...sets, count: Number.POSITIVE_INFINITY }, { x: 0, y: 0 })).toThrow(
      InvalidOptionError,
    );
    expect(() => reduceFieldToSets(sets, Number.NaN as never)).toThrow(InvalidOptionError);
    expect(() => setCostsFrom(grid, { ...sets, setOf: new Proxy(sets.setOf, {}) }, { x: 0, y: 0 })).toThrow(
      InvalidOptionError,
    );
    const fields = buildSetFields(grid, sets);
    // A forged count used to loop for ever.
    expect(() => setCostsFromFields({ ...fields, count: Number.POSITIVE_INFINITY }, { x: 0, y: 0 })).toThrow(
      InvalidOptionError,
    );
    expect(() => setCostsFromFields(fields, { x: Symbol() as never, y: 0 })).toThrow(InvalidOptionError);
    expect(() => setFieldCost(Number.NaN as never, 0, 0)).toThrow(InvalidOptionError);
    expect(() => setFieldCost(fields, 0, Number.NaN)).toThrow(OutOfRangeError);
    expect(() => setFieldCost(fields, 0, sets.count)).toThrow(OutOfRangeError);
    expect(() => setCostsFrom(grid, sets, { x: 5, y: 0 })).toThrow(CoordinateError);
    expect(setFieldCost(fields, 0, 0)).toBe(0);
  });

  it('refuses cost and dir arrays over the same memory', () => {
    const grid = parseAsciiMap(MAP);
    const sets = decomposeConvexSets(grid);
    const bytes = new ArrayBuffer(grid.size * 4);
    expect(() =>
      computeSetFieldsInto(grid, sets, 0, 1, new Uint16Array(bytes, 0, grid.size), new Uint8Array(bytes, 0, grid.size)),
    ).toThrow(InvalidOptionError);
    expect(() =>
      computeSetFieldsInto(grid, sets, 0, 1, new Uint16Array(grid.size), new Uint8Array(grid.buffer, 0, grid.size)),
    ).toThrow(InvalidOptionError);
    expect(() =>
      computeSetFieldsInto(grid, sets, Symbol() as never, 1, new Uint16Array(grid.size), new Uint8Array(grid.size)),
    ).toThrow(OutOfRangeError);
  });

  it('reads options and control from own properties only', () => {
    const grid = Grid.open(12, 12);
    grid.fillPassable(4, 0, 1, 10, 0);
    const sets = decomposeConvexSets(grid);
    const clean = buildSetFields(grid, sets);
    const costs = setCostsFrom(grid, sets, { x: 0, y: 0 });
    withPollutedPrototype({ maxSide: 1, neighbors: 4, diagonal: 'never', maxCells: 1, control: {} }, () => {
      expect(decomposeConvexSets(grid).count).toBe(sets.count);
      const fields = buildSetFields(grid, sets);
      expect(Array.from(fields.cost)).toEqual(Array.from(clean.cost));
      expect(Array.from(setCostsFrom(grid, sets, { x: 0, y: 0 }))).toEqual(Array.from(costs));
      expect(buildSetField(grid, sets, 0).cost.length).toBe(144);
    });
  });

  it('the pool functions check their runner, grid, sets and options, and read options from own properties only', async () => {
    const grid = Grid.open(12, 12);
    grid.fillPassable(4, 0, 1, 10, 0);
    const sets = decomposeConvexSets(grid);
    // A runner that runs the kernels on this thread, as a FieldService would in its workers.
    const runner = localRunner(2);
    const clean = await buildSetFieldsInPool(runner, grid, sets);
    expect(Array.from(clean.cost)).toEqual(Array.from(buildSetFields(grid, sets).cost));
    await expect(buildSetFieldsInPool(null as never, grid, sets)).rejects.toThrow(InvalidOptionError);
    await expect(buildSetFieldsInPool({ ...runner, size: Number.NaN }, grid, sets)).rejects.toThrow(OutOfRangeError);
    await expect(buildSetFieldsInPool(runner, null as never, sets)).rejects.toThrow(InvalidOptionError);
    await expect(buildSetFieldsInPool(runner, grid, null as never)).rejects.toThrow(InvalidOptionError);
    await expect(buildSetFieldsInPool(runner, grid, sets, { signal: 3 as never })).rejects.toThrow(InvalidOptionError);
    await expect(setCostPairInPool(null as never, grid, sets, { x: 0, y: 0 }, { x: 11, y: 11 })).rejects.toThrow(
      InvalidOptionError,
    );
    await expect(setCostPairInPool(runner, grid, sets, Number.NaN as never, { x: 11, y: 11 })).rejects.toThrow(
      InvalidOptionError,
    );
    const pair = await setCostPairInPool(runner, grid, sets, { x: 0, y: 0 }, { x: 11, y: 11 });
    await withPollutedPrototype(
      { neighbors: 4, diagonal: 'never', maxCells: 1, jobsPerWorker: 0, signal: 3 },
      async () => {
        const fields = await buildSetFieldsInPool(runner, grid, sets);
        expect(Array.from(fields.cost)).toEqual(Array.from(clean.cost));
        const again = await setCostPairInPool(runner, grid, sets, { x: 0, y: 0 }, { x: 11, y: 11 });
        expect(Array.from(again.me)).toEqual(Array.from(pair.me));
      },
    );
  });
});
