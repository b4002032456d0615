// API 1.0 (issue 31 items 2 and 4) for the fields, flow and scent families and the service's field and flow
// calls: points as { x, y }, routes as Path, run options (out, signal, onProgress, control) in the options object.
import { describe, expect, it } from 'vitest';
import { AbortError, CoordinateError, InvalidOptionError, OutOfRangeError } from './errors.js';
import { computeField, computeFieldFromSeeds } from './fields/compute-field.js';
import { pathFromField, pathLength } from './fields/follow.js';
import { smoothPath } from './fields/line.js';
import { updateField } from './fields/repair/update-field.js';
import { anyAnglePath } from './flow/any-angle-path.js';
import { computeFlow } from './flow/compute-flow.js';
import { followFlow } from './flow/follow-flow.js';
import { updateFlow } from './flow/update-flow.js';
import type { Grid } from './grid/grid.js';
import { parseAsciiMap } from './grid/parse.js';
import { combineMaps } from './scent/combine-maps.js';
import { descendMap } from './scent/descend-map.js';
import { fleeMap } from './scent/flee-map.js';
import { safetyField } from './scent/safety-map.js';
import { scentMap } from './scent/scent-map.js';
import { createFieldService } from './service/field-service.js';

/** An open 128x128 grid (more than a few thousand tiles, so that kernels look at their control). */
function openGrid(): Grid {
  return parseAsciiMap(Array.from({ length: 128 }, () => '.'.repeat(128)).join('\n'));
}

const MAP = ['........', '.####...', '....#...', '....#...', '........'].join('\n');

function aborted(): AbortSignal {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
}

/**
 * A signal that reads as not aborted at its first `clear` looks (the first is the up-front check, the second the
 * kernel's look as it starts) and aborted from then on.
 */
function abortsAfterFirstLook(clear = 1): AbortSignal {
  let looks = 0;
  return {
    get aborted() {
      looks++;
      return looks > clear;
    },
    addEventListener() {},
    removeEventListener() {},
  } as unknown as AbortSignal;
}

describe('one Path shape', () => {
  const grid = parseAsciiMap(MAP);
  const field = computeField(grid, { goals: [{ x: 7, y: 4 }] });

  it('pathFromField: a TilePath whose cost is the field cost at the start; null from a wall', () => {
    const path = pathFromField(field, { x: 0, y: 2 });
    expect(path).not.toBeNull();
    expect(path?.points).toBeInstanceOf(Int32Array);
    expect(path?.cost).toBe(field.cost[2 * grid.width]);
    expect(Array.from(path?.points.subarray(0, 2) ?? [])).toEqual([0, 2]);
    expect(Array.from(path?.points.subarray(-2) ?? [])).toEqual([7, 4]);
    expect(pathFromField(field, { x: 1, y: 1 })).toBeNull();
    const out = new Int32Array(64);
    expect(pathFromField(field, { x: 0, y: 2 }, { out })?.points.buffer).toBe(out.buffer);
    expect(() => pathFromField(field, { x: 9, y: 0 })).toThrow(CoordinateError);
    expect(() => pathFromField(field, [0, 2] as never)).toThrow(InvalidOptionError);
    expect(() => pathFromField(field, { x: 0, y: 2 }, { out: new Float64Array(8) as never })).toThrow('invalid out');
  });

  it('followFlow: a Path<Float64Array> whose cost is its Euclidean length; out checked by type and length', () => {
    const flow = computeFlow(grid, field);
    const path = followFlow(grid, field, flow, { x: 0.5, y: 2.5 });
    expect(path?.points).toBeInstanceOf(Float64Array);
    expect(path?.cost).toBeCloseTo(pathLength(path?.points ?? []), 12);
    expect(pathLength(path as never)).toBe(pathLength(path?.points ?? []));
    expect(followFlow(grid, field, flow, { x: 1.5, y: 1.5 })).toBeNull();
    const out = new Float64Array(256);
    const into = followFlow(grid, field, flow, { x: 0.5, y: 2.5 }, { out });
    expect(into?.points.buffer).toBe(out.buffer);
    expect(Array.from(into?.points ?? [])).toEqual(Array.from(path?.points ?? []));
    expect(() => followFlow(grid, field, flow, { x: 0.5, y: 2.5 }, { out: new Float32Array(8) as never })).toThrow(
      InvalidOptionError,
    );
    expect(() => followFlow(grid, field, flow, { x: 0.5, y: 2.5 }, { out: new Float64Array(7) })).toThrow(
      OutOfRangeError,
    );
    expect(() => followFlow(grid, field, flow, { x: 0.5 } as never)).toThrow('invalid start');
  });

  it('anyAnglePath and smoothPath return Paths; smoothPath takes a Path or a flat array', () => {
    const best = anyAnglePath(grid, { x: 0.5, y: 2.5 }, { x: 7.5, y: 4.5 });
    expect(best?.points).toBeInstanceOf(Float64Array);
    expect(best?.cost).toBeCloseTo(pathLength(best?.points ?? []), 12);
    expect(anyAnglePath(grid, { x: 1.5, y: 1.5 }, { x: 7.5, y: 4.5 })).toBeNull();
    const tiles = pathFromField(field, { x: 0, y: 2 });
    const smooth = smoothPath(grid, tiles as never);
    expect(smooth.points).toBeInstanceOf(Int32Array);
    expect(smooth.cost).toBe(pathLength(smooth.points));
    expect(smoothPath(grid, Array.from(tiles?.points ?? []))).toEqual(smooth);
  });
});

describe('one calling convention: run options in the options object', () => {
  const grid = parseAsciiMap(MAP);
  const goals = [{ x: 7, y: 4 }];

  it('an already-aborted signal throws AbortError before any work (out arrays untouched)', () => {
    const cost = new Float64Array(grid.size).fill(7);
    expect(() => computeField(grid, { goals, out: { cost }, signal: aborted() })).toThrow(AbortError);
    expect(cost.every((c) => c === 7)).toBe(true);
    const seeds = new Float64Array(grid.size).fill(Number.POSITIVE_INFINITY);
    seeds[0] = 0;
    expect(() => computeFieldFromSeeds(grid, seeds, { out: { cost }, signal: aborted() })).toThrow(AbortError);
    expect(cost.every((c) => c === 7)).toBe(true);
    const field = computeField(grid, { goals });
    expect(() => updateField(grid, field, { goals, signal: aborted() })).toThrow(AbortError);
    const vx = new Float32Array(grid.size).fill(7);
    expect(() => computeFlow(grid, field, { out: { vx }, signal: aborted() })).toThrow(AbortError);
    expect(vx.every((v) => v === 7)).toBe(true);
    const flow = computeFlow(grid, field);
    expect(() => updateFlow(grid, field, flow, { signal: aborted() })).toThrow(AbortError);
    const out = new Int32Array(grid.size).fill(7);
    expect(() => scentMap(grid, [{ x: 0, y: 0, strength: 5 }], { out, signal: aborted() })).toThrow(AbortError);
    expect(out.every((v) => v === 7)).toBe(true);
    const scent = scentMap(grid, [{ x: 0, y: 0, strength: 5 }]);
    expect(() => fleeMap(grid, scent, { strength: 5, signal: aborted() })).toThrow(AbortError);
    expect(() => safetyField(grid, [{ x: 0, y: 0 }], { signal: aborted() })).toThrow(AbortError);
  });

  it('a signal aborted during the work throws AbortError at the next look', () => {
    const big = openGrid();
    const done: number[] = [];
    expect(() =>
      computeField(big, {
        goals: [{ x: 0, y: 0 }],
        signal: abortsAfterFirstLook(2),
        onProgress: (d) => done.push(d),
      }),
    ).toThrow(AbortError);
    // The run had started: the kernel reported settled tiles at the look that stopped it, short of the whole grid.
    expect(Math.max(...done)).toBeGreaterThan(0);
    expect(Math.max(...done)).toBeLessThan(big.size);
    const field = computeField(big, { goals: [{ x: 0, y: 0 }] });
    expect(() => computeFlow(big, field, { signal: abortsAfterFirstLook() })).toThrow(AbortError);
    expect(() => scentMap(big, [{ x: 0, y: 0, strength: 500 }], { signal: abortsAfterFirstLook() })).toThrow(
      AbortError,
    );
  });

  it('onProgress reports (done, total) on the calling thread; a wrong signal or callback is refused', () => {
    const big = openGrid();
    const calls: [number, number][] = [];
    const field = computeField(big, { goals: [{ x: 0, y: 0 }], onProgress: (d, t) => calls.push([d, t]) });
    expect(calls.length).toBeGreaterThan(1);
    expect(calls.at(-1)?.[0]).toBe(big.size);
    expect(calls.at(-1)?.[1]).toBe(big.size);
    // The same field as without the options (only the shape of the call changed).
    expect(field.cost).toEqual(computeField(big, { goals: [{ x: 0, y: 0 }] }).cost);
    expect(() => computeField(big, { goals: [{ x: 0, y: 0 }], signal: 'stop' as never })).toThrow('invalid signal');
    expect(() => computeField(big, { goals: [{ x: 0, y: 0 }], onProgress: 3 as never })).toThrow('invalid onProgress');
  });

  it('scent family: grid first, then the map (descendMap(grid, map, x, y)); combineMaps(terms, { out })', () => {
    const scent = scentMap(grid, [{ x: 7, y: 4, strength: 20 }]);
    expect(descendMap(grid, scent, 6, 4, { ascend: true })).toBe(4 * grid.width + 7);
    const sum = combineMaps([{ map: scent, weight: 2 }]);
    expect(sum).toBeInstanceOf(Float64Array);
    expect(sum.length).toBe(grid.size);
    const out = new Float64Array(grid.size);
    expect(combineMaps([{ map: scent, weight: 2 }], { out })).toBe(out);
    expect(() => combineMaps([])).toThrow(InvalidOptionError);
    expect(() => scentMap(grid, [{ x: 0, strength: 3 } as never])).toThrow('invalid sources[0]');
    expect(() => safetyField(grid, [{ y: 0 } as never])).toThrow('invalid threats[0]');
  });

  it('the service takes one merged options object (main thread: an aborted signal rejects with AbortError)', async () => {
    const service = await createFieldService({ mode: 'main-thread' });
    try {
      await expect(service.computeField(grid, { goals, signal: aborted() })).rejects.toThrow(AbortError);
      const calls: number[] = [];
      const field = await service.computeField(grid, { goals, onProgress: (d) => calls.push(d) });
      expect(field.cost).toEqual(computeField(grid, { goals }).cost);
      const flow = await service.computeFlow(grid, field, { radius: 0.25, repairable: true });
      expect(flow.vx).toEqual(computeFlow(grid, field, { radius: 0.25 }).vx);
      await expect(service.updateFlow(grid, field, flow, { signal: aborted() })).rejects.toThrow(AbortError);
      grid.setPassable(6, 0, false);
      const updated = await service.updateField(grid, field, { goals });
      expect(updated.field.cost).toEqual(computeField(grid, { goals }).cost);
    } finally {
      await service.close();
    }
  });
});
