import { textOf } from '../util/describe-value.js';

/**
 * A movement pattern text could not be read. `line` and `column` are 1-based and point at the offending
 * token (column 1 when the whole line is wrong), like MapParseError for maps.
 */
export class PatternParseError extends SyntaxError {
  override readonly name = 'PatternParseError';
  constructor(
    message: string,
    /** 1-based line of the offending text. */
    readonly line: number,
    /** 1-based column of the offending token. */
    readonly column: number,
  ) {
    super(`${textOf(message)} (line ${textOf(line)}, column ${textOf(column)})`);
  }
}
