import { describe, expect, it } from 'vitest';
import { AbortError } from '../errors.js';
import { CONTROL_LENGTH, ControlSlot, type KernelControl } from '../fields/types.js';
import { Grid } from '../grid/grid.js';
import { fleeMap } from './flee-map.js';
import { safetyField } from './safety-map.js';
import { SCENT_CONTROL_INTERVAL } from './scent-bfs.js';
import { scentMap } from './scent-map.js';

const SIDE = 256; // 65536 tiles: 16 control intervals
const TILES = SIDE * SIDE;

function controlArray(abort = 0): Int32Array {
  const control = new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4));
  control[ControlSlot.abort] = abort;
  return control;
}

/**
 * A control whose signal reads "aborted" from its `after`-th look on: an abort that arrives mid-wave, on this
 * thread. `looks` counts the kernel's checks; `doneAtAbort` is the progress published just before the throw.
 */
function abortAfter(after: number): { control: KernelControl; looks: () => number; doneAtAbort: () => number } {
  const array = controlArray();
  let looks = 0;
  let doneAtAbort = -1;
  const signal = {
    get aborted() {
      looks++;
      if (looks >= after && doneAtAbort < 0) doneAtAbort = Atomics.load(array, ControlSlot.done);
      return looks >= after;
    },
  } as unknown as AbortSignal;
  return { control: { control: array, signal }, looks: () => looks, doneAtAbort: () => doneAtAbort };
}

describe('scent, flee and safety maps honour a KernelControl', () => {
  const grid = Grid.open(SIDE, SIDE, { shared: false });
  const source = [{ x: 0, y: 0, strength: 2 ** 30 - 1 }];

  it('scentMap publishes progress: total = tiles, done = every tile popped', () => {
    const control = controlArray();
    const map = scentMap(grid, source, { control: { control } });
    expect(control[ControlSlot.total]).toBe(TILES);
    expect(control[ControlSlot.done]).toBe(TILES);
    expect([...map]).toEqual([...scentMap(grid, source)]);
  });

  it('scentMap throws AbortError at once when the abort flag is already set', () => {
    const control = controlArray(1);
    expect(() => scentMap(grid, source, { control: { control } })).toThrow(AbortError);
    expect(control[ControlSlot.done]).toBe(0);
  });

  it('scentMap stops mid-wave when the abort arrives after some intervals', () => {
    const probe = abortAfter(4);
    expect(() => scentMap(grid, source, { control: probe.control })).toThrow(AbortError);
    // Looks at 0, 4096, 8192 pass; the fourth (12288 popped) throws.
    expect(probe.doneAtAbort()).toBe(3 * SCENT_CONTROL_INTERVAL);
    expect(probe.looks()).toBe(4);
  });

  it('fleeMap publishes progress and stops mid-wave', () => {
    const scent = scentMap(grid, [{ x: 10, y: 10, strength: 50 }]);
    const control = controlArray();
    fleeMap(grid, scent, { strength: 50, control: { control } });
    expect(control[ControlSlot.total]).toBe(TILES);
    expect(control[ControlSlot.done]).toBe(TILES - 1); // all but the player's tile
    expect(() => fleeMap(grid, scent, { strength: 50, control: { control: controlArray(1) } })).toThrow(AbortError);
    const probe = abortAfter(3);
    expect(() => fleeMap(grid, scent, { strength: 50, control: probe.control })).toThrow(AbortError);
    expect(probe.doneAtAbort()).toBe(2 * SCENT_CONTROL_INTERVAL);
  });

  it('safetyField passes the control to both passes: progress published, abort in either pass', () => {
    const control = controlArray();
    const field = safetyField(grid, [{ x: 5, y: 5 }], { control: { control } });
    expect(control[ControlSlot.total]).toBeGreaterThan(0);
    expect(control[ControlSlot.done]).toBe(field.cost.filter((c) => c < Number.POSITIVE_INFINITY).length);
    expect(() => safetyField(grid, [{ x: 5, y: 5 }], { control: { control: controlArray(1) } })).toThrow(AbortError);
    // Count the looks of a complete run, then abort at the last one: that is in the second pass.
    const counting = abortAfter(Number.POSITIVE_INFINITY);
    safetyField(grid, [{ x: 5, y: 5 }], { control: counting.control });
    const looks = counting.looks();
    expect(looks).toBeGreaterThan(4);
    const late = abortAfter(looks);
    expect(() => safetyField(grid, [{ x: 5, y: 5 }], { control: late.control })).toThrow(AbortError);
    const early = abortAfter(2);
    expect(() => safetyField(grid, [{ x: 5, y: 5 }], { control: early.control })).toThrow(AbortError);
  });
});
