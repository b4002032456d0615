import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoordinateError, OutOfRangeError } from '../errors.js';
import { generateMap } from '../grid/generate.js';
import type { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import type { TilePath } from '../grid/point.js';
import { decomposeConvexSets } from '../sets/convex-sets.js';
import { setCostsFrom } from '../sets/set-costs.js';
import { buildSetFields } from '../sets/set-fields.js';
import { createTacticRoute, routePath, tacticPath } from './route.js';
import { searchTactic } from './search.js';

/** True when every consecutive pair of the path is one legal move (same code, if-both-free diagonals). */
function legal(grid: Grid, path: Int32Array): boolean {
  const w = grid.width;
  for (let i = 2; i < path.length; i += 2) {
    const [ax, ay, bx, by] = [path[i - 2], path[i - 1], path[i], path[i + 1]] as number[] as [
      number,
      number,
      number,
      number,
    ];
    const dx = bx - ax;
    const dy = by - ay;
    if (Math.max(Math.abs(dx), Math.abs(dy)) !== 1) return false;
    const code = grid.passable[ay * w + ax];
    if (!code || grid.passable[by * w + bx] !== code) return false;
    if (dx && dy && !(grid.passable[ay * w + bx] === code && grid.passable[by * w + ax] === code)) return false;
  }
  return true;
}

const MAP = [
  '....................',
  '....................',
  '.....####...........',
  '.....####.....##....',
  '..............##....',
  '....................',
  '.........###........',
  '....................',
].join('\n');

/** The points of a path that must exist. */
function pts(path: TilePath | null): Int32Array {
  if (path === null) throw new Error('expected a path');
  return path.points;
}

describe('routes along the answer', () => {
  it('goes straight into the target set, then to the target tile (direct route)', () => {
    const g = parseAsciiMap(MAP);
    const sets = decomposeConvexSets(g);
    const me = { x: 1, y: 7 };
    const target = { x: 17, y: 1 };
    const targetSet = sets.setOf[target.y * g.width + target.x] as number;
    const found = tacticPath(g, sets, me, target, targetSet, { mode: 'flank' });
    const path = pts(found);
    expect([path[0], path[1]]).toEqual([1, 7]);
    expect([path.at(-2), path.at(-1)]).toEqual([17, 1]);
    expect(legal(g, path)).toBe(true);
    // Moves: cost into the set, then Chebyshev distance from the entry tile to the target.
    const cost = setCostsFrom(g, sets, { x: me.x, y: me.y })[targetSet] as number;
    let entry = 0;
    while (sets.setOf[(path[entry * 2 + 1] as number) * g.width + (path[entry * 2] as number)] !== targetSet) entry++;
    expect(entry).toBe(cost);
    const ex = path[entry * 2] as number;
    const ey = path[entry * 2 + 1] as number;
    expect(path.length / 2 - 1).toBe(cost + Math.max(Math.abs(17 - ex), Math.abs(1 - ey)));
    expect(found?.cost).toBe(path.length / 2 - 1); // cost in moves
  });

  it('passes through the chosen flank set before reaching the target (property)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat(), fc.nat(), fc.nat(), fc.boolean(), (seed, a, b, pick, useFields) => {
        const g = generateMap('random', 24, 18, { seed, density: 0.15, shared: false });
        const me = a % g.size;
        const tg = b % g.size;
        g.passable[me] = 1;
        g.passable[tg] = 1;
        const sets = decomposeConvexSets(g, { maxSide: 3 });
        const mp = { x: me % 24, y: Math.floor(me / 24) };
        const tp = { x: tg % 24, y: Math.floor(tg / 24) };
        const fields = useFields ? buildSetFields(g, sets) : undefined;
        for (const kind of ['flank', 'retreat'] as const) {
          const r = searchTactic(g, sets, mp, tp, kind);
          const via = r.candidates.length ? (r.candidates[pick % r.candidates.length] as number) : r.mySet;
          const found = tacticPath(g, sets, mp, tp, via, { mode: kind, fields });
          if (found === null) {
            // No route: only a flank whose target cannot be reached after `via`.
            expect(kind === 'flank' && !(r.constants || r.mySet === r.targetSet)).toBe(true);
            continue;
          }
          const path = found.points;
          expect(legal(g, path)).toBe(true);
          const setsOnPath = [];
          for (let i = 0; i < path.length; i += 2)
            setsOnPath.push(sets.setOf[(path[i + 1] as number) * 24 + (path[i] as number)]);
          const firstVia = setsOnPath.indexOf(via);
          expect(firstVia).toBeGreaterThanOrEqual(0);
          const m = setCostsFrom(g, sets, { x: mp.x, y: mp.y })[via] as number;
          expect(firstVia).toBe(m); // descends the via field: exactly cost(me, via) moves
          if (kind === 'retreat') expect(setsOnPath.length - 1).toBe(firstVia);
          else if (r.constants || r.mySet === r.targetSet) {
            expect([path.at(-2), path.at(-1)]).toEqual([tp.x, tp.y]);
            expect(setsOnPath.indexOf(r.targetSet, firstVia)).toBeGreaterThanOrEqual(firstVia);
          } else expect.unreachable('a flank route that cannot reach the target is null');
        }
      }),
      { numRuns: 60 },
    );
  });

  it('stops where the set cannot be reached', () => {
    const g = parseAsciiMap(['..#..', '..#..'].join('\n'));
    const sets = decomposeConvexSets(g);
    const route = createTacticRoute(g, sets, 1, { x: 4, y: 0 });
    expect(routePath(route, sets, { x: 0, y: 0 })).toBeNull();
    expect(tacticPath(g, sets, { x: 0, y: 0 }, { x: 4, y: 0 }, 1, { mode: 'retreat' })).toBeNull();
    // A start or a target on a wall: no route either (null, not a throw).
    expect(tacticPath(g, sets, { x: 2, y: 0 }, { x: 4, y: 0 }, 1, { mode: 'flank' })).toBeNull();
    expect(tacticPath(g, sets, { x: 0, y: 0 }, { x: 2, y: 1 }, 0, { mode: 'flank' })).toBeNull();
    expect(() => tacticPath(g, sets, { x: 0, y: 0 }, { x: 9, y: 1 }, 0, { mode: 'flank' })).toThrow(CoordinateError);
    expect(() => createTacticRoute(g, sets, 5, { x: 4, y: 0 })).toThrow(OutOfRangeError);
    expect(() => createTacticRoute(g, sets, 0, { x: 2, y: 0 })).toThrow(CoordinateError);
  });

  it('routePath names a bad start instead of walking NaN coordinates', () => {
    const g = parseAsciiMap(['.....', '.....'].join('\n'));
    const sets = decomposeConvexSets(g);
    const route = createTacticRoute(g, sets, 0, { x: 4, y: 1 });
    for (const from of [
      { x: Number.NaN, y: 0 },
      { x: 0, y: Number.POSITIVE_INFINITY },
      { x: 0.5, y: 0 },
      { x: -1, y: 0 },
      { x: 5, y: 0 },
      { x: 0, y: 2 },
    ]) {
      expect(() => routePath(route, sets, from)).toThrow(CoordinateError);
      expect(() => routePath(route, sets, from)).toThrow(`from (${from.x}, ${from.y})`);
    }
    expect(() => routePath(route, sets, { x: 0, y: 0 }, -1)).toThrow(OutOfRangeError);
    expect(() => routePath(route, sets, { x: 0, y: 0 }, Number.NaN)).toThrow(/maxSteps/);
    const path = [...pts(routePath(route, sets, { x: 0, y: 0 }))];
    expect(path.slice(0, 2)).toEqual([0, 0]);
    expect(path.slice(-2)).toEqual([4, 1]);
  });
});
