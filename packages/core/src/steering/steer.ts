import { dHypot } from '../determinism/deterministic-math.js';
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { checkFinite } from '../util/check-number.js';
import { ownOption, ownOptions, recordOf } from '../util/own-options.js';
import { closingIntercept, exactIntercept, type InterceptSolution } from './intercept.js';
import { checkMover, type Mover, type MoverControl, moverVelocity } from './mover.js';
import { globalToLocal, orientationOf } from './orientation.js';

const DEG = Math.PI / 180;

/**
 * A point to chase, evade or intercept, with its velocity (world units per second; 0 when omitted). `x` and `y`
 * must be finite numbers; `vx` and `vy`, when given, finite numbers read from own properties.
 */
export interface SteerTarget {
  /** Position, in world units. */
  x: number;
  /** Position, in world units. */
  y: number;
  /**
   * Velocity along x, in world units per second.
   * @defaultValue 0
   */
  vx?: number;
  /**
   * Velocity along y, in world units per second.
   * @defaultValue 0
   */
  vy?: number;
}

/** Speed control of {@link chaseControl} and {@link interceptControl}. */
export interface ChaseOptions {
  /**
   * Brake near the target: the desired speed never exceeds what lets the chaser stop `stopDistance` short
   * of it at its `acceleration` (`sqrt(2 a d)`), plus the speed at which the target moves away. This is the
   * chapter's "if the distance is less than a predetermined amount, begin to slow down".
   * @defaultValue true
   */
  arrive?: boolean;
  /**
   * Distance at which the chaser may stop short of the target, in world units (>= 0).
   * @defaultValue 0
   */
  stopDistance?: number;
  /**
   * Slow down while the target lies inside the chaser's turning circle (radius `speed / turnRate`), where a
   * fast chaser would otherwise circle around it forever.
   * @defaultValue true
   */
  turnLimit?: boolean;
}

/** Defaults of {@link ChaseOptions}. */
export const DEFAULT_CHASE_OPTIONS: Readonly<Required<ChaseOptions>> = Object.freeze({
  arrive: true,
  stopDistance: 0,
  turnLimit: true,
});

/** Options of {@link interceptControl}. */
export interface InterceptOptions extends ChaseOptions {
  /**
   * Which prediction to steer at.
   * - `closing` (the default): the closing-velocity estimate of the chapter "Chasing, Evading, Intercepting, and
   *   Patterned Movement" ({@link closingIntercept}: `t = |D| / |Vt - Vc|` from the current velocities, the
   *   point `Pt + Vt t`), the book's `LineOfSightIntercept`. It is the default because the chapter defines the
   *   interception this way: a chaser at (0, 0) flying (0, -100) after a target at (112.5, -100) flying
   *   (32, -64) steers at the book's point (212.5, -300), t = 3.125 s (`exact` would aim elsewhere). Cheap and
   *   defined while the velocities differ, but an estimate that drifts as the chaser turns (it ignores the
   *   directions of the velocities).
   * - `exact`: {@link exactIntercept} at the chaser's top speed, the true earliest meeting of a chaser flying
   *   straight at full speed (the default before 0.2); choose it for missiles and fast interceptors.
   * @defaultValue `'closing'`
   */
  method?: 'exact' | 'closing';
  /**
   * What `method: 'exact'` does when there is no exact meeting (a target as fast as the chaser or faster, moving
   * away): `closing` (default) steers at the closing-velocity prediction instead, where the book's method would
   * lead it, which keeps the chaser cutting the corner towards the target's course; `chase` chases the target
   * itself. Ignored with `method: 'closing'` (the default).
   * @defaultValue `'closing'`
   */
  fallback?: 'closing' | 'chase';
  /**
   * When the target is behind the chaser (negative local y), chase it directly instead, as the chapter advises,
   * and intercept again once it is ahead.
   * @defaultValue true
   */
  chaseWhenBehind?: boolean;
}

/** Defaults of {@link InterceptOptions}. */
export const DEFAULT_INTERCEPT_OPTIONS: Readonly<Required<InterceptOptions>> = Object.freeze({
  ...DEFAULT_CHASE_OPTIONS,
  method: 'closing',
  fallback: 'closing',
  chaseWhenBehind: true,
});

/** Result of {@link interceptControl}. */
export interface InterceptPlan {
  /** What to feed stepMover. */
  control: MoverControl;
  /** `intercept` when steering at a predicted point, `chase` when it fell back to chasing the target. */
  mode: 'intercept' | 'chase';
  /** The predicted meeting (drawn by the studio), or null when none exists. */
  predicted: InterceptSolution | null;
  /** Which prediction `predicted` is: `exact`, `closing` (asked for, or the fallback), or null when none. */
  method: 'exact' | 'closing' | null;
  /** True when the target was behind the chaser. */
  behind: boolean;
}

/** Options of {@link evadeControl}. */
export interface EvadeOptions {
  /**
   * A rectangle (world units) the evader must stay inside; walls push it away within `margin`.
   * @defaultValue null (meaning no bounds)
   */
  bounds?: { minX: number; minY: number; maxX: number; maxY: number } | null;
  /**
   * Distance from a wall within which the wall starts pushing, in world units (> 0).
   * @defaultValue 60
   */
  margin?: number;
}

/** Defaults of {@link EvadeOptions}. */
export const DEFAULT_EVADE_OPTIONS: Readonly<{ bounds: null; margin: number }> = Object.freeze({
  bounds: null,
  margin: 60,
});

/** The target's position and velocity, checked: finite numbers; vx and vy from own properties, 0 when absent. */
function readTarget(target: unknown, name: string): Required<SteerTarget> {
  const t = recordOf<SteerTarget>(target, name, '{ x, y, vx?, vy? }');
  const vx = ownOption(t, 'vx') ?? 0;
  const vy = ownOption(t, 'vy') ?? 0;
  return {
    x: checkFinite(`${name}.x`, t.x),
    y: checkFinite(`${name}.y`, t.y),
    vx: checkFinite(`${name}.vx`, vx),
    vy: checkFinite(`${name}.vy`, vy),
  };
}

/** A boolean option, or its default when absent. */
function flag(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new InvalidOptionError(name, value, 'a boolean');
  return value;
}

/**
 * The desired speed for closing on the point (aimX, aimY) while really chasing `target`: top speed, capped by
 * the arrival brake (against the target) and the turning-circle limit (against the aim point).
 */
function closingSpeed(
  m: Readonly<Mover>,
  aimX: number,
  aimY: number,
  target: Required<SteerTarget>,
  options: Partial<ChaseOptions>,
): number {
  let speed = m.maxSpeed;
  const arrive = flag(options.arrive, 'arrive', DEFAULT_CHASE_OPTIONS.arrive);
  const turnLimit = flag(options.turnLimit, 'turnLimit', DEFAULT_CHASE_OPTIONS.turnLimit);
  const stop = options.stopDistance ?? DEFAULT_CHASE_OPTIONS.stopDistance;
  if (typeof stop !== 'number' || !(stop >= 0)) throw new OutOfRangeError('stopDistance', stop, 'a number >= 0');
  if (arrive && m.acceleration > 0) {
    const dx = target.x - m.x;
    const dy = target.y - m.y;
    const d = dHypot(dx, dy);
    // Speed at which the target moves away along the line of sight (0 when it comes closer).
    const away = d > 0 ? Math.max(0, (target.vx * dx + target.vy * dy) / d) : 0;
    speed = Math.min(speed, Math.sqrt(2 * m.acceleration * Math.max(0, d - stop)) + away);
  }
  if (turnLimit && m.maxTurnRate > 0) {
    const local = globalToLocal(m.heading, aimX - m.x, aimY - m.y);
    const d = dHypot(local.x, local.y);
    if (d > 0) {
      // The circle tangent to the heading through the aim point has radius d / (2 sin(theta)); a point
      // behind needs at least the tightest half turn. Radius of our own turn: speed / turnRate (radians).
      const sinTheta = local.y <= 0 ? 1 : Math.abs(local.x) / d;
      if (sinTheta > 0) speed = Math.min(speed, (m.maxTurnRate * DEG * d) / (2 * sinTheta));
    }
  }
  return Math.max(0, speed);
}

/**
 * Continuous line-of-sight chase (the chapter "Chasing, Evading, Intercepting, and Patterned Movement", `LineOfSightChase`): turn towards the target (the physics limits
 * the turn to maxTurnRate) and move at a speed chosen by {@link ChaseOptions}. Pure.
 * @throws OutOfRangeError for a field of `m` or `target` out of range (see {@link SteerTarget}) or a bad option;
 *   InvalidOptionError when an argument is not an object or a boolean option is not a boolean.
 */
export function chaseControl(
  m: Readonly<Mover>,
  target: Readonly<SteerTarget>,
  options: ChaseOptions = {},
): MoverControl {
  checkMover(m, 'm');
  return chase(m, readTarget(target, 'target'), ownOptions(options, 'options'));
}

function chase(m: Readonly<Mover>, target: Required<SteerTarget>, options: Partial<ChaseOptions>): MoverControl {
  const dx = target.x - m.x;
  const dy = target.y - m.y;
  const heading = dx === 0 && dy === 0 ? m.heading : orientationOf(dx, dy);
  return { heading, speed: closingSpeed(m, target.x, target.y, target, options) };
}

/** The evader's bounds, checked (null when absent). */
function readBounds(bounds: unknown): { minX: number; minY: number; maxX: number; maxY: number } | null {
  if (bounds === null) return null;
  const b = recordOf<{ minX: number; minY: number; maxX: number; maxY: number }>(
    bounds,
    'bounds',
    '{ minX, minY, maxX, maxY } or null',
  );
  return {
    minX: checkFinite('bounds.minX', b.minX),
    minY: checkFinite('bounds.minY', b.minY),
    maxX: checkFinite('bounds.maxX', b.maxX),
    maxY: checkFinite('bounds.maxY', b.maxY),
  };
}

/**
 * Continuous evasion: turn away from the threat (the chase turn reversed) at top speed. With `bounds`, walls
 * within `margin` push the flight direction back inside, so the evader slides along walls instead of
 * pinning itself in a corner. Pure.
 * @throws as {@link chaseControl}; OutOfRangeError for a `margin` that is not a number > 0 or `bounds` whose
 *   sides are not finite numbers.
 */
export function evadeControl(
  m: Readonly<Mover>,
  threat: Readonly<SteerTarget>,
  options: EvadeOptions = {},
): MoverControl {
  checkMover(m, 'm');
  const th = readTarget(threat, 'threat');
  const o = ownOptions(options, 'options');
  let fx = m.x - th.x;
  let fy = m.y - th.y;
  const len = dHypot(fx, fy);
  if (len > 0) {
    fx /= len;
    fy /= len;
  }
  const bounds = readBounds(o.bounds ?? DEFAULT_EVADE_OPTIONS.bounds);
  if (bounds) {
    const margin = o.margin ?? DEFAULT_EVADE_OPTIONS.margin;
    if (typeof margin !== 'number' || !(margin > 0)) throw new OutOfRangeError('margin', margin, 'a number > 0');
    const push = (gap: number) => (gap < margin ? (2 * (margin - Math.max(gap, 0))) / margin : 0);
    fx += push(m.x - bounds.minX) - push(bounds.maxX - m.x);
    fy += push(m.y - bounds.minY) - push(bounds.maxY - m.y);
  }
  const heading = fx === 0 && fy === 0 ? m.heading : orientationOf(fx, fy);
  return { heading, speed: m.maxSpeed };
}

/**
 * Interception (the chapter "Chasing, Evading, Intercepting, and Patterned
 * Movement", `LineOfSightIntercept`): steer towards where the target will be. The prediction is the chapter's
 * {@link closingIntercept} (default `method: 'closing'`), or {@link exactIntercept} at the chaser's top speed
 * (`method: 'exact'`), which falls back to the closing-velocity prediction when it has none (`fallback`,
 * default `closing`); when there is still none,
 * or the target is behind the chaser (with `chaseWhenBehind`), it chases the target itself. Call it every
 * frame: the prediction is redone from the current state. Never yields NaN for finite input.
 * @throws as {@link chaseControl}; OutOfRangeError for an unknown `method` or `fallback`.
 */
export function interceptControl(
  m: Readonly<Mover>,
  target: Readonly<SteerTarget>,
  options: InterceptOptions = {},
): InterceptPlan {
  checkMover(m, 'm');
  const t = readTarget(target, 'target');
  const o = ownOptions(options, 'options');
  const method = o.method ?? DEFAULT_INTERCEPT_OPTIONS.method;
  if (method !== 'exact' && method !== 'closing') throw new OutOfRangeError('method', method, "'exact' or 'closing'");
  const tvx = t.vx;
  const tvy = t.vy;
  const fallback = o.fallback ?? DEFAULT_INTERCEPT_OPTIONS.fallback;
  if (fallback !== 'closing' && fallback !== 'chase')
    throw new OutOfRangeError('fallback', fallback, "'closing' or 'chase'");
  let predicted: InterceptSolution | null = null;
  let used: 'exact' | 'closing' | null = null;
  if (method === 'exact') {
    predicted = exactIntercept(m, m.maxSpeed, t, { x: tvx, y: tvy });
    if (predicted !== null) used = 'exact';
  }
  if (predicted === null && (method === 'closing' || fallback === 'closing')) {
    const v = moverVelocity(m);
    predicted = closingIntercept(m, v, t, { x: tvx, y: tvy });
    if (predicted !== null) used = 'closing';
  }
  const local = globalToLocal(m.heading, t.x - m.x, t.y - m.y);
  const behind = local.y < 0;
  const chaseWhenBehind = flag(o.chaseWhenBehind, 'chaseWhenBehind', DEFAULT_INTERCEPT_OPTIONS.chaseWhenBehind);
  if (predicted === null || (behind && chaseWhenBehind)) {
    return { control: chase(m, t, o), mode: 'chase', predicted, method: used, behind };
  }
  const dx = predicted.x - m.x;
  const dy = predicted.y - m.y;
  const heading = dx === 0 && dy === 0 ? orientationOf(t.x - m.x, t.y - m.y) : orientationOf(dx, dy);
  return {
    control: { heading, speed: closingSpeed(m, predicted.x, predicted.y, t, o) },
    mode: 'intercept',
    predicted,
    method: used,
    behind,
  };
}
