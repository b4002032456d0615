import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeField } from '../fields/compute-field.js';
import { arbGrid, METRIC_LIST, RULE_LIST } from '../fields/field-check.test-util.js';
import { dropWasmKernels, setWasmKernelsEnabled, wasmMemory } from '../fields/kernels/wasm-module.js';
import { ControlSlot, type Field, type FieldOptions } from '../fields/types.js';
import type { DiagonalRule } from '../grid/directions.js';
import { generateMap } from '../grid/generate.js';
import { Grid } from '../grid/grid.js';
import { wasmGrowth } from '../util/wasm-memory.js';
import { computeFlow } from './compute-flow.js';
import { setFlowTableStart } from './flow-kernel-wasm.js';
import type { Flow, FlowOptions } from './types.js';

/** The flow of `field` by the WebAssembly kernel and by the JavaScript kernel. */
function bothFlows(grid: Grid, field: Field, options: FlowOptions): { wasm: Flow; js: Flow } {
  const wasm = computeFlow(grid, field, options);
  setWasmKernelsEnabled(false);
  try {
    return { wasm, js: computeFlow(grid, field, options) };
  } finally {
    setWasmKernelsEnabled(true);
  }
}

/** The first tile where the two flows differ bit for bit (vx, vy as f32 bits, anchor), or -1. */
export function firstDifference(a: Flow, b: Flow): number {
  const ax = new Uint32Array(a.vx.buffer, a.vx.byteOffset, a.vx.length);
  const bx = new Uint32Array(b.vx.buffer, b.vx.byteOffset, b.vx.length);
  const ay = new Uint32Array(a.vy.buffer, a.vy.byteOffset, a.vy.length);
  const by = new Uint32Array(b.vy.buffer, b.vy.byteOffset, b.vy.length);
  if (ax.length !== bx.length) return 0;
  for (let i = 0; i < ax.length; i++) if (ax[i] !== bx[i] || ay[i] !== by[i] || a.anchor[i] !== b.anchor[i]) return i;
  return -1;
}

/** The flow kernel checks of WebAssembly against JavaScript, in Node and in Chromium. */
export function flowKernelWasmSuite(where: string): void {
  describe(`the WebAssembly flow kernel (${where})`, () => {
    it('gives the JavaScript kernel flows bit for bit on random maps, for every metric, neighbourhood, rule and radius', () => {
      fc.assert(
        fc.property(
          arbGrid(20, 5),
          fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
          fc.constantFrom(...METRIC_LIST),
          fc.constantFrom<4 | 8>(4, 8),
          fc.constantFrom<DiagonalRule>(...RULE_LIST),
          fc.constantFrom(0, 0.1, 0.25, 0.45),
          fc.constantFrom(Number.POSITIVE_INFINITY, 6),
          ({ grid, walkable }, picks, metric, neighbors, diagonal, radius, maxCost) => {
            const goals = picks.map((pick) => {
              const i = walkable[pick % walkable.length] as number;
              return { x: i % grid.width, y: Math.floor(i / grid.width) };
            });
            const options: FieldOptions = { goals, metric, neighbors, diagonal, maxCost };
            const field = computeField(grid, options);
            const { wasm, js } = bothFlows(grid, field, { metric, radius });
            expect(firstDifference(wasm, js)).toBe(-1);
          },
        ),
        { numRuns: 400 },
      );
    });

    it('gives the same flows where terrain costs span too many buckets (comparison sort)', () => {
      const grid = Grid.create(24, 20, { terrain: true, shared: false });
      const terrain = grid.terrain as Float32Array;
      for (let i = 0; i < grid.size; i++) {
        grid.passable[i] = i % 7 === 3 || i % 11 === 5 ? 0 : 1;
        terrain[i] = i % 5 === 0 ? 1e6 : 1 + (i % 3);
      }
      grid.passable[0] = 1;
      const field = computeField(grid, { goals: [{ x: 0, y: 0 }], metric: 'weighted' });
      const { wasm, js } = bothFlows(grid, field, { metric: 'weighted' });
      expect(firstDifference(wasm, js)).toBe(-1);
      expect(wasm.anchor.filter((a) => a !== -1).length).toBeGreaterThan(300);
    });

    it('stops inside the kernel when the signal turns to aborted, as the JavaScript kernel, and runs again after', () => {
      const grid = generateMap('random', 120, 100, { density: 0.2, seed: 3 });
      let goal = 50 * 120 + 60;
      while (grid.passable[goal] === 0) goal++;
      const field = computeField(grid, { goals: [{ x: goal % 120, y: Math.floor(goal / 120) }] });
      for (const wasm of [true, false]) {
        setWasmKernelsEnabled(wasm);
        try {
          const control = new Int32Array(4);
          let reads = 0;
          // Not aborted at the first look (before the visit), aborted at the next (after 8192 tiles).
          const signal = {
            get aborted(): boolean {
              return reads++ > 0;
            },
          } as AbortSignal;
          expect(() => computeFlow(grid, field, { control: { control, signal } })).toThrow('flow computation aborted');
          expect(control[ControlSlot.done]).toBe(8192);
          expect(control[ControlSlot.total]).toBe(grid.size);
        } finally {
          setWasmKernelsEnabled(true);
        }
      }
      const { wasm, js } = bothFlows(grid, field, {});
      expect(firstDifference(wasm, js)).toBe(-1);
    });

    it('gives the same flows on large generated maps (the anchor table grows the memory)', () => {
      // The table's first room as it was before it became 3 / 8 of a tile, so that the random maps outgrow it.
      const old = setFlowTableStart(1 / 8);
      try {
        sameOnLargeMaps();
      } finally {
        setFlowTableStart(old);
      }
    });

    it('computes fields and flows of ever larger maps without growing its memory', () => {
      // A memory that grows detaches its old buffer, and V8 then checks every typed-array access of the thread.
      dropWasmKernels();
      computeField(generateMap('open', 8, 8, { seed: 1 }), { goals: [{ x: 0, y: 0 }] });
      const first = wasmMemory(0);
      expect(first).not.toBeNull();
      const grew = wasmGrowth.count;
      // Small maps too: the module's first anchor asks for 64 KiB past the table's start.
      for (const side of [8, 32, 64]) {
        const small = generateMap('random', side, side, { density: 0.3, seed: 2 });
        let g = (side >> 1) * side + (side >> 1);
        while (small.passable[g] === 0) g++;
        const f = computeField(small, { goals: [{ x: g % side, y: Math.floor(g / side) }] });
        for (const radius of [0, 0.45]) computeFlow(small, f, { radius });
      }
      sameOnLargeMaps();
      const grid = generateMap('random', 512, 512, { density: 0.2, seed: 1 });
      let goal = 256 * 512 + 256;
      while (grid.passable[goal] === 0) goal++;
      const field = computeField(grid, { goals: [{ x: goal % 512, y: Math.floor(goal / 512) }] });
      for (const radius of [0, 0.25, 0.45]) computeFlow(grid, field, { radius });
      expect(wasmGrowth.count - grew).toBe(0);
      expect((first as ArrayBuffer).byteLength).toBeGreaterThan(0);
    });
  });
}

/** Flows of the WebAssembly and JavaScript kernels on generated 300 x 200 maps with 25% walls, compared. */
function sameOnLargeMaps(): void {
  for (const kind of ['random', 'rooms', 'maze'] as const) {
    const grid = generateMap(kind, 300, 200, { density: 0.25, seed: 7 });
    let goal = 150 * 300 + 100;
    while (grid.passable[goal] === 0) goal++;
    const field = computeField(grid, { goals: [{ x: goal % 300, y: Math.floor(goal / 300) }] });
    for (const radius of [0, 0.3]) {
      const { wasm, js } = bothFlows(grid, field, { radius });
      expect(firstDifference(wasm, js)).toBe(-1);
      // More distinct anchors than the table's first room (a tile in 8, plus 64): it grew the memory.
      if (kind === 'random') expect(new Set(wasm.anchor).size).toBeGreaterThan(grid.size / 8 + 64);
    }
  }
}
