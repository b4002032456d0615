import { describe, expect, it } from 'vitest';
import { OutOfRangeError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import { DEFAULT_RTS_GROUP_OPTIONS, resolveRtsGroupOptions } from './group-options.js';
import { DEFAULT_RTS_UNIT_OPTIONS, resolveRtsUnitOptions } from './unit-options.js';
import { RtsWorld } from './world.js';
import { DEFAULT_RTS_WORLD_OPTIONS, resolveRtsWorldOptions } from './world-options.js';

// An option given as `undefined` means "the default", as an option left out: `{ speed: undefined }` is `{}`.

/** Every key of `defaults` set to undefined. */
function allUndefined<T extends object>(defaults: T): { [K in keyof T]?: undefined } {
  const o: Record<string, undefined> = {};
  for (const key of Object.keys(defaults)) o[key] = undefined;
  return o as { [K in keyof T]?: undefined };
}

describe('RTS option resolvers: explicit undefined is the default', () => {
  it('world options', () => {
    expect(resolveRtsWorldOptions(allUndefined(DEFAULT_RTS_WORLD_OPTIONS))).toEqual(DEFAULT_RTS_WORLD_OPTIONS);
    expect(resolveRtsWorldOptions({ stepSeconds: undefined, horizon: 3 })).toEqual({
      ...DEFAULT_RTS_WORLD_OPTIONS,
      horizon: 3,
    });
    // A bad value is still refused.
    expect(() => resolveRtsWorldOptions({ stepSeconds: Number.NaN })).toThrow(OutOfRangeError);
  });

  it('unit options', () => {
    expect(resolveRtsUnitOptions(allUndefined(DEFAULT_RTS_UNIT_OPTIONS))).toEqual(DEFAULT_RTS_UNIT_OPTIONS);
    expect(resolveRtsUnitOptions({ speed: undefined, hardRadius: 0.3 })).toEqual({
      ...DEFAULT_RTS_UNIT_OPTIONS,
      hardRadius: 0.3,
    });
    const world = new RtsWorld(Grid.open(4, 4, { shared: false }));
    const u = world.addUnit(1, 1, { speed: undefined, softRadius: undefined });
    expect(u.speed).toBe(DEFAULT_RTS_UNIT_OPTIONS.speed);
    expect(u.softRadius).toBe(DEFAULT_RTS_UNIT_OPTIONS.softRadius);
    expect(() => resolveRtsUnitOptions({ speed: 0 })).toThrow(OutOfRangeError);
  });

  it('group options', () => {
    expect(resolveRtsGroupOptions(allUndefined(DEFAULT_RTS_GROUP_OPTIONS))).toEqual(DEFAULT_RTS_GROUP_OPTIONS);
    expect(resolveRtsGroupOptions({ formation: undefined, spacing: 2 })).toEqual({
      ...DEFAULT_RTS_GROUP_OPTIONS,
      spacing: 2,
    });
    const world = new RtsWorld(Grid.open(8, 8, { shared: false }));
    const units = [world.addUnit(1, 1), world.addUnit(2, 1)];
    const group = world.orderGroup(units, 5, 5, { formation: undefined, speedAdjust: undefined, gain: undefined });
    expect(group.options).toEqual(DEFAULT_RTS_GROUP_OPTIONS);
    expect(() => resolveRtsGroupOptions({ spacing: 0.1 })).toThrow(OutOfRangeError);
  });
});
