import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortByKey } from '../../util/sort-by-key.js';
import { MIN_TILES, orderByCost } from './cost-order.js';

/** Costs of 64 tiles (steps of whole and diagonal lengths, as a field's) and a list of some of them. */
const arbCase = fc.record({
  cost: fc.array(
    fc.tuple(fc.nat(40), fc.nat(40)).map(([s, d]) => s + d * Math.SQRT2),
    { minLength: 64, maxLength: 64 },
  ),
  tiles: fc.uniqueArray(fc.nat(63), { maxLength: 64 }),
});

describe('the repair candidates in cost order', () => {
  it('sortByKey sorts the first n tiles in place, cheapest first, keeping the same tiles', () => {
    fc.assert(
      fc.property(arbCase, ({ cost, tiles }) => {
        const costs = Float64Array.from(cost);
        const n = Math.min(tiles.length, MIN_TILES - 1);
        const list = Int32Array.from([...tiles, -5]);
        sortByKey(costs, list, n);
        const sorted = [...list.subarray(0, n)];
        expect([...sorted].sort((a, b) => a - b)).toEqual(tiles.slice(0, n).sort((a, b) => a - b));
        for (let i = 1; i < n; i++)
          expect(costs[sorted[i] as number] as number).toBeGreaterThanOrEqual(costs[sorted[i - 1] as number] as number);
        expect(list[tiles.length]).toBe(-5);
      }),
    );
  });

  it('orderByCost puts tiles in half-unit buckets of cost, lowest first', () => {
    fc.assert(
      fc.property(arbCase, ({ cost, tiles }) => {
        const costs = Float64Array.from(cost);
        const out = new Int32Array(tiles.length);
        const done = orderByCost(costs, Int32Array.from(tiles), out, tiles.length);
        expect(done).toBe(tiles.length >= MIN_TILES);
        if (!done) return;
        expect([...out].sort((a, b) => a - b)).toEqual([...tiles].sort((a, b) => a - b));
        for (let i = 1; i < out.length; i++)
          expect(Math.floor(2 * (costs[out[i] as number] as number))).toBeGreaterThanOrEqual(
            Math.floor(2 * (costs[out[i - 1] as number] as number)),
          );
      }),
    );
  });
});
