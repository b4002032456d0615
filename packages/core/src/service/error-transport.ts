import {
  AbortError,
  CoordinateError,
  FieldMarshalError,
  GridTooLargeError,
  InvalidOptionError,
  MapParseError,
  MemoryLimitError,
  NoFleeSeedError,
  OutOfRangeError,
  PatternParseError,
  ServiceClosedError,
  SharedMemoryUnavailableError,
  WorkerCrashedError,
  WorkerStartError,
} from '../errors.js';
import { describeValue as describe } from '../util/describe-value.js';

/** An error as it crosses a thread boundary: its class name, message, stack and plain own fields. */
export interface SerializedError {
  name: string;
  message: string;
  stack: string | undefined;
  /** Own enumerable fields of the error (for example `x`, `y`, `what` of a CoordinateError). */
  fields: Record<string, string | number | boolean | null | undefined>;
}

type ErrorClass = abstract new (...args: never[]) => Error;

/** True for an error of one of the library's own classes. */
export function isLibraryError(error: unknown): boolean {
  return error instanceof FieldMarshalError;
}

/** The library's own error classes, by name. */
const LIBRARY_CLASSES: Record<string, ErrorClass> = {
  AbortError,
  CoordinateError,
  FieldMarshalError,
  GridTooLargeError,
  InvalidOptionError,
  MapParseError,
  MemoryLimitError,
  NoFleeSeedError,
  OutOfRangeError,
  PatternParseError,
  ServiceClosedError,
  SharedMemoryUnavailableError,
  WorkerCrashedError,
  WorkerStartError,
};

/** True when `name` names one of the library's own error classes. */
export function isLibraryErrorName(name: string): boolean {
  return Object.hasOwn(LIBRARY_CLASSES, name);
}

/**
 * Error classes re-created by name on the receiving side, so `instanceof CoordinateError` and the error's own
 * fields (its `code` too) survive the trip through a worker (comlink alone would hand back a plain Error).
 */
const ERROR_CLASSES: Record<string, ErrorClass> = {
  ...LIBRARY_CLASSES,
  Error,
  TypeError,
  RangeError,
  SyntaxError,
  ReferenceError,
  EvalError,
  URIError,
};

/** Turns anything thrown into a structured-clone-safe record. Non-primitive fields are described, not cloned. */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) {
    return { name: 'Error', message: `non-error thrown: ${String(error)}`, stack: undefined, fields: {} };
  }
  const fields: SerializedError['fields'] = {};
  for (const key of Object.keys(error)) {
    const value = (error as unknown as Record<string, unknown>)[key];
    fields[key] =
      value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value)
        ? (value as string | number | boolean | null | undefined)
        : describe(value);
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** Re-creates a serialized error with its original class when it is one of the known classes. */
export function reviveError(serialized: SerializedError): Error {
  const known = Object.hasOwn(ERROR_CLASSES, serialized.name) ? ERROR_CLASSES[serialized.name] : undefined;
  const error = Object.create((known ?? Error).prototype) as Error;
  Object.defineProperty(error, 'message', { value: serialized.message, writable: true, configurable: true });
  if (serialized.stack !== undefined) {
    Object.defineProperty(error, 'stack', { value: serialized.stack, writable: true, configurable: true });
  }
  Object.assign(error, serialized.fields);
  if (error.name !== serialized.name) {
    Object.defineProperty(error, 'name', { value: serialized.name, writable: true, configurable: true });
  }
  return error;
}
