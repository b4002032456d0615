import { OPAQUE } from './fuzz-paths.mjs';

// Valid inputs the fuzz catalog starts from (every call gets fresh ones: calls may mutate what they get). Grids
// are small, in ordinary ArrayBuffers with a short edit log (a default grid's 32 KiB edit log in a
// SharedArrayBuffer costs more than most calls); the worker service gets shared ones.

const MAP = ['....#...', '.##.#.~~', '....#.~~', '.#......', '.#..##..', '........', '..#..#..', '........'];
const CODES = { '.': 1, '#': 0, '~': 2 };

/**
 * @param {typeof import('../testing/package.test-util.js')} lib (every entry of the built package)
 * @param {'shared' | 'transfer' | 'main-thread'} mode The worker service's execution mode (its grids and crowds are
 *   on shared memory only in `shared` mode, as a page without cross-origin isolation makes them).
 */
export function helpers(lib, mode = 'shared') {
  let service = null;
  let fields = null;
  const forService = (shared) => shared && mode === 'shared';
  const h = {
    /** The 8x8 map with walls and water (shared: for the worker service). */
    grid: (shared = false) => {
      const g = lib.Grid.create(8, 8, { shared: forService(shared), editLog: 16 });
      for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) g.passable[y * 8 + x] = CODES[MAP[y][x]];
      return g;
    },
    /** An open grid. */
    open: (w = 8, hh = 8, shared = false) => lib.Grid.open(w, hh, { shared: forService(shared), editLog: 16 }),
    /** An open 8x8 grid with a terrain layer (one tile costs 5). */
    terrain: () => {
      const g = lib.Grid.open(8, 8, { terrain: true, shared: false, editLog: 16 });
      g.setTerrain(3, 3, 5);
      return g;
    },
    sets: (g) => lib.decomposeConvexSets(g),
    /**
     * A 16x16 map with pillars every 4 tiles, its sets and their per-set fields; the fields' arrays are built
     * once per worker (the package only reads them), the objects around them are fresh.
     */
    pillars: () => {
      const g = h.open(16, 16);
      for (let y = 2; y < 16; y += 4) for (let x = 2; x < 16; x += 4) g.setPassable(x, y, false);
      const sets = lib.decomposeConvexSets(g);
      fields ??= lib.buildSetFields(g, sets, { shared: false });
      return { grid: g, sets, fields: { ...fields } };
    },
    field: (g) => lib.computeField(g, { goals: [{ x: 0, y: 0 }] }),
    mover: () => lib.createMover({ x: 10, y: 20, heading: 30, speed: 5, maxSpeed: 50, maxTurnRate: 90 }),
    /** A world on the 8x8 map with two units, one of them ordered to (7, 7). */
    world: () => {
      const world = new lib.RtsWorld(h.grid());
      const a = world.addUnit(0, 0);
      world.addUnit(2, 0);
      world.moveUnit(a, 7, 7);
      return world;
    },
    /** A crowd of three units on an open 8x8 grid (shared: for the worker service). */
    crowd: (shared = false) => {
      const crowd = lib.createCrowd({ grid: h.open(8, 8, shared), capacity: 8, shared: forService(shared) });
      lib.addCrowdUnit(crowd, { x: 1.5, y: 1.5 });
      lib.addCrowdUnit(crowd, { x: 2.5, y: 1.5 });
      lib.addCrowdUnit(crowd, { x: 1.5, y: 4 }, 1);
      return crowd;
    },
    /** One worker service per fuzz worker, made on first use (its calls are sequential). */
    service: () => {
      service ??= lib.createFieldService({ mode, workers: 1, abortGraceMs: 200 }).then((s) => {
        OPAQUE.add(s);
        return s;
      });
      return service;
    },
    /** Closes the shared service, if any. */
    close: async () => {
      if (service) await (await service).close();
      service = null;
    },
  };
  return h;
}
