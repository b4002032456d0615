/**
 * Orientation angles exactly as the chapter "Chasing, Evading, Intercepting, and Patterned Movement" defines them for screen space (x grows to the right, y grows
 * downwards): degrees, 0 points straight up, 90 to the right (east), 180 straight down, 270 (or -90) to the
 * left. Positive angle changes turn clockwise on screen, that is to the right.
 *
 * Local coordinates are the mover's own view: local y points straight ahead, local x to its right. A point
 * with positive local x lies to the right of the mover (steer right to face it), negative to its left; a
 * point with negative local y lies behind it.
 */

import { dAtan2, dCos, dHypot, dSin } from '../determinism/deterministic-math.js';
import { InvalidOptionError } from '../errors.js';
import { checkNumber } from '../util/check-number.js';

/** A point or vector in continuous space (screen coordinates: y grows downwards). */
export interface SteerPoint {
  /** x, in world units (or world units per second for a velocity). */
  x: number;
  /** y, in world units (y grows downwards). */
  y: number;
}

const DEG = Math.PI / 180;

/** Degrees to radians. */
export function degreesToRadians(degrees: number): number {
  return degrees * DEG;
}

/** Radians to degrees. */
export function radiansToDegrees(radians: number): number {
  return radians / DEG;
}

/**
 * The same angle in degrees within (-180, 180]. Non-finite input gives NaN. The math helpers of this module take
 * numbers only (OutOfRangeError for anything else); NaN in gives NaN out.
 */
export function wrapDegrees(degrees: number): number {
  checkNumber('degrees', degrees);
  let a = degrees % 360;
  if (a <= -180) a += 360;
  else if (a > 180) a -= 360;
  return a;
}

/** The unit vector an orientation (degrees) points along: 0 gives (0, -1), 90 gives (1, 0). */
export function orientationVector(orientation: number): SteerPoint {
  checkNumber('orientation', orientation);
  const r = orientation * DEG;
  return { x: dSin(r), y: -dCos(r) };
}

/**
 * The orientation (degrees, (-180, 180]) of the direction (x, y): (0, -1) gives 0, (1, 0) gives 90,
 * (0, 1) gives 180, (-1, 0) gives -90. The zero vector gives 0.
 */
export function orientationOf(x: number, y: number): number {
  checkNumber('x', x);
  checkNumber('y', y);
  if (x === 0 && y === 0) return 0;
  return radiansToDegrees(dAtan2(x, -y)) + 0; // + 0 turns -0 into 0
}

function checkAngleAndPoint(orientation: number, x: number, y: number): void {
  checkNumber('orientation', orientation);
  checkNumber('x', x);
  checkNumber('y', y);
}

/**
 * Global to local coordinates (the chapter "Chasing, Evading, Intercepting, and Patterned Movement", "Conversion from Global Coordinates to Local Coordinates"): the
 * vector (x, y) in world coordinates, seen by a mover whose orientation is `orientation` degrees. Returns
 * `{ x: to the mover's right, y: ahead of the mover }`. Pass a relative position (target minus mover) to
 * get where the target lies from the mover's seat.
 */
export function globalToLocal(orientation: number, x: number, y: number): SteerPoint {
  checkAngleAndPoint(orientation, x, y);
  const r = orientation * DEG;
  const c = dCos(r);
  const s = dSin(r);
  // forward = (sin, -cos), right = (cos, sin)
  return { x: x * c + y * s, y: x * s - y * c };
}

/** Local to global coordinates: the inverse of {@link globalToLocal}. */
export function localToGlobal(orientation: number, x: number, y: number): SteerPoint {
  checkAngleAndPoint(orientation, x, y);
  const r = orientation * DEG;
  const c = dCos(r);
  const s = dSin(r);
  return { x: x * c + y * s, y: x * s - y * c };
}

/** Left, none or right, as the chapter's `TurnType`. Negative is left (counter-clockwise on screen). */
export const TURN_LEFT = -1;
/** No turn needed: the target is straight ahead (or exactly behind). */
export const TURN_NONE = 0;
/** Turn right (clockwise on screen). */
export const TURN_RIGHT = 1;
/** A turn decision: {@link TURN_LEFT}, {@link TURN_NONE} or {@link TURN_RIGHT}. */
export type TurnDirection = -1 | 0 | 1;

/** Tolerance of {@link lineOfSightTurn} on the normalised local x (the chapter's EPS, scaled for doubles). */
export const TURN_EPSILON = 1e-12;

/**
 * The chapter's `LineOfSightChase` decision: which way a mover at (x, y) facing `orientation` degrees must turn
 * to face the point (targetX, targetY). The relative position is converted to local coordinates and
 * normalised; its x decides: right when > TURN_EPSILON, left when < -TURN_EPSILON, otherwise none. (The chapter's
 * listing compares `local.x < EPS` for left, which also turns left when the target is dead ahead; this
 * version does not.) A target exactly behind gives TURN_NONE as well: check local y for that case. Pass
 * `evade` true to get the opposite turn (the chapter: "go left when closing suggests going right").
 */
export function lineOfSightTurn(
  x: number,
  y: number,
  orientation: number,
  targetX: number,
  targetY: number,
  evade = false,
): TurnDirection {
  checkNumber('x', x);
  checkNumber('y', y);
  checkNumber('targetX', targetX);
  checkNumber('targetY', targetY);
  if (typeof evade !== 'boolean') throw new InvalidOptionError('evade', evade, 'a boolean');
  const local = globalToLocal(orientation, targetX - x, targetY - y);
  const len = dHypot(local.x, local.y);
  if (!(len > 0)) return TURN_NONE;
  const nx = local.x / len;
  const turn: TurnDirection = nx > TURN_EPSILON ? TURN_RIGHT : nx < -TURN_EPSILON ? TURN_LEFT : TURN_NONE;
  return evade && turn !== TURN_NONE ? (-turn as TurnDirection) : turn;
}
