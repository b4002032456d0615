/**
 * Errors raised by the worker service itself (the kernels' own errors, such as CoordinateError, come from
 * ../errors.ts and are re-created with their class on the main thread).
 */

/**
 * A worker died while it ran a job (it exited, was terminated, ran out of memory, closed itself or threw
 * outside a job). The job is named so the caller can retry or report it; the pool has already replaced the
 * worker when this error is seen.
 */
export class WorkerCrashedError extends Error {
  override readonly name = 'WorkerCrashedError';
  constructor(
    /** Name of the kernel the job ran, for example `computeField`. */
    readonly job: string,
    /** Id of the job (unique per service, counting from 1). */
    readonly jobId: number,
    /** Index of the worker slot in the pool (0-based), or -1 when no worker was left to run the job. */
    readonly worker: number,
    /** What was seen: an exit code, an uncaught error message, `terminated`... */
    readonly reason: string,
  ) {
    super(`job ${job}#${jobId} failed: ${worker >= 0 ? `worker ${worker} died (${reason})` : reason}`);
  }
}

/** The service was closed (or is closing) while a job was queued or running, or a job was submitted after. */
export class ServiceClosedError extends Error {
  override readonly name = 'ServiceClosedError';
  constructor(
    /** Name of the kernel of the rejected job. */
    readonly job: string,
    /** Id of the job, or 0 when it was never queued. */
    readonly jobId: number,
  ) {
    super(`job ${job}${jobId ? `#${jobId}` : ''} rejected: the field service is closed`);
  }
}

/**
 * SharedArrayBuffer is not available: the page is not cross-origin isolated. The service shares grids and
 * fields between threads and has no copying fallback; serve the page with
 * `Cross-Origin-Opener-Policy: same-origin` and `Cross-Origin-Embedder-Policy: require-corp`.
 */
export class SharedMemoryUnavailableError extends Error {
  override readonly name = 'SharedMemoryUnavailableError';
  constructor(detail: string) {
    super(
      `${detail}: SharedArrayBuffer is not available. Serve the page cross-origin isolated ` +
        '(Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Embedder-Policy: require-corp) ' +
        'and create grids with shared memory (the default when it is available).',
    );
  }
}
