import { afterEach, describe, expect, it } from 'vitest';
import { sectorWasm, setSectorWasmEnabled } from './cost-dial-wasm.js';
import { expectWasmGraphsMatchJs } from './sectors.test-util.js';

// The intra-cost search's WebAssembly kernel (wasm/sector-kernels.ts: move masks, bulk-memory fill) in Chromium:
// it compiles there, and the graphs it builds are the JavaScript search's bit for bit.
describe('CostDial in Chromium', () => {
  afterEach(() => setSectorWasmEnabled(true));

  it('builds the same graph with and without WebAssembly under every diagonal rule', () => {
    setSectorWasmEnabled(true);
    expect(sectorWasm()).not.toBeNull();
    expectWasmGraphsMatchJs();
  });
});
