/**
 * Progress and cancellation of the sector kernels through a field-style {@link KernelControl}: `total` and `done`
 * in the kernel's own units (sectors for builds, tiles for corridor fields), abort checked at each report.
 */
import type { KernelControl } from '../fields/types.js';
import { checkKernelAbort, pollKernel } from '../util/kernel-control.js';

const WHAT = 'sector graph work';

/** Throws AbortError when the caller asked to stop (between the steps of a phase that reports no progress). */
export function checkAbort(control: KernelControl | undefined): void {
  checkKernelAbort(control, WHAT);
}

/** Publishes the expected total before a kernel starts (and checks for an abort). */
export function startWork(control: KernelControl | undefined, total: number): void {
  pollKernel(control, 0, WHAT, total);
}

/** Stores the progress and throws AbortError when the caller asked to stop. */
export function pollWork(control: KernelControl | undefined, done: number): void {
  pollKernel(control, done, WHAT);
}
