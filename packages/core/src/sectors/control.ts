/**
 * Progress and cancellation of the sector kernels through a field-style {@link KernelControl}: `total` and `done`
 * in the kernel's own units (sectors for builds, tiles for corridor fields), abort checked at each report.
 */
import { AbortError } from '../errors.js';
import { ControlSlot, type KernelControl } from '../fields/types.js';

/** Throws AbortError when the caller asked to stop. */
export function checkAbort(control: KernelControl | undefined): void {
  if (control === undefined) return;
  const c = control.control;
  if (c !== undefined && Atomics.load(c, ControlSlot.abort) !== 0) throw new AbortError('sector graph work aborted');
  if (control.signal?.aborted) throw new AbortError('sector graph work aborted');
}

/** Publishes the expected total before a kernel starts (and checks for an abort). */
export function startWork(control: KernelControl | undefined, total: number): void {
  const c = control?.control;
  if (c !== undefined) {
    Atomics.store(c, ControlSlot.total, total);
    Atomics.store(c, ControlSlot.done, 0);
  }
  checkAbort(control);
}

/** Stores the progress and throws AbortError when the caller asked to stop. */
export function pollWork(control: KernelControl | undefined, done: number): void {
  const c = control?.control;
  if (c !== undefined) Atomics.store(c, ControlSlot.done, done);
  checkAbort(control);
}
