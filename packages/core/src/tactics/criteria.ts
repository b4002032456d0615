import { OutOfRangeError } from '../errors.js';

/**
 * Sizes of the shapes in cost space (seed 000, figs 9-18), as multipliers of the average cost `c`:
 * `average = floor((cost(me, targetSet) + cost(target, mySet)) / 2)` and each constant is `floor(factor * c)`.
 */
export interface TacticShapeOptions {
  /** Hyperbola half-width `|m - t|` as a multiple of the average cost. Default 0.5 (the seed's `average / 2`). */
  hyperbolaFactor?: number;
  /** Inner ellipse `m + t` removed when flanking, multiple of the average cost. Default 2. */
  smallEllipseFactor?: number;
  /** Outer ellipse `m + t` limiting how far a flank may go, multiple of the average cost. Default 8. */
  largeEllipseFactor?: number;
  /** Diameter of both retreat circles, multiple of the average cost. Default 2. */
  circleFactor?: number;
}

/** Default {@link TacticShapeOptions.hyperbolaFactor}. */
export const DEFAULT_HYPERBOLA_FACTOR = 0.5;
/** Default {@link TacticShapeOptions.smallEllipseFactor}. */
export const DEFAULT_SMALL_ELLIPSE_FACTOR = 2;
/** Default {@link TacticShapeOptions.largeEllipseFactor}. */
export const DEFAULT_LARGE_ELLIPSE_FACTOR = 8;
/** Default {@link TacticShapeOptions.circleFactor}. */
export const DEFAULT_CIRCLE_FACTOR = 2;

/** The integer constants of one flank/retreat decision (all in moves). */
export interface TacticConstants {
  /** `cost(me, targetSet)`: moves from the player's tile into the target's set. */
  myCost: number;
  /** `cost(target, mySet)`: moves from the target's tile into the player's set. */
  targetCost: number;
  /** `floor((myCost + targetCost) / 2)`, the seed's `c`. */
  average: number;
  hyperbola: number;
  smallEllipse: number;
  largeEllipse: number;
  circle: number;
}

function factor(options: TacticShapeOptions, key: keyof TacticShapeOptions, fallback: number): number {
  const value = options[key] ?? fallback;
  if (!(value >= 0 && value < Number.POSITIVE_INFINITY)) throw new OutOfRangeError(key, value, 'a finite number >= 0');
  return value;
}

/**
 * The seed's constants with integer arithmetic: `average = floor((myCost + targetCost) / 2)`,
 * `hyperbola = floor(hyperbolaFactor * average)` (the seed's `average / 2`), `smallEllipse`, `largeEllipse`
 * and `circle` likewise (2, 8 and 2 times the average by default).
 * @throws OutOfRangeError when a cost is not a non-negative integer or a factor is negative or not finite.
 */
export function tacticConstants(myCost: number, targetCost: number, options: TacticShapeOptions = {}): TacticConstants {
  if (!(Number.isInteger(myCost) && myCost >= 0)) throw new OutOfRangeError('myCost', myCost, 'an integer >= 0');
  if (!(Number.isInteger(targetCost) && targetCost >= 0))
    throw new OutOfRangeError('targetCost', targetCost, 'an integer >= 0');
  const average = Math.floor((myCost + targetCost) / 2);
  return {
    myCost,
    targetCost,
    average,
    hyperbola: Math.floor(factor(options, 'hyperbolaFactor', DEFAULT_HYPERBOLA_FACTOR) * average),
    smallEllipse: Math.floor(factor(options, 'smallEllipseFactor', DEFAULT_SMALL_ELLIPSE_FACTOR) * average),
    largeEllipse: Math.floor(factor(options, 'largeEllipseFactor', DEFAULT_LARGE_ELLIPSE_FACTOR) * average),
    circle: Math.floor(factor(options, 'circleFactor', DEFAULT_CIRCLE_FACTOR) * average),
  };
}

/**
 * Flank test for one set with `m = cost(me, set)`, `t = cost(target, set)` (moves; negative = unreachable):
 * kept when `|m - t| <= hyperbola`, `m + t >= smallEllipse` and `m + t <= largeEllipse`.
 */
export function flankKeeps(m: number, t: number, c: TacticConstants): boolean {
  if (m < 0 || t < 0) return false;
  const sum = m + t;
  return Math.abs(m - t) <= c.hyperbola && sum >= c.smallEllipse && sum <= c.largeEllipse;
}

/**
 * Retreat test for one set (same `m`, `t`): kept when `m <= t`, `t - m >= hyperbola`, `t >= circle` and
 * `m <= circle`.
 */
export function retreatKeeps(m: number, t: number, c: TacticConstants): boolean {
  if (m < 0 || t < 0) return false;
  return m <= t && t - m >= c.hyperbola && t >= c.circle && m <= c.circle;
}
