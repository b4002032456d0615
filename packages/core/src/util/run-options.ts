import { AbortError, InvalidOptionError } from '../errors.js';
import { CONTROL_LENGTH, ControlSlot, type KernelControl } from '../fields/types.js';
import type { ProgressCallback } from '../service/progress.js';
import { readKernelControl } from './kernel-control.js';

/**
 * The run options every main-thread kernel of API 1.0 takes beside its own options (issue 31 item 4): the same
 * names as on the service.
 */
export interface RunOptions {
  /**
   * Cancels the run: an already-aborted signal throws AbortError before any work, a signal aborted during the
   * work throws AbortError at the kernel's next look (every few thousand tiles).
   * @defaultValue undefined (meaning the run cannot be cancelled)
   */
  signal?: AbortSignal;
  /**
   * Called with the tiles done so far and the expected total at each look of the kernel (every few thousand
   * tiles, on the calling thread).
   * @defaultValue undefined (meaning no progress reports)
   */
  onProgress?: ProgressCallback;
  /**
   * The worker hook (used by the service's jobs): shared control slots, a signal and a tick.
   * @defaultValue undefined (meaning no worker control)
   */
  control?: KernelControl;
}

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
  const merged = control ?? (Object.create(null) as KernelControl);
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
