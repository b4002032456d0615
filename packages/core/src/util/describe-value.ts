/** Longest string quoted whole in a message; longer ones are cut and marked with their length. */
const MAX_QUOTED = 60;

/**
 * The name of the typed array kind of `value` (`'Int32Array'`, ...), or undefined when it is not a typed array.
 * Reads the engine's own slot through the `%TypedArray%.prototype[Symbol.toStringTag]` getter, so a Proxy over a
 * typed array, an object with a typed array prototype or a forged `Symbol.toStringTag` is not taken for one, and
 * no trap of a Proxy runs.
 */
export function typedArrayName(value: unknown): string | undefined {
  return typedArrayTag.call(value) as string | undefined;
}

const typedArrayTag = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Int8Array.prototype), Symbol.toStringTag)
  ?.get as (this: unknown) => unknown;

/**
 * A short description of a value for error messages: strings quoted (long ones cut), numbers as written, arrays
 * and typed arrays with their length, others by kind. Never throws (a Proxy whose traps throw, or a revoked one,
 * is described as `proxy`).
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    if (value.length <= MAX_QUOTED) return JSON.stringify(value);
    return `${JSON.stringify(value.slice(0, MAX_QUOTED))}... (${value.length} characters)`;
  }
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'boolean' || value == null) return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value !== 'object') return typeof value;
  const typed = typedArrayName(value);
  if (typed !== undefined) return `${typed}(${(value as ArrayLike<unknown>).length})`;
  try {
    // Array.isArray sees through a Proxy (and throws on a revoked one); length may run a throwing trap.
    if (Array.isArray(value)) return `array(${value.length})`;
  } catch {
    return 'proxy';
  }
  return 'object';
}

/**
 * `value` as text for a message, as a template literal would write it for strings and numbers, else as
 * {@link describeValue} describes it. Never throws (a template literal throws on a Symbol, and may run a Proxy's
 * traps).
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value.length <= 2000 ? value : `${value.slice(0, 2000)}...`;
  if (typeof value === 'number') return String(value);
  return describeValue(value);
}
