import { InvalidOptionError } from '../errors.js';
import type { Field } from '../fields/types.js';
import { checkFinite, checkInteger } from '../util/check-number.js';
import { recordOf } from '../util/own-options.js';
import type { RtsGroupPhase } from './group-options.js';
import { type RtsUnitOptions, resolveRtsUnitOptions } from './unit-options.js';

/**
 * The unit state machine of rodrigodpl's RTS group movement tutorial. `idle` is a unit with no order (it may
 * still be pushed and return home); `waiting-for-path` asks the pathfinder on its next step; `moving` follows
 * its waypoints; `waypoint-reached` picks the next waypoint (or the next patrol point); `destination-reached`
 * is the end of an order (the unit then becomes idle on the next step).
 */
export type RtsUnitState = 'idle' | 'waiting-for-path' | 'moving' | 'waypoint-reached' | 'destination-reached';

/**
 * State of the collision a unit is involved in (one at a time):
 * `none`; `unsolved` (noticed on the newest predicted position, no action found yet, retried next step);
 * `solving` (one unit of the pair, `solver`, is dodging, pushing or being pushed; the other one does not act on
 * the same collision); `solved` (the move that solved it is finished; cleared when the unit returns).
 */
export type RtsCollisionState = 'none' | 'unsolved' | 'solving' | 'solved';

/**
 * Why a unit's last order failed (see {@link RtsUnit.failReason}): `no-path` (no route to the destination, or
 * its tile or the destination walled meanwhile), `gave-up` (blocked by other units longer than the world's
 * `giveUpSeconds`), `no-progress` (moving without getting nearer for that long), `stuck` (a route the unit cannot
 * follow), `slot-unreachable` (a formation member that could not reach the place it was given at the end),
 * `formation-timeout` (a formation member still on its way when the formation's `formingTimeout` ran out at
 * the end).
 */
export type RtsFailReason = 'no-path' | 'gave-up' | 'no-progress' | 'stuck' | 'slot-unreachable' | 'formation-timeout';

/** How a collision was (or is being) solved, for the debug view and the tests. */
export type RtsCollisionAction = 'none' | 'avoid' | 'push' | 'hard-push' | 'wait';

/**
 * A group as its units and the world see it (an {@link RtsGroup} is one): declared here so that a unit can name
 * its group without the unit's module depending on the group's.
 */
export interface RtsUnitGroup {
  /** The group's members. */
  readonly units: readonly RtsUnit[];
  /** Group speed, tiles per second: the slowest member's top speed. */
  readonly speed: number;
  /** The member that plans for the group and that the others follow. */
  readonly commander: RtsUnit;
  /** Formation slots as (forward, right) pairs, tiles, slot 0 the commander's; empty for a plain group. */
  readonly slots: Float64Array;
  /** Where the order stands: forming, marching, arrived or failed. */
  readonly phase: RtsGroupPhase;
  /** Takes a unit out of the group (a new commander is chosen if needed). */
  remove(unit: RtsUnit): void;
}

/**
 * One unit. Positions are in tiles (tile (tx, ty) covers [tx, tx+1) x [ty, ty+1); its centre is tx+0.5).
 * The unit's future is a rolling queue of predicted positions at the world's fixed step: `x, y` is the front
 * (now), `tailX, tailY` the newest prediction; every step pops the front and appends one prediction.
 * Read fields freely; change them only through {@link RtsWorld}.
 */
export class RtsUnit {
  /** The unit's id, unique in its world. */
  readonly id: number;
  /** Radius of the hard collider (the body), tiles ({@link RtsUnitOptions.hardRadius}). */
  hardRadius: number;
  /** Radius of the soft collider (personal space), tiles ({@link RtsUnitOptions.softRadius}). */
  softRadius: number;
  /** Top speed, tiles per second ({@link RtsUnitOptions.speed}). */
  speed: number;
  /** Priority in collisions ({@link RtsUnitOptions.priority}). */
  priority: number;
  /** Team number ({@link RtsUnitOptions.team}). */
  team: number;

  /** Position now (front of the queue), tiles. */
  x: number;
  /** Position now, tiles. */
  y: number;
  /** Position one fixed step ago, for interpolation, tiles. */
  prevX: number;
  /** Position one fixed step ago, tiles. */
  prevY: number;
  /** Predicted positions, ring buffer of `horizon` entries of (x, y, headingX, headingY). */
  readonly queue: Float64Array;
  /** Index of the front entry in `queue` (entries are 4 numbers). */
  queueHead = 0;
  /** Number of entries in the queue (the world keeps it at `horizon`). */
  queueLength = 0;
  /** Newest predicted position and heading (unit vector, or 0,0 when standing). */
  tailX: number;
  /** Newest predicted position, tiles. */
  tailY: number;
  /** Heading of the newest prediction, x part of a unit vector (0 when standing). */
  headingX = 0;
  /** Heading of the newest prediction, y part of a unit vector (0 when standing). */
  headingY = 0;

  /** Where the unit's order stands. */
  state: RtsUnitState = 'idle';
  /** Final destination (tile centre), when ordered, tiles; NaN when not. */
  destX = Number.NaN;
  /** Final destination, tiles; NaN when not ordered. */
  destY = Number.NaN;
  /** High-level route: x, y pairs of positions (tile centres); `routeIndex` is the current target pair. */
  route: number[] = [];
  /** Index of the current target pair of `route` (pairs, not numbers). */
  routeIndex = 0;
  /** Shared vector field the unit's high-level path is read from, or null (A*). */
  field: Field | null = null;
  /** Patrol points (x, y pairs, tile centres), visited in a loop; empty when not patrolling. */
  patrol: number[] = [];
  /** Index of the next patrol point (pairs, not numbers). */
  patrolIndex = 0;
  /** Low-level detour target of local avoidance (nearest free adjacent tile), NaN when none. */
  avoidX = Number.NaN;
  /** Low-level detour target, tiles; NaN when none. */
  avoidY = Number.NaN;
  /** Steps left to reach the avoidance target before it is dropped. */
  avoidTimer = 0;
  /** Unit id this unit is dodging with `avoid`, -1 when none. */
  dodging = -1;
  /**
   * True while the avoidance move is a wait: the nearest free tile to the next waypoint was the unit's own
   * (the RTS tutorial's GetNearestAdj includes it), so it holds there for the other unit to move away.
   */
  holding = false;
  /** Moves imposed by a push or hard push (x, y pairs), done first to last. */
  pushMoves: number[] = [];
  /** Steps left to finish the imposed moves before they are dropped. */
  pushTimer = 0;
  /** Recorded positions to return to after being pushed (x, y pairs), travelled last-in first-out. */
  returnStack: number[] = [];
  /** Steps to wait before returning (counted down while idle and not pushed). */
  returnDelay = 0;
  /** Where an idle unit stands (tile centre). */
  homeX: number;
  /** Where an idle unit stands, tiles. */
  homeY: number;

  /** Collision state of this step. */
  collision: RtsCollisionState = 'none';
  /** The other unit of the current collision, -1 when none. */
  collisionWith = -1;
  /** The unit that acts on the current collision, -1 when none. */
  collisionSolver = -1;
  /** What the solving unit does about the current collision. */
  collisionAction: RtsCollisionAction = 'none';

  /** Consecutive steps the tail could not advance while it had somewhere to go. */
  waitSteps = 0;
  /** Closest distance to the destination so far in this order, tiles (livelock guard). */
  bestDistance = Number.POSITIVE_INFINITY;
  /** Steps without getting closer to the destination. */
  noProgress = 0;
  /** Steps since the route was last repaired (limits A* calls). */
  repairCooldown = 0;
  /** Group the unit belongs to (an {@link RtsGroup}), or null. */
  group: RtsUnitGroup | null = null;
  /** Speed multiplier set by the group's speed adjustment (1 outside groups). */
  speedMultiplier = 1;
  /** Step at which the last order finished (-1 while under way or never ordered). */
  arrivedStep = -1;
  /** True when the last order ended without reaching the destination (no path, or stuck too long). */
  failed = false;
  /** Why the last order failed ({@link RtsFailReason}), or null when it did not (or is under way). */
  failReason: RtsFailReason | null = null;
  /** Formation slot target this step (NaN when not in a marching formation). */
  slotX = Number.NaN;
  /** Formation slot target this step, tiles (NaN when not in a marching formation). */
  slotY = Number.NaN;

  /**
   * Made by {@link RtsWorld.addUnit}; options missing here take their defaults.
   * @throws OutOfRangeError for a bad id, position, horizon (an integer from 1 to 64) or option.
   */
  constructor(id: number, x: number, y: number, unitOptions: RtsUnitOptions, horizon: number) {
    checkInteger('id', id, 0, Number.MAX_SAFE_INTEGER);
    checkFinite('x', x);
    checkFinite('y', y);
    checkInteger('horizon', horizon, 1, 64);
    const options = resolveRtsUnitOptions(unitOptions);
    this.id = id;
    this.hardRadius = options.hardRadius;
    this.softRadius = options.softRadius;
    this.speed = options.speed;
    this.priority = options.priority;
    this.team = options.team;
    this.x = this.prevX = this.tailX = this.homeX = x;
    this.y = this.prevY = this.tailY = this.homeY = y;
    this.queue = new Float64Array(horizon * 4);
    for (let k = 0; k < horizon; k++) {
      this.queue[k * 4] = x;
      this.queue[k * 4 + 1] = y;
    }
    this.queueLength = horizon;
  }

  /** True when the unit has no order and no imposed move: it holds its home. */
  get idle(): boolean {
    return (this.state === 'idle' || this.state === 'destination-reached') && this.pushMoves.length === 0;
  }

  /** Predicted position k steps ahead (1 = next step, up to the horizon), written into `out`. */
  predicted(k: number, out: { x: number; y: number }): { x: number; y: number } {
    const n = this.queue.length / 4;
    checkInteger('k', k, 1, n);
    recordOf(out, 'out', 'an object { x, y }');
    const i = ((this.queueHead + k - 1) % n) * 4;
    out.x = this.queue[i] as number;
    out.y = this.queue[i + 1] as number;
    return out;
  }
}

/** True when `a` keeps its course against `b` (higher priority; ties go to the lower id). */
export function rtsOutranks(a: RtsUnit, b: RtsUnit): boolean {
  if (!(a instanceof RtsUnit)) throw new InvalidOptionError('a', a, 'an RtsUnit');
  if (!(b instanceof RtsUnit)) throw new InvalidOptionError('b', b, 'an RtsUnit');
  return a.priority > b.priority || (a.priority === b.priority && a.id < b.id);
}
