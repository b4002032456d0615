import { OutOfRangeError } from '../errors.js';

/**
 * Checks for numeric arguments. A value that is not of type number (a numeric string, a BigInt, an object with
 * `valueOf`) is refused like an out-of-range number, with {@link OutOfRangeError} naming the argument: nothing is
 * converted implicitly, so no string is ever stored where a number belongs.
 */

/** Throws OutOfRangeError naming `name` unless `value` is a number (NaN and infinities allowed). */
export function checkNumber(name: string, value: unknown): number {
  if (typeof value !== 'number') throw new OutOfRangeError(name, value, 'a number');
  return value;
}

/** Throws OutOfRangeError naming `name` unless `value` is a finite number. */
export function checkFinite(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new OutOfRangeError(name, value, 'a finite number');
  return value;
}

/** Throws OutOfRangeError naming `name` unless `value` is a finite number >= 0. */
export function checkNonNegative(name: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0 && value < Number.POSITIVE_INFINITY))
    throw new OutOfRangeError(name, value, 'a finite number >= 0');
  return value;
}

/** Throws OutOfRangeError naming `name` unless `value` is an integer from `min` to `max` (both included). */
export function checkInteger(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new OutOfRangeError(name, value, `an integer from ${min} to ${max}`);
  return value;
}

/** Largest absolute tile coordinate accepted where results are stored as 32-bit integers (2^31 - 1). */
export const MAX_INT32 = 0x7fffffff;
