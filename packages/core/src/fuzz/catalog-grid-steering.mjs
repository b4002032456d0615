// Fuzz entries: errors, random sources, grids, parsers, generators and steering. Each entry builds a valid call
// (`make` returns the function and its arguments); the suite then puts hostile values in every argument and option.

const call = (fn, ...args) => ({ fn, args });
const method = (self, name, ...args) => ({ fn: (...a) => self[name](...a), args });
const getter = (self, name) => ({ fn: () => self[name], args: [] });

const MAI = 'type octile\nheight 2\nwidth 3\nmap\n.@W\n...\n';

/** @type {import('./catalog.mjs').Entry[]} */
export const GRID_STEERING = [
  // Error classes: constructing one with anything must not throw.
  ...['InvalidOptionError', 'OutOfRangeError'].map((name) => ({
    name: `new ${name}`,
    make: (lib) => call((...a) => new lib[name](...a), 'option', 5, 'a number'),
  })),
  {
    name: 'new FieldMarshalError',
    make: (lib) => call((...a) => new lib.FieldMarshalError(...a), 'FM_INVALID_OPTION', 'bad'),
  },
  { name: 'new MapParseError', make: (lib) => call((...a) => new lib.MapParseError(...a), 'bad', 1, 2) },
  { name: 'new PatternParseError', make: (lib) => call((...a) => new lib.PatternParseError(...a), 'bad', 1, 2) },
  { name: 'new CoordinateError', make: (lib) => call((...a) => new lib.CoordinateError(...a), 'goal', 1, 2, 'no') },
  { name: 'new GridTooLargeError', make: (lib) => call((...a) => new lib.GridTooLargeError(...a), 9, 9, 'big') },
  { name: 'new AbortError', make: (lib) => call((...a) => new lib.AbortError(...a), 'stop') },
  { name: 'new NoFleeSeedError', make: (lib) => call((...a) => new lib.NoFleeSeedError(...a), 3) },
  { name: 'new ServiceClosedError', make: (lib) => call((...a) => new lib.ServiceClosedError(...a), 'closed') },
  {
    name: 'new SharedMemoryUnavailableError',
    make: (lib) => call((...a) => new lib.SharedMemoryUnavailableError(...a), 'no'),
  },
  { name: 'new WorkerCrashedError', make: (lib) => call((...a) => new lib.WorkerCrashedError(...a), 'crashed') },
  { name: 'new WorkerStartError', make: (lib) => call((...a) => new lib.WorkerStartError(...a), 0, 'silent') },
  { name: 'new MemoryLimitError', make: (lib) => call((...a) => new lib.MemoryLimitError(...a), 'job', 9, 18, 20) },

  // util
  { name: 'createRandom', make: (lib) => call(lib.createRandom, 7) },
  { name: 'randomInt', make: (lib) => call(lib.randomInt, lib.createRandom(3), 10) },

  // grid
  { name: 'checkGridSize', make: (lib) => call(lib.checkGridSize, 8, 8) },
  { name: 'directionOf', make: (lib) => call(lib.directionOf, 1, -1) },
  { name: 'Grid.create', make: (lib) => call(lib.Grid.create, 4, 3, { terrain: true, shared: false, editLog: 16 }) },
  { name: 'Grid.open', make: (lib) => call(lib.Grid.open, 4, 3, { terrain: false, shared: true, editLog: 0 }) },
  { name: 'Grid.from', make: (lib, h) => call(lib.Grid.from, h.grid().buffer) },
  { name: 'Grid#clone', make: (_, h) => method(h.terrain(), 'clone', { shared: false }) },
  { name: 'Grid#size', make: (_, h) => getter(h.grid(), 'size') },
  { name: 'Grid#version', make: (_, h) => getter(h.grid(), 'version') },
  { name: 'Grid#touch', make: (_, h) => method(h.grid(), 'touch') },
  {
    name: 'Grid#batch',
    make: (_, h) => {
      const g = h.grid();
      return method(g, 'batch', () => g.setPassable(0, 0, false));
    },
  },
  { name: 'Grid#inBounds', make: (_, h) => method(h.grid(), 'inBounds', 3, 4) },
  { name: 'Grid#index', make: (_, h) => method(h.grid(), 'index', 3, 4) },
  { name: 'Grid#isPassable', make: (_, h) => method(h.grid(), 'isPassable', 3, 4) },
  { name: 'Grid#setPassable', make: (_, h) => method(h.grid(), 'setPassable', 3, 4, 2) },
  { name: 'Grid#terrainAt', make: (_, h) => method(h.terrain(), 'terrainAt', 3, 3) },
  { name: 'Grid#setTerrain', make: (_, h) => method(h.terrain(), 'setTerrain', 3, 4, 2.5) },
  { name: 'Grid#fillPassable', make: (_, h) => method(h.grid(), 'fillPassable', 1, 1, 3, 2, 0) },
  { name: 'Grid#fillTerrain', make: (_, h) => method(h.terrain(), 'fillTerrain', 1, 1, 3, 2, 4) },
  { name: 'Grid#assertInside', make: (_, h) => method(h.grid(), 'assertInside', 'tile', 3, 4) },
  { name: 'Grid#assertWalkable', make: (_, h) => method(h.grid(), 'assertWalkable', 'tile', 0, 0) },
  { name: 'parseMovingAiMap', make: (lib) => call(lib.parseMovingAiMap, MAI, { shared: false }) },
  { name: 'formatMovingAiMap', make: (lib, h) => call(lib.formatMovingAiMap, h.grid()) },
  {
    name: 'parseAsciiMap',
    make: (lib) => call(lib.parseAsciiMap, '.#~\n,..', { '.': 1, '#': 0, '~': 2, ',': { code: 1, terrain: 3 } }, {}),
  },
  { name: 'locateInAscii', make: (lib) => call(lib.locateInAscii, '\n.G.\nG..', 'G', { '.': 1, G: 1 }) },
  { name: 'generateOpen', make: (lib) => call(lib.generateOpen, 6, 5, { terrain: true }) },
  { name: 'generateRandom', make: (lib) => call(lib.generateRandom, 6, 5, 0.3, { seed: 4, shared: false }) },
  { name: 'generateRooms', make: (lib) => call(lib.generateRooms, 12, 10, { roomSize: 4, seed: 2 }) },
  { name: 'generateMaze', make: (lib) => call(lib.generateMaze, 9, 7, { corridor: 2, seed: 3 }) },
  { name: 'generateMap', make: (lib) => call(lib.generateMap, 'random', 6, 6, { density: 0.4, seed: 9 }) },

  // steering: lines
  { name: 'bresenhamLength', make: (lib) => call(lib.bresenhamLength, 0, 0, 5, 2) },
  { name: 'bresenhamLine', make: (lib) => call(lib.bresenhamLine, 0, 0, 5, 2) },
  // Point and Path helpers (grid/point.ts)
  { name: 'pathPointCount', make: (lib) => call(lib.pathPointCount, { cost: 2, points: Int32Array.of(0, 0, 1, 1) }) },
  {
    name: 'pathTileIndices',
    make: (lib) => call(lib.pathTileIndices, { cost: 2, points: Int32Array.of(0, 0, 1, 1, 2, 1) }, 8),
  },
  { name: 'bresenhamLineInto', make: (lib) => call(lib.bresenhamLineInto, 0, 0, 5, 2, new Int32Array(20), 4) },
  { name: 'new LineStepper', make: (lib) => call(() => new lib.LineStepper()) },
  { name: 'LineStepper#reset', make: (lib) => method(new lib.LineStepper(), 'reset', 0, 0, 5, 2) },
  { name: 'LineStepper#next', make: (lib) => method(new lib.LineStepper().reset(0, 0, 2, 1), 'next') },
  { name: 'new LineChaser', make: (lib) => call((...a) => new lib.LineChaser(...a), 16) },
  { name: 'LineChaser#next', make: (lib) => method(new lib.LineChaser(), 'next', 0, 0, 6, 3) },
  {
    name: 'LineChaser#line',
    make: (lib) => {
      const c = new lib.LineChaser();
      c.next(0, 0, 6, 3);
      return method(c, 'line');
    },
  },
  { name: 'LineChaser#position', make: (lib) => getter(new lib.LineChaser(), 'position') },
  { name: 'LineChaser#reset', make: (lib) => method(new lib.LineChaser(), 'reset') },
  { name: 'hasLineOfSight', make: (lib, h) => call(lib.hasLineOfSight, h.grid(), 0, 0, 7, 7, lineOptions()) },
  { name: 'visibleLineLength', make: (lib, h) => call(lib.visibleLineLength, h.grid(), 0, 0, 7, 7, lineOptions()) },
  { name: 'basicChaseDirection', make: (lib) => call(lib.basicChaseDirection, 0, 0, 5, -2) },
  { name: 'basicEvadeDirection', make: (lib) => call(lib.basicEvadeDirection, 0, 0, 5, -2) },
  { name: 'basicTileStep', make: (lib) => call(lib.basicTileStep, 0, 0, 5, -2, 'evade') },
  {
    name: 'tileIntercept',
    make: (lib) =>
      call(
        lib.tileIntercept,
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: -0.5, y: 1 },
        { chaserSpeed: 1, maxTurns: 64, width: 40, height: 40 },
      ),
  },
  {
    name: 'tileInterceptDirection',
    make: (lib) =>
      call(
        lib.tileInterceptDirection,
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 0, y: 1 },
        { chaserSpeed: 2, maxTurns: 64, style: 'symmetric' },
      ),
  },

  // steering: continuous
  { name: 'wrapDegrees', make: (lib) => call(lib.wrapDegrees, 540) },
  { name: 'orientationVector', make: (lib) => call(lib.orientationVector, 90) },
  { name: 'orientationOf', make: (lib) => call(lib.orientationOf, 1, 1) },
  { name: 'globalToLocal', make: (lib) => call(lib.globalToLocal, 30, 3, 4) },
  { name: 'localToGlobal', make: (lib) => call(lib.localToGlobal, 30, 3, 4) },
  { name: 'lineOfSightTurn', make: (lib) => call(lib.lineOfSightTurn, 0, 0, 0, 5, 5, true) },
  {
    name: 'createMover',
    make: (lib) =>
      call(lib.createMover, { x: 1, y: 2, heading: 3, speed: 4, maxSpeed: 50, maxTurnRate: 90, acceleration: 20 }),
  },
  { name: 'moverVelocity', make: (lib, h) => call(lib.moverVelocity, h.mover()) },
  { name: 'turnTowards', make: (lib) => call(lib.turnTowards, 10, 170, 45) },
  {
    name: 'stepMover',
    make: (lib, h) => call(lib.stepMover, h.mover(), { heading: 90, speed: 30 }, 0.1, { out: h.mover() }),
  },
  {
    name: 'chaseControl',
    make: (lib, h) =>
      call(
        lib.chaseControl,
        h.mover(),
        { x: 100, y: 0, vx: 1, vy: 2 },
        { arrive: true, stopDistance: 5, turnLimit: true },
      ),
  },
  {
    name: 'evadeControl',
    make: (lib, h) =>
      call(
        lib.evadeControl,
        h.mover(),
        { x: 0, y: 0 },
        { bounds: { minX: 0, minY: 0, maxX: 100, maxY: 100 }, margin: 20 },
      ),
  },
  {
    name: 'interceptControl',
    make: (lib, h) =>
      call(
        lib.interceptControl,
        h.mover(),
        { x: 100, y: 0, vx: 0, vy: 10 },
        { method: 'exact', chaseWhenBehind: true, arrive: true, stopDistance: 0, turnLimit: true },
      ),
  },
  {
    name: 'closingIntercept',
    make: (lib) => call(lib.closingIntercept, { x: 0, y: 0 }, { x: 1, y: 0 }, { x: 10, y: 0 }, { x: 0, y: 1 }),
  },
  {
    name: 'exactIntercept',
    make: (lib) => call(lib.exactIntercept, { x: 0, y: 0 }, 5, { x: 10, y: 0 }, { x: 0, y: 1 }),
  },
  { name: 'parseControlPattern', make: (lib) => call(lib.parseControlPattern, 'speed 40\ntravel 10\nturn 90\nwait 1') },
  {
    name: 'validateControlPattern',
    make: (lib) =>
      call(lib.validateControlPattern, [
        { kind: 'turn', degrees: 90 },
        { kind: 'wait', seconds: 1 },
      ]),
  },
  { name: 'createControlPatternState', make: (lib, h) => call(lib.createControlPatternState, h.mover()) },
  {
    name: 'stepControlPattern',
    make: (lib, h) => {
      const m = h.mover();
      return call(
        lib.stepControlPattern,
        m,
        [
          { kind: 'speed', speed: 20 },
          { kind: 'turn', degrees: 45 },
          { kind: 'travel', distance: 3 },
        ],
        lib.createControlPatternState(m),
        0.5,
        { loop: true },
      );
    },
  },
  {
    name: 'parseTilePattern',
    make: (lib) => call(lib.parseTilePattern, '0 0 3 0\n3 0 3 3\n3 3 0 0', { format: 'stream', normalize: false }),
  },
  { name: 'parseTilePatterns', make: (lib) => call(lib.parseTilePatterns, 'pattern a\n0 0 2 0\npattern b\n1 1 1 4') },
  { name: 'normalizeTileSegments', make: (lib) => call(lib.normalizeTileSegments, [2, 3, 5, 3, 5, 3, 5, 7]) },
  {
    name: 'buildTilePatternPath',
    make: (lib) =>
      call(
        lib.buildTilePatternPath,
        lib.parseTilePattern('0 0 3 0\n3 0 3 3\n3 3 0 0'),
        { x: 10, y: 20 },
        {
          style: 'symmetric',
          keepReturnTile: false,
        },
      ),
  },
  { name: 'patternStepIndex', make: (lib) => call(lib.patternStepIndex, 5, true, 13, { keepReturnTile: true }) },
];

function lineOptions() {
  return { diagonal: 'if-one-free', sameCode: true };
}
