import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import {
  DEFAULT_ABORT_GRACE_MS,
  DEFAULT_MAX_FIELD_BYTES,
  DEFAULT_MAX_POOLED_BYTES,
  DEFAULT_START_TIMEOUT_MS,
  type FieldServiceFallback,
  MAX_WORKERS,
} from './field-service-types.js';
import { own } from './job-options.js';

/** createFieldService's options, checked (`workers` undefined: the platform default). */
export interface ServiceSettings {
  workers: number | undefined;
  workerUrl: URL | string | undefined;
  maxPooledBytes: number;
  maxFieldBytes: number;
  abortGraceMs: number;
  startTimeoutMs: number;
  testKernels: boolean;
  fallback: FieldServiceFallback;
}

/** A number of bytes or milliseconds >= 0 (`Infinity` allowed), or the default when absent. */
function amount(options: object, key: string, fallback: number, unit: string): number {
  const value = own(options, key) ?? fallback;
  if (typeof value !== 'number' || !(value >= 0)) throw new OutOfRangeError(key, value, `a number of ${unit} >= 0`);
  return value;
}

/**
 * Checks createFieldService's options, reading own properties only, before anything starts.
 * @throws InvalidOptionError or OutOfRangeError naming the option.
 */
export function readServiceOptions(options: unknown): ServiceSettings {
  if (options === undefined) options = {};
  if (typeof options !== 'object' || options === null) {
    throw new InvalidOptionError('options', options, 'an object of FieldServiceOptions');
  }
  const workers = own(options, 'workers');
  if (
    workers !== undefined &&
    !(Number.isInteger(workers) && (workers as number) >= 1 && (workers as number) <= MAX_WORKERS)
  ) {
    throw new OutOfRangeError('workers', workers, `an integer from 1 to ${MAX_WORKERS}`);
  }
  const workerUrl = own(options, 'workerUrl');
  if (workerUrl !== undefined && typeof workerUrl !== 'string' && !(workerUrl instanceof URL)) {
    throw new InvalidOptionError('workerUrl', workerUrl, 'a URL or a string');
  }
  const testKernels = own(options, 'enableTestKernels') ?? false;
  if (typeof testKernels !== 'boolean') throw new InvalidOptionError('enableTestKernels', testKernels, 'a boolean');
  const fallback = own(options, 'fallback') ?? 'none';
  if (fallback !== 'none' && fallback !== 'main-thread') {
    throw new InvalidOptionError('fallback', fallback, "'none' or 'main-thread'");
  }
  return {
    workers: workers as number | undefined,
    workerUrl: workerUrl as URL | string | undefined,
    maxPooledBytes: amount(options, 'maxPooledBytes', DEFAULT_MAX_POOLED_BYTES, 'bytes'),
    maxFieldBytes: amount(options, 'maxFieldBytes', DEFAULT_MAX_FIELD_BYTES, 'bytes'),
    abortGraceMs: amount(options, 'abortGraceMs', DEFAULT_ABORT_GRACE_MS, 'milliseconds'),
    startTimeoutMs: amount(options, 'startTimeoutMs', DEFAULT_START_TIMEOUT_MS, 'milliseconds'),
    testKernels,
    fallback,
  };
}
