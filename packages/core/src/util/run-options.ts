import { AbortError, InvalidOptionError } from '../errors.js';
import { CONTROL_LENGTH, ControlSlot, type KernelControl, type ProgressCallback } from '../fields/types.js';
import { readKernelControl } from './kernel-control.js';

export type { KernelRunOptions } from '../fields/types.js';

const hasOwn = Object.hasOwn;

/**
 * Reads `signal`, `onProgress` and `control` from the own properties of `options` into one KernelControl (or
 * undefined when none is given). Throws AbortError (saying `what` was aborted) when the signal is already
 * aborted, before any work.
 * @throws InvalidOptionError naming `signal`, `onProgress` or `control` when one is of the wrong type.
 */
export function readRunOptions(options: object | undefined, what: string): KernelControl | undefined {
  if (options === undefined || options === null || typeof options !== 'object') return undefined;
  // PERF: reads inlined (a call per option costs microseconds in code V8 has not optimized yet, as in a
  // repair called once a frame).
  const values = options as Record<string, unknown>;
  const given = hasOwn(options, 'control') ? values.control : undefined;
  const control = given === undefined ? undefined : readKernelControl(given, 'control');
  const signal = hasOwn(options, 'signal') ? values.signal : undefined;
  const onProgress = hasOwn(options, 'onProgress') ? values.onProgress : undefined;
  // A control's own signal is the worker hook's: the kernel reads it on its schedule.
  if (signal === undefined && onProgress === undefined) return control;
  // A copy: the caller's `control` object is never written (a second call would chain its ticks).
  const merged = Object.assign(Object.create(null) as KernelControl, control);
  if (signal !== undefined) {
    // `aborted` read once here: the up-front check (a signal already aborted stops the call before any work).
    const already = signal !== null && typeof signal === 'object' ? (signal as AbortSignal).aborted : undefined;
    if (typeof already !== 'boolean') throw new InvalidOptionError('signal', signal, 'an AbortSignal');
    if (already) throw new AbortError(`${what} aborted`);
    const hook = merged.signal;
    // Both a caller's signal and the worker hook's: the kernel stops when either is aborted.
    merged.signal =
      hook === undefined || hook === signal
        ? (signal as AbortSignal)
        : ({
            get aborted() {
              return (signal as AbortSignal).aborted || hook.aborted;
            },
          } as AbortSignal);
  }
  if (onProgress !== undefined) {
    if (typeof onProgress !== 'function')
      throw new InvalidOptionError('onProgress', onProgress, 'a function (done, total) => void');
    const slots = merged.control ?? new Int32Array(CONTROL_LENGTH);
    merged.control = slots;
    const tick = merged.tick;
    merged.tick = () => {
      tick?.();
      (onProgress as ProgressCallback)(Atomics.load(slots, ControlSlot.done), Atomics.load(slots, ControlSlot.total));
    };
  }
  return merged;
}
