// Fuzz entries: sector graphs (hierarchical paths and corridor fields), smooth flows, and the crowd's grid step.

import { aged, editAcross, versionCheck } from './catalog-versions.mjs';

const call = (fn, ...args) => ({ fn, args });
const method = (self, name, ...args) => ({ fn: (...a) => self[name](...a), args });
const getter = (self, name) => ({ fn: () => self[name], args: [] });
const control = () => ({ control: new Int32Array(4), signal: new AbortController().signal });
const job = () => ({ signal: new AbortController().signal, onProgress: () => {} });
const updateFlowCase = versionCheck();
const sectorUpdateCase = versionCheck();

/** A 16x16 map: four 8x8 sectors, walls across the borders with gaps, and a pool of water. */
const MAP16 = [
  '........#.......',
  '.####...#..###..',
  '....#...#....#..',
  '....#........#..',
  '..~~#...#....#..',
  '..~~....#.......',
  '........#..#....',
  '##.######..#.###',
  '.......#........',
  '.#####.#..####..',
  '.....#.#.....#..',
  '.....#.......#..',
  '.###.#.#.....#..',
  '.....#.#..#.....',
  '.......#..#.....',
  '.......#........',
];
const CODES = { '.': 1, '#': 0, '~': 2 };

/** The 16x16 map, in an ordinary ArrayBuffer with a short edit log (shared: for the worker service). */
function map16(lib, shared = false) {
  const g = lib.Grid.create(16, 16, { shared, editLog: 16 });
  for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) g.passable[y * 16 + x] = CODES[MAP16[y][x]];
  return g;
}

const sectorOptions = () => ({
  sectorSize: 8,
  metric: 'octile',
  neighbors: 8,
  diagonal: 'if-both-free',
  entranceSplit: 6,
  entranceSpacing: 16,
  entranceGap: 24,
  landmarks: 2,
});

/** A graph over the 16x16 map. */
function graph(lib, shared = false) {
  return lib.buildSectorGraph(map16(lib, shared), sectorOptions());
}

/** A corridor field towards (15, 15) for units at (0, 0) and (2, 10). */
function corridor(lib) {
  return graph(lib).corridorField({ x: 15, y: 15 }, new Int32Array([0, 0, 2, 10]), { margin: 1 });
}

/** The 8x8 map of the helpers, a field towards (7, 7) and its flow (plain objects: their fields are fuzzed). */
function flowOf(lib, h) {
  const grid = h.grid();
  const field = lib.computeField(grid, { goals: [{ x: 7, y: 7 }] });
  const flow = lib.computeFlow(grid, field, { radius: 0.2 });
  return { grid, field, flow };
}

/** @type {import('./catalog.mjs').Entry[]} */
export const SECTORS_FLOW = [
  // flow
  {
    name: 'computeFlow',
    make: (lib, h) => {
      const grid = h.grid();
      const field = lib.computeField(grid, { goals: [{ x: 7, y: 7 }] });
      return call(lib.computeFlow, grid, field, {
        metric: 'octile',
        radius: 0.2,
        out: { vx: new Float32Array(64), vy: new Float32Array(64), anchor: new Int32Array(64) },
        signal: new AbortController().signal,
        onProgress: () => {},
        control: control(),
      });
    },
  },
  {
    name: 'updateFlow',
    // A grid whose version goes across 2^32 between the flow and its repair (catalog-versions.mjs).
    make: (lib, h) => {
      const grid = aged(lib, h.grid());
      const field = lib.computeField(grid, { goals: [{ x: 7, y: 7 }] });
      const flow = lib.computeFlow(grid, field, { radius: 0.2, repairable: true });
      editAcross(grid);
      lib.updateField(grid, field, { goals: [{ x: 7, y: 7 }] });
      const args = [grid, field, flow, { metric: 'octile', radius: 0.2, control: control() }];
      updateFlowCase.keep({ lib, args, grid });
      return call(lib.updateFlow, ...args);
    },
    check: updateFlowCase.check(({ lib, args: [grid, field, , options] }, result) => {
      // The flow's radius is the default of updateFlow (not of computeFlow).
      const fresh = lib.computeFlow(grid, field, { metric: options?.metric, radius: result.flow.radius });
      return result.flow.anchor.every((a, i) => a === fresh.anchor[i]) ? null : 'the repaired flow is not a fresh one';
    }),
  },
  {
    name: 'sampleFlow',
    make: (lib, h) => call(lib.sampleFlow, flowOf(lib, h).flow, 3.3, 4.7, new Float64Array(3)),
  },
  ...['flowAnchorX', 'flowAnchorY'].map((name) => ({
    name,
    make: (lib, h) => call(lib[name], flowOf(lib, h).flow, 10),
  })),
  { name: 'flowClearance', make: (lib) => call(lib.flowClearance, 0.2) },
  {
    name: 'followFlow',
    make: (lib, h) => {
      const { grid, field, flow } = flowOf(lib, h);
      return call(
        lib.followFlow,
        grid,
        field,
        flow,
        { x: 0.5, y: 0.5 },
        {
          out: new Float64Array(64),
          step: 0.25,
          maxLength: 40,
          stats: { points: 0, length: 0, reached: false, slides: 0, fallbackSteps: 0 },
        },
      );
    },
  },
  {
    name: 'anyAnglePath',
    make: (lib, h) =>
      call(
        lib.anyAnglePath,
        h.grid(),
        { x: 0.5, y: 0.5 },
        { x: 7.5, y: 7.5 },
        {
          neighbors: 8,
          diagonal: 'if-both-free',
          upperBound: 20,
        },
      ),
  },
  {
    name: 'walkableSegment',
    make: (lib, h) =>
      call(lib.walkableSegment, h.grid(), 0.5, 0.5, 3.5, 2.5, { neighbors: 8, diagonal: 'if-both-free' }),
  },

  // sectors: building and the graph's members
  {
    name: 'buildSectorGraph',
    make: (lib) => call(lib.buildSectorGraph, map16(lib), { ...sectorOptions(), control: control() }),
  },
  {
    name: 'SectorGraph.from',
    make: (lib) => {
      const g = graph(lib);
      // The arrays as a plain object, so that the fuzzer forges each of them.
      return call(lib.SectorGraph.from, g.grid, { ...g.data, header: g.data.header.slice() });
    },
  },
  ...['options', 'gridVersion', 'gridId', 'landmarksFresh'].map((name) => ({
    name: `SectorGraph#${name}`,
    make: (lib) => getter(graph(lib), name),
  })),
  { name: 'SectorGraph#sectorOf', make: (lib) => method(graph(lib), 'sectorOf', 9, 3) },
  {
    name: 'SectorGraph#findPath',
    make: (lib) =>
      method(
        graph(lib),
        'findPath',
        { x: 0, y: 0 },
        { x: 15, y: 15 },
        {
          refine: 'auto',
          margin: 1,
          corridorTiles: 256,
          info: {},
        },
      ),
  },
  { name: 'SectorGraph#route', make: (lib) => method(graph(lib), 'route', { x: 0, y: 0 }, { x: 15, y: 15 }) },
  ...['firstMove'].map((name) => ({
    name: `SectorGraph#${name}`,
    make: (lib) => method(graph(lib), name, 0, 0, 15, 15),
  })),
  {
    name: 'SectorGraph#corridorField',
    make: (lib) =>
      method(graph(lib), 'corridorField', { x: 15, y: 15 }, [0, 0, 2, 10], {
        margin: 1,
        maxCost: 100,
        control: control(),
      }),
  },
  {
    name: 'SectorGraph#update',
    // A grid whose version goes across 2^32 between the build and the update (catalog-versions.mjs).
    make: (lib) => {
      const grid = aged(lib, map16(lib));
      const g = lib.buildSectorGraph(grid, sectorOptions());
      editAcross(grid);
      sectorUpdateCase.keep({ lib, g, grid });
      return method(g, 'update', { control: control() });
    },
    check: sectorUpdateCase.check(({ lib, g, grid }, result) => {
      if (g.gridVersion !== grid.version) return `gridVersion ${g.gridVersion}, grid at ${grid.version}`;
      if (!(result.sectors > 0 || result.full)) return 'no sector rebuilt after edits';
      const fresh = lib.buildSectorGraph(grid, g.options);
      return JSON.stringify(g.stats()) === JSON.stringify(fresh.stats()) ? null : 'the graph is not a fresh one';
    }),
  },
  {
    name: 'SectorGraph#refreshLandmarks',
    make: (lib) => {
      const g = graph(lib);
      g.grid.setPassable(3, 3, false);
      g.update();
      return method(g, 'refreshLandmarks');
    },
  },
  ...['entrances', 'stats'].map((name) => ({
    name: `SectorGraph#${name}`,
    make: (lib) => method(graph(lib), name),
  })),

  // sectors: corridor fields
  {
    name: 'new CorridorField',
    // The data as a plain object, so that the fuzzer forges each of its fields.
    make: (lib) => call((...a) => new lib.CorridorField(...a), { ...corridor(lib).data }),
  },
  ...['gridVersion', 'gridId', 'sectors', 'fullField'].map((name) => ({
    name: `CorridorField#${name}`,
    make: (lib) => getter(corridor(lib), name),
  })),
  ...['slotOf', 'costAt', 'dirAt'].map((name) => ({
    name: `CorridorField#${name}`,
    make: (lib) => method(corridor(lib), name, 3, 12),
  })),
  {
    name: 'CorridorField#toField',
    make: (lib) => method(corridor(lib), 'toField', { cost: new Float64Array(256), dir: new Uint8Array(256) }),
  },

  // sectors: in the worker pool
  {
    name: 'buildSectorGraphInPool',
    make: async (lib, h) =>
      call(lib.buildSectorGraphInPool, await h.service(), map16(lib, true), {
        ...sectorOptions(),
        jobsPerWorker: 2,
        ...job(),
      }),
    service: true,
  },
  {
    name: 'updateSectorGraphInPool',
    make: async (lib, h) => {
      const g = graph(lib, true);
      g.grid.setPassable(3, 3, false);
      return call(lib.updateSectorGraphInPool, await h.service(), g, { ...job(), landmarks: true });
    },
    service: true,
  },
  {
    name: 'refreshLandmarksInPool',
    make: async (lib, h) => {
      const g = graph(lib, true);
      g.grid.setPassable(3, 3, false);
      g.update();
      return call(lib.refreshLandmarksInPool, await h.service(), g, job());
    },
    service: true,
  },
  {
    name: 'corridorFieldInPool',
    make: async (lib, h) =>
      call(lib.corridorFieldInPool, await h.service(), graph(lib, true), { x: 15, y: 15 }, [0, 0, 2, 10], {
        margin: 1,
        maxCost: 100,
        ...job(),
        onStart: () => {},
      }),
    service: true,
  },
  {
    name: 'FieldService#computeFlow',
    make: async (lib, h) => {
      const s = await h.service();
      const grid = h.grid(true);
      const field = lib.computeField(grid, { goals: [{ x: 7, y: 7 }] });
      return method(s, 'computeFlow', grid, field, { metric: 'octile', radius: 0.2, ...job() });
    },
    service: true,
  },
  {
    name: 'FieldService#updateFlow',
    make: async (lib, h) => {
      const s = await h.service();
      const grid = h.grid(true);
      const field = lib.computeField(grid, { goals: [{ x: 7, y: 7 }] });
      const flow = await s.computeFlow(grid, field, { radius: 0.2, repairable: true });
      return method(s, 'updateFlow', grid, field, flow, { metric: 'octile', radius: 0.2, ...job() });
    },
    service: true,
  },
  // crowd: the grid half of a step
  {
    name: 'stepCrowdGridRange',
    make: (lib, h) => {
      const c = h.crowd();
      lib.prepareCrowdStep(c);
      return call(lib.stepCrowdGridRange, c, 0, 2, 1 / 60);
    },
  },
];
