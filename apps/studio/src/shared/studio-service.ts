import { createFieldService, type FieldService } from '@fieldmarshal/core';

let started: Promise<FieldService> | null = null;

/**
 * The studio's one worker service, started on first use and kept for the page's lifetime so that every page
 * shares the same pool (and each grid is handed to the workers once). Rejects (for example with
 * SharedMemoryUnavailableError when the page is not cross-origin isolated) and lets a later call try again.
 */
export function studioService(): Promise<FieldService> {
  if (!started) {
    started = createFieldService();
    started.catch(() => {
      started = null;
    });
  }
  return started;
}
