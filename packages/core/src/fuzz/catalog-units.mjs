// Fuzz entries: RTS movement, crowds, the worker service and the frame scheduler.

import { aged, editAcross, fieldMatches, versionCheck } from './catalog-versions.mjs';
import { OPAQUE } from './fuzz-paths.mjs';

const call = (fn, ...args) => ({ fn, args });
const method = (self, name, ...args) => ({ fn: (...a) => self[name](...a), args });
const getter = (self, name) => ({ fn: () => self[name], args: [] });
const liveUpdateCase = versionCheck();

const worldOptions = () => ({
  stepSeconds: 0.05,
  horizon: 4,
  diagonal: 'if-both-free',
  maxPathsPerStep: 8,
  returnDelaySeconds: 1,
  stuckSeconds: 2,
  giveUpSeconds: 6,
  maxStepsPerUpdate: 8,
  useFlow: true,
});
const unitOptions = () => ({ hardRadius: 0.35, softRadius: 0.6, speed: 4, priority: 1, team: 0 });
const groupOptions = () => ({ formation: 'box', spacing: 1, columns: 2, speedAdjust: true, formingTimeout: 5 });
const crowdOptions = (lib) => ({
  grid: lib.Grid.open(8, 8),
  capacity: 8,
  groups: 2,
  unitSize: 0.45,
  topSpeed: 2,
  acceleration: 6,
  contactMargin: 0.05,
  arriveRadius: 0.25,
  bumpTime: 0.5,
  shared: true,
});

/** A world, its first unit and the second. */
function world(h) {
  const w = h.world();
  return { w, a: w.units[0], b: w.units[1] };
}

/** @type {import('./catalog.mjs').Entry[]} */
export const UNITS = [
  // rts: free functions
  {
    name: 'rtsCompressTiles',
    make: (lib) => call(lib.rtsCompressTiles, new Int32Array([0, 1, 2, 10, 18]), 5, 8, false),
  },
  { name: 'rtsWaypointLength', make: (lib) => call(lib.rtsWaypointLength, new Int32Array([0, 0, 3, 4, 3, 6])) },
  {
    name: 'computeRtsClearance',
    make: (lib, h) => call(lib.computeRtsClearance, h.grid(), { out: new Int8Array(64) }),
  },
  { name: 'rtsFormationSlots', make: (lib) => call(lib.rtsFormationSlots, 'wedge', 5, 1.5, 2) },
  {
    name: 'rtsSlotPosition',
    make: (lib) => call(lib.rtsSlotPosition, { x: 4, y: 4 }, 0.5, 1, -1, { out: { x: 0, y: 0 } }),
  },
  {
    name: 'rtsPathFromField',
    make: (lib, h) => call(lib.rtsPathFromField, h.field(h.grid()), { x: 7, y: 7 }, { scratch: new Int32Array(64) }),
  },
  {
    name: 'rtsOutranks',
    make: (lib, h) => {
      const { a, b } = world(h);
      return call(lib.rtsOutranks, a, b);
    },
  },
  {
    name: 'validateRtsGroupOptions',
    make: (lib) => call(lib.validateRtsGroupOptions, { ...lib.DEFAULT_RTS_GROUP_OPTIONS }),
  },

  // rts: classes
  { name: 'new RtsPathfinder', make: (lib, h) => call((...a) => new lib.RtsPathfinder(...a), h.grid()) },
  { name: 'RtsPathfinder#clearance', make: (lib, h) => method(new lib.RtsPathfinder(h.grid()), 'clearance') },
  {
    name: 'RtsPathfinder#findPath',
    make: (lib, h) =>
      method(
        new lib.RtsPathfinder(h.grid()),
        'findPath',
        { x: 0, y: 0 },
        { x: 7, y: 7 },
        {
          neighbors: 8,
          diagonal: 'if-both-free',
          clearance: 0,
          blocked: new Uint8Array(64),
          maxExpansions: 1000,
          info: {},
        },
      ),
  },
  {
    name: 'new RtsUnit',
    make: (lib) => call((...a) => new lib.RtsUnit(...a), 1, 2.5, 3.5, { ...lib.DEFAULT_RTS_UNIT_OPTIONS }, 4),
  },
  { name: 'RtsUnit#idle', make: (_, h) => getter(world(h).b, 'idle') },
  { name: 'RtsUnit#predicted', make: (_, h) => method(world(h).a, 'predicted', 1, { x: 0, y: 0 }) },
  { name: 'new RtsWorld', make: (lib, h) => call((...a) => new lib.RtsWorld(...a), h.grid(), worldOptions()) },
  { name: 'RtsWorld#stepsFor', make: (_, h) => method(world(h).w, 'stepsFor', 0.3) },
  { name: 'RtsWorld#unit', make: (_, h) => method(world(h).w, 'unit', 0) },
  { name: 'RtsWorld#addUnit', make: (_, h) => method(world(h).w, 'addUnit', 5, 5, unitOptions()) },
  {
    name: 'RtsWorld#removeUnit',
    make: (_, h) => {
      const { w, b } = world(h);
      return method(w, 'removeUnit', b);
    },
  },
  {
    name: 'RtsWorld#addGroup',
    make: (lib, h) => {
      const { w, a, b } = world(h);
      return method(w, 'addGroup', new lib.RtsGroup(w, [a, b], 5, 5, groupOptions()));
    },
  },
  {
    name: 'RtsWorld#removeGroup',
    make: (_, h) => {
      const { w, a, b } = world(h);
      return method(w, 'removeGroup', w.orderGroup([a, b], 5, 5));
    },
  },
  {
    name: 'RtsWorld#moveUnit',
    make: (_, h) => {
      const { w, b } = world(h);
      return method(w, 'moveUnit', b, 6, 7, false);
    },
  },
  {
    name: 'RtsWorld#moveUnitsAlongField',
    make: (_, h) => {
      const { w, a, b } = world(h);
      return method(w, 'moveUnitsAlongField', [a, b], h.field(w.grid));
    },
  },
  {
    name: 'RtsWorld#setRoute',
    make: (_, h) => {
      const { w, b } = world(h);
      return method(w, 'setRoute', b, [2, 0, 3, 0, 3, 3]);
    },
  },
  {
    name: 'RtsWorld#patrolUnit',
    make: (_, h) => {
      const { w, b } = world(h);
      return method(w, 'patrolUnit', b, [
        { x: 5, y: 0 },
        { x: 2, y: 5 },
      ]);
    },
  },
  {
    name: 'RtsWorld#orderGroup',
    make: (_, h) => {
      const { w, a, b } = world(h);
      return method(w, 'orderGroup', [a, b], 6, 6, groupOptions());
    },
  },
  {
    name: 'RtsWorld#stopUnit',
    make: (_, h) => {
      const { w, a } = world(h);
      return method(w, 'stopUnit', a);
    },
  },
  {
    name: 'RtsWorld#setOrder',
    make: (_, h) => {
      const { w, b } = world(h);
      return method(w, 'setOrder', b, 6.5, 6.5);
    },
  },
  { name: 'RtsWorld#update', make: (_, h) => method(world(h).w, 'update', 0.2) },
  {
    name: 'RtsWorld#renderPosition',
    make: (_, h) => {
      const { w, a } = world(h);
      return method(w, 'renderPosition', a, { x: 0, y: 0 });
    },
  },
  { name: 'RtsWorld#step', make: (_, h) => method(world(h).w, 'step') },
  ...['speedOf', 'currentTarget', 'checkLine'].map((name) => ({
    name: `RtsWorld#${name}`,
    make: (_, h) => {
      const { w, a } = world(h);
      w.step();
      return method(w, name, a);
    },
  })),
  {
    name: 'RtsWorld#firstCollision',
    make: (_, h) => {
      const { w, a } = world(h);
      return method(w, 'firstCollision', a, 2.5, 0.5, true);
    },
  },
  {
    name: 'new RtsGroup',
    make: (lib, h) => {
      const { w, a, b } = world(h);
      return call((...args) => new lib.RtsGroup(...args), w, [a, b], 5, 5, groupOptions());
    },
  },
  ...[
    ['anchorOf', () => [3, 3, { x: 0, y: 0 }]],
    ['beforeStep', (_, w) => [w]],
    ['afterStep', (_, w) => [w]],
    ['remove', (g) => [g.units[1]]],
  ].map(([name, args]) => ({
    name: `RtsGroup#${name}`,
    make: (_, h) => {
      const { w, a, b } = world(h);
      const g = w.orderGroup([a, b], 6, 6);
      return method(g, name, ...args(g, w));
    },
  })),

  // crowd
  { name: 'createCrowd', make: (lib) => call(lib.createCrowd, crowdOptions(lib)) },
  { name: 'crowdBuffers', make: (lib, h) => call(lib.crowdBuffers, h.crowd()) },
  { name: 'crowdFromBuffers', make: (lib, h) => call(lib.crowdFromBuffers, lib.crowdBuffers(h.crowd())) },
  ...[
    'crowdCount',
    'crowdFrame',
    'crowdSteps',
    'clearCrowd',
    'countMovingCrowdUnits',
    'crowdTotalSpeed',
    'prepareCrowdStep',
    'swapCrowd',
  ].map((name) => ({ name, make: (lib, h) => call(lib[name], h.crowd()) })),
  { name: 'crowdSpotIsFree', make: (lib, h) => call(lib.crowdSpotIsFree, h.crowd(), { x: 6.5, y: 6.5 }) },
  { name: 'addCrowdUnit', make: (lib, h) => call(lib.addCrowdUnit, h.crowd(), { x: 6.5, y: 6.5 }, 1) },
  { name: 'setCrowdUnitMoving', make: (lib, h) => call(lib.setCrowdUnitMoving, h.crowd(), 1) },
  {
    name: 'commandCrowdGroup',
    make: (lib, h) => call(lib.commandCrowdGroup, h.crowd(), 0, { x: 6.5, y: 6.5 }, { useField: true }),
  },
  { name: 'stepCrowd', make: (lib, h) => call(lib.stepCrowd, h.crowd(), 1 / 60, { onProgress: () => {} }) },
  {
    name: 'stepCrowdRange',
    make: (lib, h) => {
      const c = h.crowd();
      lib.prepareCrowdStep(c);
      return call(lib.stepCrowdRange, c, 0, 2, 1 / 60);
    },
  },
  {
    name: 'crowdStopTimerMoving',
    make: (lib) =>
      call(lib.crowdStopTimerMoving, {
        timer: 0.5,
        collisionWithStopped: true,
        position: { x: 0.5, y: 0.5 },
        target: { x: 3.5, y: 3.5 },
        topSpeed: 2,
        dt: 1 / 60,
        out: { timer: 0, stop: false },
      }),
  },
  {
    name: 'crowdStopTimerStopped',
    make: (lib) =>
      call(lib.crowdStopTimerStopped, {
        timer: 0.5,
        collision: true,
        collisionWithMoving: false,
        otherStopTimer: 0.2,
        dt: 1 / 60,
        bumpTime: 0.5,
        out: { timer: 0, stop: false },
      }),
  },
  { name: 'touchCrowdFields', make: (lib, h) => call(lib.touchCrowdFields, h.crowd()) },
  {
    name: 'stepCrowdParallel',
    make: async (lib, h) => call(lib.stepCrowdParallel, await h.service(), h.crowd(true), 1 / 60, { parts: 2 }),
    service: true,
  },

  // service
  {
    name: 'createFieldService',
    make: (lib) =>
      call(lib.createFieldService, {
        workers: 1,
        maxPooledBytes: 1 << 20,
        abortGraceMs: 100,
        mode: 'auto',
      }),
    // Every accepted call starts a worker thread (about 0.2 s): a short list of values.
    values: ['NaN', '-1', '"3"', 'null', 'symbol', 'throwing proxy'],
    random: 0,
    pollute: false,
    cleanup: (service) => service.close(),
    deadlineMs: 15_000,
    settle: true,
  },
  ...serviceMethods(),
  {
    name: 'new LiveField',
    make: async (lib, h) =>
      call((...a) => new lib.LiveField(...a), await h.service(), h.grid(true), { goals: [{ x: 0, y: 0 }] }),
    service: true,
  },
  ...['field', 'generation', 'stale', 'busy', 'refresh', 'update', 'dispose'].map((name) => ({
    name: `LiveField#${name}`,
    make: async (lib, h) => {
      const live = new lib.LiveField(await h.service(), h.grid(true), { goals: [{ x: 0, y: 0 }] });
      if (name === 'refresh')
        return method(live, 'refresh', {
          goals: [{ x: 7, y: 7 }],
          metric: 'steps',
          signal: new AbortController().signal,
        });
      if (name === 'dispose') return method(live, 'dispose');
      // The update's grid is edited across 2^32 (catalog-versions.mjs): it repairs them.
      if (name === 'update') aged(lib, live.grid);
      await live.refresh();
      if (name === 'update') {
        editAcross(live.grid);
        liveUpdateCase.keep({ lib, live, grid: live.grid });
        return method(live, 'update', { signal: new AbortController().signal });
      }
      return getter(live, name);
    },
    service: true,
    pollute: name !== 'refresh' && name !== 'update',
    ...(name === 'update' && {
      check: liveUpdateCase.check(({ lib, live, grid }, result) => fieldMatches(lib, result.field, grid, live.options)),
    }),
  })),
  {
    name: 'buildSetFieldsInPool',
    make: async (lib, h) => {
      const g = h.grid(true);
      return call(lib.buildSetFieldsInPool, await h.service(), g, h.sets(g), {
        jobsPerWorker: 2,
        costType: 'uint16',
        onProgress: () => {},
      });
    },
    service: true,
  },
  {
    name: 'searchTacticInPool',
    make: async (lib, h) => {
      const g = h.grid(true);
      return call(lib.searchTacticInPool, await h.service(), g, h.sets(g), { x: 0, y: 0 }, { x: 7, y: 7 }, 'flank', {
        maxCandidates: 3,
        jobsPerWorker: 2,
        signal: new AbortController().signal,
        onProgress: () => {},
      });
    },
    // The same candidates as the search on this thread.
    check: (r) => (Array.isArray(r?.candidates) || ArrayBuffer.isView(r?.candidates) ? null : 'no candidates'),
    service: true,
  },
  {
    name: 'defineJob',
    make: (lib) => call(lib.defineJob, { name: 'fuzzJob', run: () => 1 }),
  },
  {
    name: 'setCostPairInPool',
    make: async (lib, h) => {
      const g = h.grid(true);
      return call(
        lib.setCostPairInPool,
        await h.service(),
        g,
        h.sets(g),
        { x: 0, y: 0 },
        { x: 7, y: 7 },
        { neighbors: 8, signal: new AbortController().signal },
      );
    },
    service: true,
  },

  // frame scheduler
  {
    name: 'createFrameScheduler',
    make: (lib) => call(lib.createFrameScheduler, { budgetMs: 2, tick: ticks(3), now: () => 0 }),
    settle: true,
  },
  {
    name: 'FrameScheduler#schedule',
    make: (lib) =>
      method(lib.createFrameScheduler({ tick: ticks(4) }), 'schedule', countdown(3), {
        key: 'k',
        signal: new AbortController().signal,
        onProgress: () => {},
      }),
    settle: true,
  },
  {
    name: 'FrameScheduler#pending',
    make: (lib) => getter(lib.createFrameScheduler({ tick: ticks(4) }), 'pending'),
    settle: true,
  },
  {
    name: 'FrameScheduler#cancelAll',
    make: (lib) => method(lib.createFrameScheduler({ tick: ticks(4) }), 'cancelAll', 'stop'),
    settle: true,
  },
  ...['progress', 'cancel', 'settled', 'promise'].map((name) => ({
    name: `ScheduledTask#${name}`,
    make: (lib) => {
      const task = lib.createFrameScheduler({ tick: ticks(4) }).schedule(countdown(2));
      task.promise.catch(() => {});
      if (name === 'cancel') return method(task, 'cancel', 'why');
      if (name === 'progress') return method(task, 'progress');
      return getter(task, name);
    },
    pollute: false,
    settle: true,
  })),
];

/**
 * A frame tick that runs the scheduler `n` times, then no more: a task that never finishes (a hostile `step`)
 * must not keep a fuzz worker busy for the rest of the run.
 */
function ticks(n) {
  let left = n;
  return (run) => {
    if (left-- > 0) queueMicrotask(run);
  };
}

/** A resumable task that needs `n` steps. */
function countdown(n) {
  let left = n;
  return {
    step: () => --left <= 0,
    result: () => 'done',
    progress: () => 1 - left / n,
  };
}

function serviceMethods() {
  const entry = (name, args, extra = {}) => ({
    name: `FieldService#${name}`,
    make: async (lib, h) => {
      const s = await h.service();
      return method(s, name, ...args(lib, h, s));
    },
    service: true,
    ...extra,
  });
  const options = () => ({ goals: [{ x: 0, y: 0, value: 0 }], metric: 'octile', neighbors: 8, maxCost: 40 });
  const job = () => ({ signal: new AbortController().signal, onProgress: () => {} });
  return [
    entry('computeField', (_, h) => [h.grid(true), { ...options(), ...job() }]),
    entry('computeFields', (_, h) => [h.grid(true), [options(), { goals: [{ x: 7, y: 7 }] }], job()]),
    entry('run', (_, h) => [
      'scentMap',
      { grid: h.grid(true), sources: [{ x: 0, y: 0, strength: 4 }], options: { neighbors: 4 } },
      { ...job(), out: { out: new Int32Array(64) } },
    ]),
    entry('submit', (lib, h) => [
      opaque(lib.JOBS.computeField),
      { grid: h.grid(true), options: options() },
      { ...job(), out: { cost: new Float64Array(64), dir: new Uint8Array(64) } },
    ]),
    entry('updateField', (lib, h) => {
      const g = h.grid(true);
      const field = lib.computeField(g, options());
      g.setPassable(3, 3, false);
      return [g, field, { ...options(), ...job() }];
    }),
    {
      name: 'FieldService#release',
      make: async (_, h) => {
        const s = await h.service();
        return method(s, 'release', await s.computeField(h.grid(true), options()));
      },
      service: true,
    },
    entry('ping', () => [], { pollute: false }),
    entry('stats', () => [], { pollute: false }),
    entry('size', () => [], { getter: true }),
    { name: 'FieldService#mode', make: async (_, h) => getter(await h.service(), 'mode'), service: true },
    {
      name: 'FieldService#close',
      make: async (lib) => method(await lib.createFieldService({ workers: 1 }), 'close'),
      pollute: false,
      deadlineMs: 15_000,
      settle: true,
    },
  ].map((e) => (e.getter ? { ...e, make: async (_, h) => getter(await h.service(), 'size') } : e));
}

/** `value`, which the fuzzer passes on as it is (a registry object shared by every call must not be mutated). */
function opaque(value) {
  OPAQUE.add(value);
  return value;
}
