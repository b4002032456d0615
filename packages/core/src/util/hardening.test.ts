import { describe, expect, it } from 'vitest';
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { checkFinite, checkInteger, checkNonNegative, checkNumber } from './check-number.js';
import { describeValue, typedArrayName } from './describe-value.js';
import { readKernelControl } from './kernel-control.js';
import { ownOption, ownOptions } from './own-options.js';
import { withPollutedPrototype } from './pollute.test-util.js';
import { createRandom, randomInt } from './random.js';

describe('describeValue', () => {
  it('describes every kind of value without throwing', () => {
    const { proxy, revoke } = Proxy.revocable([], {});
    revoke();
    const throwing = new Proxy([], {
      get() {
        throw new Error('trap');
      },
    });
    expect(describeValue('ab')).toBe('"ab"');
    expect(describeValue('x'.repeat(100))).toBe(`"${'x'.repeat(60)}"... (100 characters)`);
    expect(describeValue(-0)).toBe('-0');
    expect(describeValue(Number.NaN)).toBe('NaN');
    expect(describeValue(12n)).toBe('12n');
    expect(describeValue(Symbol('s'))).toBe('symbol');
    expect(describeValue(() => 1)).toBe('function');
    expect(describeValue(null)).toBe('null');
    expect(describeValue([1, 2])).toBe('array(2)');
    expect(describeValue(new Int32Array(3))).toBe('Int32Array(3)');
    expect(describeValue({})).toBe('object');
    expect(describeValue(proxy)).toBe('proxy');
    expect(describeValue(throwing)).toBe('proxy');
  });

  it('typedArrayName sees through Proxies and forged prototypes', () => {
    expect(typedArrayName(new Float64Array(1))).toBe('Float64Array');
    expect(typedArrayName(new Proxy(new Int32Array(4), {}))).toBeUndefined();
    expect(typedArrayName(Object.setPrototypeOf({ length: 4 }, Int32Array.prototype))).toBeUndefined();
    expect(typedArrayName({ [Symbol.toStringTag]: 'Int32Array' })).toBeUndefined();
    expect(typedArrayName(null)).toBeUndefined();
  });
});

describe('ownOptions and ownOption', () => {
  it('ignore inherited properties, even those of Object.prototype', () => {
    withPollutedPrototype({ maxCost: 3 }, () => {
      const o = ownOptions<{ maxCost?: number; metric?: string }>({ metric: 'steps' }, 'options');
      expect(o.maxCost).toBeUndefined();
      expect(o.metric).toBe('steps');
      expect(ownOptions<{ maxCost?: number }>(undefined, 'options').maxCost).toBeUndefined();
      expect(ownOption({} as { maxCost?: number }, 'maxCost')).toBeUndefined();
      expect(ownOption(Object.create({ maxCost: 5 }) as { maxCost?: number }, 'maxCost')).toBeUndefined();
    });
  });

  it('drop undefined values and refuse what is not an options object', () => {
    expect(Object.keys(ownOptions({ a: undefined, b: 1 }, 'options'))).toEqual(['b']);
    for (const bad of [null, 3, 'x', [], () => 1]) {
      expect(() => ownOptions(bad as object, 'options')).toThrow(InvalidOptionError);
    }
    expect(ownOptions(null, 'options', 'x', true)).toEqual(Object.create(null));
  });
});

describe('number checks', () => {
  it('refuse strings, BigInts and objects, not only bad numbers', () => {
    for (const check of [
      () => checkNumber('a', '1'),
      () => checkFinite('a', Number.POSITIVE_INFINITY),
      () => checkFinite('a', 1n),
      () => checkNonNegative('a', -0.5),
      () => checkNonNegative('a', { valueOf: () => 1 }),
      () => checkInteger('a', 2.5, 0, 9),
      () => checkInteger('a', 10, 0, 9),
      () => checkInteger('a', '3', 0, 9),
    ]) {
      expect(check).toThrow(OutOfRangeError);
    }
    expect(checkNumber('a', Number.NaN)).toBeNaN();
    expect(checkInteger('a', 9, 0, 9)).toBe(9);
  });
});

describe('readKernelControl', () => {
  it('accepts a control array and a signal and refuses what Atomics cannot use', () => {
    const control = new Int32Array(4);
    const signal = new AbortController().signal;
    expect(readKernelControl({ control, signal })).toEqual({ control, signal });
    expect(readKernelControl(undefined)).toBeUndefined();
    for (const bad of [
      null,
      5,
      { control: new Int32Array(1) },
      { control: [0, 0, 0, 0] },
      { control: new Float64Array(4) },
      { control: new Proxy(new Int32Array(4), {}) },
      { signal: 'aborted' },
    ]) {
      expect(() => readKernelControl(bad)).toThrow(InvalidOptionError);
    }
    // Inherited slots are not read.
    expect(readKernelControl(Object.create({ control: new Int32Array(1) }))).toEqual({});
  });
});

describe('random sources', () => {
  it('createRandom refuses seeds that are not finite numbers', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '1', 1n, null]) {
      expect(() => createRandom(bad as number)).toThrow(OutOfRangeError);
    }
    expect(createRandom(2 ** 40 + 5)()).toBe(createRandom(5)());
  });

  it('randomInt refuses a source that returns something outside [0, 1)', () => {
    expect(() => randomInt(() => 1, 4)).toThrow(OutOfRangeError);
    expect(() => randomInt(() => Number.NaN, 4)).toThrow(OutOfRangeError);
    expect(() => randomInt(() => 0.5, 0)).toThrow(OutOfRangeError);
    expect(() => randomInt(5 as unknown as () => number, 4)).toThrow(InvalidOptionError);
    expect(randomInt(() => 0.99, 4)).toBe(3);
  });
});
