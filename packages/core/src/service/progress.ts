import { ControlSlot, type ProgressCallback } from '../fields/types.js';

export type { ProgressCallback } from '../fields/types.js';

/** Interval of the progress poll where requestAnimationFrame is unavailable (Node, workers), in ms. */
export const PROGRESS_POLL_MS = 16;

/**
 * Polls a control array (ControlSlot layout) once per animation frame (browsers) or every
 * {@link PROGRESS_POLL_MS} ms (elsewhere) and reports changes. Returns `stop`, which reports one last time.
 * Should `onProgress` throw, it is not called again and `onError` gets what it threw (nothing is rethrown: an
 * uncaught error would end a Node process).
 */
export function watchProgress(
  control: Int32Array,
  onProgress: ProgressCallback,
  onError: (error: unknown) => void,
): () => void {
  let lastDone = -1;
  let lastTotal = -1;
  let stopped = false;
  let failed = false;
  const report = () => {
    if (failed) return;
    const done = Atomics.load(control, ControlSlot.done);
    const total = Atomics.load(control, ControlSlot.total);
    if (done === lastDone && total === lastTotal) return;
    lastDone = done;
    lastTotal = total;
    try {
      onProgress(done, total);
    } catch (error) {
      failed = true;
      onError(error);
    }
  };
  const raf = (globalThis as { requestAnimationFrame?: (cb: () => void) => number }).requestAnimationFrame;
  const caf = (globalThis as { cancelAnimationFrame?: (id: number) => void }).cancelAnimationFrame;
  let handle: unknown;
  const loop = () => {
    if (stopped) return;
    report();
    schedule();
  };
  const schedule = () => {
    if (raf) handle = raf(loop);
    else {
      const timer = setTimeout(loop, PROGRESS_POLL_MS) as unknown as { unref?: () => void };
      timer.unref?.();
      handle = timer;
    }
  };
  schedule();
  return () => {
    if (stopped) return;
    stopped = true;
    if (raf && caf) caf(handle as number);
    else clearTimeout(handle as ReturnType<typeof setTimeout>);
    report();
  };
}
