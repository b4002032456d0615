import { finishKernel, pollKernel } from '../../util/kernel-control.js';
import type { KernelControl } from '../types.js';

/** Settled tiles between two looks at the control array / abort signal. PERF: keeps the check off the hot path. */
export const CONTROL_INTERVAL = 4096;

/** Publishes the expected total (an upper bound on settled tiles) before a kernel starts. */
export function startControl(control: KernelControl | undefined, total: number): void {
  pollKernel(control, 0, 'field computation', total);
}

/** Stores the progress and throws AbortError when the caller asked to stop. */
export function pollControl(control: KernelControl | undefined, done: number): void {
  pollKernel(control, done, 'field computation');
}

/** Stores the final count once a kernel has finished. */
export function finishControl(control: KernelControl | undefined, done: number): void {
  finishKernel(control, done);
}
