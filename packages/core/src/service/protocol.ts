/**
 * What the main thread and a pool worker say to each other (over comlink). Internal to the service.
 *
 * A job's arguments travel as a copy in which each Grid, and each typed array that is neither small nor on
 * shared memory, is replaced by a {@link ArgToken} naming a buffer the worker holds: buffers are created and
 * filled by {@link SyncPiece}s sent before the job (in chunks, so that no message copies much on the main thread)
 * or with it.
 */

import type { GridDelta } from '../grid/grid-delta.js';
import type { ArrayKind } from '../jobs/job-spec.js';
import type { SerializedError } from './error-transport.js';

/** Key of the marker of an argument token. */
export const TOKEN = '__fieldMarshalArg';
/** Key of the MessagePort in a Node worker's `workerData`. */
export const PORT_KEY = '__fieldMarshalPort';
/** Shape of the notice a browser worker posts right before it closes itself. */
export const CLOSING_NOTICE = '__fieldMarshalClosing';
/** Key of a progress message a worker posts while a job runs (where no control array is shared). */
export const PROGRESS_KEY = '__fieldMarshalProgress';
/** Key of a one-way message to a worker carrying {@link SyncPiece}s (chunks of a job's big arguments). */
export const SYNC_KEY = '__fieldMarshalSync';
/** Key of a one-way message to a worker naming buffers to forget. */
export const DROP_KEY = '__fieldMarshalDrop';

/** An argument replaced by a reference to what the worker holds or makes. */
export type ArgToken =
  /** A Grid over worker buffer `id`. */
  | { [TOKEN]: 'grid'; id: number }
  /** A typed array over worker buffer `id` (`kind` null: the ArrayBuffer itself). */
  | { [TOKEN]: 'array'; id: number; kind: ArrayKind | null; byteOffset: number; length: number }
  /** A new zeroed array the kernel fills (`kind` null: an ArrayBuffer of `length` bytes). */
  | { [TOKEN]: 'fresh'; kind: ArrayKind | null; length: number };

/**
 * An output array in a kernel's result, as it travels back: the main thread puts its own view of output `key` in
 * its place (elements `[start, start + length)` of it), so that the caller gets the arrays the service handed out.
 */
export interface OutputToken {
  [TOKEN]: 'output';
  key: string;
  start: number;
  length: number;
}

/** Part of a worker buffer's contents, or the buffer itself. */
export interface SyncPiece {
  /** The worker buffer. */
  id: number;
  /** Make the buffer (zeroed) with this many bytes first, replacing any buffer of that id. @defaultValue 0 */
  create?: number;
  /** The buffer itself, shared memory (nothing to copy). */
  shared?: SharedArrayBuffer;
  /** Where `bytes` go in the buffer. */
  offset?: number;
  /** Bytes to write at `offset`. */
  bytes?: ArrayBuffer;
  /** Changes to apply to the grid over this buffer. */
  delta?: GridDelta;
}

/** How a write of the kernel comes back (see WriteSpec in ../jobs/job-spec.ts). */
export interface WritePlan {
  path: readonly string[];
  fresh?: boolean;
  range?: readonly [number, number];
  diff?: boolean;
  /** The array is on shared memory: written in place, nothing returns. */
  skip?: boolean;
}

/** Settings sent once to a new worker. */
export interface WorkerConfig {
  /** Posts progress messages while jobs run (no shared control arrays). */
  progress: boolean;
}

/** An output array: made by the job layer and passed (shared memory, or moved by transfer). */
export interface OutputPlan {
  kind: ArrayKind;
  length: number;
  buffer: ArrayBufferLike;
}

/** An output array as a request carries it: its buffer, or the id of a shared buffer the worker holds. */
export interface OutputWire {
  kind: ArrayKind;
  length: number;
  /** The buffer to write (moved to the worker, or shared memory), or null: the held buffer `held`. */
  buffer: ArrayBufferLike | null;
  /** Id of the shared buffer the worker holds, where `buffer` is null. */
  held?: number;
}

/** One job for one worker. */
export interface JobRequest {
  /** Job id (for error messages and progress). */
  id: number;
  /** Kernel name in the registry. */
  name: string;
  /** Arguments, with tokens (see the file comment). */
  args: Record<string, unknown>;
  /** The output arrays, by argument key. */
  outputs: Record<string, OutputWire>;
  /** The declared writes of the job. */
  writes: WritePlan[];
  /** Control slots (ControlSlot layout) on a SharedArrayBuffer, or null (abort by termination, progress by message). */
  control: Int32Array | null;
  /** Id of a held shared buffer whose first bytes are the control slots, where `control` is null. */
  controlHeld?: number;
  /** Buffer contents sent with the job. */
  pieces: SyncPiece[];
  /** Buffers to forget once the job ends (copies made for this job only). */
  drop: number[];
}

/** What came back of one declared write: `data` holds elements `[start, ...)`, or the byte `ranges` in order. */
export interface WriteResult {
  /** Index in the request's `writes`. */
  index: number;
  /** First element of `data` (whole-range results). */
  start: number;
  /** `[byteStart, byteLength]` pairs relative to the array's first byte (compared results), or null. */
  ranges: Int32Array | null;
  /** The elements (or the bytes of the ranges, one after another). */
  data: ArrayBuffer;
}

/**
 * A job's outcome, with the output buffers (moved back where they were moved in). `raw` is the error object
 * itself when it never crossed a thread (a request that could not be sent, a job run on the calling thread).
 */
export type JobReply = (
  | { ok: true; value: unknown; outputs: Record<string, ArrayBufferLike>; writes: WriteResult[] }
  | { ok: false; error: SerializedError; raw?: unknown; outputs?: Record<string, ArrayBufferLike> }
) & {
  /** The job's last `[done, total]` when its control array was not shared (progress messages are throttled). */
  counts?: [number, number];
};

/** The API a pool worker exposes. */
export interface WorkerApi {
  /** Applies the config; returns the kernel names the worker serves. */
  init(config: WorkerConfig): Promise<string[]>;
  /** Writes buffer contents (a chunk of a big argument sent before its job). */
  sync(pieces: SyncPiece[]): void;
  /** Runs one job. Never throws: kernel errors come back as `{ ok: false }`. */
  run(request: JobRequest): Promise<JobReply>;
  /** Forgets buffers (their originals were collected on the main thread). */
  drop(ids: number[]): void;
  /** Answers immediately with the number of buffers held (a liveness and round-trip probe). */
  ping(): number;
}
