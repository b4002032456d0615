import { describe, expect, it } from 'vitest';
import { createCrowd } from '../crowd/crowd-state.js';
import { OutOfRangeError } from '../errors.js';
import { computeField } from '../fields/compute-field.js';
import { computeFlow } from '../flow/compute-flow.js';
import { Grid } from '../grid/grid.js';
import { RtsWorld } from '../rts/world.js';
import { scentMap } from '../scent/scent-map.js';
import { buildSectorGraph } from '../sectors/build.js';
import { decomposeConvexSets } from '../sets/convex-sets.js';
import { buildSetFields, MAX_SET_FIELD_CELLS } from '../sets/set-fields.js';
import { errorOf } from '../testing/error-of.test-util.js';
import { allocating, isAllocationFailure, MAX_BUFFER_BYTES } from './allocate.js';

const KINDS = [
  'ArrayBuffer',
  'SharedArrayBuffer',
  'Float64Array',
  'Float32Array',
  'Int32Array',
  'Uint32Array',
  'Uint16Array',
  'Uint8Array',
  'Int8Array',
] as const;

/**
 * Runs `call` in an engine that refuses every buffer over `limit` bytes the way V8 does when memory runs out
 * ("Array buffer allocation failed", a plain RangeError): the globals are replaced by subclasses for the call.
 */
function withEngineRefusingAbove<T>(limit: number, call: () => T): T {
  const g = globalThis as unknown as Record<string, new (...args: unknown[]) => unknown>;
  const saved = KINDS.map((k) => g[k] as new (...args: unknown[]) => unknown);
  KINDS.forEach((k, i) => {
    const Base = saved[i] as new (...args: unknown[]) => { BYTES_PER_ELEMENT?: number };
    const unit = (Base as unknown as { BYTES_PER_ELEMENT?: number }).BYTES_PER_ELEMENT ?? 1;
    g[k] = class extends Base {
      constructor(...args: unknown[]) {
        if (typeof args[0] === 'number' && args[0] * unit > limit)
          throw new RangeError('Array buffer allocation failed');
        super(...args);
      }
    };
  });
  try {
    return call();
  } finally {
    KINDS.forEach((k, i) => {
      g[k] = saved[i] as new (...args: unknown[]) => unknown;
    });
  }
}

/** Asserts `call` throws OutOfRangeError whose message names `what`. */
function expectRefused(call: () => unknown, what: RegExp): void {
  const error = errorOf(call);
  expect(error, 'an OutOfRangeError').toBeInstanceOf(OutOfRangeError);
  expect(error?.message).toMatch(what);
}

describe('allocations on a caller behalf are typed (issue 35)', () => {
  it('createCrowd with flows on an 8192 x 8192 grid: past 4 GiB refused before allocating; an engine refusal typed', () => {
    const grid = Grid.open(8192, 8192, { shared: false, editLog: 0 });
    // 16 groups with flows: 5 bytes x 2^26 tiles x 16 = 5 GiB.
    expectRefused(
      () => createCrowd({ grid, capacity: 1, groups: 16, flows: true }),
      /crowd.*16 groups with flows.*8192x8192/,
    );
    // 8 groups: 2.5 GiB, under the bound; an engine that cannot make it is reported the same way.
    expectRefused(
      () => withEngineRefusingAbove(2 ** 30, () => createCrowd({ grid, capacity: 1, groups: 8, flows: true })),
      /crowd.*8 groups.*"2\d{9} bytes".*it refused: Array buffer allocation failed/,
    );
  });

  it('buildSetFields refuses maxCells past what a buffer holds (2^40, Infinity) with OutOfRangeError', () => {
    const grid = Grid.open(16, 16);
    const sets = decomposeConvexSets(grid);
    for (const maxCells of [2 ** 40, Number.POSITIVE_INFINITY, MAX_SET_FIELD_CELLS + 1])
      expectRefused(() => buildSetFields(grid, sets, { maxCells }), /maxCells/);
    expect(buildSetFields(grid, sets, { maxCells: MAX_SET_FIELD_CELLS }).count).toBe(sets.count);
    expect(MAX_SET_FIELD_CELLS * 4).toBe(MAX_BUFFER_BYTES);
  });

  it('grids, fields, flows, sector graphs, RTS worlds, scent maps and sets report an engine refusal by name', () => {
    const grid = Grid.open(256, 256, { shared: false });
    const field = computeField(grid, { goals: [{ x: 1, y: 1 }] });
    const small = 1 << 14; // 16 KiB: less than any per-tile array of a 256 x 256 map
    const cases: [string, () => unknown, RegExp][] = [
      ['grid', () => Grid.open(256, 256, { shared: false }), /a 256x256 grid/],
      ['clone', () => grid.clone({ shared: false }), /copy of a 256x256 grid/],
      ['field', () => computeField(grid, { goals: [{ x: 1, y: 1 }] }), /field (costs|directions)/],
      ['flow', () => computeFlow(grid, field), /flow v?x|flow vy|flow anchor/],
      ['repairable flow', () => computeFlow(grid, field, { repairable: true }), /flow/],
      ['sector graph', () => buildSectorGraph(grid, { sectorSize: 8 }), /sector graph arrays/],
      ['RTS world', () => new RtsWorld(grid), /RTS world on a 256x256 grid/],
      ['scent map', () => scentMap(grid, [{ x: 1, y: 1, strength: 9 }]), /map values/],
      ['sets', () => decomposeConvexSets(grid), /sets of a 256x256 grid/],
    ];
    for (const [name, call, what] of cases) {
      const error = errorOf(() => withEngineRefusingAbove(small, call));
      expect(error, name).toBeInstanceOf(OutOfRangeError);
      expect(error?.message, name).toMatch(what);
      expect(error?.message, name).toContain('Array buffer allocation failed');
    }
  });

  it('only engine refusals are converted; our own errors and other RangeErrors pass through', () => {
    expect(isAllocationFailure(new RangeError('Array buffer allocation failed'))).toBe(true);
    expect(isAllocationFailure(new RangeError('Invalid typed array length: 1073741824'))).toBe(true);
    expect(isAllocationFailure(new RangeError('Maximum call stack size exceeded'))).toBe(false);
    expect(isAllocationFailure(new OutOfRangeError('x', 1, 'y'))).toBe(false);
    const own = new OutOfRangeError('x', 1, 'y');
    expect(
      errorOf(() =>
        allocating('x', 8, () => {
          throw own;
        }),
      ),
    ).toBe(own);
    expectRefused(() => allocating('a request', Number.NaN, () => 0), /a request/);
    expectRefused(() => allocating('a request', MAX_BUFFER_BYTES + 1, () => 0), /at most 4294967296 bytes/);
  });
});
