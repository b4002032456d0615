import { afterEach, describe, expect, it } from 'vitest';
import { buildSectorGraph } from './build.js';
import { sectorWasm, setSectorWasmEnabled } from './cost-dial-wasm.js';
import { randomGrid } from './sectors.test-util.js';

// The intra-cost search's WebAssembly kernel (wasm/sector-kernels.ts: move masks, bulk-memory fill) in Chromium:
// it compiles there, and the graphs it builds are the JavaScript search's bit for bit.
describe('CostDial in Chromium', () => {
  afterEach(() => setSectorWasmEnabled(true));

  it('builds the same graph with and without WebAssembly under every diagonal rule', () => {
    setSectorWasmEnabled(true);
    expect(sectorWasm()).not.toBeNull();
    const grid = randomGrid(150, 130, 0.25, 7, { water: true });
    for (const diagonal of ['never', 'always', 'if-one-free', 'if-both-free'] as const) {
      for (const metric of ['steps', 'octile'] as const) {
        const options = { metric, diagonal, sectorSize: 32 };
        setSectorWasmEnabled(true);
        const a = buildSectorGraph(grid, options).data;
        setSectorWasmEnabled(false);
        const b = buildSectorGraph(grid, options).data;
        expect(a.nodeTile).toEqual(b.nodeTile);
        expect(a.intra).toEqual(b.intra);
        expect(a.landmarkCost).toEqual(b.landmarkCost);
      }
    }
  });
});
