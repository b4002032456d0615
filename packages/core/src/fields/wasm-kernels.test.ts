import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { DiagonalRule } from '../grid/directions.js';
import { generateRandom } from '../grid/generate.js';
import { computeField } from './compute-field.js';
import { arbGrid, RULE_LIST } from './field-check.test-util.js';
import type { Field, FieldOptions } from './types.js';
import { setWasmKernelsEnabled, wasmKernels } from './wasm-kernels.js';

function withKernels(wasm: boolean, run: () => Field): { cost: number[]; dir: number[] } {
  setWasmKernelsEnabled(wasm);
  try {
    const field = run();
    return { cost: [...field.cost], dir: [...field.dir] };
  } finally {
    setWasmKernelsEnabled(true);
  }
}

describe('WebAssembly field kernels', () => {
  afterAll(() => setWasmKernelsEnabled(true));

  it('are available here (Node and Chromium), so the tests of computeField exercise them', () => {
    expect(wasmKernels()).not.toBeNull();
  });

  it('give the same steps fields as the JavaScript kernels, bit for bit (costs and directions)', () => {
    fc.assert(
      fc.property(
        arbGrid(),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        fc.constantFrom<4 | 8>(4, 8),
        fc.constantFrom<DiagonalRule>(...RULE_LIST),
        fc.oneof(
          fc.constant(Number.POSITIVE_INFINITY),
          fc.integer({ min: 0, max: 40 }).map((v) => v / 4),
        ),
        fc.constantFrom(0, 3, -2, 0.5),
        ({ grid, walkable }, picks, neighbors, diagonal, maxCost, value) => {
          const goals = picks.map((pick) => {
            const i = walkable[pick % walkable.length] as number;
            return { x: i % grid.width, y: Math.floor(i / grid.width), value };
          });
          const options: FieldOptions = { goals, metric: 'steps', neighbors, diagonal, maxCost };
          const wasm = withKernels(true, () => computeField(grid, options));
          const js = withKernels(false, () => computeField(grid, options));
          expect(wasm).toEqual(js);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('lay their memory out again when the grid size changes (small, large, small, large)', () => {
    for (const side of [40, 300, 40, 300]) {
      const grid = generateRandom(side, side, 0.15, { seed: side, shared: false });
      const c = side / 2;
      grid.setPassable(c, c, 1);
      const options: FieldOptions = { goals: [{ x: c, y: c }], metric: 'steps' };
      const wasm = withKernels(true, () => computeField(grid, options));
      const js = withKernels(false, () => computeField(grid, options));
      expect(wasm).toEqual(js);
      expect(wasm.cost.filter((c) => c < Number.POSITIVE_INFINITY).length).toBeGreaterThan(side);
    }
  });
});
