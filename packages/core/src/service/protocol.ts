/**
 * What the main thread and a pool worker say to each other (over comlink). Internal to the service.
 */
import type { SerializedError } from './error-transport.js';

/** Key of the token that replaces a Grid in a job's arguments: `{ [GRID_TOKEN]: gridId }`. */
export const GRID_TOKEN = '__fieldMarshalGrid';
/** Key of the MessagePort in a Node worker's `workerData`. */
export const PORT_KEY = '__fieldMarshalPort';
/** Shape of the notice a browser worker posts right before it closes itself. */
export const CLOSING_NOTICE = '__fieldMarshalClosing';

export interface GridToken {
  [GRID_TOKEN]: number;
}

/** Settings sent once to a new worker. */
export interface WorkerConfig {
  /** Register the test-only kernels (`__crash`, `__spin`, `__handshake`). */
  testKernels: boolean;
}

/** One job for one worker. */
export interface JobRequest {
  /** Job id, for error messages. */
  id: number;
  /** Kernel name in the registry. */
  name: string;
  /** Arguments; top-level Grid values replaced by {@link GridToken}s. */
  args: Record<string, unknown>;
  /** Control slots (ControlSlot layout) on a SharedArrayBuffer. */
  control: Int32Array;
  /** Grids this worker has not seen yet: `[gridId, buffer]`; cached in the worker by id. */
  grids: [number, ArrayBufferLike][];
}

/**
 * A job's outcome. `raw` is the error object itself when it never crossed a thread (a request that could not be
 * sent, a job run on the calling thread): it is handed to the caller as is.
 */
export type JobReply = { ok: true; value: unknown } | { ok: false; error: SerializedError; raw?: unknown };

/** The API a pool worker exposes. */
export interface WorkerApi {
  /** Applies the config; returns the kernel names the worker serves. */
  init(config: WorkerConfig): Promise<string[]>;
  /** Runs one job. Never throws: kernel errors come back as `{ ok: false }`. */
  run(request: JobRequest): Promise<JobReply>;
  /** Forgets cached grids (their buffers were collected on the main thread). */
  dropGrids(ids: number[]): void;
  /** Answers immediately with the number of cached grids (a liveness and round-trip probe). */
  ping(): number;
}
