import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { computeField } from '../fields/compute-field.js';
import type { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { anyAnglePath } from './any-angle-path.js';
import {
  arbFlowCase,
  bruteForceAnyAngle,
  pathProblem,
  polylineLength,
  shortestOverPoints,
} from './flow-check.test-util.js';
import { sweepOverlapDepth } from './safe-step.test-util.js';
import { SEG_RULE_ALWAYS, SEG_RULE_ONE_FREE } from './segment.js';

const pillar = `
.......
.......
...#...
.......
.......
`;

const squeeze = `
..#.
..#.
##..
....
`;

/** Deepest overlap (tiles) of the square of half-side c swept from (px, py) to (qx, qy) with a tile not of `code`. */
function sweepDepth(grid: Grid, code: number, px: number, py: number, qx: number, qy: number, c: number): number {
  let worst = 0;
  for (let y = Math.floor(Math.min(py, qy) - c) - 1; y <= Math.floor(Math.max(py, qy) + c) + 1; y++)
    for (let x = Math.floor(Math.min(px, qx) - c) - 1; x <= Math.floor(Math.max(px, qx) + c) + 1; x++) {
      const open = x >= 0 && y >= 0 && x < grid.width && y < grid.height && grid.passable[y * grid.width + x] === code;
      if (!open) worst = Math.max(worst, sweepOverlapDepth(px, py, qx, qy, c, x, y));
    }
  return worst;
}

/**
 * The shortest way of a square body of half-side c by brute force: Dijkstra over the ends and every tile corner
 * moved by c along both axes in each of the four diagonal directions, an edge wherever the swept body overlaps no
 * tile of another code (separating axes, ./safe-step.test-util.ts). Independent of anyAnglePath's corners and sweeps.
 */
function bruteForceBody(grid: Grid, x0: number, y0: number, x1: number, y1: number, c: number): number {
  const code = grid.passable[Math.floor(y0) * grid.width + Math.floor(x0)] as number;
  const xs = [x0, x1];
  const ys = [y0, y1];
  for (let y = 0; y <= grid.height; y++)
    for (let x = 0; x <= grid.width; x++)
      for (const [sx, sy] of [
        [-1, -1],
        [1, -1],
        [-1, 1],
        [1, 1],
      ] as const) {
        xs.push(x + sx * c);
        ys.push(y + sy * c);
      }
  return shortestOverPoints(xs, ys, (ux, uy, vx, vy) => sweepDepth(grid, code, ux, uy, vx, vy, c) <= 1e-9);
}

describe('anyAnglePath', () => {
  it('goes straight between points that see each other', () => {
    const grid = parseAsciiMap(pillar);
    const r = anyAnglePath(grid, { x: 0.5, y: 0.5 }, { x: 6.5, y: 1.5 });
    expect(r?.cost).toBeCloseTo(Math.hypot(6, 1), 12);
    expect(Array.from(r?.points ?? [])).toEqual([0.5, 0.5, 6.5, 1.5]);
  });

  it('bends round the corners of a pillar: 2 sqrt(6.5) + 1', () => {
    const grid = parseAsciiMap(pillar);
    const r = anyAnglePath(grid, { x: 0.5, y: 2.5 }, { x: 6.5, y: 2.5 });
    expect(r?.cost).toBeCloseTo(2 * Math.sqrt(6.5) + 1, 12);
    const path = Array.from(r?.points ?? []);
    expect(path.length).toBe(8);
    expect(path.slice(2, 6).map(Math.abs)).toEqual(path[3] === 2 ? [3, 2, 4, 2] : [3, 3, 4, 3]);
  });

  it('squeezes between two diagonal walls only under `always`', () => {
    const grid = parseAsciiMap(squeeze);
    expect(anyAnglePath(grid, { x: 0.5, y: 0.5 }, { x: 3.5, y: 0.5 })).toBeNull();
    const r = anyAnglePath(grid, { x: 0.5, y: 0.5 }, { x: 3.5, y: 0.5 }, { diagonal: 'always' });
    expect(r?.cost).toBeCloseTo(1.5 * Math.SQRT2 + 1 + Math.hypot(0.5, 1.5), 12);
    expect(Array.from(r?.points ?? [])).toEqual([0.5, 0.5, 2, 2, 3, 2, 3.5, 0.5]);
  });

  it('returns null across passability codes and from a start on a wall; throws for a goal on a wall or ends outside', () => {
    const grid = parseAsciiMap('..~~\n..~~', { '.': 1, '~': 2 });
    expect(anyAnglePath(grid, { x: 0.5, y: 0.5 }, { x: 3.5, y: 0.5 })).toBeNull();
    const walls = parseAsciiMap(pillar);
    expect(anyAnglePath(walls, { x: 3.5, y: 2.5 }, { x: 0.5, y: 0.5 })).toBeNull();
    expect(anyAnglePath(walls, { x: 0.5, y: 0.5 }, { x: 3.5, y: 2.5 })).toBeNull(); // a goal on a wall: no route
    expect(() => anyAnglePath(walls, { x: 0.5, y: 0.5 }, { x: 7, y: 0.5 })).toThrow(
      'goal (7, 0.5) is outside the 7x5 grid',
    );
    expect(() =>
      anyAnglePath(walls, { x: 0.5, y: 0.5 }, { x: 1.5, y: 0.5 }, { diagonal: 'sometimes' as never }),
    ).toThrow(InvalidOptionError);
    expect(() => anyAnglePath(walls, { x: 0.5, y: 0.5 }, { x: 1.5, y: 0.5 }, { upperBound: -1 })).toThrow(
      OutOfRangeError,
    );
  });

  it('equals the brute force over every tile corner on random tiny maps (both rules)', () => {
    fc.assert(
      fc.property(arbFlowCase(7, 0.3), fc.boolean(), ({ grid, goal, starts }, always) => {
        const diagonal = always ? 'always' : 'if-both-free';
        const gx = goal.x + 0.5;
        const gy = goal.y + 0.5;
        for (let k = 0; k < starts.length; k += 2) {
          const sx = starts[k] as number;
          const sy = starts[k + 1] as number;
          const expected = bruteForceAnyAngle(grid, sx, sy, gx, gy, always);
          const r = anyAnglePath(grid, { x: sx, y: sy }, { x: gx, y: gy }, { diagonal });
          if (expected === Number.POSITIVE_INFINITY) {
            expect(r).toBeNull();
            continue;
          }
          expect(r).not.toBeNull();
          expect(r?.cost).toBeCloseTo(expected, 9);
          // The path itself is legal and as long as reported.
          expect(pathProblem(grid, r?.points ?? [], always ? SEG_RULE_ALWAYS : SEG_RULE_ONE_FREE)).toBeNull();
          expect(polylineLength(r?.points ?? [])).toBeCloseTo(r?.cost ?? 0, 9);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("with a radius, equals the brute force of a square body's way on random tiny maps, and grows with the radius", () => {
    fc.assert(
      fc.property(
        arbFlowCase(8, 0.3),
        fc.constantFrom(0.1, 0.25, 0.45),
        fc.boolean(),
        ({ grid, goal, starts }, radius, always) => {
          const gx = goal.x + 0.5;
          const gy = goal.y + 0.5;
          const code = grid.passable[goal.y * grid.width + goal.x] as number;
          for (let k = 0; k < starts.length; k += 2) {
            // A start the body can stand on: its tile's centre.
            const sx = Math.floor(starts[k] as number) + 0.5;
            const sy = Math.floor(starts[k + 1] as number) + 0.5;
            const expected = bruteForceBody(grid, sx, sy, gx, gy, radius);
            const diagonal = always ? 'always' : 'if-both-free';
            const r = anyAnglePath(grid, { x: sx, y: sy }, { x: gx, y: gy }, { radius, diagonal });
            if (expected === Number.POSITIVE_INFINITY) {
              expect(r).toBeNull();
              continue;
            }
            expect(r?.cost).toBeCloseTo(expected, 9);
            const points = Array.from(r?.points ?? []);
            for (let p = 0; p + 3 < points.length; p += 2)
              expect(
                sweepDepth(
                  grid,
                  code,
                  points[p] as number,
                  points[p + 1] as number,
                  points[p + 2] as number,
                  points[p + 3] as number,
                  radius,
                ),
              ).toBeLessThanOrEqual(1e-9);
            expect(polylineLength(points)).toBeCloseTo(r?.cost ?? 0, 9);
            const point = anyAnglePath(grid, { x: sx, y: sy }, { x: gx, y: gy }, { radius: radius / 2, diagonal });
            expect(point?.cost ?? Number.NaN).toBeLessThanOrEqual((r?.cost ?? 0) + 1e-9);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('round a pillar, a body of radius r bends round the corners moved r out: 2 hypot(2.5 - r, 0.5 + r) + 1 + 2r', () => {
    const grid = parseAsciiMap(pillar);
    for (const r of [0.1, 0.25, 0.45]) {
      const path = anyAnglePath(grid, { x: 0.5, y: 2.5 }, { x: 6.5, y: 2.5 }, { radius: r });
      expect(path?.cost).toBeCloseTo(2 * Math.hypot(2.5 - r, 0.5 + r) + 1 + 2 * r, 12);
    }
    expect(() => anyAnglePath(grid, { x: 0.5, y: 2.5 }, { x: 6.5, y: 2.5 }, { radius: 0.5 })).toThrow(OutOfRangeError);
    expect(() => anyAnglePath(grid, { x: 0.5, y: 2.5 }, { x: 6.5, y: 2.5 }, { radius: Number.NaN })).toThrow(
      OutOfRangeError,
    );
  });

  it('lies between the straight distance and the octile field path on random maps', () => {
    fc.assert(
      fc.property(arbFlowCase(20, 0.25), ({ grid, goal, starts }) => {
        const field = computeField(grid, { goals: [goal] });
        for (let k = 0; k < starts.length; k += 2) {
          const sx = starts[k] as number;
          const sy = starts[k + 1] as number;
          const tile = Math.floor(sy) * grid.width + Math.floor(sx);
          const c = field.cost[tile] as number;
          const r = anyAnglePath(grid, { x: sx, y: sy }, { x: goal.x + 0.5, y: goal.y + 0.5 });
          if (!(c < Number.POSITIVE_INFINITY)) {
            expect(r).toBeNull();
            continue;
          }
          const bound = c + Math.hypot(sx - Math.floor(sx) - 0.5, sy - Math.floor(sy) - 0.5);
          expect(r?.cost ?? Number.NaN).toBeGreaterThanOrEqual(Math.hypot(goal.x + 0.5 - sx, goal.y + 0.5 - sy) - 1e-9);
          expect(r?.cost ?? Number.NaN).toBeLessThanOrEqual(bound + 1e-9);
        }
      }),
      { numRuns: 100 },
    );
  });
});
