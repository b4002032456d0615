import { AbortError, InvalidOptionError } from '../errors.js';
import { CONTROL_LENGTH, ControlSlot, type KernelControl } from '../fields/types.js';
import { typedArrayName } from './describe-value.js';

/**
 * Checks a kernel's cancellation and progress argument and returns a plain copy of it (own properties only), or
 * undefined when none was given. `control` must be an Int32Array of at least {@link CONTROL_LENGTH} slots (a
 * typed array made by the engine: a Proxy is refused, since Atomics cannot work on it), `signal` an object whose
 * `aborted` is read as the abort flag (an AbortSignal).
 * @throws InvalidOptionError naming `name` (or `name.control`, `name.signal`) otherwise.
 */
export function readKernelControl(control: unknown, name = 'control'): KernelControl | undefined {
  if (control === undefined) return undefined;
  if (control === null || typeof control !== 'object')
    throw new InvalidOptionError(name, control, '{ control?: Int32Array, signal?: AbortSignal }');
  const slots = Object.hasOwn(control, 'control') ? (control as KernelControl).control : undefined;
  const signal = Object.hasOwn(control, 'signal') ? (control as KernelControl).signal : undefined;
  const tick = Object.hasOwn(control, 'tick') ? (control as KernelControl).tick : undefined;
  // No prototype: a kernel reading `control` or `signal` of a copy without one gets undefined, never a value
  // inherited from Object.prototype.
  const out = Object.create(null) as KernelControl;
  if (slots !== undefined) {
    if (typedArrayName(slots) !== 'Int32Array' || slots.length < CONTROL_LENGTH)
      throw new InvalidOptionError(`${name}.control`, slots, `an Int32Array of at least ${CONTROL_LENGTH} slots`);
    out.control = slots;
  }
  if (signal !== undefined) {
    if (signal === null || typeof signal !== 'object')
      throw new InvalidOptionError(`${name}.signal`, signal, 'an AbortSignal');
    out.signal = signal;
  }
  if (tick !== undefined) {
    if (typeof tick !== 'function') throw new InvalidOptionError(`${name}.tick`, tick, 'a function');
    out.tick = tick;
  }
  return out;
}

/**
 * The one rule every kernel follows at each look at its control: store the progress (`done`, and `total` when
 * given), let the host forward it (`tick`), and throw AbortError (saying `what` was aborted) when the abort slot
 * is set or the signal aborted. No-op without a control.
 */
export function pollKernel(control: KernelControl | undefined, done: number, what: string, total?: number): void {
  if (control === undefined) return;
  const c = control.control;
  if (c !== undefined) {
    if (total !== undefined) Atomics.store(c, ControlSlot.total, total);
    Atomics.store(c, ControlSlot.done, done);
  }
  control.tick?.();
  checkKernelAbort(control, what);
}

/** Throws AbortError (saying `what` was aborted) when the caller asked to stop; stores no progress. */
export function checkKernelAbort(control: KernelControl | undefined, what: string): void {
  if (control === undefined) return;
  const c = control.control;
  if ((c !== undefined && Atomics.load(c, ControlSlot.abort) !== 0) || control.signal?.aborted)
    throw new AbortError(`${what} aborted`);
}

/** Stores a kernel's final count once it has finished (and lets the host forward it). */
export function finishKernel(control: KernelControl | undefined, done: number): void {
  if (control === undefined) return;
  const c = control.control;
  if (c !== undefined) Atomics.store(c, ControlSlot.done, done);
  control.tick?.();
}
