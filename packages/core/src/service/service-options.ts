import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { AnyJobSpec } from '../jobs/job-spec.js';
import {
  DEFAULT_ABORT_GRACE_MS,
  DEFAULT_MAX_FIELD_BYTES,
  DEFAULT_MAX_POOLED_BYTES,
  DEFAULT_START_TIMEOUT_MS,
  type FieldServiceModeOption,
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
  mode: FieldServiceModeOption;
  /** Kernels beyond the built-in ones (served by the worker module at `workerUrl`). */
  jobs: AnyJobSpec[];
  /** The clock of the main-thread slices, or undefined for `performance.now`. */
  clock: (() => number) | undefined;
}

const MODES: readonly FieldServiceModeOption[] = ['auto', 'shared', 'transfer', 'main-thread'];

/** The extra kernels: an array of job specs with distinct names. */
function readJobs(value: unknown): AnyJobSpec[] {
  if (value === undefined) return [];
  let list: unknown[];
  try {
    if (!Array.isArray(value)) throw new TypeError();
    list = [...value];
  } catch {
    throw new InvalidOptionError('jobs', value, 'an array of job specs (defineJob)');
  }
  const names = new Set<string>();
  list.forEach((spec, i) => {
    const s = spec as Partial<AnyJobSpec> | null;
    if (s === null || typeof s !== 'object' || typeof s.name !== 'string' || typeof s.run !== 'function')
      throw new InvalidOptionError(`jobs[${i}]`, spec, 'a job spec { name, run, outputs?, writes?, keep?, reads? }');
    if (names.has(s.name))
      throw new InvalidOptionError(`jobs[${i}].name`, s.name, 'a name no other job of the list has');
    names.add(s.name);
  });
  return list as AnyJobSpec[];
}

/** The `clock` option: a function, or undefined. */
function readClock(value: unknown): (() => number) | undefined {
  if (value !== undefined && typeof value !== 'function')
    throw new InvalidOptionError('clock', value, 'a function returning milliseconds');
  return value as (() => number) | undefined;
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
  const mode = own(options, 'mode') ?? 'auto';
  if (!MODES.includes(mode as FieldServiceModeOption)) {
    throw new InvalidOptionError('mode', mode, MODES.map((m) => `'${m}'`).join(', '));
  }
  return {
    workers: workers as number | undefined,
    workerUrl: workerUrl as URL | string | undefined,
    maxPooledBytes: amount(options, 'maxPooledBytes', DEFAULT_MAX_POOLED_BYTES, 'bytes'),
    maxFieldBytes: amount(options, 'maxFieldBytes', DEFAULT_MAX_FIELD_BYTES, 'bytes'),
    abortGraceMs: amount(options, 'abortGraceMs', DEFAULT_ABORT_GRACE_MS, 'milliseconds'),
    startTimeoutMs: amount(options, 'startTimeoutMs', DEFAULT_START_TIMEOUT_MS, 'milliseconds'),
    mode: mode as FieldServiceModeOption,
    jobs: readJobs(own(options, 'jobs')),
    clock: readClock(own(options, 'clock')),
  };
}
