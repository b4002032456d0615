/**
 * The two stop timers of the "Group Movement / Flocking Behavior" tutorial, exactly as it gives them (`ai_stop_timer_moving` and
 * `ai_stop_timer_stopped`). The step inlines the same logic; these are the reference it is tested against.
 * Times in seconds, positions in tiles, speeds in tiles per second (the tutorial's pixels give the same results:
 * only the ratio distance / speed matters).
 */

import { InvalidOptionError } from '../errors.js';
import { type Point, readPoint } from '../grid/point.js';
import { checkNumber } from '../util/check-number.js';
import { ownOptions } from '../util/own-options.js';
import { DEFAULT_CROWD_BUMP_TIME } from './crowd-options.js';

/** Result of a stop timer: the new timer value and whether the unit should stop now. */
export interface CrowdStopTimerResult {
  /** The new timer value in seconds. */
  timer: number;
  /** True when the unit should stop now. */
  stop: boolean;
}

/** Inputs of {@link crowdStopTimerMoving}: the tutorial's `ai_stop_timer_moving` arguments. */
export interface CrowdStopTimerMovingOptions {
  /** The unit's stop timer before this step, in seconds. */
  timer: number;
  /** True when the unit touched a stopped unit this step (the tutorial's `collidedWithOpposite` for a mover). */
  collisionWithStopped: boolean;
  /** The unit's centre, a continuous position in tiles. */
  position: Point;
  /** The unit's destination, a continuous position in tiles. */
  target: Point;
  /** The unit's top speed in tiles per second, > 0 (any unit of length works if `position` and `target` share it). */
  topSpeed: number;
  /** The step's length in seconds (the tutorial's `g_frametime`). */
  dt: number;
  /**
   * Object the result is written into (a plain object), so a game loop allocates nothing.
   * @defaultValue a new object
   */
  out?: CrowdStopTimerResult;
}

/** Inputs of {@link crowdStopTimerStopped}: the tutorial's `ai_stop_timer_stopped` arguments. */
export interface CrowdStopTimerStoppedOptions {
  /** The unit's stop timer before this step, in seconds. */
  timer: number;
  /** True when the unit touched any unit this step. */
  collision: boolean;
  /** True when the unit touched a moving unit this step (the tutorial's `collidedWithOpposite` for a stopped unit). */
  collisionWithMoving: boolean;
  /** The largest stop timer of the stopped units it touched, in seconds. */
  otherStopTimer: number;
  /** The step's length in seconds (the tutorial's `g_frametime`). */
  dt: number;
  /**
   * Seconds a bumped unit gets to move away.
   * @defaultValue {@link DEFAULT_CROWD_BUMP_TIME} (5 s, the tutorial's)
   */
  bumpTime?: number;
  /**
   * Object the result is written into (a plain object), so a game loop allocates nothing.
   * @defaultValue a new object
   */
  out?: CrowdStopTimerResult;
}

/**
 * Timer of a moving unit. Colliding with a stopped unit (`collisionWithStopped`, the flocking tutorial's
 * `collidedWithOpposite` for a moving unit) adds `dt` and asks to stop once the timer exceeds the straight-line
 * time to the target, (|dx| + |dy|) / topSpeed. Otherwise a positive timer decays by half of `dt`. The ratio
 * is the same in tiles (tiles/s) as in the tutorial's pixels (px/s).
 * @throws InvalidOptionError for a missing or mistyped input (naming it), a bad point or `out`.
 */
export function crowdStopTimerMoving(options: CrowdStopTimerMovingOptions): CrowdStopTimerResult {
  const own = ownOptions(
    options,
    'options',
    'an object { timer, collisionWithStopped, position, target, topSpeed, dt, out? }',
  );
  const out = own.out ?? { timer: 0, stop: false };
  const timer0 = checkNumber('timer', own.timer);
  const collisionWithStopped = checkFlag('collisionWithStopped', own.collisionWithStopped);
  const me = readPoint(own.position, 'position');
  const target = readPoint(own.target, 'target');
  const topSpeed = checkNumber('topSpeed', own.topSpeed);
  const dt = checkNumber('dt', own.dt);
  checkOut(out);
  return stopTimerMoving(timer0, collisionWithStopped, me.x, me.y, target.x, target.y, topSpeed, dt, out);
}

/**
 * {@link crowdStopTimerMoving} on numbers, unchecked: the step's per-unit call (no object per unit). Internal.
 */
export function stopTimerMoving(
  timer: number,
  collisionWithStopped: boolean,
  xMe: number,
  yMe: number,
  xTarget: number,
  yTarget: number,
  topSpeed: number,
  dt: number,
  out: CrowdStopTimerResult,
): CrowdStopTimerResult {
  out.stop = false;
  if (collisionWithStopped) {
    timer += dt;
    const maxTime = (Math.abs(xMe - xTarget) + Math.abs(yMe - yTarget)) / topSpeed;
    if (timer > maxTime) out.stop = true;
  } else if (timer > 0) timer -= dt / 2;
  out.timer = timer;
  return out;
}

/**
 * Timer of a stopped unit. Bumped by a moving unit (`collisionWithMoving`): the timer is set to `bumpTime`
 * (seed: 5 s). Else a running timer stops the unit at once when it touches nobody, or counts down by `dt` and
 * stops it below zero. Else, touching stopped units whose largest timer `otherStopTimer` is positive, it copies
 * that timer minus `dt`, so the remaining movement in a group always decreases.
 * @throws InvalidOptionError for a missing or mistyped input (naming it) or a bad `out`.
 */
export function crowdStopTimerStopped(options: CrowdStopTimerStoppedOptions): CrowdStopTimerResult {
  const own = ownOptions(
    options,
    'options',
    'an object { timer, collision, collisionWithMoving, otherStopTimer, dt, bumpTime?, out? }',
  );
  const out = own.out ?? { timer: 0, stop: false };
  const timer0 = checkNumber('timer', own.timer);
  const collision = checkFlag('collision', own.collision);
  const collisionWithMoving = checkFlag('collisionWithMoving', own.collisionWithMoving);
  const otherStopTimer = checkNumber('otherStopTimer', own.otherStopTimer);
  const dt = checkNumber('dt', own.dt);
  const bumpTime = checkNumber('bumpTime', own.bumpTime ?? DEFAULT_CROWD_BUMP_TIME);
  checkOut(out);
  return stopTimerStopped(timer0, collision, collisionWithMoving, otherStopTimer, dt, bumpTime, out);
}

/** {@link crowdStopTimerStopped} unchecked: the step's per-unit call. Internal. */
export function stopTimerStopped(
  timer: number,
  collision: boolean,
  collisionWithMoving: boolean,
  otherStopTimer: number,
  dt: number,
  bumpTime: number,
  out: CrowdStopTimerResult,
): CrowdStopTimerResult {
  out.stop = false;
  if (collisionWithMoving) timer = bumpTime;
  else if (timer > 0) {
    if (!collision) out.stop = true;
    else {
      timer -= dt;
      if (timer < 0) out.stop = true;
    }
  } else if (collision && otherStopTimer > 0) timer = otherStopTimer - dt;
  out.timer = timer;
  return out;
}

function checkFlag(name: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new InvalidOptionError(name, value, 'a boolean');
  return value;
}

/** `out` must be a plain object (the result is written into it). */
function checkOut(out: unknown): void {
  if (out === null || typeof out !== 'object') throw new InvalidOptionError('out', out, 'an object { timer, stop }');
  const proto = Object.getPrototypeOf(out);
  if ((proto !== Object.prototype && proto !== null) || !Object.isExtensible(out))
    throw new InvalidOptionError('out', out, 'a plain object { timer, stop }');
}
