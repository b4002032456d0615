import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadWide } from './wide-load.js';

describe('loadWide', () => {
  it('reads every 64-bit slot a number holds exactly, negative ones too, without BigInts', () => {
    const buffer = new SharedArrayBuffer(32);
    const wide = new BigInt64Array(buffer);
    const words = new Int32Array(buffer);
    const value = fc.oneof(
      fc.constantFrom(0, 1, -1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, -(2 ** 32), Number.MAX_SAFE_INTEGER),
      fc.constantFrom(Number.MIN_SAFE_INTEGER),
      fc.maxSafeInteger(),
    );
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 3 }), (v, slot) => {
        Atomics.store(wide, slot, BigInt(v));
        expect(loadWide(words, slot)).toBe(v);
      }),
    );
  });
});
