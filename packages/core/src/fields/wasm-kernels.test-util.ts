import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { DiagonalRule } from '../grid/directions.js';
import { generateRandom } from '../grid/generate.js';
import { computeField, computeFieldFromSeeds } from './compute-field.js';
import { arbGrid, RULE_LIST } from './field-check.test-util.js';
import type { Field, FieldOptions, Metric } from './types.js';
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

/** The WebAssembly kernel checks, run in Node (wasm-kernels.test.ts) and in Chromium (wasm-kernels.browser.test.ts). */
export function wasmKernelSuite(where: string): void {
  describe(`WebAssembly field kernels (${where})`, () => {
    afterAll(() => setWasmKernelsEnabled(true));

    it('are available here, so computeField runs them', () => {
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

    it('give the same octile fields as the JavaScript kernels, bit for bit (costs and directions)', () => {
      fc.assert(
        fc.property(
          arbGrid(),
          fc.array(fc.record({ pick: fc.nat(), value: fc.integer({ min: 0, max: 40 }) }), {
            minLength: 1,
            maxLength: 4,
          }),
          fc.constantFrom<4 | 8>(4, 8),
          fc.constantFrom<DiagonalRule>(...RULE_LIST),
          fc.oneof(
            fc.constant(Number.POSITIVE_INFINITY),
            fc.integer({ min: 0, max: 40 }).map((v) => v / 4),
          ),
          fc.constantFrom<Metric>('octile', 'steps'),
          ({ grid, walkable }, picks, neighbors, diagonal, maxCost, metric) => {
            // Unequal goal values route steps fields to the bucket kernel too.
            const goals = picks.map(({ pick, value }) => {
              const i = walkable[pick % walkable.length] as number;
              return { x: i % grid.width, y: Math.floor(i / grid.width), value: value / 4 };
            });
            const options: FieldOptions = { goals, metric, neighbors, diagonal, maxCost };
            const wasm = withKernels(true, () => computeField(grid, options));
            const js = withKernels(false, () => computeField(grid, options));
            expect(wasm).toEqual(js);
          },
        ),
        { numRuns: 500 },
      );
    });

    it('move a bucket that runs out of room and resume (every tile seeded into one bucket)', () => {
      // 120x120 open map: the first bucket gets every tile, far beyond its initial room of 1/8 of the tiles.
      const grid = generateRandom(120, 120, 0.1, { seed: 4, shared: false });
      const seeds = Float64Array.from({ length: grid.size }, (_, i) => (i % 3 === 0 ? (i % 7) / 10 : Infinity));
      const run = () => computeFieldFromSeeds(grid, seeds, { metric: 'octile' });
      expect(withKernels(true, run)).toEqual(withKernels(false, run));
    });

    it('leave seeds spread over more than 2^30 to the JavaScript kernel, with the same result', () => {
      // Two halves split by a wall column: the far goal's value alone decides the right half's costs.
      const grid = generateRandom(30, 30, 0.1, { seed: 2, shared: false });
      for (let y = 0; y < 30; y++) grid.setPassable(15, y, 0);
      grid.setPassable(0, 0, 1);
      grid.setPassable(29, 29, 1);
      const goals = [
        { x: 0, y: 0, value: 0 },
        { x: 29, y: 29, value: 2 ** 31 },
      ];
      const run = () => computeField(grid, { goals, metric: 'octile' });
      const wasm = withKernels(true, run);
      expect(wasm).toEqual(withKernels(false, run));
      expect(wasm.cost[29 * 30 + 29]).toBe(2 ** 31);
      expect(wasm.cost[0]).toBe(0);
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
}
