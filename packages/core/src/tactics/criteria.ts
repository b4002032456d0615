import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { checkNumber } from '../util/check-number.js';
import { ownOptions } from '../util/own-options.js';
import { flankTest, retreatTest } from './keep-tests.js';

/**
 * Sizes of the shapes in cost space (the "Flanking / Retreating" tutorial, figs 9-18), as multipliers of the average cost `c`:
 * `average = floor((cost(me, targetSet) + cost(target, mySet)) / 2)` and each constant is `floor(factor * c)`.
 */
export interface TacticShapeOptions {
  /**
   * Hyperbola half-width `|m - t|` as a multiple of the average cost (a finite number >= 0, no unit).
   * @defaultValue {@link DEFAULT_HYPERBOLA_FACTOR} (0.5, the flanking tutorial's `average / 2`)
   */
  hyperbolaFactor?: number;
  /**
   * Inner ellipse `m + t` removed when flanking, multiple of the average cost (a finite number >= 0).
   * @defaultValue {@link DEFAULT_SMALL_ELLIPSE_FACTOR} (2)
   */
  smallEllipseFactor?: number;
  /**
   * Outer ellipse `m + t` limiting how far a flank may go, multiple of the average cost (a finite number >= 0).
   * @defaultValue {@link DEFAULT_LARGE_ELLIPSE_FACTOR} (8)
   */
  largeEllipseFactor?: number;
  /**
   * Diameter of both retreat circles, multiple of the average cost (a finite number >= 0).
   * @defaultValue {@link DEFAULT_CIRCLE_FACTOR} (2)
   */
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
  /** `floor((myCost + targetCost) / 2)`, the flanking tutorial's `c`. */
  average: number;
  /** Hyperbola half-width in moves: `floor(hyperbolaFactor * average)`. */
  hyperbola: number;
  /** Inner ellipse `m + t` in moves: `floor(smallEllipseFactor * average)`. */
  smallEllipse: number;
  /** Outer ellipse `m + t` in moves: `floor(largeEllipseFactor * average)`. */
  largeEllipse: number;
  /** Diameter of the retreat circles in moves: `floor(circleFactor * average)`. */
  circle: number;
}

function factor(options: Partial<TacticShapeOptions>, key: keyof TacticShapeOptions, fallback: number): number {
  const value = options[key] ?? fallback;
  if (typeof value !== 'number' || !(value >= 0 && value < Number.POSITIVE_INFINITY))
    throw new OutOfRangeError(key, value, 'a finite number >= 0');
  return value;
}

/**
 * The flanking tutorial's constants with integer arithmetic: `average = floor((myCost + targetCost) / 2)`,
 * `hyperbola = floor(hyperbolaFactor * average)` (the flanking tutorial's `average / 2`), `smallEllipse`, `largeEllipse`
 * and `circle` likewise (2, 8 and 2 times the average by default).
 * Options are read from own properties.
 * @throws OutOfRangeError when a cost is not a safe integer >= 0 or a factor is negative or not finite.
 */
export function tacticConstants(myCost: number, targetCost: number, options: TacticShapeOptions = {}): TacticConstants {
  if (!(Number.isSafeInteger(myCost) && myCost >= 0))
    throw new OutOfRangeError('myCost', myCost, 'a safe integer >= 0');
  if (!(Number.isSafeInteger(targetCost) && targetCost >= 0))
    throw new OutOfRangeError('targetCost', targetCost, 'a safe integer >= 0');
  options = ownOptions(options, 'options');
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

/** Throws unless `m`, `t` are numbers and `c` has the numeric constants the tests read. */
function checkTest(m: number, t: number, c: TacticConstants): void {
  checkNumber('m', m);
  checkNumber('t', t);
  if (c === null || typeof c !== 'object') throw new InvalidOptionError('c', c, 'TacticConstants (tacticConstants)');
  checkNumber('c.hyperbola', c.hyperbola);
  checkNumber('c.smallEllipse', c.smallEllipse);
  checkNumber('c.largeEllipse', c.largeEllipse);
  checkNumber('c.circle', c.circle);
}

/**
 * Flank test for one set with `m = cost(me, set)`, `t = cost(target, set)` (moves; negative = unreachable):
 * kept when `|m - t| <= hyperbola`, `m + t >= smallEllipse` and `m + t <= largeEllipse`.
 * @throws OutOfRangeError or InvalidOptionError when an argument is not a number or `c` not constants.
 */
export function flankKeeps(m: number, t: number, c: TacticConstants): boolean {
  checkTest(m, t, c);
  return flankTest(m, t, c);
}

/**
 * Retreat test for one set (same `m`, `t`): kept when `m <= t`, `t - m >= hyperbola`, `t >= circle` and
 * `m <= circle`.
 * @throws as {@link flankKeeps}.
 */
export function retreatKeeps(m: number, t: number, c: TacticConstants): boolean {
  checkTest(m, t, c);
  return retreatTest(m, t, c);
}
