/**
 * Allocations the library makes on a caller's behalf, checked and typed: a request is checked against
 * {@link MAX_BUFFER_BYTES} before anything is allocated, and an engine that refuses a smaller one (out of memory,
 * or a lower limit of its own: "Array buffer allocation failed", "Invalid array buffer length", "Invalid typed
 * array length") is reported the same way, as OutOfRangeError naming the request and its bytes, instead of a
 * bare RangeError.
 */
import { OutOfRangeError } from '../errors.js';

/**
 * Largest buffer the library allocates for one request, in bytes: 4 GiB (2^32), what every engine we target can
 * address in one ArrayBuffer (some cannot make larger ones, and none can fill one quickly). Larger requests are
 * refused with OutOfRangeError before anything is allocated.
 */
export const MAX_BUFFER_BYTES = 0x1_0000_0000;

const ENGINE_REFUSALS = /allocation failed|invalid (typed )?array( buffer)? length|array buffer length|out of memory/i;

/** True when `error` is an engine's refusal to allocate (a plain RangeError, not one of ours). */
export function isAllocationFailure(error: unknown): error is RangeError {
  return (
    error instanceof RangeError &&
    Object.getPrototypeOf(error) === RangeError.prototype &&
    ENGINE_REFUSALS.test(error.message)
  );
}

/** The typed error of a request of `bytes` for `what` that cannot be allocated (`reason`: why). */
function refused(what: string, bytes: number, reason: string): OutOfRangeError {
  return new OutOfRangeError(what, `${bytes} bytes`, reason);
}

/** Throws OutOfRangeError naming `what` unless `bytes` is a whole number of bytes within MAX_BUFFER_BYTES. */
export function checkAllocation(what: string, bytes: number): void {
  if (!(Number.isSafeInteger(bytes) && bytes >= 0 && bytes <= MAX_BUFFER_BYTES))
    throw refused(what, bytes, `at most ${MAX_BUFFER_BYTES} bytes (4 GiB) in one buffer`);
}

/**
 * Runs `make`, which allocates about `bytes` for `what` (checked first with {@link checkAllocation}); an engine
 * refusal inside it becomes OutOfRangeError naming `what`. Other errors pass through unchanged.
 */
export function allocating<T>(what: string, bytes: number, make: () => T): T {
  checkAllocation(what, bytes);
  try {
    return make();
  } catch (error) {
    if (isAllocationFailure(error))
      throw refused(what, bytes, `an allocation this engine can make (it refused: ${error.message})`);
    throw error;
  }
}

/** A new SharedArrayBuffer (when `shared`) or ArrayBuffer of `bytes` for `what`, checked as {@link allocating}. */
export function newBuffer(what: string, bytes: number, shared: boolean): ArrayBuffer | SharedArrayBuffer {
  return allocating(what, bytes, () => (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes)));
}
