import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { computeField } from '../fields/compute-field.js';
import { parseAsciiMap } from '../grid/parse.js';
import { anyAnglePath } from './any-angle-path.js';
import { arbFlowCase, bruteForceAnyAngle, pathProblem, polylineLength } from './flow-check.test-util.js';
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
