import { InvalidOptionError } from '../errors.js';
import type { ProgressCallback } from './progress.js';

/** The per-job options as the queue uses them, checked. */
export interface CheckedJobOptions {
  /** The caller's signal, checked to be an AbortSignal; undefined when none was given. */
  signal: AbortSignal | undefined;
  /** The caller's progress callback, checked to be a function; undefined when none was given. */
  onProgress: ProgressCallback | undefined;
  /** The caller's output arrays by output key, or undefined when none were given. */
  out: Record<string, unknown> | undefined;
}

/** Reads `key` only when it is the object's own property (an option set on Object.prototype is ignored). */
export function own(options: object, key: string): unknown {
  return Object.hasOwn(options, key) ? (options as Record<string, unknown>)[key] : undefined;
}

/** True for an AbortSignal (or an object that behaves like one: `aborted` and the listener methods). */
export function isSignal(value: unknown): value is AbortSignal {
  if (typeof AbortSignal === 'function' && value instanceof AbortSignal) return true;
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  return (
    typeof s.aborted === 'boolean' &&
    typeof s.addEventListener === 'function' &&
    typeof s.removeEventListener === 'function'
  );
}

function isArray(value: unknown): value is unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return false; // A revoked Proxy.
  }
}

/**
 * Checks per-job options (`signal`, `onProgress`, `out`), reading own properties only.
 * @throws InvalidOptionError naming the option that is wrong.
 */
export function readJobOptions(options: unknown): CheckedJobOptions {
  if (options === undefined) return { signal: undefined, onProgress: undefined, out: undefined };
  if (typeof options !== 'object' || options === null) {
    throw new InvalidOptionError('jobOptions', options, 'an object { signal?, onProgress?, out? }');
  }
  const signal = own(options, 'signal');
  if (signal !== undefined && !isSignal(signal)) throw new InvalidOptionError('signal', signal, 'an AbortSignal');
  const onProgress = own(options, 'onProgress');
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw new InvalidOptionError('onProgress', onProgress, 'a function (done, total) => void');
  }
  const out = own(options, 'out');
  if (out !== undefined && (typeof out !== 'object' || out === null || isArray(out))) {
    throw new InvalidOptionError('out', out, 'an object of output arrays by name');
  }
  // Own properties only, read once, into an object without a prototype.
  let outputs: Record<string, unknown> | undefined;
  try {
    outputs = out === undefined ? undefined : (Object.assign(Object.create(null), out) as Record<string, unknown>);
  } catch {
    throw new InvalidOptionError('out', out, 'an object of output arrays by name'); // A revoked Proxy, a throwing getter.
  }
  return {
    signal: signal as AbortSignal | undefined,
    onProgress: onProgress as ProgressCallback | undefined,
    out: outputs,
  };
}
