/** A diagnostic job of the service (no algorithm of its own). */
import { defineJob } from '../jobs/job-spec.js';

/** Arguments of the `fillShared` job. */
export interface FillSharedArgs {
  /** The buffer to write into, seen as an Int32Array over its whole length. */
  buffer: ArrayBufferLike;
  /** Int32 value stored into every slot. */
  value: number;
}

/**
 * Diagnostic: stores `value` into every Int32 slot of `buffer` and returns the number of slots written. The
 * caller then sees the values in its own view of the buffer, in every mode (on shared memory the worker writes it
 * in place; elsewhere the job layer copies the worker's writes back): proof that a worker answers and that its
 * writes reach the caller (used by the studio's end-to-end test).
 */
export const fillSharedJob = defineJob<FillSharedArgs, number>({
  name: 'fillShared',
  writes: () => [{ path: ['buffer'], fresh: true }],
  run: (args) => {
    const view = new Int32Array(args.buffer, 0, args.buffer.byteLength >> 2);
    for (let i = 0; i < view.length; i++) Atomics.store(view, i, args.value);
    return view.length;
  },
});
