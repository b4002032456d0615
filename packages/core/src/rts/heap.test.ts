import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RtsIndexedHeap } from './heap.js';

/** Pops in (f ascending, then g descending) order, as the heaps promise. */
function isBefore(a: { f: number; g: number }, b: { f: number; g: number }): boolean {
  return a.f < b.f || (a.f === b.f && a.g > b.g);
}

/** An operation on a heap of tiles 0..tiles-1: push/decrease a tile (key from small integers so ties occur), or pop. */
const op = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), tile: fc.nat(39), f: fc.nat(12), g: fc.nat(6) }),
  fc.record({ kind: fc.constant('pop' as const) }),
);

describe('RtsIndexedHeap', () => {
  it('pops the minimal (f, then larger g) entry against a slow list, with pushes and decreases', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        const heap = new RtsIndexedHeap(40, 1); // tiny capacity: the growth path runs too
        const ref = new Map<number, { f: number; g: number }>();
        for (const o of ops) {
          if (o.kind === 'set') {
            const old = ref.get(o.tile);
            const next = { f: o.f, g: o.g };
            if (!old) {
              heap.push(o.tile, o.f, o.g);
              ref.set(o.tile, next);
            } else if (!isBefore(old, next)) {
              heap.decrease(o.tile, o.f, o.g);
              ref.set(o.tile, next);
            }
          } else {
            const tile = heap.pop();
            if (ref.size === 0) {
              expect(tile).toBe(-1);
              continue;
            }
            const got = ref.get(tile);
            expect(got).toBeDefined();
            for (const other of ref.values()) expect(isBefore(other, got as { f: number; g: number })).toBe(false);
            ref.delete(tile);
          }
          expect(heap.size).toBe(ref.size);
          const min = Math.min(...[...ref.values()].map((v) => v.f));
          expect(heap.peekKey()).toBe(ref.size > 0 ? min : Number.POSITIVE_INFINITY);
        }
      }),
      { numRuns: 300, seed: 7117 },
    );
  });
});
