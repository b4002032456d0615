import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { pathTileIndices, type TilePath } from '../grid/point.js';
import { descendMap, descendMapPath } from './descend-map.js';
import { scentMap } from './scent-map.js';

const INF = Number.POSITIVE_INFINITY;

describe('descendMap', () => {
  const grid = Grid.open(3, 3);
  // 0 1 2
  // 3 4 5
  // 6 7 8
  const map = Float64Array.from([5, 4, 3, 4, 9, 2, 1, 6, INF]);

  it('8 neighbours: the lowest neighbour strictly below the own value', () => {
    expect(descendMap(grid, map, 1, 1)).toBe(6);
    expect(descendMap(grid, map, 0, 0)).toBe(1);
    expect(descendMap(grid, map, 0, 2)).toBe(-1); // 1 is a local minimum
  });

  it('4 neighbours and ascend', () => {
    expect(descendMap(grid, map, 1, 1, { neighbors: 4 })).toBe(5);
    expect(descendMap(grid, map, 1, 0, { ascend: true })).toBe(4);
    expect(descendMap(grid, map, 1, 1, { ascend: true })).toBe(-1);
  });

  it('never steps onto Infinity; from an Infinity tile any real neighbour is better', () => {
    expect(descendMap(grid, map, 1, 2, { ascend: true })).toBe(4);
    expect(descendMap(grid, map, 2, 2)).toBe(5);
  });

  it('ties go to the first direction in DIRECTIONS order (N, E, S, W, NE, SE, SW, NW)', () => {
    const flat = Float64Array.from([0, 1, 0, 1, 2, 1, 0, 1, 0]);
    expect(descendMap(grid, flat, 1, 1, { neighbors: 4 })).toBe(1); // N of four equal 1s
    expect(descendMap(grid, flat, 1, 1)).toBe(2); // NE of four equal 0s
    const diagOnly = Float64Array.from([0, 5, 0, 5, 5, 5, 0, 5, 0]);
    expect(descendMap(grid, diagOnly, 1, 1)).toBe(2); // NE first
  });

  it('respects walls, water and the diagonal rule', () => {
    const g = parseAsciiMap('..\n#.');
    const m = Float64Array.from([9, 5, 0, 1]);
    // From (0,0) the diagonal to (1,1) needs (0,1) free under if-both-free.
    expect(descendMap(g, m, 0, 0)).toBe(1);
    expect(descendMap(g, m, 0, 0, { diagonal: 'if-one-free' })).toBe(3);
    const w = parseAsciiMap('.~', { '.': 1, '~': 2 });
    expect(descendMap(w, Float64Array.from([5, 0]), 0, 0)).toBe(-1);
  });

  it('Int32 scent maps: -2 never chosen, -1 reads as 0', () => {
    const g = Grid.open(4, 1);
    expect(descendMap(g, Int32Array.from([3, -2, 1, 2]), 0, 0, { ascend: false })).toBe(-1);
    expect(descendMap(g, Int32Array.from([2, 1, -1, 5]), 1, 0)).toBe(2);
    expect(descendMap(g, Int32Array.from([2, 0, -1, 5]), 1, 0)).toBe(-1);
  });

  it('descendMapPath follows to the end and stops at maxSteps; ascending a scent map reaches its source', () => {
    const g = parseAsciiMap('.....\n.###.\n.....');
    const scent = scentMap(g, [{ x: 4, y: 2, strength: 9 }]);
    const path = descendMapPath(g, scent, { x: 0, y: 2 }, { ascend: true, neighbors: 4 });
    // A TilePath: the tiles as x, y pairs, the cost in moves; pathTileIndices gives the index list.
    expect(path?.points).toEqual(Int32Array.of(0, 2, 1, 2, 2, 2, 3, 2, 4, 2));
    expect(path?.cost).toBe(4);
    expect(Array.from(pathTileIndices(path as TilePath, g.width))).toEqual([10, 11, 12, 13, 14]);
    const two = descendMapPath(g, scent, { x: 0, y: 2 }, { ascend: true, maxSteps: 2 }) as TilePath;
    expect(Array.from(pathTileIndices(two, g.width))).toEqual([10, 11, 12]);
    const none = descendMapPath(g, scent, { x: 0, y: 2 }, { ascend: true, maxSteps: 0 });
    expect(none).toEqual({ cost: 0, points: Int32Array.of(0, 2) });
    // No route from a wall: null; a start outside or not a point: an error naming `start`.
    expect(descendMapPath(g, scent, { x: 1, y: 1 })).toBeNull();
    expect(() => descendMapPath(g, scent, { x: 9, y: 0 })).toThrow(CoordinateError);
    expect(() => descendMapPath(g, scent, [0, 2] as never)).toThrow('invalid start');
  });

  it('bad input throws typed errors', () => {
    expect(() => descendMap(grid, map, 3, 0)).toThrow(CoordinateError);
    expect(() => descendMap(grid, map, 3, 0)).toThrow('start (3, 0) is outside the 3x3 grid');
    expect(() => descendMap(parseAsciiMap('#..\n...\n...'), map, 0, 0)).toThrow('start (0, 0) is a wall');
    expect(() => descendMap(grid, new Float64Array(8), 0, 0)).toThrow(InvalidOptionError);
    expect(() => descendMap(grid, map, 0, 0, { neighbors: 3 as 4 })).toThrow(InvalidOptionError);
    expect(() => descendMapPath(grid, map, { x: 0, y: 0 }, { maxSteps: -1 })).toThrow(OutOfRangeError);
  });
});
