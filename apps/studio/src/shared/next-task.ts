/**
 * Resolves in a later task of the event loop (a zero-delay timeout): long work done in slices awaits it between
 * slices, so the page (or a worker's messages) gets a turn.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
