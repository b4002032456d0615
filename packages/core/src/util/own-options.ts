import { InvalidOptionError } from '../errors.js';

/**
 * Options are read from their own properties only: a value inherited from a prototype (for example a property
 * someone added to `Object.prototype`) is never taken for an option. These helpers are the one place that rule
 * lives.
 */

/** `object[key]` when it is an own property of `object`, else undefined (inherited values are ignored). */
export function ownOption<T extends object, K extends keyof T>(object: T, key: K): T[K] | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/**
 * A copy of an options object's own enumerable properties whose values are not undefined, in an object without a
 * prototype, so that reading an option that was not given yields undefined even when `Object.prototype` has a
 * property of that name. Every getter of `options` runs once, here. `undefined` (and `null` when `allowNull`)
 * gives an empty copy.
 * @param name the option's name for the error, for example `options` or `goals[2]`.
 * @throws InvalidOptionError naming `name` when `options` is not an object (arrays and functions included).
 */
export function ownOptions<T extends object>(
  options: T | null | undefined,
  name: string,
  expected = 'an options object',
  allowNull = false,
): Partial<T> {
  const copy = Object.create(null) as Partial<T>;
  if (options === undefined || (options === null && allowNull)) return copy;
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new InvalidOptionError(name, options, expected);
  for (const key of Object.keys(options) as (keyof T)[]) {
    const value = options[key];
    if (value !== undefined) copy[key] = value;
  }
  return copy;
}

/**
 * Reads a required record (a point, a source, a goal) for validation: throws InvalidOptionError naming `name` unless
 * `value` is a non-null object. Returns it typed.
 */
export function recordOf<T extends object>(value: unknown, name: string, expected: string): T {
  if (value === null || typeof value !== 'object') throw new InvalidOptionError(name, value, expected);
  return value as T;
}

/**
 * `fields` in an object without a prototype: options handed on to another module's function, so that it cannot
 * read an option inherited from `Object.prototype` either.
 */
export function bare<T extends object>(fields: T): T {
  return Object.assign(Object.create(null) as T, fields);
}

/**
 * The length of an array-like argument: an array, a typed array or an object with a safe integer `length`.
 * @throws InvalidOptionError naming `name` otherwise, also for a Proxy over a typed array (whose `length` getter
 *   refuses the Proxy).
 */
export function arrayLength(value: unknown, name: string, expected: string): number {
  if (value === null || typeof value !== 'object') throw new InvalidOptionError(name, value, expected);
  let length: unknown;
  try {
    length = (value as ArrayLike<unknown>).length;
  } catch (error) {
    if (error instanceof TypeError) throw new InvalidOptionError(name, value, expected);
    throw error;
  }
  if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0)
    throw new InvalidOptionError(name, value, expected);
  return length;
}
