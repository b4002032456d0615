// Fuzz entries: fields, convex sets, scent maps and tactics.

import { aged, editAcross, fieldMatches, versionCheck } from './catalog-versions.mjs';

const call = (fn, ...args) => ({ fn, args });

const fieldOptions = () => ({
  goals: [
    { x: 0, y: 0, value: 0 },
    { x: 7, y: 7, value: 0 },
  ],
  metric: 'octile',
  neighbors: 8,
  diagonal: 'if-both-free',
  maxCost: Number.POSITIVE_INFINITY,
});
const control = () => ({ control: new Int32Array(4), signal: new AbortController().signal });
const moves = () => ({ neighbors: 8, diagonal: 'if-both-free' });
const updateFieldCase = versionCheck();

/** @type {import('./catalog.mjs').Entry[]} */
export const MAPS = [
  // fields
  {
    name: 'computeField',
    make: (lib, h) =>
      call(lib.computeField, h.grid(), {
        ...fieldOptions(),
        out: { cost: new Float64Array(64), dir: new Uint8Array(64) },
        signal: new AbortController().signal,
        onProgress: () => {},
        control: control(),
      }),
    check: fieldCheck,
  },
  {
    name: 'computeFieldFromSeeds',
    make: (lib, h) => {
      const seeds = new Float64Array(64).fill(Number.POSITIVE_INFINITY);
      seeds[0] = 0;
      seeds[63] = -3;
      return call(lib.computeFieldFromSeeds, h.grid(), seeds, {
        metric: 'octile',
        neighbors: 8,
        diagonal: 'never',
        maxCost: 50,
        out: {},
        control: control(),
      });
    },
    check: fieldCheck,
  },
  {
    name: 'updateField',
    // A grid whose version goes across 2^32 between the field and its repair (catalog-versions.mjs).
    make: (lib, h) => {
      const g = aged(lib, h.grid());
      const field = lib.computeField(g, fieldOptions());
      editAcross(g);
      const args = [g, field, { ...fieldOptions(), control: control() }];
      updateFieldCase.keep({ lib, args, grid: g });
      return call(lib.updateField, ...args);
    },
    // Compared when the options are the field's own (a repair with other goals is not asked to be exact).
    check: updateFieldCase.check(({ lib, args: [grid, field, given] }) => {
      const { control: _, ...options } = given ?? {};
      return JSON.stringify(options) === JSON.stringify(fieldOptions())
        ? fieldMatches(lib, field, grid, options)
        : null;
    }),
  },
  { name: 'nextStep', make: (lib, h) => call(lib.nextStep, h.field(h.grid()), 7, 7) },
  {
    name: 'pathFromField',
    make: (lib, h) => call(lib.pathFromField, h.field(h.grid()), { x: 7, y: 7 }, { out: new Int32Array(200) }),
  },
  { name: 'pathLength', make: (lib) => call(lib.pathLength, { cost: 0, points: Int32Array.of(0, 0, 1, 1, 2, 1) }) },
  { name: 'sampleField', make: (lib, h) => call(lib.sampleField, h.field(h.grid()), 3.5, 2.5, new Float64Array(3)) },
  {
    name: 'smoothPath',
    make: (lib, h) =>
      call(lib.smoothPath, h.open(), { cost: 0, points: Int32Array.of(0, 0, 1, 1, 2, 1, 3, 1) }, moves()),
  },
  { name: 'walkableLine', make: (lib, h) => call(lib.walkableLine, h.grid(), 0, 0, 3, 0, moves()) },
  { name: 'isFieldStale', make: (lib, h) => call(lib.isFieldStale, h.field(h.grid()), h.grid()) },

  // sets
  {
    name: 'decomposeConvexSets',
    make: (lib, h) => call(lib.decomposeConvexSets, h.grid(), { maxSide: 4, strategy: 'auto' }),
  },
  {
    name: 'reduceFieldToSets',
    make: (lib, h) => {
      const g = h.grid();
      const sets = h.sets(g);
      return call(lib.reduceFieldToSets, sets, h.field(g).cost, { out: new Int32Array(sets.count) });
    },
  },
  {
    name: 'setCostsFrom',
    make: (lib, h) => {
      const g = h.grid();
      const sets = h.sets(g);
      return call(lib.setCostsFrom, g, sets, { x: 0, y: 0 }, { ...moves(), out: new Int32Array(sets.count) });
    },
  },
  {
    name: 'setCostsFromFields',
    make: (lib, h) => {
      const g = h.grid();
      const sets = h.sets(g);
      return call(
        lib.setCostsFromFields,
        lib.buildSetFields(g, sets),
        { x: 0, y: 0 },
        { out: new Int32Array(sets.count) },
      );
    },
  },
  {
    name: 'allocateSetFields',
    make: (lib, h) => {
      const g = h.grid();
      return call(lib.allocateSetFields, g, h.sets(g), {
        maxCells: 1 << 20,
        costType: 'uint16',
        shared: false,
        ...moves(),
      });
    },
  },
  {
    name: 'buildSetFields',
    make: (lib, h) => {
      const g = h.grid();
      return call(lib.buildSetFields, g, h.sets(g), {
        maxCells: 1 << 20,
        costType: 'int32',
        ...moves(),
        control: control(),
      });
    },
  },
  {
    name: 'buildSetField',
    make: (lib, h) => {
      const g = h.grid();
      return call(lib.buildSetField, g, h.sets(g), 1, { costType: 'uint16', ...moves() });
    },
  },
  {
    name: 'computeSetFieldsInto',
    make: (lib, h) => {
      const g = h.grid();
      const sets = h.sets(g);
      return call(lib.computeSetFieldsInto, g, sets, 0, 2, new Uint16Array(128), new Uint8Array(128), {
        sliceBase: 0,
        ...moves(),
        control: control(),
      });
    },
  },
  {
    name: 'setFieldCost',
    make: (lib, h) => {
      const g = h.grid();
      return call(lib.setFieldCost, lib.buildSetFields(g, h.sets(g)), 9, 1);
    },
  },

  // scent
  {
    name: 'scentMap',
    make: (lib, h) =>
      call(lib.scentMap, h.grid(), [{ x: 0, y: 0, strength: 5 }], {
        neighbors: 8,
        diagonal: 'always',
        out: new Int32Array(64),
        signal: new AbortController().signal,
        onProgress: () => {},
        control: control(),
      }),
    check: (r) =>
      r instanceof Int32Array && r.every((v) => Number.isInteger(v) && v >= -2) ? null : 'not a scent map',
  },
  {
    name: 'fleeMap',
    make: (lib, h) => {
      const g = h.grid();
      const scent = lib.scentMap(g, [{ x: 3, y: 0, strength: 3 }]);
      return call(lib.fleeMap, g, scent, {
        strength: 3,
        neighbors: 4,
        diagonal: 'never',
        onNoSeed: 'return',
        out: new Int32Array(64),
        control: control(),
      });
    },
  },
  {
    name: 'safetyField',
    make: (lib, h) =>
      call(lib.safetyField, h.grid(), [{ x: 3, y: 3 }], {
        coefficient: -1.2,
        metric: 'octile',
        neighbors: 8,
        diagonal: 'if-both-free',
        maxCost: 30,
        blockThreats: true,
        out: {},
        control: control(),
      }),
    check: fieldCheck,
  },
  {
    name: 'safetyMap',
    make: (lib, h) => call(lib.safetyMap, h.grid(), [{ x: 3, y: 3 }], { coefficient: -2, metric: 'steps' }),
  },
  {
    name: 'descendMap',
    make: (lib, h) => {
      const g = h.grid();
      return call(lib.descendMap, g, lib.scentMap(g, [{ x: 0, y: 0, strength: 9 }]), 5, 3, {
        neighbors: 8,
        diagonal: 'if-one-free',
        ascend: true,
      });
    },
  },
  {
    name: 'descendMapPath',
    make: (lib, h) => {
      const g = h.grid();
      return call(
        lib.descendMapPath,
        g,
        h.field(g).cost,
        { x: 7, y: 7 },
        {
          neighbors: 8,
          diagonal: 'if-both-free',
          ascend: false,
          maxSteps: 30,
        },
      );
    },
  },
  {
    name: 'combineMaps',
    make: (lib) =>
      call(
        lib.combineMaps,
        [
          { map: new Float64Array([1, 2, 3, Number.POSITIVE_INFINITY]), weight: 2 },
          { map: new Int32Array([-2, -1, 0, 5]), weight: -1 },
        ],
        { out: new Float64Array(4) },
      ),
  },

  // tactics
  { name: 'tacticConstants', make: (lib) => call(lib.tacticConstants, 10, 14, shape()) },
  { name: 'flankKeeps', make: (lib) => call(lib.flankKeeps, 6, 7, lib.tacticConstants(10, 14)) },
  { name: 'retreatKeeps', make: (lib) => call(lib.retreatKeeps, 6, 17, lib.tacticConstants(10, 14)) },
  {
    name: 'tacticCandidates',
    make: (lib, h) => {
      const g = h.open(16, 16);
      pillars(g);
      return call(
        lib.tacticCandidates,
        g,
        h.sets(g),
        { x: 4, y: 4 },
        { x: 11, y: 11 },
        { mode: 'flank', ...shape(), ...moves(), maxCandidates: 8, costs: 'two-field' },
      );
    },
  },
  ...['flankCandidates', 'retreatCandidates'].map((name) => ({
    name,
    make: (lib, h) => {
      const g = h.open(16, 16);
      pillars(g);
      return call(
        lib[name],
        g,
        h.sets(g),
        { x: 4, y: 4 },
        { x: 11, y: 11 },
        { ...shape(), ...moves(), maxCandidates: 8 },
      );
    },
  })),
  {
    name: 'searchTactic',
    make: (lib, h) => {
      const g = h.open(16, 16);
      pillars(g);
      const sets = h.sets(g);
      return call(lib.searchTactic, g, sets, { x: 4, y: 4 }, { x: 11, y: 11 }, 'flank', {
        costs: lib.buildSetFields(g, sets),
        maxCandidates: Number.POSITIVE_INFINITY,
      });
    },
  },
  {
    name: 'createTacticSearch',
    make: (lib, h) => {
      const g = h.open(16, 16);
      pillars(g);
      const sets = h.sets(g);
      const pair = {
        me: lib.setCostsFrom(g, sets, { x: 4, y: 4 }),
        target: lib.setCostsFrom(g, sets, { x: 11, y: 11 }),
      };
      return call(lib.createTacticSearch, g, sets, { x: 4, y: 4 }, { x: 11, y: 11 }, 'retreat', {
        costs: pair,
        setsPerStep: 4,
        maxCandidates: 3,
      });
    },
  },
  ...['step', 'result', 'progress'].map((m) => ({
    name: `ResumableTask#${m}`,
    make: (lib, h) => {
      const g = h.open(16, 16);
      pillars(g);
      const task = lib.createTacticSearch(g, h.sets(g), { x: 4, y: 4 }, { x: 11, y: 11 }, 'flank');
      if (m !== 'step') task.step(Number.POSITIVE_INFINITY);
      return { fn: (...a) => task[m](...a), args: m === 'step' ? [Number.POSITIVE_INFINITY] : [] };
    },
  })),
  {
    name: 'chooseTacticSet',
    make: (lib, h) => {
      const g = h.open(16, 16);
      pillars(g);
      return call(
        lib.chooseTacticSet,
        g,
        h.sets(g),
        { x: 4, y: 4 },
        { x: 11, y: 11 },
        { mode: 'retreat', random: lib.createRandom(5), maxCandidates: 4 },
      );
    },
  },
  {
    name: 'pickCandidate',
    make: (lib) =>
      call(
        lib.pickCandidate,
        { kind: 'flank', mySet: 0, targetSet: 3, constants: null, candidates: new Int32Array([4, 7]), examined: 9 },
        lib.createRandom(1),
      ),
  },
  {
    name: 'tacticPath',
    make: (lib, h) => {
      const g = h.open(16, 16);
      pillars(g);
      const sets = h.sets(g);
      return call(lib.tacticPath, g, sets, { x: 4, y: 4 }, { x: 11, y: 11 }, sets.setOf[11 * 16 + 11], {
        mode: 'flank',
        ...moves(),
      });
    },
  },
  {
    name: 'createTacticRoute',
    make: (lib, h) => {
      const g = h.open(16, 16);
      pillars(g);
      const sets = h.sets(g);
      return call(
        lib.createTacticRoute,
        g,
        sets,
        2,
        { x: 11, y: 11 },
        { fields: lib.buildSetFields(g, sets), approach: false, ...moves() },
      );
    },
  },
  ...['routePath', 'routePhase', 'routeDirection'].map((name) => ({
    name,
    make: (lib, h) => {
      const g = h.open(16, 16);
      pillars(g);
      const sets = h.sets(g);
      const route = lib.createTacticRoute(g, sets, 2, { x: 11, y: 11 });
      if (name === 'routePath') return call(lib.routePath, route, sets, { x: 4, y: 4 }, 100);
      if (name === 'routePhase') return call(lib.routePhase, route, sets, 4, 4, 0);
      return call(lib.routeDirection, route, 4, 4, 1);
    },
  })),
];

function shape() {
  return { hyperbolaFactor: 0.5, smallEllipseFactor: 2, largeEllipseFactor: 8, circleFactor: 2 };
}

/** Pillars every 4 tiles: convex sets with flank candidates between (4, 4) and (11, 11). */
function pillars(g) {
  for (let y = 2; y < g.height; y += 4) for (let x = 2; x < g.width; x += 4) g.setPassable(x, y, false);
}

/** A field result: cost Float64Array without NaN, dir Uint8Array of direction indices or 255. */
function fieldCheck(r) {
  if (!r || !(r.cost instanceof Float64Array) || !(r.dir instanceof Uint8Array)) return 'not a field';
  for (let i = 0; i < r.cost.length; i++) if (Number.isNaN(r.cost[i])) return `NaN cost at tile ${i}`;
  for (let i = 0; i < r.dir.length; i++)
    if (r.dir[i] > 7 && r.dir[i] !== 255) return `direction ${r.dir[i]} at tile ${i}`;
  return null;
}
