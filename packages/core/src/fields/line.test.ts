import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError } from '../errors.js';
import type { DiagonalRule } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import type { Path } from '../grid/point.js';
import { computeField } from './compute-field.js';
import { arbGrid, RULE_LIST } from './field-check.test-util.js';
import { pathFromField, pathLength } from './follow.js';
import { smoothPath, walkableLine } from './line.js';

/**
 * Reference, written from geometry rather than from a traversal: in doubled coordinates (tile centres at odd
 * numbers), a tile is crossed when the segment's line passes strictly between its corners and the tile lies in
 * the box of the two end tiles; a lattice corner strictly between the ends that lies on the line is a corner
 * crossing, checked against the diagonal rule on the two tiles beside it.
 */
function referenceLine(
  grid: Grid,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  neighbors: 4 | 8,
  rule: DiagonalRule,
): boolean {
  const code = (x: number, y: number) => grid.passable[y * grid.width + x] as number;
  const c = code(x0, y0);
  if (c === 0) return false;
  const ax = 2 * x0 + 1;
  const ay = 2 * y0 + 1;
  const dx = 2 * (x1 - x0);
  const dy = 2 * (y1 - y0);
  const line = (px: number, py: number) => (py - ay) * dx - (px - ax) * dy;
  for (let ty = Math.min(y0, y1); ty <= Math.max(y0, y1); ty++) {
    for (let tx = Math.min(x0, x1); tx <= Math.max(x0, x1); tx++) {
      const values = [
        line(2 * tx, 2 * ty),
        line(2 * tx + 2, 2 * ty),
        line(2 * tx, 2 * ty + 2),
        line(2 * tx + 2, 2 * ty + 2),
      ];
      const crossed = (dx === 0 && dy === 0) || (Math.min(...values) < 0 && Math.max(...values) > 0);
      if (crossed && code(tx, ty) !== c) return false;
    }
  }
  for (let cy = Math.min(y0, y1) + 1; cy <= Math.max(y0, y1); cy++) {
    for (let cx = Math.min(x0, x1) + 1; cx <= Math.max(x0, x1); cx++) {
      if (line(2 * cx, 2 * cy) !== 0) continue;
      const rising = dx * dy > 0;
      const sideA = rising ? code(cx, cy - 1) : code(cx - 1, cy - 1);
      const sideB = rising ? code(cx - 1, cy) : code(cx, cy);
      const a = sideA === c;
      const b = sideB === c;
      const effective = neighbors === 4 ? 'never' : rule;
      if (effective === 'if-both-free' && !(a && b)) return false;
      if ((effective === 'if-one-free' || effective === 'never') && !(a || b)) return false;
    }
  }
  return true;
}

/** The points of a path as a flat array (empty for no route): the assertions below compare points. */
function tilePoints(path: Path<Int32Array> | null): Int32Array {
  return path === null ? new Int32Array(0) : path.points;
}

describe('walkableLine', () => {
  const map = `
.....
..#..
.#...
.....
`;
  it('follows the supercover: a wall on the segment blocks it, a wall beside it does not', () => {
    const grid = parseAsciiMap(map);
    expect(walkableLine(grid, 0, 0, 4, 0)).toBe(true);
    expect(walkableLine(grid, 0, 1, 4, 1)).toBe(false);
    expect(walkableLine(grid, 0, 0, 4, 3)).toBe(false); // passes through (2, 1)... (1, 1)-(3, 2)
    expect(walkableLine(grid, 4, 0, 4, 3)).toBe(true);
    expect(walkableLine(grid, 3, 0, 3, 3)).toBe(true);
  });

  it('corner crossings follow the diagonal rule', () => {
    // (1, 1) -> (2, 2) touches the corner between the walls (2, 1) and (1, 2).
    const grid = parseAsciiMap(map);
    expect(walkableLine(grid, 1, 1, 2, 2, { diagonal: 'if-both-free' })).toBe(false);
    expect(walkableLine(grid, 1, 1, 2, 2, { diagonal: 'if-one-free' })).toBe(false);
    expect(walkableLine(grid, 1, 1, 2, 2, { diagonal: 'always' })).toBe(true);
    expect(walkableLine(grid, 1, 1, 2, 2, { neighbors: 4 })).toBe(false);
    // (2, 2) -> (3, 1) has one wall beside the corner: (2, 1).
    expect(walkableLine(grid, 2, 2, 3, 1)).toBe(false);
    expect(walkableLine(grid, 2, 2, 3, 1, { diagonal: 'if-one-free' })).toBe(true);
    expect(walkableLine(grid, 2, 2, 3, 1, { diagonal: 'never' })).toBe(true);
  });

  it('water lines stay in water; a wall start is never walkable', () => {
    const grid = parseAsciiMap('~~..\n~~..', { '.': 1, '~': 2, '#': 0 });
    expect(walkableLine(grid, 0, 0, 1, 1)).toBe(true);
    expect(walkableLine(grid, 0, 0, 2, 0)).toBe(false);
    expect(walkableLine(grid, 2, 0, 3, 1)).toBe(true);
    const walls = parseAsciiMap('#.');
    expect(walkableLine(walls, 0, 0, 1, 0)).toBe(false);
    expect(walkableLine(walls, 1, 0, 1, 0)).toBe(true);
  });

  it('checks its arguments', () => {
    const grid = parseAsciiMap(map);
    expect(() => walkableLine(grid, 0, 0, 5, 0)).toThrow(CoordinateError);
    expect(() => walkableLine(grid, 0, 0, 5, 0)).toThrow('line end (5, 0) is outside the 5x4 grid');
    expect(() => walkableLine(grid, 0, 0, 1, 0, { diagonal: 'sometimes' as DiagonalRule })).toThrow(InvalidOptionError);
  });

  it('matches the geometric reference and is symmetric on random maps (every rule)', () => {
    fc.assert(
      fc.property(
        arbGrid(),
        fc.nat(),
        fc.nat(),
        fc.constantFrom<4 | 8>(4, 8),
        fc.constantFrom(...RULE_LIST),
        ({ grid }, a, b, neighbors, diagonal) => {
          const n = grid.size;
          const [x0, y0] = [(a % n) % grid.width, Math.floor((a % n) / grid.width)];
          const [x1, y1] = [(b % n) % grid.width, Math.floor((b % n) / grid.width)];
          const options = { neighbors, diagonal };
          const got = walkableLine(grid, x0, y0, x1, y1, options);
          expect(got).toBe(referenceLine(grid, x0, y0, x1, y1, neighbors, diagonal));
          if (grid.passable[y0 * grid.width + x0] === grid.passable[y1 * grid.width + x1]) {
            expect(walkableLine(grid, x1, y1, x0, y0, options)).toBe(got);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('smoothPath', () => {
  it('pulls a path through an open room straight', () => {
    const grid = parseAsciiMap('......\n......\n......\n......');
    const field = computeField(grid, { goals: [{ x: 5, y: 1 }] });
    const path = tilePoints(pathFromField(field, { x: 0, y: 3 }));
    expect(path.length).toBeGreaterThan(4);
    expect(Array.from(smoothPath(grid, path).points)).toEqual([0, 3, 5, 1]);
  });

  it('keeps the corner of an L-shaped corridor', () => {
    const grid = parseAsciiMap('.####\n.####\n.....');
    const field = computeField(grid, { goals: [{ x: 4, y: 2 }] });
    expect(Array.from(smoothPath(grid, tilePoints(pathFromField(field, { x: 0, y: 0 }))).points)).toEqual([
      0, 0, 0, 2, 4, 2,
    ]);
  });

  it('keeps short paths and checks its input', () => {
    const grid = parseAsciiMap('...');
    expect(Array.from(smoothPath(grid, [0, 0, 1, 0]).points)).toEqual([0, 0, 1, 0]);
    expect(Array.from(smoothPath(grid, []).points)).toEqual([]);
    expect(() => smoothPath(grid, [0, 0, 1]).points).toThrow(InvalidOptionError);
    expect(() => smoothPath(grid, [0, 0, 9, 0]).points).toThrow('path[1] (9, 0) is outside the 3x1 grid');
  });

  it('on random maps: ends kept, every segment walkable, a subsequence, never longer', () => {
    fc.assert(
      fc.property(
        arbGrid(),
        fc.nat(),
        fc.nat(),
        fc.constantFrom<4 | 8>(4, 8),
        fc.constantFrom(...RULE_LIST),
        ({ grid, walkable }, g, s, neighbors, diagonal) => {
          const goal = walkable[g % walkable.length] as number;
          const start = walkable[s % walkable.length] as number;
          const options = { neighbors, diagonal };
          const goals = [{ x: goal % grid.width, y: Math.floor(goal / grid.width) }];
          const field = computeField(grid, { goals, ...options });
          const path = tilePoints(pathFromField(field, { x: start % grid.width, y: Math.floor(start / grid.width) }));
          const smooth = smoothPath(grid, path, options).points;
          if (path.length === 0) {
            expect(smooth.length).toBe(0);
            return;
          }
          expect([smooth[0], smooth[1]]).toEqual([path[0], path[1]]);
          expect([smooth.at(-2), smooth.at(-1)]).toEqual([path.at(-2), path.at(-1)]);
          for (let k = 2; k < smooth.length; k += 2) {
            expect(
              walkableLine(
                grid,
                smooth[k - 2] as number,
                smooth[k - 1] as number,
                smooth[k] as number,
                smooth[k + 1] as number,
                options,
              ),
            ).toBe(true);
          }
          let at = 0;
          for (let k = 0; k < smooth.length; k += 2) {
            while (at < path.length && (path[at] !== smooth[k] || path[at + 1] !== smooth[k + 1])) at += 2;
            expect(at).toBeLessThan(path.length);
          }
          expect(pathLength(smooth)).toBeLessThanOrEqual(pathLength(path) + 1e-9);
        },
      ),
      { numRuns: 1500 },
    );
  });
});
