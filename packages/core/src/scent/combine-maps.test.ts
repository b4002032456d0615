import { describe, expect, it } from 'vitest';
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import { combineMaps } from './combine-maps.js';
import { descendMapPath } from './descend-map.js';
import { scentMap } from './scent-map.js';

const INF = Number.POSITIVE_INFINITY;

describe('combineMaps', () => {
  it('sums weighted Float64 maps tile by tile (1.0 x food + 0.5 x safety)', () => {
    const food = Float64Array.from([0, 1, 2, 3]);
    const safety = Float64Array.from([-4, -2, 0, 2]);
    const out = new Float64Array(4).fill(99);
    expect(
      Array.from(
        combineMaps(
          [
            { map: food, weight: 1 },
            { map: safety, weight: 0.5 },
          ],
          { out },
        ),
      ),
    ).toEqual([-2, 0, 2, 4]);
  });

  it('Infinity (or NaN, -Infinity) in a term with non-zero weight makes the tile Infinity, whatever the sign', () => {
    const a = Float64Array.from([1, INF, 3, Number.NaN, -INF]);
    const b = Float64Array.from([INF, 1, 1, 1, 1]);
    const out = new Float64Array(5);
    expect(
      Array.from(
        combineMaps(
          [
            { map: a, weight: -2 },
            { map: b, weight: 1 },
          ],
          { out },
        ),
      ),
    ).toEqual([INF, INF, -5, INF, INF]);
    // Weight 0 ignores the term entirely, Infinity included.
    expect(
      Array.from(
        combineMaps(
          [
            { map: a, weight: 0 },
            { map: b, weight: 3 },
          ],
          { out },
        ),
      ),
    ).toEqual([INF, 3, 3, 3, 3]);
  });

  it('Int32Array terms are scent maps: -2 blocked (Infinity), -1 read as 0', () => {
    const scent = Int32Array.from([5, 4, 0, -1, -2]);
    const cost = Float64Array.from([1, 1, 1, 1, 1]);
    const out = new Float64Array(5);
    expect(
      Array.from(
        combineMaps(
          [
            { map: scent, weight: -1 },
            { map: cost, weight: 2 },
          ],
          { out },
        ),
      ),
    ).toEqual([-3, -2, 2, 2, INF]);
  });

  it('no terms: all zero; plain arrays work as Float terms', () => {
    expect(Array.from(combineMaps([], { out: new Float64Array(3).fill(7) }))).toEqual([0, 0, 0]);
    expect(Array.from(combineMaps([{ map: [1.5, 2], weight: 2 }], { out: new Float64Array(2) }))).toEqual([3, 4]);
  });

  it('a unit descending -1 x food - 2 x den (scent maps) goes towards its den side, not the nearer food', () => {
    // Food at both ends of a corridor; the den scent pulls the unit towards the food on its side.
    const grid = Grid.open(11, 1);
    const food = scentMap(grid, [
      { x: 0, y: 0, strength: 20 },
      { x: 10, y: 0, strength: 20 },
    ]);
    const den = scentMap(grid, [{ x: 9, y: 0, strength: 20 }]);
    const desire = combineMaps(
      [
        { map: food, weight: -1 },
        { map: den, weight: -2 },
      ],
      { out: new Float64Array(11) },
    );
    // Unit at x=4 (closer to the left food) still goes right: x=3 is -17 - 28, x=4 is -16 - 30, x=5 is -15 - 32,
    // x=9 (the den) is -19 - 40, the lowest tile; x=10 (food) -20 - 38; the left food x=0 only -20 - 22.
    expect(Array.from(desire.subarray(3, 6))).toEqual([-45, -46, -47]);
    expect(Array.from(desire.subarray(8, 11))).toEqual([-56, -59, -58]);
    expect(desire[0]).toBe(-42);
    expect(descendMapPath(grid, desire, { x: 4, y: 0 })?.points).toEqual(
      Int32Array.of(4, 0, 5, 0, 6, 0, 7, 0, 8, 0, 9, 0),
    );
  });

  it('bad input throws typed errors naming the term', () => {
    const out = new Float64Array(3);
    expect(() => combineMaps([{ map: new Float64Array(2), weight: 1 }], { out })).toThrow(
      'invalid terms[0].map: Float64Array(2); expected 3 values (as out), got 2',
    );
    expect(() => combineMaps([{ map: new Float64Array(3), weight: Number.NaN }], { out })).toThrow(OutOfRangeError);
    expect(() => combineMaps([{ map: out, weight: 1 }], { out })).toThrow(InvalidOptionError);
    expect(() => combineMaps([], { out: [] as unknown as Float64Array })).toThrow(InvalidOptionError);
    expect(() => combineMaps([{ map: null as unknown as number[], weight: 1 }], { out })).toThrow(InvalidOptionError);
  });
});
