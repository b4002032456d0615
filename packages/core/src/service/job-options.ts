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
    throw new InvalidOptionError('options', options, 'an object { signal?, onProgress?, out? }');
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

/** The keys of a service call's merged options that go to the job layer, not to the kernel. */
const RUN_KEYS = new Set(['signal', 'onProgress', 'into', 'control', 'out']);

/**
 * Splits a service method's merged options (API 1.0: one options object) into the kernel's options (a copy of the
 * own enumerable properties but the run options, so that a worker receives nothing it cannot clone) and the
 * per-job options `{ signal, onProgress }` (checked by {@link readJobOptions}). A value that is not a plain object
 * is passed on as the kernel's options unchanged, for the kernel's own checks to refuse; `undefined` stays
 * `undefined`. `out` and `control` belong to the service, never to the caller: they are dropped.
 */
export function splitServiceOptions<T>(options: T): { kernel: T; job: { signal?: unknown; onProgress?: unknown } } {
  if (options === null || typeof options !== 'object' || isArray(options)) return { kernel: options, job: {} };
  const kernel = {} as Record<string, unknown>;
  const job: { signal?: unknown; onProgress?: unknown } = {};
  for (const key of Object.keys(options)) {
    const value = (options as Record<string, unknown>)[key];
    if (key === 'signal') job.signal = value;
    else if (key === 'onProgress') job.onProgress = value;
    else if (!RUN_KEYS.has(key)) kernel[key] = value;
  }
  return { kernel: kernel as T, job };
}
