import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flowMask } from '../fields/safe-mask.js';
import { wholeFlowMask } from './follow-target.js';

describe('wholeFlowMask', () => {
  it("is flowMask's mask of the whole block, on every tile of any map (edges and passability codes too)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (w, h, seed) => {
          // Codes 0 to 2 and anchors -1 (none) or not, from the seed.
          let r = seed;
          const next = () => {
            r = (Math.imul(r, 1103515245) + 12345) >>> 0;
            return r >>> 16;
          };
          const pass = Uint8Array.from({ length: w * h }, () => next() % 3);
          const anchor = Int32Array.from({ length: w * h }, () => (next() % 4 === 0 ? -1 : next() % 64));
          for (let ty = 0; ty < h; ty++)
            for (let tx = 0; tx < w; tx++)
              for (let code = 0; code < 3; code++)
                expect(wholeFlowMask(anchor, pass, w, h, tx, ty, code)).toBe(
                  flowMask(anchor, 0, w, h, tx, ty, pass, code, 0.5, 0.5, 2),
                );
        },
      ),
      { numRuns: 200 },
    );
  });
});
