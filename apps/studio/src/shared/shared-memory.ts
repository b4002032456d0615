/**
 * True when `a` (a typed array, or a buffer) lives in shared memory, so a worker can read it where it is. False
 * for anything else, and on a page where SharedArrayBuffer does not exist (no cross-origin isolation).
 */
export function inSharedMemory(a: unknown): boolean {
  if (typeof SharedArrayBuffer !== 'function') return false;
  const buffer = ArrayBuffer.isView(a) ? a.buffer : a;
  return buffer instanceof SharedArrayBuffer;
}
