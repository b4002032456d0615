import { dHypot } from '../determinism/deterministic-math.js';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { MAX_FLOW_RADIUS } from '../flow/types.js';
import { Grid } from '../grid/grid.js';
import { type Point, readPoint } from '../grid/point.js';
import { allocating } from '../util/allocate.js';
import { ownOptions } from '../util/own-options.js';
import {
  type CrowdLayout,
  FLAG_FLOWS,
  H_CAPACITY,
  H_COUNT,
  H_CURRENT,
  H_FIELDS_REVISION,
  H_FLAGS,
  H_GROUPS,
  H_MAGIC,
  H_STEPS,
  H_TABLE,
  HEADER_INTS,
  layout,
  MAGIC,
  PARAM_COUNT,
} from './crowd-layout.js';
import {
  type CrowdOptions,
  type CrowdParams,
  DEFAULT_CROWD_GROUPS,
  MAX_CROWD_CAPACITY,
  MAX_CROWD_GROUPS,
  resolveCrowdParams,
} from './crowd-options.js';

/** State code of a unit that has no destination and stands still. */
export const CROWD_STOPPED = 0;
/** State code of a unit moving towards its group's destination (the flocking tutorial's `moving == true`). */
export const CROWD_MOVING = 1;
/** State code of a stopped unit (no destination) that is moving out of someone's way on its stop timer. */
export const CROWD_BUMPED = 2;

/**
 * One copy of the per-unit state, structure of arrays indexed by unit. A crowd holds two and swaps them every
 * step: a step reads the current frame of every unit and writes only the next frame of the units it steps.
 */
export interface CrowdFrame {
  /** Centre x in tiles (tile x covers [x, x + 1)). */
  x: Float64Array;
  /** Centre y in tiles (y grows downwards). */
  y: Float64Array;
  /** Velocity along x in tiles per second. */
  vx: Float64Array;
  /** Velocity along y in tiles per second. */
  vy: Float64Array;
  /** The flocking tutorial's stop timer in seconds. */
  timer: Float64Array;
  /** The normalised avoidance vector of the last step, x part (0, 0 when the unit touched nobody). */
  avoidX: Float32Array;
  /** The normalised avoidance vector of the last step, y part. */
  avoidY: Float32Array;
  /** {@link CROWD_STOPPED}, {@link CROWD_MOVING} or {@link CROWD_BUMPED}. */
  state: Uint8Array;
}

/** Per-step copy of the current frame in neighbour-grid order, see {@link Crowd.sorted}. */
export interface CrowdSortedFrame {
  /** Centre x in tiles, as {@link CrowdFrame.x}. */
  x: Float64Array;
  /** Centre y in tiles, as {@link CrowdFrame.y}. */
  y: Float64Array;
  /** Velocity along x in tiles per second. */
  vx: Float64Array;
  /** Velocity along y in tiles per second. */
  vy: Float64Array;
  /** Stop timer in seconds. */
  timer: Float64Array;
  /** {@link CROWD_STOPPED}, {@link CROWD_MOVING} or {@link CROWD_BUMPED}. */
  state: Uint8Array;
  /** Neighbour cell column of the unit (cell side = one tile). */
  cellX: Int32Array;
  /** Neighbour cell row of the unit. */
  cellY: Int32Array;
}

/**
 * A crowd of square units over a grid, all state in one (Shared)ArrayBuffer. Rebuild it in a worker with
 * {@link crowdFromBuffers}; both views then share memory.
 */
export interface Crowd {
  /** The level the units move on. */
  readonly grid: Grid;
  /** The crowd's whole state (header, parameters, both frames, groups, fields, neighbour grid). */
  readonly buffer: ArrayBufferLike;
  /** Most units the crowd can hold ({@link CrowdOptions.capacity}). */
  readonly capacity: number;
  /** Number of groups ({@link CrowdOptions.groups}). */
  readonly groups: number;
  /** The crowd's numbers after defaults: unit size in tiles, speeds in tiles per second, times in seconds. */
  readonly params: Readonly<CrowdParams>;
  /** Header: see the H_* slots. */
  readonly header: Int32Array;
  /** The two copies of the per-unit state; `header[H_CURRENT]` says which one is current. */
  readonly frames: readonly [CrowdFrame, CrowdFrame];
  /** Group of each unit. */
  readonly unitGroup: Uint8Array;
  /** Destination x of each group in tiles. */
  readonly groupTargetX: Float64Array;
  /** Destination y of each group in tiles. */
  readonly groupTargetY: Float64Array;
  /** 1 when the group follows its vector field in {@link Crowd.fieldDir}, 0 when it moves straight. */
  readonly groupHasField: Uint8Array;
  /** One direction layer (`DIRECTIONS` index or 255) per group, `group * cells + y * width + x`. */
  readonly fieldDir: Uint8Array;
  /** 1 when the group follows its smooth flow in {@link Crowd.flowAnchor} (with its field), 0 otherwise. */
  readonly groupHasFlow: Uint8Array;
  /**
   * One flow layer per group (anchor codes of `computeFlow`, `group * cells + y * width + x`), or an empty array
   * when the crowd was created without `flows`.
   */
  readonly flowAnchor: Int32Array;
  /** Clearance (tiles) of the crowd's flows: half a unit's side, the radius they are computed with. */
  readonly flowRadius: number;
  /** Neighbour grid, rebuilt every step by counting sort: bucket b holds `cellItems[cellStart[b]..cellStart[b+1])`. */
  readonly cellStart: Int32Array;
  /** Unit indices of the neighbour grid, bucket after bucket. */
  readonly cellItems: Int32Array;
  /** Neighbour cell column of each unit (cell side = one tile). */
  readonly cellX: Int32Array;
  /** Neighbour cell row of each unit. */
  readonly cellY: Int32Array;
  /** Scratch of the counting sort. */
  readonly cellCursor: Int32Array;
  /**
   * The current frame's positions, velocities, timers, states and cells in the order of `cellItems` (entry k is
   * unit `cellItems[k]`), copied by `prepareCrowdStep`: the step reads neighbours from them in cell order.
   */
  readonly sorted: CrowdSortedFrame;
  /** Bucket count of the neighbour grid (a power of two). */
  readonly tableSize: number;
}

/** The two buffers a worker needs to rebuild a crowd with {@link crowdFromBuffers}. */
export interface CrowdBuffers {
  /** The crowd's buffer (`Crowd.buffer`). */
  crowd: ArrayBufferLike;
  /** The grid's buffer, or the Grid itself (a worker may already hold a view of it). */
  grid: ArrayBufferLike | Grid;
}

function view(buffer: ArrayBufferLike, grid: Grid, params: CrowdParams): Crowd {
  const header = new Int32Array(buffer, 0, HEADER_INTS);
  const capacity = header[H_CAPACITY] as number;
  const groups = header[H_GROUPS] as number;
  const cells = grid.width * grid.height;
  const flows = ((header[H_FLAGS] as number) & FLAG_FLOWS) !== 0;
  const l = layout(capacity, groups, cells, flows);
  const frame = (k: 0 | 1): CrowdFrame => {
    const f = l.frameF64[k] as number[];
    const g = l.frameF32[k] as number[];
    return {
      x: new Float64Array(buffer, f[0] as number, capacity),
      y: new Float64Array(buffer, f[1] as number, capacity),
      vx: new Float64Array(buffer, f[2] as number, capacity),
      vy: new Float64Array(buffer, f[3] as number, capacity),
      timer: new Float64Array(buffer, f[4] as number, capacity),
      avoidX: new Float32Array(buffer, g[0] as number, capacity),
      avoidY: new Float32Array(buffer, g[1] as number, capacity),
      state: new Uint8Array(buffer, l.state[k] as number, capacity),
    };
  };
  const crowd: Crowd = {
    grid,
    buffer,
    capacity,
    groups,
    params: Object.freeze({ ...params }),
    header,
    frames: Object.freeze([Object.freeze(frame(0)), Object.freeze(frame(1))] as const),
    unitGroup: new Uint8Array(buffer, l.unitGroup, capacity),
    groupTargetX: new Float64Array(buffer, l.targets[0] as number, groups),
    groupTargetY: new Float64Array(buffer, l.targets[1] as number, groups),
    groupHasField: new Uint8Array(buffer, l.hasField, groups),
    fieldDir: new Uint8Array(buffer, l.fieldDir, groups * cells),
    groupHasFlow: new Uint8Array(buffer, l.hasFlow, groups),
    flowAnchor: new Int32Array(buffer, l.flowAnchor, flows ? groups * cells : 0),
    flowRadius: Math.min(MAX_FLOW_RADIUS, params.unitSize / 2),
    cellStart: new Int32Array(buffer, l.cellStart, l.table + 1),
    cellItems: new Int32Array(buffer, l.cellItems, capacity),
    cellX: new Int32Array(buffer, l.cellX, capacity),
    cellY: new Int32Array(buffer, l.cellY, capacity),
    cellCursor: new Int32Array(buffer, l.cellCursor, l.table),
    sorted: Object.freeze({
      x: new Float64Array(buffer, l.sortedF64[0] as number, capacity),
      y: new Float64Array(buffer, l.sortedF64[1] as number, capacity),
      vx: new Float64Array(buffer, l.sortedF64[2] as number, capacity),
      vy: new Float64Array(buffer, l.sortedF64[3] as number, capacity),
      timer: new Float64Array(buffer, l.sortedF64[4] as number, capacity),
      state: new Uint8Array(buffer, l.sortedState, capacity),
      cellX: new Int32Array(buffer, l.sortedCells[0] as number, capacity),
      cellY: new Int32Array(buffer, l.sortedCells[1] as number, capacity),
    }),
    tableSize: l.table,
  };
  // Frozen and registered: the crowd functions check membership (O(1)) instead of every field of the object,
  // and nobody can make a crowd's fields lie (its arrays' contents are checked where they could do harm).
  CROWDS.add(Object.freeze(crowd));
  return crowd;
}

/** Every crowd made by {@link createCrowd} or {@link crowdFromBuffers} (frozen objects). */
const CROWDS = new WeakSet<Crowd>();

/**
 * Throws a typed error unless `crowd` is a crowd made by {@link createCrowd} or {@link crowdFromBuffers} whose
 * unit count is within its capacity (the count lives in the shared header, which anyone may write). O(1).
 * Returns the unit count. Internal: every crowd function starts with it.
 */
export function checkCrowd(crowd: unknown): number {
  if (!CROWDS.has(crowd as Crowd))
    throw new InvalidOptionError('crowd', crowd, 'a crowd made by createCrowd or crowdFromBuffers');
  const c = crowd as Crowd;
  const n = c.header[H_COUNT] as number;
  if (!(n >= 0 && n <= c.capacity))
    throw new OutOfRangeError('crowd unit count', n, `0 to the capacity ${c.capacity} (the header was overwritten)`);
  return n;
}

const PARAM_ORDER = ['unitSize', 'topSpeed', 'acceleration', 'contactMargin', 'arriveRadius', 'bumpTime'] as const;

/**
 * Creates an empty crowd (no units) over a grid. All state lives in one buffer, a SharedArrayBuffer when
 * `options.shared` (default: when the grid's buffer is shared). Throws OutOfRangeError for a bad capacity,
 * group count or parameter, and for a crowd whose buffer cannot be allocated (over `MAX_BUFFER_BYTES`, 4 GiB, or
 * refused by the engine: a field per group costs a byte per tile, a flow 4 more), naming its size.
 */
export function createCrowd(options: CrowdOptions): Crowd {
  const own = ownOptions(options, 'options', 'an object { grid, capacity, ... }') as CrowdOptions;
  const grid = own.grid;
  if (!(grid instanceof Grid)) throw new InvalidOptionError('grid', grid, 'a Grid');
  const params = resolveCrowdParams(own);
  const capacity = own.capacity;
  if (!Number.isInteger(capacity) || capacity < 1 || capacity > MAX_CROWD_CAPACITY)
    throw new OutOfRangeError('capacity', capacity, `an integer from 1 to ${MAX_CROWD_CAPACITY}`);
  const groups = own.groups ?? DEFAULT_CROWD_GROUPS;
  if (!Number.isInteger(groups) || groups < 1 || groups > MAX_CROWD_GROUPS)
    throw new OutOfRangeError('groups', groups, `an integer from 1 to ${MAX_CROWD_GROUPS}`);
  const gridShared = typeof SharedArrayBuffer === 'function' && grid.buffer instanceof SharedArrayBuffer;
  const shared = own.shared ?? gridShared;
  if (typeof shared !== 'boolean') throw new InvalidOptionError('shared', shared, 'a boolean');
  if (shared && typeof SharedArrayBuffer !== 'function')
    throw new InvalidOptionError('shared', shared, 'false where SharedArrayBuffer is unavailable');
  const flows = own.flows ?? false;
  if (typeof flows !== 'boolean') throw new InvalidOptionError('flows', flows, 'a boolean');
  const l = layout(capacity, groups, grid.width * grid.height, flows);
  // The crowd's one buffer: the fields' directions (and flows' anchors) of every group take most of it.
  const what = `a crowd of ${capacity} units and ${groups} groups${flows ? ' with flows' : ''} on a ${grid.width}x${grid.height} grid`;
  return allocating(what, l.byteLength, () => {
    const buffer = shared ? new SharedArrayBuffer(l.byteLength) : new ArrayBuffer(l.byteLength);
    return initCrowd(buffer, l, grid, params, { capacity, groups, flows });
  });
}

/** Writes a new crowd's header and parameters into `buffer` and returns its view. */
function initCrowd(
  buffer: ArrayBufferLike,
  l: CrowdLayout,
  grid: Grid,
  params: ReturnType<typeof resolveCrowdParams>,
  { capacity, groups, flows }: { capacity: number; groups: number; flows: boolean },
): Crowd {
  const header = new Int32Array(buffer, 0, HEADER_INTS);
  header[H_MAGIC] = MAGIC;
  header[H_CAPACITY] = capacity;
  header[H_GROUPS] = groups;
  header[H_TABLE] = l.table;
  header[H_FLAGS] = flows ? FLAG_FLOWS : 0;
  const p = new Float64Array(buffer, l.params, PARAM_COUNT);
  PARAM_ORDER.forEach((name, i) => {
    p[i] = params[name];
  });
  const crowd = view(buffer, grid, params);
  crowd.fieldDir.fill(255);
  crowd.flowAnchor.fill(-1);
  return crowd;
}

/**
 * Marks the groups' fields and flows as changed after writing `fieldDir`, `flowAnchor`, `groupHasField` or
 * `groupHasFlow` directly (the crowd's own functions do it themselves): a worker pool without shared memory then
 * sends them to its workers again at the next parallel step.
 */
export function touchCrowdFields(crowd: Crowd): void {
  checkCrowd(crowd);
  crowd.header[H_FIELDS_REVISION] = ((crowd.header[H_FIELDS_REVISION] as number) + 1) | 0;
}

/** The buffers to post to a worker; see {@link crowdFromBuffers}. */
export function crowdBuffers(crowd: Crowd): CrowdBuffers {
  checkCrowd(crowd);
  return { crowd: crowd.buffer, grid: crowd.grid.buffer };
}

/**
 * Rebuilds a crowd view over buffers made by {@link createCrowd} (for example in a worker). No copy is made. The
 * buffer's header and parameters are checked as `createCrowd` checks its options (a forged or foreign buffer is
 * refused before any view is made).
 * @throws InvalidOptionError for buffers not made by createCrowd (or too short); OutOfRangeError for a header or
 *   parameter out of range.
 */
export function crowdFromBuffers(buffers: CrowdBuffers): Crowd {
  const own = ownOptions(buffers, 'buffers', 'an object { crowd, grid } (crowdBuffers)');
  const buffer = own.crowd;
  const isBuffer =
    buffer instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && buffer instanceof SharedArrayBuffer);
  if (!isBuffer || buffer.byteLength < HEADER_INTS * 4)
    throw new InvalidOptionError('buffers.crowd', buffer, 'a buffer made by createCrowd');
  const header = new Int32Array(buffer, 0, HEADER_INTS);
  if (header[H_MAGIC] !== MAGIC) throw new InvalidOptionError('buffers.crowd', buffer, 'a buffer made by createCrowd');
  const given = own.grid;
  const grid = given instanceof Grid ? given : Grid.from(given as ArrayBufferLike);
  const capacity = header[H_CAPACITY] as number;
  if (!(capacity >= 1 && capacity <= MAX_CROWD_CAPACITY))
    throw new OutOfRangeError('buffers.crowd capacity', capacity, `1 to ${MAX_CROWD_CAPACITY}`);
  const groups = header[H_GROUPS] as number;
  if (!(groups >= 1 && groups <= MAX_CROWD_GROUPS))
    throw new OutOfRangeError('buffers.crowd groups', groups, `1 to ${MAX_CROWD_GROUPS}`);
  const flags = header[H_FLAGS] as number;
  if (flags !== 0 && flags !== FLAG_FLOWS) throw new OutOfRangeError('buffers.crowd flags', flags, '0 or 1');
  const flows = flags === FLAG_FLOWS;
  const l = layout(capacity, groups, grid.width * grid.height, flows);
  if (header[H_TABLE] !== l.table || buffer.byteLength < l.byteLength)
    throw new InvalidOptionError('buffers.crowd', buffer, `a crowd buffer of ${l.byteLength} bytes for this grid`);
  const p = new Float64Array(buffer, l.params, PARAM_COUNT);
  const values = Object.create(null) as Record<string, number>;
  PARAM_ORDER.forEach((name, i) => {
    values[name] = p[i] as number;
  });
  const params = resolveCrowdParams(values as unknown as CrowdOptions);
  const crowd = view(buffer, grid, params);
  checkCrowd(crowd);
  return crowd;
}

/** Number of units in the crowd (indices 0 to count - 1). */
export function crowdCount(crowd: Crowd): number {
  return checkCrowd(crowd);
}

/** The frame holding the state after the last step (read this to draw the units). */
export function crowdFrame(crowd: Crowd): CrowdFrame {
  checkCrowd(crowd);
  return crowd.frames[(crowd.header[H_CURRENT] as number) & 1] as CrowdFrame;
}

/** Number of steps taken since the crowd was created. */
export function crowdSteps(crowd: Crowd): number {
  checkCrowd(crowd);
  return crowd.header[H_STEPS] as number;
}

/** Throws OutOfRangeError unless `group` is a group index of the crowd. */
export function checkCrowdGroup(crowd: Crowd, group: number): void {
  if (!Number.isInteger(group) || group < 0 || group >= crowd.groups)
    throw new OutOfRangeError('group', group, `an integer from 0 to ${crowd.groups - 1}`);
}

/**
 * True when a unit square centred at `point` (tiles) overlaps no blocked tile and stays inside the map.
 * @throws InvalidOptionError when `point` is not a `{ x, y }` of numbers.
 */
export function crowdSpotIsFree(crowd: Crowd, point: Point): boolean {
  checkCrowd(crowd);
  const { x, y } = readPoint(point, 'point');
  return spotIsFree(crowd, x, y);
}

/** {@link crowdSpotIsFree} without the checks. */
function spotIsFree(crowd: Crowd, x: number, y: number): boolean {
  const h = crowd.params.unitSize / 2;
  const { width, height, passable } = crowd.grid;
  const c0 = Math.floor(x - h);
  const c1 = Math.ceil(x + h) - 1;
  const r0 = Math.floor(y - h);
  const r1 = Math.ceil(y + h) - 1;
  if (!(c0 >= 0 && r0 >= 0 && c1 < width && r1 < height)) return false;
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) if (passable[r * width + c] === 0) return false;
  return true;
}

/**
 * Adds a stopped unit centred at `point` (tiles) in `group` and returns its index. Throws OutOfRangeError when
 * the crowd is full or the group is out of range, InvalidOptionError when `point` is not a `{ x, y }` of numbers,
 * CoordinateError when the square would overlap a wall or the map edge. Units may overlap each other; the step
 * pushes them apart.
 */
export function addCrowdUnit(crowd: Crowd, point: Point, group = 0): number {
  const i = checkCrowd(crowd);
  checkCrowdGroup(crowd, group);
  const { x, y } = readPoint(point, 'point');
  if (i >= crowd.capacity) throw new OutOfRangeError('unit count', i + 1, `at most the capacity ${crowd.capacity}`);
  if (!Number.isFinite(x) || !Number.isFinite(y) || !spotIsFree(crowd, x, y))
    throw new CoordinateError('unit', x, y, 'overlaps a wall or the map edge');
  for (const f of crowd.frames) {
    f.x[i] = x;
    f.y[i] = y;
    f.vx[i] = 0;
    f.vy[i] = 0;
    f.timer[i] = 0;
    f.avoidX[i] = 0;
    f.avoidY[i] = 0;
    f.state[i] = CROWD_STOPPED;
  }
  crowd.unitGroup[i] = group;
  crowd.header[H_COUNT] = i + 1;
  return i;
}

/** Removes every unit (the groups keep their destinations and fields). */
export function clearCrowd(crowd: Crowd): void {
  checkCrowd(crowd);
  crowd.header[H_COUNT] = 0;
}

/** Sets one unit moving towards its group's destination with a fresh stop timer (the flocking tutorial's order to move). */
export function setCrowdUnitMoving(crowd: Crowd, unit: number): void {
  const n = crowdCount(crowd);
  if (!Number.isInteger(unit) || unit < 0 || unit >= n)
    throw new OutOfRangeError('unit', unit, `an integer from 0 to ${n - 1}`);
  const f = crowdFrame(crowd);
  f.state[unit] = CROWD_MOVING;
  f.timer[unit] = 0;
}

/** Number of units in state {@link CROWD_MOVING} (the studio's "still moving" counter). */
export function countMovingCrowdUnits(crowd: Crowd): number {
  const n = crowdCount(crowd);
  const s = crowdFrame(crowd).state;
  let c = 0;
  for (let i = 0; i < n; i++) if (s[i] === CROWD_MOVING) c++;
  return c;
}

/** Sum of the speeds of all units in tiles per second (zero once the crowd has settled). */
export function crowdTotalSpeed(crowd: Crowd): number {
  const n = crowdCount(crowd);
  const f = crowdFrame(crowd);
  let s = 0;
  for (let i = 0; i < n; i++) s += dHypot(f.vx[i] as number, f.vy[i] as number);
  return s;
}
