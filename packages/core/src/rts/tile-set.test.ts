import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RtsTileSet } from './tile-set.js';

describe('RtsTileSet', () => {
  it('answers as a JavaScript Set through adds, lookups, clears and growth', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), t: fc.integer({ min: 0, max: 5000 }) }),
      fc.record({ kind: fc.constant('has' as const), t: fc.integer({ min: 0, max: 5000 }) }),
      fc.record({ kind: fc.constant('clear' as const), t: fc.constant(0) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 3000 }), (ops) => {
        const set = new RtsTileSet(4);
        const ref = new Set<number>();
        for (const { kind, t } of ops) {
          if (kind === 'add') {
            expect(set.add(t)).toBe(!ref.has(t));
            ref.add(t);
          } else if (kind === 'has') expect(set.has(t)).toBe(ref.has(t));
          else {
            set.clear();
            ref.clear();
          }
          expect(set.size).toBe(ref.size);
        }
        for (const t of ref) expect(set.has(t)).toBe(true);
      }),
      { numRuns: 60, seed: 20261124 },
    );
  });
});
