import { textOf as text } from '../util/describe-value.js';

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
    super(
      `job ${text(job)}#${text(jobId)} failed: ${worker >= 0 ? `worker ${text(worker)} died (${text(reason)})` : text(reason)}`,
    );
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
    super(`job ${text(job)}${jobId ? `#${text(jobId)}` : ''} rejected: the field service is closed`);
  }
}

/**
 * SharedArrayBuffer is not available (the page is not cross-origin isolated) and shared memory was asked for
 * (`mode: 'shared'`). Serve the page with `Cross-Origin-Opener-Policy: same-origin` and
 * `Cross-Origin-Embedder-Policy: require-corp`, or let the service pick its mode (the default, `'auto'`: workers fed
 * by transfer where memory cannot be shared).
 */
export class SharedMemoryUnavailableError extends Error {
  override readonly name = 'SharedMemoryUnavailableError';
  constructor(detail: string) {
    super(
      `${text(detail)}: SharedArrayBuffer is not available. Serve the page cross-origin isolated ` +
        '(Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Embedder-Policy: require-corp), ' +
        "or leave out mode: 'shared' to compute in workers by transfer (mode 'auto', the default).",
    );
  }
}

/**
 * A worker of the pool could not start: its module failed to load or run, it died, or it did not answer within
 * `startTimeoutMs` (a module that loads and stays silent). createFieldService rejects with it; the other workers
 * are ended.
 */
export class WorkerStartError extends Error {
  override readonly name = 'WorkerStartError';
  constructor(
    /** Index of the worker slot in the pool (0-based). */
    readonly worker: number,
    /** What was seen: an uncaught error message, an exit code, `it did not answer within 30000 ms`... */
    readonly reason: string,
  ) {
    super(`worker ${text(worker)} failed to start (${text(reason)})`);
  }
}

/**
 * A job would take the service past its `maxFieldBytes`: the fields and flows it handed out and that were neither
 * released nor collected, plus the outputs of running jobs, already hold too much memory. Release fields you are
 * done with (`service.release`), or raise `maxFieldBytes`.
 */
export class MemoryLimitError extends RangeError {
  override readonly name = 'MemoryLimitError';
  constructor(
    /** Name of the kernel of the refused job. */
    readonly job: string,
    /** Bytes of output buffers the job needs. */
    readonly neededBytes: number,
    /** Bytes held when it was refused (fields and flows handed out, outputs of running jobs). */
    readonly heldBytes: number,
    /** The service's `maxFieldBytes`. */
    readonly limitBytes: number,
  ) {
    super(
      `job ${text(job)} needs ${text(neededBytes)} bytes of output buffers, but fields and flows not released ` +
        `(and running jobs) hold ${text(heldBytes)} of the service's maxFieldBytes ${text(limitBytes)}: ` +
        'release fields you are done with (service.release) or raise maxFieldBytes',
    );
  }
}
