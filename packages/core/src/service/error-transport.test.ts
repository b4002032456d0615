import { describe, expect, it } from 'vitest';
import {
  AbortError,
  CoordinateError,
  GridTooLargeError,
  InvalidOptionError,
  MapParseError,
  OutOfRangeError,
} from '../errors.js';
import { NoFleeSeedError } from '../scent/index.js';
import { reviveError, serializeError } from './error-transport.js';

/** Serializes, clones as postMessage would, and revives. */
function roundTrip(error: unknown): Error {
  return reviveError(structuredClone(serializeError(error)));
}

describe('error transport across threads', () => {
  it('re-creates the typed errors with their class, message, stack and fields', () => {
    const cases: [Error, new (...args: never[]) => Error, Record<string, unknown>][] = [
      [new CoordinateError('goals[1]', 5, 7, 'is a wall'), CoordinateError, { what: 'goals[1]', x: 5, y: 7 }],
      [
        new InvalidOptionError('metric', 'manhattan', "'steps'"),
        InvalidOptionError,
        { option: 'metric', value: 'manhattan' },
      ],
      [new OutOfRangeError('maxCost', -1, '>= 0'), OutOfRangeError, { option: 'maxCost', value: -1 }],
      [new MapParseError('bad char', 3, 9), MapParseError, { line: 3, column: 9 }],
      [new GridTooLargeError(9000, 9000, 'too big'), GridTooLargeError, { width: 9000, height: 9000 }],
      [new AbortError('stop'), AbortError, {}],
      [new RangeError('plain range'), RangeError, {}],
    ];
    for (const [original, cls, fields] of cases) {
      const revived = roundTrip(original);
      expect(revived).toBeInstanceOf(cls);
      expect(revived.name).toBe(original.name);
      expect(revived.message).toBe(original.message);
      expect(revived.stack).toBe(original.stack);
      expect(revived).toMatchObject(fields);
    }
    expect(roundTrip(new CoordinateError('a', 1, 2, 'x'))).toMatchObject({ code: 'FM_COORDINATE' });
  });

  it('knows the scent area error and keeps the name of unknown classes', () => {
    const flee = roundTrip(new NoFleeSeedError(3));
    expect(flee).toBeInstanceOf(NoFleeSeedError);
    class LocalError extends Error {
      override readonly name = 'LocalError';
      readonly extra = { nested: true };
    }
    const local = roundTrip(new LocalError('odd'));
    expect(local).toBeInstanceOf(Error);
    expect(local.name).toBe('LocalError');
    expect(local.message).toBe('odd');
    expect((local as unknown as { extra: unknown }).extra).toBe('object');
  });

  it('wraps non-errors', () => {
    const revived = roundTrip('just a string');
    expect(revived).toBeInstanceOf(Error);
    expect(revived.message).toBe('non-error thrown: just a string');
  });
});
