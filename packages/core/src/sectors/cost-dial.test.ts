import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSectorGraph } from './build.js';
import { CostDial } from './cost-dial.js';
import { dropSectorWasm, sectorWasm, sectorWasmMemory, setSectorWasmEnabled } from './cost-dial-wasm.js';
import { LocalSearch } from './local-search.js';
import { M_OCTILE, M_STEPS, R_ALWAYS, R_BOTH_FREE, R_NEVER, R_ONE_FREE } from './sector-options.js';
import { expectWasmGraphsMatchJs, randomGrid } from './sectors.test-util.js';

const INF = Number.POSITIVE_INFINITY;

const caseArb = fc.record({
  width: fc.integer({ min: 3, max: 40 }),
  height: fc.integer({ min: 3, max: 40 }),
  density: fc.double({ min: 0, max: 0.45, noNaN: true }),
  seed: fc.integer({ min: 1, max: 2 ** 30 }),
  water: fc.boolean(),
  metric: fc.constantFrom(M_STEPS, M_OCTILE),
  rule: fc.constantFrom(R_NEVER, R_ALWAYS, R_ONE_FREE, R_BOTH_FREE),
  wasm: fc.boolean(),
  pick: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
});

describe('CostDial', () => {
  afterEach(() => setSectorWasmEnabled(true));

  it('has the WebAssembly module on Node (so the comparisons below compare two searches)', () => {
    setSectorWasmEnabled(true);
    expect(sectorWasm()).not.toBeNull();
    setSectorWasmEnabled(false);
    expect(sectorWasm()).toBeNull();
  });

  it('gives the costs of the reference local search bit for bit (WebAssembly and JavaScript)', () => {
    const search = new LocalSearch();
    const dial = new CostDial();
    const targets = new Int32Array(8);
    fc.assert(
      fc.property(caseArb, (c) => {
        const grid = randomGrid(c.width, c.height, c.density, c.seed, { water: c.water });
        setSectorWasmEnabled(c.wasm);
        search.load(grid.passable, null, c.width, 0, 0, c.width, c.height);
        dial.prepare(search);
        const open: number[] = [];
        for (let i = 0; i < grid.size; i++) if (grid.passable[i] !== 0) open.push(search.padOf(i, c.width));
        if (open.length === 0) return;
        const source = open[(c.pick[0] as number) % open.length] as number;
        // To exhaustion: every tile.
        search.run(source, c.metric, c.rule, null, 0);
        dial.run(source, c.metric, c.rule, targets, 0);
        const size = search.stride * (c.height + 2);
        for (let p = 0; p < size; p++) {
          const want = search.cost[p] as number;
          const got = dial.cost[p] as number;
          if (want < INF) expect(got).toBe(want);
          else expect(got === INF || got === -INF).toBe(true);
        }
        // Early exit: the targets' costs are exact once the search returns.
        let n = 0;
        for (const k of c.pick.slice(1)) targets[n++] = open[k % open.length] as number;
        const want = Array.from(targets.subarray(0, n), (p) => search.cost[p] as number);
        dial.run(source, c.metric, c.rule, targets, n);
        const got = Array.from(targets.subarray(0, n), (p) => {
          const v = dial.cost[p] as number;
          return v === -INF ? INF : v;
        });
        expect(got).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  it("gives the JavaScript search's costs bit for bit on full-size cluttered sectors, one search after another", () => {
    // The case the WebAssembly relaxations are tuned for (sectors of 64, scattered walls, several searches over
    // one loaded sector with shrinking target lists, as intra-costs.ts runs them): every tile's cost compared.
    const search = new LocalSearch();
    const wasm = new CostDial();
    const js = new CostDial();
    const targets = new Int32Array(24);
    fc.assert(
      fc.property(
        fc.record({
          density: fc.double({ min: 0.05, max: 0.4, noNaN: true }),
          seed: fc.integer({ min: 1, max: 2 ** 30 }),
          water: fc.boolean(),
          metric: fc.constantFrom(M_STEPS, M_OCTILE),
          rule: fc.constantFrom(R_NEVER, R_ALWAYS, R_ONE_FREE, R_BOTH_FREE),
          picks: fc.array(fc.nat(), { minLength: 2, maxLength: 24 }),
        }),
        (c) => {
          const grid = randomGrid(64, 64, c.density, c.seed, { water: c.water });
          search.load(grid.passable, null, 64, 0, 0, 64, 64);
          setSectorWasmEnabled(true);
          wasm.prepare(search);
          setSectorWasmEnabled(false);
          js.prepare(search);
          const open: number[] = [];
          for (let i = 0; i < grid.size; i++) if (grid.passable[i] !== 0) open.push(search.padOf(i, 64));
          if (open.length === 0) return;
          const ends = c.picks.map((k) => open[k % open.length] as number);
          const size = search.stride * 66;
          for (let s = 0; s + 1 < ends.length; s++) {
            const n = ends.length - s - 1;
            targets.set(ends.slice(s + 1));
            setSectorWasmEnabled(true);
            const a = wasm.run(ends[s] as number, c.metric, c.rule, targets, n);
            setSectorWasmEnabled(false);
            const b = js.run(ends[s] as number, c.metric, c.rule, targets, n);
            expect(a).toBe(b);
            // Every tile's cost, tentative ones included; a tile of another code is unreached in both (the
            // JavaScript search marks it -Infinity, the WebAssembly one leaves it Infinity).
            for (let p = 0; p < size; p++) {
              const w = wasm.cost[p] as number;
              const j = js.cost[p] === -INF ? INF : (js.cost[p] as number);
              if (w !== j) expect([p, w]).toEqual([p, j]);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('builds the same graph with and without WebAssembly as the sector size changes (the layout grows)', () => {
    const grid = randomGrid(300, 280, 0.2, 11, { water: true });
    for (const sectorSize of [8, 256, 16, 64]) {
      setSectorWasmEnabled(true);
      const a = buildSectorGraph(grid, { sectorSize }).data;
      setSectorWasmEnabled(false);
      const b = buildSectorGraph(grid, { sectorSize }).data;
      expect(a.nodeTile).toEqual(b.nodeTile);
      expect(a.intra).toEqual(b.intra);
    }
  });

  it('builds the same graph with and without WebAssembly', () => {
    expectWasmGraphsMatchJs();
  });
});

describe('sector WebAssembly memories', () => {
  it('are replaced, never grown, when a build or a corridor field needs more room (no buffer is detached)', () => {
    // A memory that grows detaches its old buffer, after which V8 checks every typed-array access of the thread.
    setSectorWasmEnabled(true);
    for (const user of ['dial', 'corridor'] as const) {
      dropSectorWasm(user);
      expect(sectorWasm(user)).not.toBeNull();
    }
    const small = { dial: sectorWasmMemory(0, 'dial'), corridor: sectorWasmMemory(0, 'corridor') };
    const grid = randomGrid(300, 260, 0.2, 5);
    const graph = buildSectorGraph(grid);
    let goal = 130 * 300 + 150;
    while (grid.passable[goal] === 0) goal++;
    graph.corridorField({ x: goal % 300, y: Math.floor(goal / 300) }, [2, 2, 297, 257], { fullFieldAbove: 1 });
    for (const user of ['dial', 'corridor'] as const) {
      const before = small[user] as ArrayBuffer;
      const after = sectorWasmMemory(0, user) as ArrayBuffer;
      expect(after).not.toBe(before);
      expect(after.byteLength).toBeGreaterThan(before.byteLength);
      // Not detached: a detached buffer's length is 0.
      expect(before.byteLength).toBeGreaterThan(0);
    }
  });
});
