import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LocalSearch } from './local-search.js';
import { labelRegions } from './regions.js';
import { R_ALWAYS, R_BOTH_FREE, R_NEVER, R_ONE_FREE } from './sector-options.js';
import { randomGrid } from './sectors.test-util.js';

/**
 * Reference labels of a w x h grid of codes: a flood from each unlabelled walkable tile in row-major order over
 * the moves of the field rules (same code; a diagonal per the rule's side tiles). Returns the label per tile.
 */
function referenceLabels(codes: Uint8Array, w: number, h: number, rule: number): Int32Array {
  const lab = new Int32Array(w * h);
  const at = (x: number, y: number) => (x >= 0 && y >= 0 && x < w && y < h ? (codes[y * w + x] as number) : 0);
  let count = 0;
  for (let i = 0; i < w * h; i++) {
    const code = codes[i] as number;
    if (code === 0 || lab[i] !== 0) continue;
    lab[i] = ++count;
    const stack = [i];
    while (stack.length > 0) {
      const u = stack.pop() as number;
      const ux = u % w;
      const uy = (u - ux) / w;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx === 0 && dy === 0) || at(ux + dx, uy + dy) !== code) continue;
          if (dx !== 0 && dy !== 0) {
            const a = at(ux + dx, uy) === code;
            const b = at(ux, uy + dy) === code;
            const ok = rule === R_ALWAYS || (rule === R_ONE_FREE && (a || b)) || (rule === R_BOTH_FREE && a && b);
            if (!ok) continue;
          }
          const t = (uy + dy) * w + ux + dx;
          if (lab[t] === 0) {
            lab[t] = count;
            stack.push(t);
          }
        }
      }
    }
  }
  return lab;
}

describe('labelRegions', () => {
  it("gives the reference flood's labels on the border tiles, numbered in row-major order of first tiles", () => {
    const search = new LocalSearch();
    fc.assert(
      fc.property(
        fc.record({
          w: fc.integer({ min: 1, max: 24 }),
          h: fc.integer({ min: 1, max: 24 }),
          density: fc.double({ min: 0, max: 0.6, noNaN: true }),
          seed: fc.integer({ min: 1, max: 2 ** 30 }),
          water: fc.boolean(),
          rule: fc.constantFrom(R_NEVER, R_ALWAYS, R_ONE_FREE, R_BOTH_FREE),
        }),
        (c) => {
          const size = 24;
          const grid = randomGrid(c.w, c.h, c.density, c.seed, { water: c.water });
          search.load(grid.passable, null, c.w, 0, 0, c.w, c.h);
          const border = new Uint16Array(4 * size + 8).fill(7);
          const count = labelRegions(search, c.rule, size, border, 4);
          const lab = referenceLabels(grid.passable, c.w, c.h, c.rule);
          expect(count).toBe(lab.reduce((m, v) => Math.max(m, v), 0));
          const want = new Uint16Array(4 * size + 8).fill(7);
          want.fill(0, 4, 4 + 4 * size);
          for (let x = 0; x < c.w; x++) {
            want[4 + x] = lab[x] as number;
            want[4 + size + x] = lab[(c.h - 1) * c.w + x] as number;
          }
          for (let y = 0; y < c.h; y++) {
            want[4 + 2 * size + y] = lab[y * c.w] as number;
            want[4 + 3 * size + y] = lab[y * c.w + c.w - 1] as number;
          }
          expect(Array.from(border)).toEqual(Array.from(want));
        },
      ),
      { numRuns: 400 },
    );
  });
});
