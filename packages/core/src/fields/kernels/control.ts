import { AbortError } from '../../errors.js';
import { ControlSlot, type KernelControl } from '../types.js';

/** Settled tiles between two looks at the control array / abort signal. PERF: keeps the check off the hot path. */
export const CONTROL_INTERVAL = 4096;

/** Publishes the expected total (an upper bound on settled tiles) before a kernel starts. */
export function startControl(control: KernelControl | undefined, total: number): void {
  if (control === undefined) return;
  const c = control.control;
  if (c !== undefined) {
    Atomics.store(c, ControlSlot.total, total);
    Atomics.store(c, ControlSlot.done, 0);
  }
  pollControl(control, 0);
}

/** Stores the progress and throws AbortError when the caller asked to stop. */
export function pollControl(control: KernelControl | undefined, done: number): void {
  if (control === undefined) return;
  const c = control.control;
  if (c !== undefined) {
    Atomics.store(c, ControlSlot.done, done);
    if (Atomics.load(c, ControlSlot.abort) !== 0) throw new AbortError('field computation aborted');
  }
  if (control.signal?.aborted) throw new AbortError('field computation aborted');
}

/** Stores the final count once a kernel has finished. */
export function finishControl(control: KernelControl | undefined, done: number): void {
  const c = control?.control;
  if (c !== undefined) Atomics.store(c, ControlSlot.done, done);
}
