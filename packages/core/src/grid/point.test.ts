import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../errors.js';
import { withPollutedPrototype } from '../util/pollute.test-util.js';
import { makePath, pathPointCount, pathTileIndices, readPoint } from './point.js';

describe('points and paths', () => {
  it('reads own x and y only', () => {
    expect(readPoint({ x: 3, y: 4 }, 'p')).toEqual({ x: 3, y: 4 });
    expect(() => readPoint(null, 'from')).toThrow(InvalidOptionError);
    expect(() => readPoint({ x: 1 }, 'from')).toThrow(/from/);
    expect(() => readPoint({ x: '1', y: 2 }, 'to')).toThrow(InvalidOptionError);
    withPollutedPrototype({ x: 1, y: 2 }, () => expect(() => readPoint({}, 'p')).toThrow(InvalidOptionError));
  });

  it('counts points and lists tile indices', () => {
    const path = makePath(2, Int32Array.of(0, 0, 1, 0, 1, 1));
    expect(pathPointCount(path)).toBe(3);
    expect([...pathTileIndices(path, 10)]).toEqual([0, 1, 11]);
    expect(() => pathTileIndices({ cost: 0, points: Int32Array.of(1) }, 10)).toThrow(InvalidOptionError);
    expect(() => pathTileIndices(path, 0)).toThrow(/width/);
    expect(() => pathPointCount(null as never)).toThrow(InvalidOptionError);
    expect(() => pathPointCount({ cost: 0, points: [0, 0] as never })).toThrow(InvalidOptionError);
    expect(pathPointCount({ cost: 0, points: Float64Array.of(0.5, 0.5, 1.5, 0.5) })).toBe(2);
    withPollutedPrototype({ points: Int32Array.of(0, 0) }, () =>
      expect(() => pathPointCount({} as never)).toThrow(InvalidOptionError),
    );
    expect(() => pathTileIndices({ cost: 0, points: Float64Array.of(0, 0) } as never, 4)).toThrow(/Int32Array/);
  });
});
