import { dCos, dSin } from '../determinism/deterministic-math.js';
import { InvalidOptionError } from '../errors.js';
import { checkFinite, checkNonNegative, checkNumber } from '../util/check-number.js';
import { ownOptions, recordOf } from '../util/own-options.js';
import { type SteerPoint, wrapDegrees } from './orientation.js';

const DEG = Math.PI / 180;

/**
 * The small physics model of the continuous environment of the chapter "Chasing, Evading, Intercepting, and Patterned Movement": a body that can only turn at a limited rate
 * and change speed at a limited acceleration. Plain data: step it with {@link stepMover}.
 */
export interface Mover {
  /** Position in world units (screen coordinates: y grows downwards). */
  x: number;
  /** Position in world units; y grows downwards. */
  y: number;
  /** Orientation in degrees (0 up, 90 right; see orientation.ts), kept within (-180, 180]. */
  heading: number;
  /** Current speed in world units per second, 0..maxSpeed. The mover always moves along its heading. */
  speed: number;
  /** Top speed in world units per second (>= 0). */
  maxSpeed: number;
  /** Largest heading change in degrees per second (>= 0). */
  maxTurnRate: number;
  /** Largest speed change in world units per second squared, for speeding up and braking alike (>= 0). */
  acceleration: number;
}

/** What a behaviour asks of the physics for the next step: a heading to turn towards and a speed to reach. */
export interface MoverControl {
  /** Desired orientation in degrees. The mover turns towards it the short way at up to maxTurnRate. */
  heading: number;
  /** Desired speed in world units per second; clamped to 0..maxSpeed. Reached at up to `acceleration`. */
  speed: number;
}

/** Defaults of {@link createMover}: standing at the origin facing up, 100 u/s top speed, 180 deg/s, 200 u/s^2. */
export const DEFAULT_MOVER: Readonly<Mover> = Object.freeze({
  x: 0,
  y: 0,
  heading: 0,
  speed: 0,
  maxSpeed: 100,
  maxTurnRate: 180,
  acceleration: 200,
});

/**
 * Throws unless `m` is a mover: an object whose position and heading are finite numbers and whose speed and
 * limits are finite numbers >= 0 (InvalidOptionError when it is not an object, OutOfRangeError naming the field).
 */
export function checkMover(m: unknown, name = 'mover'): asserts m is Mover {
  const r = recordOf<Mover>(m, name, 'a Mover { x, y, heading, speed, maxSpeed, maxTurnRate, acceleration }');
  checkFinite(`${name}.x`, r.x);
  checkFinite(`${name}.y`, r.y);
  checkFinite(`${name}.heading`, r.heading);
  checkNonNegative(`${name}.speed`, r.speed);
  checkNonNegative(`${name}.maxSpeed`, r.maxSpeed);
  checkNonNegative(`${name}.maxTurnRate`, r.maxTurnRate);
  checkNonNegative(`${name}.acceleration`, r.acceleration);
}

/**
 * A mover from {@link DEFAULT_MOVER} with the given fields replaced (own properties of `init` only). Throws
 * OutOfRangeError on a field that is not a finite number (or is negative, for the speed and the limits).
 */
export function createMover(init: Partial<Mover> = {}): Mover {
  const m = { ...DEFAULT_MOVER, ...ownOptions(init, 'init', 'an object with Mover fields') } as Mover;
  for (const key of ['x', 'y', 'heading'] as const) checkFinite(key, m[key]);
  checkNonNegative('maxSpeed', m.maxSpeed);
  checkNonNegative('maxTurnRate', m.maxTurnRate);
  checkNonNegative('acceleration', m.acceleration);
  checkNonNegative('speed', m.speed);
  m.heading = wrapDegrees(m.heading);
  m.speed = Math.min(m.speed, m.maxSpeed);
  return m;
}

/** The mover's velocity vector in world units per second. */
export function moverVelocity(m: Readonly<Mover>): SteerPoint {
  recordOf(m, 'm', 'a Mover');
  checkNumber('m.heading', m.heading);
  checkNumber('m.speed', m.speed);
  const r = m.heading * DEG;
  return { x: m.speed * dSin(r), y: -m.speed * dCos(r) };
}

/** `current` turned towards `desired` (degrees) the short way by at most `maxDelta` degrees; within (-180, 180]. */
export function turnTowards(current: number, desired: number, maxDelta: number): number {
  checkNumber('current', current);
  checkNumber('desired', desired);
  checkNumber('maxDelta', maxDelta);
  const delta = wrapDegrees(desired - current);
  if (!(Math.abs(delta) > maxDelta)) return wrapDegrees(current + delta);
  return wrapDegrees(current + (delta > 0 ? maxDelta : -maxDelta));
}

/** Options of {@link stepMover}. */
export interface StepMoverOptions {
  /**
   * A Mover to write the result into (it may be the stepped mover itself, to step in place).
   * @defaultValue undefined (a new Mover is returned)
   */
  out?: Mover;
}

/**
 * Advances the mover by `dt` seconds under `control`: the heading turns towards `control.heading` by at most
 * `maxTurnRate * dt` degrees, the speed moves towards `control.speed` (clamped to 0..maxSpeed) by at most
 * `acceleration * dt`, and the position moves along the arc swept by the turn. The distance covered is exact
 * for the piecewise-constant acceleration (it stops accelerating once the desired speed is reached).
 * A control heading or speed that is not a finite number keeps the current one.
 * Pure: returns a new Mover, or writes into `options.out` (which may be `m` itself) and returns it.
 * @throws OutOfRangeError when dt is negative or not finite, or a field of `m` is out of range (the error
 *   names the field); InvalidOptionError when `m`, `control`, `options` or `out` is not an object.
 */
export function stepMover(
  m: Readonly<Mover>,
  control: Readonly<MoverControl>,
  dt: number,
  options: StepMoverOptions = {},
): Mover {
  checkNonNegative('dt', dt);
  checkMover(m, 'm');
  const c = recordOf<MoverControl>(control, 'control', 'a MoverControl { heading, speed }');
  // Read by hand: a per-frame call, so no options copy is made.
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new InvalidOptionError('options', options, '{ out? }');
  const out = Object.hasOwn(options, 'out') ? options.out : undefined;
  if (out !== undefined && (out === null || typeof out !== 'object'))
    throw new InvalidOptionError('out', out, 'a Mover to write into');
  const desiredHeading = typeof c.heading === 'number' && Number.isFinite(c.heading) ? c.heading : m.heading;
  const wanted = typeof c.speed === 'number' && Number.isFinite(c.speed) ? c.speed : m.speed;
  const desiredSpeed = Math.min(Math.max(wanted, 0), m.maxSpeed);
  const heading = turnTowards(m.heading, desiredHeading, m.maxTurnRate * dt);
  const turned = wrapDegrees(heading - m.heading);
  // Speed: linear ramp until the desired speed is reached, then constant.
  const v0 = m.speed;
  const dv = desiredSpeed - v0;
  const maxDv = m.acceleration * dt;
  let v1: number;
  let distance: number;
  if (Math.abs(dv) <= maxDv) {
    v1 = desiredSpeed;
    const t1 = m.acceleration > 0 ? Math.abs(dv) / m.acceleration : 0;
    distance = 0.5 * (v0 + v1) * t1 + v1 * (dt - t1);
  } else {
    v1 = v0 + (dv > 0 ? maxDv : -maxDv);
    distance = 0.5 * (v0 + v1) * dt;
  }
  // Direction: the chord of a circular arc points along the mid heading and is shorter by sin(h)/h.
  const half = 0.5 * turned * DEG;
  const chord = half === 0 ? distance : (distance * dSin(half)) / half;
  const mid = (m.heading + 0.5 * turned) * DEG;
  const target = out ?? { ...m };
  target.x = m.x + chord * dSin(mid);
  target.y = m.y - chord * dCos(mid);
  target.heading = heading;
  target.speed = v1;
  if (out) {
    out.maxSpeed = m.maxSpeed;
    out.maxTurnRate = m.maxTurnRate;
    out.acceleration = m.acceleration;
  }
  return target;
}
