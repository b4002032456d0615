import { PatternParseError } from '../errors.js';
import { describeValue } from '../util/describe-value.js';

/** One whitespace-separated word of a pattern line, with its 1-based column. */
export interface PatternToken {
  text: string;
  column: number;
}

/** A non-blank line of a pattern text after its `#` comment was removed. */
export interface PatternLine {
  /** 1-based line number in the text. */
  line: number;
  tokens: PatternToken[];
}

/**
 * Splits a pattern text into lines of tokens. `#` starts a comment that runs to the end of the line; blank
 * and comment-only lines are dropped. Line ends may be `\n`, `\r\n` or `\r`.
 */
export function tokenizePatternText(text: string): PatternLine[] {
  if (typeof text !== 'string') throw new PatternParseError(`expected pattern text, got ${describeValue(text)}`, 1, 1);
  const out: PatternLine[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string;
    const hash = raw.indexOf('#');
    const body = hash >= 0 ? raw.slice(0, hash) : raw;
    const tokens: PatternToken[] = [];
    const re = /\S+/g;
    for (let m = re.exec(body); m !== null; m = re.exec(body)) tokens.push({ text: m[0], column: m.index + 1 });
    if (tokens.length > 0) out.push({ line: i + 1, tokens });
  }
  return out;
}

/** Parses an integer token (optional sign, decimal digits) within ±limit, or throws PatternParseError. */
export function parseIntegerToken(token: PatternToken, line: number, what: string, limit: number): number {
  if (!/^[+-]?\d+$/.test(token.text))
    throw new PatternParseError(`${what} must be an integer, got ${JSON.stringify(token.text)}`, line, token.column);
  const value = Number(token.text);
  if (!(Math.abs(value) <= limit))
    throw new PatternParseError(`${what} ${token.text} is outside -${limit}..${limit}`, line, token.column);
  return value;
}

/** Parses a finite decimal number token (`12`, `-3.5`, `1e2`), or throws PatternParseError. */
export function parseNumberToken(token: PatternToken, line: number, what: string): number {
  const value = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(token.text) ? Number(token.text) : Number.NaN;
  if (!Number.isFinite(value))
    throw new PatternParseError(`${what} must be a number, got ${JSON.stringify(token.text)}`, line, token.column);
  return value;
}
