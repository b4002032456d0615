import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { Grid } from '../grid/grid.js';
import { buildSectorGraph } from './build.js';
import { corridorWasmCounts, MAX_WASM_SLOTS, setCorridorBucketCap } from './corridor-fill-wasm.js';
import { sectorWasm, sectorWasmMemory, setSectorWasmEnabled } from './cost-dial-wasm.js';
import { randomGrid, rulesArb, walkable } from './sectors.test-util.js';

/** The corridor field of one case with the WebAssembly search on or off. */
function corridorArrays(
  c: { width: number; height: number; density: number; seed: number; sectorSize: number; margin: number },
  rules: Parameters<typeof buildSectorGraph>[1],
  picks: [number, number][],
  wasm: boolean,
) {
  const grid = randomGrid(c.width, c.height, c.density, c.seed, { water: true, terrain: rules?.metric === 'weighted' });
  const open = walkable(grid);
  if (open.length === 0) return null;
  const graph = buildSectorGraph(grid, { ...rules, sectorSize: c.sectorSize });
  const goalTile = open[c.seed % open.length] as number;
  const goal = { x: goalTile % c.width, y: Math.floor(goalTile / c.width) };
  const starts: number[] = [];
  for (const [a, b] of picks) starts.push(a % c.width, b % c.height);
  setSectorWasmEnabled(wasm);
  const field = graph.corridorField(goal, starts, { margin: c.margin, fullFieldAbove: 1 });
  return { cost: Array.from(field.data.cost), dir: Array.from(field.data.dir) };
}

const caseArb = fc.record({
  width: fc.integer({ min: 9, max: 70 }),
  height: fc.integer({ min: 9, max: 70 }),
  density: fc.double({ min: 0, max: 0.45, noNaN: true }),
  seed: fc.integer({ min: 1, max: 2 ** 30 }),
  sectorSize: fc.constantFrom(8, 16, 32),
  margin: fc.integer({ min: 0, max: 2 }),
});
const picksArb = fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 12 });

/** The WebAssembly corridor search against the JavaScript one, in Node or Chromium (`env` names the runtime). */
export function corridorFillSuite(env: string): void {
  describe(`the corridor field search in WebAssembly (${env})`, () => {
    afterEach(() => {
      setSectorWasmEnabled(true);
      setCorridorBucketCap(0);
    });

    it('is there (so the comparisons below compare two searches), for corridors up to 2^22 slots', () => {
      setSectorWasmEnabled(true);
      expect(sectorWasm()).not.toBeNull();
      expect(MAX_WASM_SLOTS).toBe(1 << 22);
    });

    it('gives the costs and directions of the JavaScript search bit for bit, under every rule (fast-check)', () => {
      const runs = corridorWasmCounts.runs;
      fc.assert(
        fc.property(caseArb, rulesArb, picksArb, (c, rules, picks) => {
          const js = corridorArrays(c, rules, picks, false);
          const wasm = corridorArrays(c, rules, picks, true);
          expect(wasm).toEqual(js);
        }),
        { numRuns: 250 },
      );
      // Most cases ran in WebAssembly (weighted ones stay in JavaScript).
      expect(corridorWasmCounts.runs - runs).toBeGreaterThan(100);
    });

    it('pauses and resumes every 65,536 settled tiles with the same result', () => {
      // A corridor over a whole 400 x 300 map: about 100,000 settled tiles, so the search runs in two slices.
      const c = { width: 400, height: 300, density: 0.15, seed: 9, sectorSize: 64, margin: 8 };
      for (const diagonal of ['if-one-free', 'never'] as const) {
        const rules = { metric: 'octile', diagonal } as const;
        const picks: [number, number][] = [[0, 0]];
        const js = corridorArrays(c, rules, picks, false);
        const wasm = corridorArrays(c, rules, picks, true);
        expect(js?.cost.filter((v) => v < Number.POSITIVE_INFINITY).length).toBeGreaterThan(65536);
        expect(wasm).toEqual(js);
      }
    });

    it('leaves the memory of the intra-sector searches alone (each has its own instance)', () => {
      const grid = randomGrid(120, 90, 0.25, 3, { water: true });
      const before = buildSectorGraph(grid, { sectorSize: 16 }).data;
      // A corridor over a bigger map writes far into its instance's memory.
      corridorArrays({ width: 300, height: 200, density: 0.1, seed: 4, sectorSize: 32, margin: 8 }, {}, [[0, 0]], true);
      const after = buildSectorGraph(grid, { sectorSize: 16 }).data;
      expect(after.intra).toEqual(before.intra);
      expect(after.nodeTile).toEqual(before.nodeTile);
    });

    it('gives back the memory of a huge corridor after 16 small ones in a row', () => {
      setSectorWasmEnabled(true);
      const big = Grid.open(1200, 1100);
      const graph = buildSectorGraph(big, { sectorSize: 64 });
      const everywhere: number[] = [];
      for (let y = 0; y < 1100; y += 64) for (let x = 0; x < 1200; x += 64) everywhere.push(x, y);
      graph.corridorField({ x: 600, y: 550 }, everywhere, { fullFieldAbove: 1 });
      const huge = (sectorWasmMemory(0, 'corridor') as ArrayBuffer).byteLength;
      expect(huge).toBeGreaterThan(16 << 20);
      const small = randomGrid(40, 30, 0.1, 2, {});
      const smallGraph = buildSectorGraph(small, { sectorSize: 8 });
      const goal = { x: walkable(small)[0] as number, y: 0 };
      goal.y = Math.floor(goal.x / 40);
      goal.x %= 40;
      for (let i = 0; i < 15; i++) smallGraph.corridorField(goal, [39, 29], { fullFieldAbove: 1 });
      expect((sectorWasmMemory(0, 'corridor') as ArrayBuffer).byteLength).toBe(huge);
      smallGraph.corridorField(goal, [39, 29], { fullFieldAbove: 1 });
      expect(sectorWasm('corridor')).not.toBeNull();
      expect((sectorWasmMemory(0, 'corridor') as ArrayBuffer).byteLength).toBeLessThan(huge / 4);
    });

    it('hands back to the JavaScript search when a bucket would overflow, with the same result', () => {
      const c = { width: 64, height: 48, density: 0.1, seed: 5, sectorSize: 16, margin: 2 };
      const rules = { metric: 'octile', diagonal: 'if-both-free' } as const;
      const picks: [number, number][] = [
        [0, 0],
        [63, 47],
        [0, 47],
      ];
      const js = corridorArrays(c, rules, picks, false);
      const { runs, overflows } = corridorWasmCounts;
      const roomy = corridorArrays(c, rules, picks, true);
      expect(corridorWasmCounts.runs).toBe(runs + 1);
      // Buckets of 16 entries overflow on the first waves.
      setCorridorBucketCap(16);
      const tight = corridorArrays(c, rules, picks, true);
      expect(corridorWasmCounts.overflows).toBe(overflows + 1);
      expect(roomy).toEqual(js);
      expect(tight).toEqual(js);
      expect(js?.cost.some((v) => v < Number.POSITIVE_INFINITY)).toBe(true);
    });
  });
}
