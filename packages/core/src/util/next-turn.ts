/**
 * Yielding the calling thread: a later macrotask (a MessageChannel turn where there is one, so no 4 ms timer
 * clamping), for work cut into slices that must not block the thread for long.
 */

/** Runs `task` in a later macrotask. */
export function later(task: () => void): void {
  if (typeof MessageChannel === 'function') {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      task();
    };
    port2.postMessage(null);
    port2.close();
    return;
  }
  setTimeout(task, 0);
}

/** Resolves in a later macrotask. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => later(resolve));
}

/** Milliseconds of work a slice may do on the calling thread before it yields. */
export const SLICE_MS = 2;
