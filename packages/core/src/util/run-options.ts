import { AbortError, InvalidOptionError } from '../errors.js';
import { CONTROL_LENGTH, ControlSlot, type KernelControl, type ProgressCallback } from '../fields/types.js';
import { readKernelControl } from './kernel-control.js';

export type { KernelRunOptions } from '../fields/types.js';

function ownValue(options: object, key: string): unknown {
  return Object.hasOwn(options, key) ? (options as Record<string, unknown>)[key] : undefined;
}

/**
 * Reads `signal`, `onProgress` and `control` from the own properties of `options` into one KernelControl (or
 * undefined when none is given). Throws AbortError (saying `what` was aborted) when the signal is already
 * aborted, before any work.
 * @throws InvalidOptionError naming `signal`, `onProgress` or `control` when one is of the wrong type.
 */
export function readRunOptions(options: object | undefined, what: string): KernelControl | undefined {
  if (options === undefined || options === null || typeof options !== 'object') return undefined;
  const control = readKernelControl(ownValue(options, 'control'), 'control');
  const signal = ownValue(options, 'signal');
  const onProgress = ownValue(options, 'onProgress');
  if (signal === undefined && onProgress === undefined) {
    if (control?.signal?.aborted) throw new AbortError(`${what} aborted`);
    return control;
  }
  // A copy: the caller's `control` object is never written (a second call would chain its ticks).
  const merged = Object.assign(Object.create(null) as KernelControl, control);
  if (signal !== undefined) {
    if (signal === null || typeof signal !== 'object' || typeof (signal as AbortSignal).aborted !== 'boolean')
      throw new InvalidOptionError('signal', signal, 'an AbortSignal');
    if (merged.signal !== undefined && merged.signal !== signal)
      throw new InvalidOptionError('signal', signal, 'one signal: `signal` or `control.signal`, not both');
    merged.signal = signal as AbortSignal;
  }
  if (merged.signal?.aborted) throw new AbortError(`${what} aborted`);
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
