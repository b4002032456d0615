import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DeterministicMath, dAtan, dAtan2, dCos, dHypot, dSin } from './deterministic-math.js';

const ulpsApart = (a: number, b: number) => {
  if (a === b) return 0;
  const scale = Math.max(Math.abs(a), Math.abs(b), 2 ** -1022);
  return Math.abs(a - b) / (scale * 2 ** -52);
};

describe('DeterministicMath', () => {
  it('agrees with the engine to a few units in the last place on the angles a game uses', () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), (x) => {
        // Near a zero of the function the relative error is larger; compare absolutely there.
        expect(Math.abs(dSin(x) - Math.sin(x))).toBeLessThan(4e-16 * Math.max(1, Math.abs(x)));
        expect(Math.abs(dCos(x) - Math.cos(x))).toBeLessThan(4e-16 * Math.max(1, Math.abs(x)));
        expect(ulpsApart(dAtan(x), Math.atan(x))).toBeLessThanOrEqual(2);
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        (y, x) => {
          expect(Math.abs(dAtan2(y, x) - Math.atan2(y, x))).toBeLessThan(1e-15);
          // dHypot squares its arguments: below 1e-150 they underflow (documented), so compare above that.
          if (Math.abs(x) > 1e-150 || Math.abs(y) > 1e-150)
            expect(ulpsApart(dHypot(x, y), Math.hypot(x, y))).toBeLessThanOrEqual(2);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('gives the exact values at the usual points and handles the edges', () => {
    expect(dSin(0)).toBe(0);
    expect(dCos(0)).toBe(1);
    expect(dSin(Math.PI / 2)).toBe(1);
    expect(dCos(Math.PI)).toBe(-1);
    expect(dAtan2(0, 0)).toBe(0);
    expect(dAtan2(1, 0)).toBe(Math.PI / 2);
    expect(dAtan2(0, -1)).toBe(Math.PI);
    expect(dAtan2(-0.5, -1)).toBeCloseTo(Math.atan2(-0.5, -1), 15);
    expect(dAtan2(1, 1)).toBe(Math.PI / 4);
    expect(dAtan2(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY)).toBeCloseTo((3 * Math.PI) / 4, 15);
    expect(dAtan2(-1, Number.NEGATIVE_INFINITY)).toBe(-Math.PI);
    expect(dAtan2(Number.NEGATIVE_INFINITY, 3)).toBe(-Math.PI / 2);
    for (const f of [dSin, dCos, dAtan]) {
      expect(f(Number.NaN)).toBeNaN();
    }
    expect(dSin(Number.POSITIVE_INFINITY)).toBeNaN();
    expect(dAtan(Number.POSITIVE_INFINITY)).toBe(Math.PI / 2);
    expect(DeterministicMath.sin).toBe(dSin);
    expect(Object.isFrozen(DeterministicMath)).toBe(true);
  });
});
