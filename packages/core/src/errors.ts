import { describeValue as describe, textOf as text } from './util/describe-value.js';

/**
 * Every error class Field Marshal throws. Each is a {@link FieldMarshalError} with a stable {@link
 * FieldMarshalError.code}, names the value that was wrong, and crosses a worker boundary with its class and
 * fields intact. One kind of mistake has one class everywhere:
 *
 * | mistake | class | code |
 * |---|---|---|
 * | map text that cannot be read | {@link MapParseError} | `FM_MAP_PARSE` |
 * | pattern text that cannot be read | {@link PatternParseError} | `FM_PATTERN_PARSE` |
 * | an option (or argument) of the wrong type, an unknown name (`'cave'`), an object we did not make | {@link InvalidOptionError} | `FM_INVALID_OPTION` |
 * | a number outside its range (NaN included) | {@link OutOfRangeError} | `FM_OUT_OF_RANGE` |
 * | a tile outside the grid; a goal (source, threat, destination) on a wall | {@link CoordinateError} | `FM_COORDINATE` |
 * | a grid past the size limits | {@link GridTooLargeError} | `FM_GRID_TOO_LARGE` |
 * | an AbortSignal fired | {@link AbortError} | `FM_ABORTED` |
 * | a flee map with nowhere to flee to | {@link NoFleeSeedError} | `FM_NO_FLEE_SEED` |
 * | the worker service: a crashed or unstartable worker, a closed service, no shared memory, the memory cap | {@link WorkerCrashedError}, {@link WorkerStartError}, {@link ServiceClosedError}, {@link SharedMemoryUnavailableError}, {@link MemoryLimitError} | `FM_WORKER_CRASHED`, `FM_WORKER_START`, `FM_SERVICE_CLOSED`, `FM_SHARED_MEMORY_UNAVAILABLE`, `FM_MEMORY_LIMIT` |
 *
 * Routes: a start on a wall is not a mistake (a unit may stand on a tile that was walled up under it): every route
 * query answers it as it answers a start cut off from the goal, with "no route" (an empty path, null or
 * NO_DIRECTION). A start outside the grid, and a goal outside the grid or on a wall, are CoordinateError.
 * @packageDocumentation
 */

/** The stable code of each error class: compare `error.code`, not the message (messages may be reworded). */
export type FieldMarshalErrorCode =
  | 'FM_MAP_PARSE'
  | 'FM_PATTERN_PARSE'
  | 'FM_INVALID_OPTION'
  | 'FM_OUT_OF_RANGE'
  | 'FM_COORDINATE'
  | 'FM_GRID_TOO_LARGE'
  | 'FM_ABORTED'
  | 'FM_NO_FLEE_SEED'
  | 'FM_WORKER_CRASHED'
  | 'FM_WORKER_START'
  | 'FM_SERVICE_CLOSED'
  | 'FM_SHARED_MEMORY_UNAVAILABLE'
  | 'FM_MEMORY_LIMIT';

/**
 * The parent of every error Field Marshal throws: `error instanceof FieldMarshalError` tells the library's own
 * refusals from anything else, and `error.code` tells them apart without parsing messages.
 */
export class FieldMarshalError extends Error {
  override readonly name: string = 'FieldMarshalError';
  /** The stable code of the error's class (`FM_INVALID_OPTION`, ...). */
  readonly code: FieldMarshalErrorCode;
  constructor(code: FieldMarshalErrorCode, message: string) {
    // Never throws, whatever it is given (a symbol, a proxy): the message is made safe to print.
    super(text(message));
    this.code = code;
  }
}

/** A map text could not be read. `line` and `column` are 1-based and point at the offending character. */
export class MapParseError extends FieldMarshalError {
  override readonly name = 'MapParseError';
  constructor(
    message: string,
    /** 1-based line of the offending text. */
    readonly line: number,
    /** 1-based column of the offending character (1 when the whole line is wrong). */
    readonly column: number,
  ) {
    super('FM_MAP_PARSE', `${text(message)} (line ${text(line)}, column ${text(column)})`);
  }
}

/**
 * A movement pattern text could not be read. `line` and `column` are 1-based and point at the offending
 * token (column 1 when the whole line is wrong), like MapParseError for maps.
 */
export class PatternParseError extends FieldMarshalError {
  override readonly name = 'PatternParseError';
  constructor(
    message: string,
    /** 1-based line of the offending text. */
    readonly line: number,
    /** 1-based column of the offending token. */
    readonly column: number,
  ) {
    super('FM_PATTERN_PARSE', `${text(message)} (line ${text(line)}, column ${text(column)})`);
  }
}

/**
 * An option or argument has the wrong type or an unknown value (for example `metric: 'manhattan'` or
 * `generateMap('cave', ...)`), or is an object the library did not make.
 */
export class InvalidOptionError extends FieldMarshalError {
  override readonly name = 'InvalidOptionError';
  constructor(
    /** The option's name, for example `metric` or `goals[2].x`. */
    readonly option: string,
    /** The value that was given. */
    readonly value: unknown,
    expected: string,
  ) {
    super('FM_INVALID_OPTION', `invalid ${text(option)}: ${describe(value)}; expected ${text(expected)}`);
  }
}

/** A number is outside its allowed range (NaN included). */
export class OutOfRangeError extends FieldMarshalError {
  override readonly name = 'OutOfRangeError';
  constructor(
    /** The option or argument, e.g. `maxCost` or `goals[2].value`. */
    readonly option: string,
    /** The value given. */
    readonly value: unknown,
    expected: string,
  ) {
    super('FM_OUT_OF_RANGE', `${text(option)} out of range: ${describe(value)}; expected ${text(expected)}`);
  }
}

/** A tile coordinate is outside the grid, a goal is on a wall, or a coordinate is otherwise unusable for the query. */
export class CoordinateError extends FieldMarshalError {
  override readonly name = 'CoordinateError';
  constructor(
    /** What the coordinate was for, for example `goals[0]` or `start`. */
    readonly what: string,
    /** Tile column given. */
    readonly x: number,
    /** Tile row given. */
    readonly y: number,
    reason: string,
  ) {
    super('FM_COORDINATE', `${text(what)} (${text(x)}, ${text(y)}) ${text(reason)}`);
  }
}

/** A grid (or a buffer derived from it) would exceed the documented size limits. Thrown before allocating. */
export class GridTooLargeError extends FieldMarshalError {
  override readonly name = 'GridTooLargeError';
  constructor(
    /** The width asked for, in tiles. */
    readonly width: number,
    /** The height asked for, in tiles. */
    readonly height: number,
    limit: string,
  ) {
    super('FM_GRID_TOO_LARGE', `grid ${text(width)}x${text(height)} is too large: ${text(limit)}`);
  }
}

/** Raised when a job or task is cancelled through an AbortSignal. `name` is `'AbortError'` as in the DOM. */
export class AbortError extends FieldMarshalError {
  override readonly name = 'AbortError';
  constructor(message = 'the operation was aborted') {
    super('FM_ABORTED', text(message));
  }
}

/**
 * `fleeMap` (in `@fieldmarshal/core/scent`) found no tile to flee to: no walkable tile has scent 0 or -1 (the scent covers every reachable
 * tile with a positive value, as on a small closed map with a strong scent). thrig's "Scent Map II: Vectoric
 * Boogaloo" prints a warning there.
 */
export class NoFleeSeedError extends FieldMarshalError {
  override readonly name = 'NoFleeSeedError';
  constructor(
    /** The player's strength the flee map was asked for. */
    readonly strength: number,
  ) {
    super(
      'FM_NO_FLEE_SEED',
      `no flee seed: no walkable tile has scent 0 or -1 (strength ${text(strength)}); ` +
        'lower the strength, or use a safety map, which always has somewhere to go',
    );
  }
}

/**
 * A worker died while it ran a job (it exited, was terminated, ran out of memory, closed itself or threw
 * outside a job). The job is named so the caller can retry or report it; the pool has already replaced the
 * worker when this error is seen.
 */
export class WorkerCrashedError extends FieldMarshalError {
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
      'FM_WORKER_CRASHED',
      `job ${text(job)}#${text(jobId)} failed: ${worker >= 0 ? `worker ${text(worker)} died (${text(reason)})` : text(reason)}`,
    );
  }
}

/** The service was closed (or is closing) while a job was queued or running, or a job was submitted after. */
export class ServiceClosedError extends FieldMarshalError {
  override readonly name = 'ServiceClosedError';
  constructor(
    /** Name of the kernel of the rejected job. */
    readonly job: string,
    /** Id of the job, or 0 when it was never queued. */
    readonly jobId: number,
  ) {
    super(
      'FM_SERVICE_CLOSED',
      `job ${text(job)}${jobId ? `#${text(jobId)}` : ''} rejected: the field service is closed`,
    );
  }
}

/**
 * SharedArrayBuffer is not available (the page is not cross-origin isolated) and shared memory was asked for
 * (`mode: 'shared'`). Serve the page with `Cross-Origin-Opener-Policy: same-origin` and
 * `Cross-Origin-Embedder-Policy: require-corp`, or let the service pick its mode (the default, `'auto'`: workers fed
 * by transfer where memory cannot be shared).
 */
export class SharedMemoryUnavailableError extends FieldMarshalError {
  override readonly name = 'SharedMemoryUnavailableError';
  constructor(detail: string) {
    super(
      'FM_SHARED_MEMORY_UNAVAILABLE',
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
export class WorkerStartError extends FieldMarshalError {
  override readonly name = 'WorkerStartError';
  constructor(
    /** Index of the worker slot in the pool (0-based). */
    readonly worker: number,
    /** What was seen: an uncaught error message, an exit code, `it did not answer within 30000 ms`... */
    readonly reason: string,
  ) {
    super('FM_WORKER_START', `worker ${text(worker)} failed to start (${text(reason)})`);
  }
}

/**
 * A job would take the service past its `maxFieldBytes`: the fields and flows it handed out and that were neither
 * released nor collected, plus the outputs of running jobs, already hold too much memory. Release fields you are
 * done with (`service.release`), or raise `maxFieldBytes`.
 */
export class MemoryLimitError extends FieldMarshalError {
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
      'FM_MEMORY_LIMIT',
      `job ${text(job)} needs ${text(neededBytes)} bytes of output buffers, but fields and flows not released ` +
        `(and running jobs) hold ${text(heldBytes)} of the service's maxFieldBytes ${text(limitBytes)}: ` +
        'release fields you are done with (service.release) or raise maxFieldBytes',
    );
  }
}
