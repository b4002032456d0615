/**
 * Interception in continuous space (the chapter "Chasing, Evading, Intercepting, and Patterned Movement", "Intercepting"): predict where the target will be and aim
 * there. Two predictions:
 * - {@link closingIntercept}: the chapter's closing-velocity estimate `t = |D| / |Vtarget - Vchaser|`, then the
 *   target's position after t. Cheap, but only an estimate (it ignores the directions of the velocities).
 * - {@link exactIntercept}: the earliest time t at which a chaser moving in a straight line at its top speed
 *   can be where the target is, from `|D + Vt| = s t` (a quadratic in t).
 * Both return null when there is no answer (zero closing speed; a target faster than the chaser moving away);
 * callers then fall back to chasing. Neither divides by zero nor returns NaN for finite input; a NaN or infinite
 * input gives null, an argument that is not a number an OutOfRangeError.
 */

import { dHypot } from '../determinism/deterministic-math.js';
import type { Point } from '../grid/point.js';
import { checkNumber } from '../util/check-number.js';
import { recordOf } from '../util/own-options.js';

/** A predicted meeting: where (the target's position then) and in how many seconds. */
export interface InterceptSolution {
  /** The target's predicted x at the meeting, in world units. */
  x: number;
  /** The target's predicted y at the meeting, in world units. */
  y: number;
  /** Seconds from now, >= 0 and finite. */
  time: number;
}

/** Relative tolerance under which a quadratic coefficient counts as zero in {@link exactIntercept}. */
export const INTERCEPT_EPSILON = 1e-12;

/** A point argument read for the intercepts: an object with own `x`, `y` that are numbers (NaN allowed: no answer). */
function readVector(value: unknown, name: string): Point {
  const p = recordOf<Point>(value, name, 'a point { x, y }');
  const x = Object.hasOwn(p, 'x') ? p.x : undefined;
  const y = Object.hasOwn(p, 'y') ? p.y : undefined;
  return { x: checkNumber(`${name}.x`, x), y: checkNumber(`${name}.y`, y) };
}

function solution(x: number, y: number, vx: number, vy: number, t: number): InterceptSolution | null {
  if (!(t >= 0 && t < Number.POSITIVE_INFINITY)) return null;
  const px = x + vx * t;
  const py = y + vy * t;
  if (!Number.isFinite(px) || !Number.isFinite(py)) return null;
  return { x: px, y: py, time: t };
}

/**
 * The chapter's `LineOfSightIntercept` prediction. Closing velocity `Vc = Vtarget - Vchaser`, closing distance
 * `D = Ptarget - Pchaser`, time `t = |D| / |Vc|`, predicted point `Ptarget + Vtarget t`. Returns null when the
 * closing speed is (relatively) zero or any result is not finite. Positions are points `{ x, y }` and
 * velocities vectors `{ x, y }` per second, in any consistent length and time (world units in the steering family).
 * @throws InvalidOptionError when an argument is not a `{ x, y }` object; OutOfRangeError naming the coordinate
 *   (`target.x`, ...) that is not a number.
 */
export function closingIntercept(
  chaser: Point,
  chaserVelocity: Point,
  target: Point,
  targetVelocity: Point,
): InterceptSolution | null {
  const { x: chaserX, y: chaserY } = readVector(chaser, 'chaser');
  const { x: chaserVx, y: chaserVy } = readVector(chaserVelocity, 'chaserVelocity');
  const { x: targetX, y: targetY } = readVector(target, 'target');
  const { x: targetVx, y: targetVy } = readVector(targetVelocity, 'targetVelocity');
  const dx = targetX - chaserX;
  const dy = targetY - chaserY;
  const dist = dHypot(dx, dy);
  if (dist === 0) return solution(targetX, targetY, 0, 0, 0);
  const cvx = targetVx - chaserVx;
  const cvy = targetVy - chaserVy;
  const closing = dHypot(cvx, cvy);
  const scale = Math.max(dHypot(targetVx, targetVy), dHypot(chaserVx, chaserVy));
  if (!(closing > INTERCEPT_EPSILON * scale)) return null;
  return solution(targetX, targetY, targetVx, targetVy, dist / closing);
}

/**
 * The earliest time t >= 0 at which a chaser at `chaser` travelling in a straight line at `chaserSpeed` (>= 0)
 * can meet a target at `target` moving at constant velocity `targetVelocity`: the smallest non-negative root of
 * `(|V|^2 - s^2) t^2 + 2 (D.V) t + |D|^2 = 0`. Returns the target's position at that time, or null when no such
 * time exists (a faster or equally fast target moving away, a chaser of speed 0 the target does not run into).
 * Equal speeds reduce it to a linear equation. Units as {@link closingIntercept}.
 * @throws InvalidOptionError when a point is not a `{ x, y }` object; OutOfRangeError naming the value that is
 *   not a number.
 */
export function exactIntercept(
  chaser: Point,
  chaserSpeed: number,
  target: Point,
  targetVelocity: Point,
): InterceptSolution | null {
  const { x: chaserX, y: chaserY } = readVector(chaser, 'chaser');
  checkNumber('chaserSpeed', chaserSpeed);
  const { x: targetX, y: targetY } = readVector(target, 'target');
  const { x: targetVx, y: targetVy } = readVector(targetVelocity, 'targetVelocity');
  const dx = targetX - chaserX;
  const dy = targetY - chaserY;
  const c = dx * dx + dy * dy;
  if (c === 0) return solution(targetX, targetY, 0, 0, 0);
  const s = Math.max(0, chaserSpeed);
  const vv = targetVx * targetVx + targetVy * targetVy;
  const a = vv - s * s;
  const b = 2 * (dx * targetVx + dy * targetVy);
  let t = Number.POSITIVE_INFINITY;
  if (Math.abs(a) <= INTERCEPT_EPSILON * Math.max(vv, s * s)) {
    // Equal speeds: b t + c = 0 has a positive root only when the target comes towards the chaser.
    if (b < 0) t = -c / b;
  } else {
    const disc = b * b - 4 * a * c;
    if (disc >= 0) {
      // Numerically stable roots: q = -(b + sign(b) sqrt(disc)) / 2, roots q / a and c / q.
      const q = -0.5 * (b + (b >= 0 ? Math.sqrt(disc) : -Math.sqrt(disc)));
      const r1 = q / a;
      const r2 = q !== 0 ? c / q : Number.NaN;
      if (r1 >= 0 && r1 < t) t = r1;
      if (r2 >= 0 && r2 < t) t = r2;
    }
  }
  const found = solution(targetX, targetY, targetVx, targetVy, t);
  if (found === null) return null;
  // Check the answer: with extreme magnitudes (underflowing squares) the coefficients can lie. The chaser must
  // really be able to reach the point in that time.
  const reach = dHypot(found.x - chaserX, found.y - chaserY);
  const travel = s * found.time;
  if (!(Math.abs(reach - travel) <= 1e-6 * (reach + travel + Math.sqrt(c)))) return null;
  return found;
}
