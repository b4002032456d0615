import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import type { Path } from '../grid/point.js';
import { drawPath, picture } from '../testing/ascii-path.test-util.js';
import { computeField } from './compute-field.js';
import { arbGrid, close } from './field-check.test-util.js';
import { nextStep, pathFromField, pathLength } from './follow.js';
import { walkableLine } from './line.js';

const corridor = `
#######
#.....#
#.###.#
#.#...#
#######
`;

/** The points of a path as a flat array (empty for no route): the assertions below compare points. */
function tilePoints(path: Path<Int32Array> | null): Int32Array {
  return path === null ? new Int32Array(0) : path.points;
}

describe('nextStep', () => {
  const grid = parseAsciiMap(corridor);
  const field = computeField(grid, { goals: [{ x: 3, y: 3 }] });

  it('steps along the field and stops at the goal', () => {
    expect(nextStep(field, 1, 3)).toEqual({ x: 1, y: 2 });
    expect(nextStep(field, 5, 3)).toEqual({ x: 4, y: 3 });
    expect(nextStep(field, 3, 3)).toBeNull();
  });

  it('returns null on walls and unreachable tiles, throws outside the field', () => {
    expect(nextStep(field, 0, 0)).toBeNull();
    expect(() => nextStep(field, 7, 0)).toThrow(CoordinateError);
    expect(() => nextStep(field, -1, 2)).toThrow('tile (-1, 2) is outside the 7x5 field');
  });
});

describe('pathFromField', () => {
  const grid = parseAsciiMap(corridor);
  const field = computeField(grid, { goals: [{ x: 3, y: 3 }] });

  it('lists the tiles from the start to the goal as [x0, y0, x1, y1, ...]', () => {
    const path = tilePoints(pathFromField(field, { x: 1, y: 3 }));
    expect(Array.from(path)).toEqual([1, 3, 1, 2, 1, 1, 2, 1, 3, 1, 4, 1, 5, 1, 5, 2, 5, 3, 4, 3, 3, 3]);
    expect(drawPath(grid, path)).toBe(picture`
      #######
      #*****#
      #*###*#
      #S#G**#
      #######
    `);
    expect(field.cost[3 * 7 + 1]).toBe(10);
    expect(pathLength(path)).toBeCloseTo(field.cost[3 * 7 + 1] as number, 12);
  });

  it('gives one tile at a goal and nothing from a wall or an unreachable tile', () => {
    expect(Array.from(tilePoints(pathFromField(field, { x: 3, y: 3 })))).toEqual([3, 3]);
    expect(tilePoints(pathFromField(field, { x: 0, y: 0 })).length).toBe(0);
    const split = parseAsciiMap('..#..');
    const f = computeField(split, { goals: [{ x: 0, y: 0 }] });
    expect(tilePoints(pathFromField(f, { x: 4, y: 0 })).length).toBe(0);
  });

  it('writes into a long enough out array without allocating, allocates otherwise', () => {
    const out = new Int32Array(64);
    const path = tilePoints(pathFromField(field, { x: 1, y: 3 }, { out }));
    expect(path.buffer).toBe(out.buffer);
    expect(path.length).toBe(22);
    const small = new Int32Array(4);
    const other = tilePoints(pathFromField(field, { x: 1, y: 3 }, { out: small }));
    expect(other.buffer).not.toBe(small.buffer);
    expect(other.length).toBe(22);
  });

  it('refuses a field whose directions do not lead to a goal', () => {
    const f = computeField(Grid.open(3, 1), { goals: [{ x: 0, y: 0 }] });
    f.dir[0] = 1; // the goal now points east, and tile 1 points back west: a cycle
    expect(() => tilePoints(pathFromField(f, { x: 2, y: 0 }))).toThrow(InvalidOptionError);
    f.dir[0] = 3; // west of x = 0: off the grid
    expect(() => tilePoints(pathFromField(f, { x: 2, y: 0 }))).toThrow(InvalidOptionError);
  });

  it('on random maps every path is made of legal moves and its length is the cost', () => {
    fc.assert(
      fc.property(arbGrid(), fc.nat(), ({ grid, walkable }, pick) => {
        const goal = walkable[pick % walkable.length] as number;
        const f = computeField(grid, { goals: [{ x: goal % grid.width, y: Math.floor(goal / grid.width) }] });
        for (let i = 0; i < grid.size; i++) {
          const x = i % grid.width;
          const y = Math.floor(i / grid.width);
          const path = tilePoints(pathFromField(f, { x: x, y: y }));
          if (!((f.cost[i] as number) < Number.POSITIVE_INFINITY)) {
            expect(path.length).toBe(0);
            continue;
          }
          expect((path.at(-2) as number) + (path.at(-1) as number) * grid.width).toBe(goal);
          for (let k = 2; k < path.length; k += 2) {
            expect(
              walkableLine(
                grid,
                path[k - 2] as number,
                path[k - 1] as number,
                path[k] as number,
                path[k + 1] as number,
              ),
            ).toBe(true);
          }
          expect(close(pathLength(path), f.cost[i] as number)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('pathLength', () => {
  it('sums Euclidean segment lengths', () => {
    expect(pathLength([0, 0, 3, 4, 3, 5])).toBe(6);
    expect(pathLength([0, 0, 1, 1])).toBe(Math.SQRT2);
    expect(pathLength([2, 2])).toBe(0);
    expect(pathLength([])).toBe(0);
  });
});
