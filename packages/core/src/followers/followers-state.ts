import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { checkGrid } from '../grid/check-grid.js';
import { Grid } from '../grid/grid.js';
import { CorridorField } from '../sectors/corridor-field.js';
import { checkNumber } from '../util/check-number.js';
import { arrayLength, ownOptions, recordOf } from '../util/own-options.js';
import {
  type FollowTarget,
  type FollowTargetInput,
  isTrustedTarget,
  resolveTarget,
  trustTarget,
} from './follow-target.js';

/** A follower walking its target. */
export const FOLLOWER_MOVING = 1;
/** A follower that reached a goal tile of its target (it stands where it entered it). */
export const FOLLOWER_ARRIVED = 2;
/**
 * A follower with nowhere to go: on a tile its target does not reach (a wall, an unreachable tile, outside a
 * corridor), off the map, or of a target index that does not exist. From a reachable position it never happens.
 */
export const FOLLOWER_STUCK = 3;

/** Most followers in one container. */
export const MAX_FOLLOWERS = 1 << 24;
/** Most targets of one container (a follower's target is a 16-bit index). */
export const MAX_FOLLOW_TARGETS = 1 << 16;
/** Fastest follower, tiles per second. */
export const MAX_FOLLOWER_SPEED = 1000;

const MAGIC = 0x464f4c57; // "FOLW"
const HEADER_INTS = 8;
const H_MAGIC = 0;
const H_CAPACITY = 1;
const H_COUNT = 2;
const H_WIDTH = 3;
const H_HEIGHT = 4;
/** Header slot counting the steps taken (for `followerSteps`). */
export const H_FOLLOWER_STEPS = 5;

/**
 * Many units following flows, fields or corridor fields, in typed arrays over one buffer (a SharedArrayBuffer
 * when shared, so that workers step ranges of it in place). Made by {@link createFollowers}; read and write the
 * arrays directly (positions in tiles); step with `stepFollowers`.
 */
export interface Followers {
  /** The map the followers walk. */
  readonly grid: Grid;
  /** The one buffer of all the arrays below. */
  readonly buffer: ArrayBuffer | SharedArrayBuffer;
  /** Most followers. */
  readonly capacity: number;
  /** [magic, capacity, count, width, height, steps, 0, 0]. */
  readonly header: Int32Array;
  /** x of each follower, tiles. */
  readonly x: Float64Array;
  /** y of each follower, tiles (y grows downwards). */
  readonly y: Float64Array;
  /** Speed of each follower, tiles per second. */
  readonly speed: Float64Array;
  /** Index of each follower's target (see `addFollowTarget`). */
  readonly target: Uint16Array;
  /** State of each follower: 0 idle, FOLLOWER_MOVING, FOLLOWER_ARRIVED or FOLLOWER_STUCK. */
  readonly state: Uint8Array;
  /**
   * What each follower keeps between steps, 8 numbers per follower: the direction it
   * follows and how far that direction was checked, with the position, grid version and target it was checked
   * for. A follower whose position, target or grid changed since is sampled afresh, so writing `x`, `y` or
   * `target` directly needs no care; the step owns these numbers.
   */
  readonly memo: Float64Array;
  /** The targets, in the order they were added (plain data: a worker receives them as they are). */
  readonly targets: readonly FollowTarget[];
}

/** Numbers per follower in {@link Followers.memo}. */
export const FOLLOWER_MEMO_SLOTS = 8;
/** Slots of a follower's memo (internal): its direction, */
export const MEMO_DX = 0;
export const MEMO_DY = 1;
/** how far along it the body is known clear (0: sample afresh), */
export const MEMO_LEFT = 2;
/** and the position, grid version and target that was checked for; */
export const MEMO_X = 3;
export const MEMO_Y = 4;
export const MEMO_VERSION = 5;
export const MEMO_TARGET = 6;
/**
 * the tile of its last sample and that tile's blocked mask on the target (`tile * 512 + mask + 1`; 0: none), valid
 * with the same version and target: a follower sampling again in the same tile does not read the map's block again.
 */
export const MEMO_TILE = 7;

/** Per thread, one Float64Array over each followers buffer (see {@link followerDoubles}). */
const DOUBLES = new WeakMap<ArrayBufferLike, Float64Array>();

/**
 * A Float64Array over the whole buffer of `followers` (internal): `x`, `y`, `speed` and `memo` are its elements from
 * their `byteOffset / 8`. PERF: the step's loop reads four arrays through one view (one base and one length to keep
 * in registers, where four views need eight). Made once per buffer and thread.
 */
export function followerDoubles(followers: Followers): Float64Array {
  let d = DOUBLES.get(followers.buffer);
  if (d === undefined) {
    d = new Float64Array(followers.buffer, 0, followers.buffer.byteLength >> 3);
    DOUBLES.set(followers.buffer, d);
  }
  return d;
}

/** Options of {@link createFollowers}. */
export interface FollowersOptions {
  /** The map (the followers' targets must be of its size). */
  grid: Grid;
  /** Most followers, an integer from 1 to 2^24. */
  capacity: number;
  /**
   * Keep the arrays in a SharedArrayBuffer (to step ranges in workers).
   * @defaultValue true when the grid's buffer is a SharedArrayBuffer, else false
   */
  shared?: boolean;
}

function align8(n: number): number {
  return (n + 7) & ~7;
}

function layout(capacity: number) {
  let o = 0;
  const at = (bytes: number) => {
    const start = o;
    o = align8(o + bytes);
    return start;
  };
  return {
    header: at(HEADER_INTS * 4),
    x: at(capacity * 8),
    y: at(capacity * 8),
    speed: at(capacity * 8),
    target: at(capacity * 2),
    state: at(capacity),
    memo: at(capacity * FOLLOWER_MEMO_SLOTS * 8),
    byteLength: o,
  };
}

/**
 * Byte regions `[start, bytes]` of a followers buffer for followers `[from, to)`: what a range step reads (the
 * header, and the range's positions, speeds, targets and states) and what it writes (positions and states).
 * Internal (the parallel step's job spec).
 */
export function followersRegions(
  buffer: ArrayBufferLike,
  from: number,
  to: number,
): { reads: [number, number][]; writes: [number, number][] } {
  const header = new Int32Array(buffer, 0, HEADER_INTS);
  const l = layout(header[H_CAPACITY] as number);
  const n = Math.max(0, to - from);
  const x: [number, number] = [l.x + from * 8, n * 8];
  const y: [number, number] = [l.y + from * 8, n * 8];
  const state: [number, number] = [l.state + from, n];
  const memo: [number, number] = [l.memo + from * FOLLOWER_MEMO_SLOTS * 8, n * FOLLOWER_MEMO_SLOTS * 8];
  return {
    reads: [[0, HEADER_INTS * 4], x, y, [l.speed + from * 8, n * 8], [l.target + from * 2, n * 2], state, memo],
    writes: [x, y, state, memo],
  };
}

function view(buffer: ArrayBuffer | SharedArrayBuffer, grid: Grid, targets: FollowTarget[]): Followers {
  const header = new Int32Array(buffer, 0, HEADER_INTS);
  const capacity = header[H_CAPACITY] as number;
  const l = layout(capacity);
  return Object.freeze({
    grid,
    buffer,
    capacity,
    header,
    x: new Float64Array(buffer, l.x, capacity),
    y: new Float64Array(buffer, l.y, capacity),
    speed: new Float64Array(buffer, l.speed, capacity),
    target: new Uint16Array(buffer, l.target, capacity),
    state: new Uint8Array(buffer, l.state, capacity),
    memo: new Float64Array(buffer, l.memo, capacity * FOLLOWER_MEMO_SLOTS),
    targets,
  });
}

/**
 * An empty container of followers over a grid.
 * @throws InvalidOptionError for a missing grid or a bad `shared`; OutOfRangeError for a bad capacity.
 */
export function createFollowers(options: FollowersOptions): Followers {
  const own = ownOptions(options, 'options', 'an object { grid, capacity, shared? }');
  const grid = own.grid;
  checkGrid(grid);
  const capacity = own.capacity;
  if (!Number.isInteger(capacity) || (capacity as number) < 1 || (capacity as number) > MAX_FOLLOWERS)
    throw new OutOfRangeError('capacity', capacity, `an integer from 1 to ${MAX_FOLLOWERS}`);
  const gridShared = typeof SharedArrayBuffer === 'function' && grid.buffer instanceof SharedArrayBuffer;
  const shared = own.shared ?? gridShared;
  if (typeof shared !== 'boolean') throw new InvalidOptionError('shared', shared, 'a boolean');
  if (shared && typeof SharedArrayBuffer !== 'function')
    throw new InvalidOptionError('shared', shared, 'false where SharedArrayBuffer is unavailable');
  const l = layout(capacity as number);
  const buffer = shared ? new SharedArrayBuffer(l.byteLength) : new ArrayBuffer(l.byteLength);
  const header = new Int32Array(buffer, 0, HEADER_INTS);
  header[H_MAGIC] = MAGIC;
  header[H_CAPACITY] = capacity as number;
  header[H_WIDTH] = grid.width;
  header[H_HEIGHT] = grid.height;
  return view(buffer, grid, []);
}

/** Checks a followers container made here; returns its count. */
export function checkFollowers(f: unknown): number {
  if (f === null || typeof f !== 'object' || !((f as Followers).header instanceof Int32Array))
    throw new InvalidOptionError('followers', f, 'followers made by createFollowers');
  const c = f as Followers;
  const count = c.header[H_COUNT] as number;
  if (
    c.header[H_MAGIC] !== MAGIC ||
    !(c.grid instanceof Grid) ||
    c.header[H_WIDTH] !== c.grid.width ||
    c.header[H_HEIGHT] !== c.grid.height ||
    !(count >= 0 && count <= c.capacity) ||
    c.x.length !== c.capacity
  )
    throw new InvalidOptionError('followers', f, 'followers made by createFollowers');
  // The targets are read by every step: each one made or checked on this thread (O(1) each after that).
  const targets = c.targets as unknown;
  if (!Array.isArray(targets) || targets.length > MAX_FOLLOW_TARGETS)
    throw new InvalidOptionError('followers.targets', targets, 'the targets added by addFollowTarget');
  for (let k = 0; k < targets.length; k++)
    if (!isTrustedTarget(targets[k])) trustTarget(checkStoredTarget(targets[k], c.grid, k));
  return count;
}

/** Number of followers (indices 0 to count - 1). */
export function followerCount(followers: Followers): number {
  return checkFollowers(followers);
}

/** Steps taken by `stepFollowers` (or the ranges of a parallel step) so far. */
export function followerSteps(followers: Followers): number {
  checkFollowers(followers);
  return followers.header[H_FOLLOWER_STEPS] as number;
}

/**
 * Adds a target the followers can follow (a flow, a field or a corridor field of their grid) and returns its
 * index. A target is read, never copied: a flow repaired in place by `updateFlow` is followed as it now is.
 * @throws InvalidOptionError for a target of another size or kind; OutOfRangeError for a bad radius or too many.
 */
export function addFollowTarget(followers: Followers, target: FollowTargetInput): number {
  checkFollowers(followers);
  const list = followers.targets as FollowTarget[];
  if (list.length >= MAX_FOLLOW_TARGETS)
    throw new OutOfRangeError('targets', list.length + 1, `at most ${MAX_FOLLOW_TARGETS}`);
  list.push(resolveTarget(target, followers.grid.width, followers.grid.height));
  return list.length - 1;
}

/** Options of {@link addFollower}. */
export interface FollowerOptions {
  /** Index of the target to follow (from `addFollowTarget`). */
  target: number;
  /**
   * Speed, tiles per second, from 0 to 1000.
   * @defaultValue 1
   */
  speed?: number;
}

function checkTargetIndex(followers: Followers, target: unknown): number {
  if (!Number.isInteger(target) || (target as number) < 0 || (target as number) >= followers.targets.length)
    throw new OutOfRangeError('target', target, `a target index from 0 to ${followers.targets.length - 1}`);
  return target as number;
}

/**
 * Adds a follower at `at` (tiles, on a walkable tile of the grid), moving, and returns its index.
 * @throws CoordinateError for a position outside the grid or on a wall; OutOfRangeError for a bad target index or
 *   speed, or when the container is full.
 */
export function addFollower(followers: Followers, at: { x: number; y: number }, options: FollowerOptions): number {
  const n = checkFollowers(followers);
  const { x, y } = recordOf<{ x: number; y: number }>(at, 'at', 'a point { x, y } in tiles');
  checkNumber('at.x', x);
  checkNumber('at.y', y);
  const own = ownOptions(options, 'options', 'an object { target, speed? }');
  const target = checkTargetIndex(followers, own.target);
  const speed = own.speed ?? 1;
  if (typeof speed !== 'number' || !(speed >= 0 && speed <= MAX_FOLLOWER_SPEED))
    throw new OutOfRangeError('speed', speed, `tiles per second, from 0 to ${MAX_FOLLOWER_SPEED}`);
  const g = followers.grid;
  if (!(x >= 0 && y >= 0 && x < g.width && y < g.height))
    throw new CoordinateError('follower', x, y, `is outside the ${g.width}x${g.height} grid`);
  if (g.passable[Math.floor(y) * g.width + Math.floor(x)] === 0)
    throw new CoordinateError('follower', x, y, 'is on a wall');
  if (n >= followers.capacity)
    throw new OutOfRangeError('followers', n + 1, `at most ${followers.capacity} (capacity)`);
  followers.x[n] = x;
  followers.y[n] = y;
  followers.speed[n] = speed;
  followers.target[n] = target;
  followers.state[n] = 1;
  followers.memo[n * FOLLOWER_MEMO_SLOTS + MEMO_LEFT] = 0;
  followers.header[H_COUNT] = n + 1;
  return n;
}

/**
 * Sends follower `index` along target `target` (moving again, from where it stands).
 * @throws OutOfRangeError for a bad index or target.
 */
export function setFollowerTarget(followers: Followers, index: number, target: number): void {
  const n = checkFollowers(followers);
  if (!Number.isInteger(index) || index < 0 || index >= n)
    throw new OutOfRangeError('index', index, `a follower index from 0 to ${n - 1}`);
  followers.target[index] = checkTargetIndex(followers, target);
  followers.state[index] = 1;
  followers.memo[index * FOLLOWER_MEMO_SLOTS + MEMO_LEFT] = 0;
}

/** What a worker needs to rebuild a view of followers: see {@link followersFromBuffers}. */
export interface FollowersBuffers {
  /** `Followers.buffer`. */
  followers: ArrayBuffer | SharedArrayBuffer;
  /** The grid, or its buffer. */
  grid: Grid | ArrayBufferLike;
  /** `Followers.targets`. */
  targets: readonly FollowTarget[];
}

/** The buffers and targets to post to a worker. */
export function followersBuffers(followers: Followers): FollowersBuffers {
  checkFollowers(followers);
  return { followers: followers.buffer, grid: followers.grid, targets: followers.targets };
}

/**
 * Rebuilds a view of followers over a buffer made by {@link createFollowers} (for example in a worker); no copy.
 * @throws InvalidOptionError for a buffer not made by createFollowers, of another grid, or targets that are not.
 */
export function followersFromBuffers(buffers: FollowersBuffers): Followers {
  const own = ownOptions(buffers, 'buffers', 'an object { followers, grid, targets }');
  const buffer = own.followers;
  const isBuffer =
    buffer instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && buffer instanceof SharedArrayBuffer);
  if (!isBuffer || buffer.byteLength < HEADER_INTS * 4)
    throw new InvalidOptionError('buffers.followers', buffer, 'a buffer made by createFollowers');
  const header = new Int32Array(buffer, 0, HEADER_INTS);
  const capacity = header[H_CAPACITY] as number;
  if (
    header[H_MAGIC] !== MAGIC ||
    !(capacity >= 1 && capacity <= MAX_FOLLOWERS) ||
    buffer.byteLength < layout(capacity).byteLength
  )
    throw new InvalidOptionError('buffers.followers', buffer, 'a buffer made by createFollowers');
  const given = own.grid;
  const grid = given instanceof Grid ? given : Grid.from(given as ArrayBufferLike);
  const n = arrayLength(own.targets, 'buffers.targets', 'the targets of the followers (followersBuffers)');
  const targets: FollowTarget[] = [];
  for (let k = 0; k < n; k++) {
    const t = (own.targets as FollowTarget[])[k];
    targets.push(isTrustedTarget(t) ? (t as FollowTarget) : trustTarget(checkStoredTarget(t, grid, k)));
  }
  const f = view(buffer, grid, targets);
  checkFollowers(f);
  return f;
}

/** Checks a stored target received from another thread (kinds and sizes of its arrays); returns a plain copy. */
function checkStoredTarget(t: unknown, grid: Grid, k: number): FollowTarget {
  const o = ownOptions(t as FollowTarget, `buffers.targets[${k}]`, 'a stored follow target');
  const size = grid.width * grid.height;
  const ok =
    (o.kind === 0 &&
      o.flow !== null &&
      o.flow?.anchor instanceof Int32Array &&
      o.flow.anchor.length === size &&
      o.flow.vx instanceof Float32Array &&
      o.flow.vx.length === size &&
      o.flow.vy instanceof Float32Array &&
      o.flow.vy.length === size) ||
    (o.kind === 1 &&
      o.field?.cost instanceof Float64Array &&
      o.field.cost.length === size &&
      o.field.dir instanceof Uint8Array &&
      o.field.dir.length === size) ||
    (o.kind === 2 && o.corridor !== null && o.corridor !== undefined);
  if (!ok || typeof o.clearance !== 'number' || !(o.clearance > 0 && o.clearance <= 0.45))
    throw new InvalidOptionError(`buffers.targets[${k}]`, t, 'a stored follow target of this grid');
  const corridor = o.kind === 2 ? checkCorridorOf(o.corridor, grid, k) : null;
  return {
    kind: o.kind as number,
    clearance: o.clearance as number,
    flow:
      o.kind === 0
        ? { anchor: o.flow?.anchor as Int32Array, vx: o.flow?.vx as Float32Array, vy: o.flow?.vy as Float32Array }
        : null,
    field: o.kind === 1 ? { cost: o.field?.cost as Float64Array, dir: o.field?.dir as Uint8Array } : null,
    corridor,
  };
}

function checkCorridorOf(data: unknown, grid: Grid, k: number): CorridorField['data'] {
  // The CorridorField constructor checks the arrays (kinds, lengths, block indices) in O(sectors).
  const d = new CorridorField(data as CorridorField['data']);
  if (d.width !== grid.width || d.height !== grid.height)
    throw new InvalidOptionError(`buffers.targets[${k}].corridor`, data, 'a corridor field of this grid');
  return d.data;
}
