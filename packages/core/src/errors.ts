import { describeValue as describe, textOf as text } from './util/describe-value.js';

/**
 * Typed errors thrown by Field Marshal. Every error names the value that was wrong, so a caller (or a worker
 * that forwards the error) can report it precisely.
 */

/** A map text could not be read. `line` and `column` are 1-based and point at the offending character. */
export class MapParseError extends SyntaxError {
  override readonly name = 'MapParseError';
  constructor(
    message: string,
    /** 1-based line of the offending text. */
    readonly line: number,
    /** 1-based column of the offending character (1 when the whole line is wrong). */
    readonly column: number,
  ) {
    super(`${text(message)} (line ${text(line)}, column ${text(column)})`);
  }
}

/** An option has the wrong type or an unknown value (for example `metric: 'manhattan'`). */
export class InvalidOptionError extends TypeError {
  override readonly name = 'InvalidOptionError';
  constructor(
    /** The option's name, for example `metric` or `goals[2].x`. */
    readonly option: string,
    /** The value that was given. */
    readonly value: unknown,
    expected: string,
  ) {
    super(`invalid ${text(option)}: ${describe(value)}; expected ${text(expected)}`);
  }
}

/** A number is outside its allowed range (NaN included). */
export class OutOfRangeError extends RangeError {
  override readonly name = 'OutOfRangeError';
  constructor(
    /** The option or argument, e.g. `maxCost` or `goals[2].value`. */
    readonly option: string,
    /** The value given. */
    readonly value: unknown,
    expected: string,
  ) {
    super(`${text(option)} out of range: ${describe(value)}; expected ${text(expected)}`);
  }
}

/** A tile coordinate is outside the grid, on a wall, or otherwise unusable for the query. */
export class CoordinateError extends RangeError {
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
    super(`${text(what)} (${text(x)}, ${text(y)}) ${text(reason)}`);
  }
}

/** A grid (or a buffer derived from it) would exceed the documented size limits. Thrown before allocating. */
export class GridTooLargeError extends RangeError {
  override readonly name = 'GridTooLargeError';
  constructor(
    /** The width asked for, in tiles. */
    readonly width: number,
    /** The height asked for, in tiles. */
    readonly height: number,
    limit: string,
  ) {
    super(`grid ${text(width)}x${text(height)} is too large: ${text(limit)}`);
  }
}

/** Raised when a job or task is cancelled through an AbortSignal. `name` is `'AbortError'` as in the DOM. */
export class AbortError extends Error {
  override readonly name = 'AbortError';
  constructor(message = 'the operation was aborted') {
    super(text(message));
  }
}
