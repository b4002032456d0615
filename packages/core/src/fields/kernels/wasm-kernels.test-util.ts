import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { DiagonalRule } from '../../grid/directions.js';
import { generateRandom } from '../../grid/generate.js';
import { computeField, computeFieldFromSeeds } from '../compute-field.js';
import { arbGrid, RULE_LIST } from '../field-check.test-util.js';
import type { Field, FieldOptions, Metric } from '../types.js';
import { setBfsGroupedFromTiles } from './bfs-wasm.js';
import { SHRINK_AFTER_CALLS, setWasmKernelsEnabled, wasmKernels, wasmMemoryBytes } from './wasm-module.js';

function withKernels(wasm: boolean, run: () => Field): { cost: number[]; dir: number[] } {
  setWasmKernelsEnabled(wasm);
  try {
    const field = run();
    return { cost: [...field.cost], dir: [...field.dir] };
  } finally {
    setWasmKernelsEnabled(true);
  }
}

/** Index of the first tile whose cost differs bit for bit, or -1 (fast on millions of tiles, unlike toEqual). */
function firstCostDifference(a: Float64Array, b: Float64Array): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  const x = new BigInt64Array(a.buffer, a.byteOffset, a.length);
  const y = new BigInt64Array(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return i;
  return -1;
}

/** 500 random steps fields (goals, rules, ranges, starting values): the WebAssembly and JavaScript outputs agree. */
function expectSameStepsFields(): void {
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
}

/** The WebAssembly kernel checks, run in Node (wasm-kernels.test.ts) and in Chromium (wasm-kernels.browser.test.ts). */
export function wasmKernelSuite(where: string): void {
  describe(`WebAssembly field kernels (${where})`, () => {
    afterAll(() => setWasmKernelsEnabled(true));

    it('are available here, so computeField runs them', () => {
      expect(wasmKernels()).not.toBeNull();
    });

    it('give the same steps fields as the JavaScript kernels, bit for bit (costs and directions)', () => {
      expectSameStepsFields();
    });

    it('give the same steps fields in the grouped layout (used from 2^21 tiles) as the JavaScript kernels', () => {
      setBfsGroupedFromTiles(0);
      try {
        expectSameStepsFields();
      } finally {
        setBfsGroupedFromTiles();
      }
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

    it('give the memory of a big field back after a run of small ones, and still compute the same fields', () => {
      const big = generateRandom(2500, 2500, 0.2, { seed: 9, shared: false });
      big.setPassable(1250, 1250, 1);
      const bigOptions: FieldOptions = { goals: [{ x: 1250, y: 1250 }], metric: 'octile' };
      const small = generateRandom(40, 40, 0.2, { seed: 3, shared: false });
      small.setPassable(20, 20, 1);
      const smallOptions: FieldOptions = { goals: [{ x: 20, y: 20 }], metric: 'octile' };
      const expected = withKernels(false, () => computeField(small, smallOptions));
      const bigField = computeField(big, bigOptions);
      const bigBytes = wasmMemoryBytes();
      // About 11.5 bytes per tile for the octile layout: over the 64 MiB threshold.
      expect(bigBytes).toBeGreaterThan(64 * 1024 * 1024);
      // A few small fields between big ones keep the memory (no re-growing for every big one)...
      for (let i = 0; i < SHRINK_AFTER_CALLS - 1; i++) computeField(small, smallOptions);
      expect(wasmMemoryBytes()).toBe(bigBytes);
      expect(firstCostDifference(computeField(big, bigOptions).cost, bigField.cost)).toBe(-1);
      for (let i = 0; i < SHRINK_AFTER_CALLS - 1; i++) computeField(small, smallOptions);
      expect(wasmMemoryBytes()).toBe(bigBytes);
      // ...a long run of them gives it back: a fresh module memory sized for the small field.
      expect(withKernels(true, () => computeField(small, smallOptions))).toEqual(expected);
      expect(wasmMemoryBytes()).toBeLessThan(1024 * 1024);
      expect(withKernels(true, () => computeField(small, { ...smallOptions, metric: 'steps' }))).toEqual(
        withKernels(false, () => computeField(small, { ...smallOptions, metric: 'steps' })),
      );
      // And the big field again, in a memory grown anew.
      expect(firstCostDifference(computeField(big, bigOptions).cost, bigField.cost)).toBe(-1);
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
