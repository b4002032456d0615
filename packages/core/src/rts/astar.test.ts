import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { Field } from '../fields/types.js';
import { DIAGONAL_RULES, DIR_DX, DIR_DY, DIR_OPPOSITE, type DiagonalRule, NO_DIRECTION } from '../grid/directions.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { RtsPathfinder, rtsWaypointLength } from './astar.js';
import { computeRtsClearance } from './clearance.js';
import { rtsPathFromField } from './path-from-field.js';
import { randomGrid } from './rts.test-util.js';

function must<T>(value: T | null | undefined): T {
  if (value == null) throw new Error('expected a value');
  return value;
}

/** Slow, obvious reference: Dijkstra with a linear scan for the minimum, same move rules as the pathfinder. */
function referenceCosts(grid: Grid, gx: number, gy: number, neighbors: 4 | 8, diagonal: DiagonalRule) {
  const { width: w, height: h, passable } = grid;
  const cost = new Float64Array(w * h).fill(Number.POSITIVE_INFINITY);
  const dir = new Uint8Array(w * h).fill(NO_DIRECTION);
  const done = new Uint8Array(w * h);
  cost[gy * w + gx] = 0;
  for (;;) {
    let best = -1;
    for (let i = 0; i < w * h; i++)
      if (!done[i] && (cost[i] as number) < Infinity && (best < 0 || (cost[i] as number) < (cost[best] as number)))
        best = i;
    if (best < 0) break;
    done[best] = 1;
    const x = best % w;
    const y = Math.floor(best / w);
    for (let d = 0; d < 8; d++) {
      const dx = DIR_DX[d] as number;
      const dy = DIR_DY[d] as number;
      const diag = dx !== 0 && dy !== 0;
      if (diag && (neighbors === 4 || diagonal === 'never')) continue;
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
      const c = passable[best];
      if (passable[ny * w + nx] !== c || c === 0) continue;
      if (diag) {
        const a = passable[y * w + nx] === c;
        const b = passable[ny * w + x] === c;
        if (diagonal === 'if-both-free' && !(a && b)) continue;
        if (diagonal === 'if-one-free' && !(a || b)) continue;
      }
      const nc = (cost[best] as number) + (diag ? Math.SQRT2 : 1);
      if (nc < (cost[ny * w + nx] as number) - 1e-12) {
        cost[ny * w + nx] = nc;
        // Direction from the neighbour back towards the goal (the opposite step).
        dir[ny * w + nx] = DIR_OPPOSITE[d] as number;
      }
    }
  }
  return { cost, dir };
}

describe('RtsPathfinder', () => {
  it('returns only the start, the turning tiles and the goal', () => {
    const grid = Grid.open(10, 6, { shared: false });
    const finder = new RtsPathfinder(grid);
    const straight = must(finder.findPath({ x: 0, y: 0 }, { x: 7, y: 0 }));
    expect(straight.cost).toBe(7);
    expect([...straight.points]).toEqual([0, 0, 7, 0]);
    const bent = must(finder.findPath({ x: 0, y: 0 }, { x: 6, y: 2 }));
    expect(bent.cost).toBeCloseTo(4 + 2 * Math.SQRT2, 12);
    expect(bent.points.length).toBe(6);
    expect(rtsWaypointLength(bent.points)).toBeCloseTo(bent.cost, 12);
    const same = must(finder.findPath({ x: 3, y: 3 }, { x: 3, y: 3 }));
    expect(same.cost).toBe(0);
    expect([...same.points]).toEqual([3, 3]);
  });

  it('goes around walls with the exact octile length', () => {
    const map = `
.......
.#####.
.#...#.
.#.#.#.
...#...
`;
    const grid = parseAsciiMap(map, undefined, { shared: false });
    const finder = new RtsPathfinder(grid);
    const p = must(finder.findPath({ x: 2, y: 3 }, { x: 4, y: 3 }));
    // Up, right, right, down: the wall at (3,3) forbids both diagonals (no corner cutting).
    expect(p.cost).toBe(4);
    expect([...p.points]).toEqual([2, 3, 2, 2, 4, 2, 4, 3]);
    const q = must(finder.findPath({ x: 0, y: 4 }, { x: 6, y: 4 }));
    // Out and around over the top: the room is closed at the bottom by (3,3)-(3,4).
    expect(q.cost).toBe(referenceCosts(grid, 6, 4, 8, 'if-both-free').cost[4 * 7 + 0]);
    expect(
      new RtsPathfinder(parseAsciiMap('..#..', undefined, { shared: false })).findPath({ x: 0, y: 0 }, { x: 4, y: 0 }),
    ).toBeNull();
  });

  it('applies the diagonal rules and 4 neighbours', () => {
    const map = `
.#
#.
`;
    const grid = parseAsciiMap(map, undefined, { shared: false });
    const finder = new RtsPathfinder(grid);
    expect(finder.findPath({ x: 0, y: 0 }, { x: 1, y: 1 })).toBeNull();
    expect(finder.findPath({ x: 0, y: 0 }, { x: 1, y: 1 }, { diagonal: 'if-one-free' })).toBeNull();
    expect(must(finder.findPath({ x: 0, y: 0 }, { x: 1, y: 1 }, { diagonal: 'always' })).cost).toBeCloseTo(
      Math.SQRT2,
      12,
    );
    const open = Grid.open(5, 5, { shared: false });
    const f2 = new RtsPathfinder(open);
    expect(must(f2.findPath({ x: 0, y: 0 }, { x: 3, y: 4 }, { neighbors: 4 })).cost).toBe(7);
    expect(must(f2.findPath({ x: 0, y: 0 }, { x: 3, y: 4 }, { diagonal: 'never' })).cost).toBe(7);
  });

  it('moves only between tiles of the same passability code', () => {
    const grid = parseAsciiMap('..~~..', { '.': 1, '~': 2, '#': 0 }, { shared: false });
    const finder = new RtsPathfinder(grid);
    expect(finder.findPath({ x: 0, y: 0 }, { x: 5, y: 0 })).toBeNull();
    expect(must(finder.findPath({ x: 2, y: 0 }, { x: 3, y: 0 })).cost).toBe(1);
  });

  it('respects blocked tiles and clearance', () => {
    const map = `
..........
..........
####.#####
..........
..........
`;
    const grid = parseAsciiMap(map, undefined, { shared: false });
    const finder = new RtsPathfinder(grid);
    const clear = computeRtsClearance(grid);
    expect(clear[4]).toBe(0); // a tile on the border has radius 0
    expect(clear[1 * 10 + 4]).toBe(0); // next to the wall row
    expect(clear[2 * 10 + 4]).toBe(0); // the gap
    expect(clear[2 * 10 + 0]).toBe(-1);
    const big = Grid.open(9, 9, { shared: false });
    expect(computeRtsClearance(big)[4 * 9 + 4]).toBe(4);
    expect(must(finder.findPath({ x: 4, y: 0 }, { x: 4, y: 4 })).cost).toBe(4);
    const blocked = new Uint8Array(50);
    blocked[2 * 10 + 4] = 1;
    expect(finder.findPath({ x: 4, y: 0 }, { x: 4, y: 4 }, { blocked })).toBeNull();
    const wide = Grid.open(12, 12, { shared: false });
    const wf = new RtsPathfinder(wide);
    for (let y = 0; y < 12; y++) if (y !== 6) wide.setPassable(6, y, false);
    expect(must(wf.findPath({ x: 1, y: 6 }, { x: 10, y: 6 })).cost).toBe(9);
    expect(wf.findPath({ x: 1, y: 6 }, { x: 10, y: 6 }, { clearance: 1 })).toBeNull();
    wide.setPassable(6, 5, true);
    wide.setPassable(6, 7, true);
    // The clearance map follows the grid's version.
    expect(must(wf.findPath({ x: 1, y: 6 }, { x: 10, y: 6 }, { clearance: 1 })).cost).toBe(9);
    expect(wf.findPath({ x: 1, y: 6 }, { x: 10, y: 6 }, { maxExpansions: 3 })).toBeNull();
  });

  it('names bad input', () => {
    const grid = parseAsciiMap('.#.', undefined, { shared: false });
    const finder = new RtsPathfinder(grid);
    expect(finder.findPath({ x: 1, y: 0 }, { x: 2, y: 0 })).toBeNull(); // a start on a wall: no route
    expect(finder.findPath({ x: 0, y: 0 }, { x: 1, y: 0 })).toBeNull(); // a goal on a wall: no route either
    expect(() => finder.findPath({ x: 0, y: 0 } as never, 1 as never)).toThrow(InvalidOptionError);
    expect(() => finder.findPath({ x: 0, y: 0 }, { x: 2, y: 0 }, { info: 1 as never })).toThrow(InvalidOptionError);
    expect(() => finder.findPath({ x: 0, y: 0 }, { x: 5, y: 0 })).toThrow(/goal \(5, 0\)/);
    expect(() => finder.findPath({ x: 0, y: 0 }, { x: 2, y: 0 }, { neighbors: 6 as 8 })).toThrow(InvalidOptionError);
    expect(() => finder.findPath({ x: 0, y: 0 }, { x: 2, y: 0 }, { diagonal: 'x' as 'never' })).toThrow(
      InvalidOptionError,
    );
    expect(() => finder.findPath({ x: 0, y: 0 }, { x: 2, y: 0 }, { clearance: -1 })).toThrow(OutOfRangeError);
  });

  it('equals a slow Dijkstra reference on random maps (all rules, 4 and 8 neighbours)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 14 }),
        fc.integer({ min: 2, max: 14 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 196 }),
        fc.constantFrom(...DIAGONAL_RULES),
        fc.constantFrom(4 as const, 8 as const),
        fc.boolean(),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }),
        (w, h, bits, diagonal, neighbors, water, pairs) => {
          const grid = randomGrid(w, h, bits, water);
          const finder = new RtsPathfinder(grid);
          for (const [a, b] of pairs) {
            const s = a % (w * h);
            const g = b % (w * h);
            if (!grid.passable[s] || !grid.passable[g]) continue;
            const ref = referenceCosts(grid, g % w, Math.floor(g / w), neighbors, diagonal);
            const path = finder.findPath(
              { x: s % w, y: Math.floor(s / w) },
              { x: g % w, y: Math.floor(g / w) },
              { neighbors, diagonal },
            );
            const want = ref.cost[s] as number;
            if (want === Number.POSITIVE_INFINITY) expect(path).toBeNull();
            else {
              expect(must(path).cost).toBeCloseTo(want, 9);
              expect(rtsWaypointLength(must(path).points)).toBeCloseTo(want, 9);
            }
          }
        },
      ),
      { numRuns: 300, seed: 4004 },
    );
  });

  it('reads high-level paths from a shared vector field', () => {
    const map = `
..........
.####.....
....#..#..
.##.#..#..
....#.....
`;
    const grid = parseAsciiMap(map, undefined, { shared: false });
    const ref = referenceCosts(grid, 9, 4, 8, 'if-both-free');
    const field: Field = { width: 10, height: 5, cost: ref.cost, dir: ref.dir, gridVersion: grid.version };
    const finder = new RtsPathfinder(grid);
    for (let i = 0; i < 50; i++) {
      if (!grid.passable[i]) continue;
      const p = must(rtsPathFromField(field, { x: i % 10, y: Math.floor(i / 10) }));
      expect(p.cost).toBeCloseTo(must(finder.findPath({ x: i % 10, y: Math.floor(i / 10) }, { x: 9, y: 4 })).cost, 12);
      expect(rtsWaypointLength(p.points)).toBeCloseTo(p.cost, 12);
      expect([p.points.at(-2), p.points.at(-1)]).toEqual([9, 4]);
    }
    expect(() => rtsPathFromField(field, { x: 10, y: 0 })).toThrow(CoordinateError);
  });
});
