/**
 * The two stop timers of the "Group Movement / Flocking Behavior" tutorial, exactly as it gives them (`ai_stop_timer_moving` and
 * `ai_stop_timer_stopped`). The step inlines the same logic; these are the reference it is tested against.
 * Times in seconds, distances in pixels, speeds in pixels per second.
 */

import { InvalidOptionError } from '../errors.js';
import { checkNumber } from '../util/check-number.js';

/** Result of a stop timer: the new timer value and whether the unit should stop now. */
export interface CrowdStopTimerResult {
  /** The new timer value in seconds. */
  timer: number;
  /** True when the unit should stop now. */
  stop: boolean;
}

/**
 * Timer of a moving unit. Colliding with a stopped unit (`collisionWithStopped`, the flocking tutorial's
 * `collidedWithOpposite` for a moving unit) adds `dt` and asks to stop once the timer exceeds the straight-line
 * time to the target, (|dx| + |dy|) / topSpeed. Otherwise a positive timer decays by half of `dt`.
 */
export function crowdStopTimerMoving(
  timer: number,
  collisionWithStopped: boolean,
  xMe: number,
  yMe: number,
  xTarget: number,
  yTarget: number,
  topSpeed: number,
  dt: number,
  out: CrowdStopTimerResult = { timer: 0, stop: false },
): CrowdStopTimerResult {
  checkNumber('timer', timer);
  checkFlag('collisionWithStopped', collisionWithStopped);
  checkNumber('xMe', xMe);
  checkNumber('yMe', yMe);
  checkNumber('xTarget', xTarget);
  checkNumber('yTarget', yTarget);
  checkNumber('topSpeed', topSpeed);
  checkNumber('dt', dt);
  checkOut(out);
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
 */
export function crowdStopTimerStopped(
  timer: number,
  collision: boolean,
  collisionWithMoving: boolean,
  otherStopTimer: number,
  dt: number,
  bumpTime: number,
  out: CrowdStopTimerResult = { timer: 0, stop: false },
): CrowdStopTimerResult {
  checkNumber('timer', timer);
  checkFlag('collision', collision);
  checkFlag('collisionWithMoving', collisionWithMoving);
  checkNumber('otherStopTimer', otherStopTimer);
  checkNumber('dt', dt);
  checkNumber('bumpTime', bumpTime);
  checkOut(out);
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

function checkFlag(name: string, value: unknown): void {
  if (typeof value !== 'boolean') throw new InvalidOptionError(name, value, 'a boolean');
}

/** `out` must be a plain object (the result is written into it). */
function checkOut(out: unknown): void {
  if (out === null || typeof out !== 'object') throw new InvalidOptionError('out', out, 'an object { timer, stop }');
  const proto = Object.getPrototypeOf(out);
  if ((proto !== Object.prototype && proto !== null) || !Object.isExtensible(out))
    throw new InvalidOptionError('out', out, 'a plain object { timer, stop }');
}
