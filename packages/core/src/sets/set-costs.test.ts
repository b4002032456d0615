import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoordinateError, OutOfRangeError } from '../errors.js';
import type { DiagonalRule } from '../grid/directions.js';
import { generateMap } from '../grid/generate.js';
import { parseAsciiMap } from '../grid/parse.js';
import { decomposeConvexSets } from './convex-sets.js';
import { reduceFieldToSets, setCostsFrom, setCostsFromFields } from './set-costs.js';
import { buildSetFields } from './set-fields.js';

describe('set costs', () => {
  it('reduces a field to the per-set minimum, -1 where unreachable', () => {
    const g = parseAsciiMap(['..#.', '..#.'].join('\n'));
    const sets = decomposeConvexSets(g);
    const inf = Number.POSITIVE_INFINITY;
    const cost = Float64Array.from([3, 1, inf, inf, 2, 5, inf, inf]);
    expect([...reduceFieldToSets(sets, cost)]).toEqual([1, -1]);
    expect(() => reduceFieldToSets(sets, new Float64Array(3))).toThrow(OutOfRangeError);
    expect(() => setCostsFrom(g, sets, { x: 2, y: 0 })).toThrow(CoordinateError);
  });

  it('two-field method equals per-set fields on random maps with two codes (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer(),
        fc.nat(),
        fc.constantFrom<DiagonalRule>('never', 'always', 'if-one-free', 'if-both-free'),
        fc.constantFrom<4 | 8>(4, 8),
        fc.constantFrom(1, 3, Number.POSITIVE_INFINITY),
        (w, h, seed, at, diagonal, neighbors, maxSide) => {
          const g = generateMap('random', w, h, { seed, density: 0.25, shared: false });
          for (let t = 0; t < g.size; t++) if (g.passable[t] && (t * 3 + seed) % 6 === 0) g.passable[t] = 2;
          const tile = at % g.size;
          if (!g.passable[tile]) g.passable[tile] = 1;
          const sets = decomposeConvexSets(g, { maxSide });
          const fields = buildSetFields(g, sets, { diagonal, neighbors });
          const x = tile % w;
          const y = Math.floor(tile / w);
          expect([...setCostsFrom(g, sets, { x: x, y: y }, { diagonal, neighbors })]).toEqual([
            ...setCostsFromFields(fields, { x: x, y: y }),
          ]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
