import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { DIR_DX, DIR_DY, type DiagonalRule, directionOf, NO_DIRECTION } from '../grid/directions.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { createRandom } from '../util/random.js';
import { bresenhamLine } from './bresenham.js';
import { hasLineOfSight, visibleLineLength } from './line-of-sight.js';
import { basicChaseDirection, basicEvadeDirection, basicTileStep, LineChaser } from './tile-chase.js';
import { tileIntercept, tileInterceptDirection } from './tile-intercept.js';

// The seed's Pgm01b: Frodo stands at (40, 2); eight orcs start along the bottom of an 80x24 screen.
const FRODO = { x: 40, y: 2 };
const ORCS_X = [1, 5, 10, 20, 30, 50, 60, 70];
const ORCS_Y = [22, 21, 22, 20, 19, 22, 20, 14];

describe('basic tile chase and evade (the seed increments and their reversal)', () => {
  it('every orc reaches Frodo in max(|dx|, |dy|) turns', () => {
    for (let i = 0; i < ORCS_X.length; i++) {
      let x = ORCS_X[i] as number;
      let y = ORCS_Y[i] as number;
      let turns = 0;
      while ((x !== FRODO.x || y !== FRODO.y) && turns < 200) {
        const d = basicChaseDirection(x, y, FRODO.x, FRODO.y);
        x += DIR_DX[d] as number;
        y += DIR_DY[d] as number;
        turns++;
      }
      expect([x, y]).toEqual([FRODO.x, FRODO.y]);
      expect(turns).toBe(
        Math.max(Math.abs(FRODO.x - (ORCS_X[i] as number)), Math.abs(FRODO.y - (ORCS_Y[i] as number))),
      );
    }
  });
  it('the orc from (1, 22) walks the diagonal first, then joins Frodo row (the seed unrealistic look)', () => {
    let p = { x: 1, y: 22 };
    const trail = [p];
    for (let t = 0; t < 39; t++) {
      p = basicTileStep(p.x, p.y, FRODO.x, FRODO.y);
      trail.push(p);
    }
    expect(trail[20]).toEqual({ x: 21, y: 2 });
    expect(trail.slice(20).every((q) => q.y === 2)).toBe(true);
    expect(trail[39]).toEqual(FRODO);
  });
  it('directions and evasion', () => {
    expect(basicChaseDirection(5, 5, 9, 1)).toBe(4); // NE
    expect(basicChaseDirection(5, 5, 5, 9)).toBe(2); // S
    expect(basicChaseDirection(5, 5, 5, 5)).toBe(NO_DIRECTION);
    expect(basicEvadeDirection(5, 5, 9, 1)).toBe(6); // SW: away on both axes
    expect(basicEvadeDirection(5, 5, 5, 9)).toBe(0); // N
    expect(basicEvadeDirection(5, 5, 5, 5)).toBe(NO_DIRECTION);
    expect(basicTileStep(5, 5, 9, 1, 'evade')).toEqual({ x: 4, y: 6 });
  });
  it('an evader on an open plane gains one tile of Chebyshev distance per turn from a standing threat', () => {
    let p = { x: 3, y: 4 };
    for (let t = 1; t <= 10; t++) {
      p = basicTileStep(p.x, p.y, 0, 0, 'evade');
      expect(Math.max(p.x, p.y)).toBe(4 + t);
    }
  });
});

const ROOM = `
..........
..........
....##....
....##....
..........
..........
`;

describe('hasLineOfSight', () => {
  const grid = parseAsciiMap(ROOM);
  it('sees along open lines and not through walls', () => {
    expect(hasLineOfSight(grid, 0, 0, 9, 0)).toBe(true);
    expect(hasLineOfSight(grid, 0, 2, 9, 3)).toBe(false);
    expect(visibleLineLength(grid, 0, 2, 9, 3)).toBe(4); // tiles x = 0..3, then the wall at x = 4
    expect(hasLineOfSight(grid, 2, 0, 7, 5)).toBe(false); // passes (4, 2)
    expect(hasLineOfSight(grid, 0, 5, 9, 4)).toBe(true);
  });
  it('a wall on the start tile hides everything; ends outside the grid are errors', () => {
    expect(visibleLineLength(grid, 4, 2, 0, 0)).toBe(0);
    expect(() => hasLineOfSight(grid, -1, 0, 3, 3)).toThrow(CoordinateError);
    expect(() => hasLineOfSight(grid, 0, 0, 3, 30)).toThrow(CoordinateError);
    expect(() => hasLineOfSight(grid, 0, 0, 3, 3, { diagonal: 'sometimes' as DiagonalRule })).toThrow(
      InvalidOptionError,
    );
  });
  it('corner rule: two walls touching at a corner block sight unless diagonal is "always"', () => {
    const corner = parseAsciiMap(`
.#.
#..
...
`);
    expect(hasLineOfSight(corner, 0, 0, 1, 1)).toBe(false);
    expect(hasLineOfSight(corner, 0, 0, 1, 1, { diagonal: 'always' })).toBe(true);
    expect(hasLineOfSight(corner, 0, 0, 1, 1, { diagonal: 'if-one-free' })).toBe(false);
    expect(hasLineOfSight(corner, 2, 0, 1, 1, { diagonal: 'if-one-free' })).toBe(true);
    expect(hasLineOfSight(corner, 2, 0, 1, 1, { diagonal: 'never' })).toBe(false);
  });
  it('sameCode stops a walking line at water', () => {
    const g = parseAsciiMap('..~..', { '.': 1, '~': 2 });
    expect(hasLineOfSight(g, 0, 0, 4, 0)).toBe(true);
    expect(hasLineOfSight(g, 0, 0, 4, 0, { sameCode: true })).toBe(false);
  });
  it('matches a slow reference on random maps and is symmetric', () => {
    const rules: DiagonalRule[] = ['never', 'always', 'if-one-free', 'if-both-free'];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.constantFrom(...rules),
        fc.tuple(fc.nat(11), fc.nat(11), fc.nat(11), fc.nat(11)),
        (seed, rule, [x0, y0, x1, y1]) => {
          const rnd = createRandom(seed);
          const g = Grid.open(12, 12);
          for (let i = 0; i < g.size; i++) if (rnd() < 0.2) g.passable[i] = 0;
          // Sight is the symmetric line, whatever the default style of the lines.
          const tiles = bresenhamLine(x0, y0, x1, y1, 'symmetric');
          let expected = true;
          for (let i = 0; i < tiles.length; i += 2) {
            const x = tiles[i] as number;
            const y = tiles[i + 1] as number;
            if (!g.isPassable(x, y)) expected = false;
            if (i > 0) {
              const px = tiles[i - 2] as number;
              const py = tiles[i - 1] as number;
              if (px !== x && py !== y) {
                const a = g.isPassable(x, py);
                const b = g.isPassable(px, y);
                const ok =
                  rule === 'always' || (rule === 'if-both-free' ? a && b : rule === 'if-one-free' ? a || b : false);
                if (!ok) expected = false;
              }
            }
          }
          expect(hasLineOfSight(g, x0, y0, x1, y1, { diagonal: rule })).toBe(expected);
          expect(hasLineOfSight(g, x1, y1, x0, y0, { diagonal: rule })).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('LineChaser', () => {
  it('walks the Bresenham line to a standing target, computing it once', () => {
    const chaser = new LineChaser(4);
    let x = 1;
    let y = 22;
    const trail = [x, y];
    for (let d = chaser.next(x, y, 40, 2); d !== NO_DIRECTION; d = chaser.next(x, y, 40, 2)) {
      x += DIR_DX[d] as number;
      y += DIR_DY[d] as number;
      trail.push(x, y);
    }
    expect(trail).toEqual(Array.from(bresenhamLine(1, 22, 40, 2)));
    expect(chaser.recomputations).toBe(1);
    expect(Array.from(chaser.line())).toEqual(trail);
  });
  it('recomputes when the target moves or the chaser is pushed off its line, and catches a slower target', () => {
    const chaser = new LineChaser();
    let x = 0;
    let y = 0;
    let tx = 20;
    const ty = 10;
    let turns = 0;
    while ((x !== tx || y !== ty) && turns < 100) {
      const d = chaser.next(x, y, tx, ty);
      x += DIR_DX[d] as number;
      y += DIR_DY[d] as number;
      turns++;
      if (turns % 2 === 0 && (x !== tx || y !== ty)) tx++; // the target walks right every other turn
    }
    expect([x, y]).toEqual([tx, ty]);
    // It needs t with 20 + floor((t - 1) / 2) <= t: t = 38; one line at the start and one per target move.
    expect(turns).toBe(38);
    expect(chaser.recomputations).toBe(1 + 18);
    const pushed = new LineChaser();
    pushed.next(0, 0, 10, 0);
    pushed.next(0, 3, 10, 0); // not where its line said
    expect(pushed.recomputations).toBe(2);
    expect(Array.from(pushed.line().subarray(0, 2))).toEqual([0, 3]);
  });
});

describe('tile interception (Problem 1-1)', () => {
  it("steps along the book's line by default, the symmetric one on request", () => {
    // (0, 0) to (2, 1): the listing's minor step comes first ((1, 1)), the symmetric line's second ((1, 0)).
    const east = directionOf(1, 0);
    const southEast = directionOf(1, 1);
    expect(tileInterceptDirection({ x: 0, y: 0 }, { x: 2, y: 1 }, { x: 0, y: 0 })).toBe(southEast);
    expect(tileInterceptDirection({ x: 0, y: 0 }, { x: 2, y: 1 }, { x: 0, y: 0 }, { style: 'listing' })).toBe(
      southEast,
    );
    expect(tileInterceptDirection({ x: 0, y: 0 }, { x: 2, y: 1 }, { x: 0, y: 0 }, { style: 'symmetric' })).toBe(east);
    expect(() => tileIntercept({ x: 0, y: 0 }, { x: 2, y: 1 }, { x: 0, y: 0 }, { style: 'book' as never })).toThrow(
      InvalidOptionError,
    );
  });

  it('finds the earliest reachable tile of a moving target', () => {
    expect(tileIntercept({ x: 0, y: 0 }, { x: 0, y: 10 }, { x: 1, y: 0 })).toEqual({ x: 10, y: 10, turns: 10 });
    expect(tileIntercept({ x: 5, y: 5 }, { x: 5, y: 5 }, { x: 1, y: 0 })).toEqual({ x: 5, y: 5, turns: 0 });
    expect(tileIntercept({ x: 0, y: 0 }, { x: 0, y: 10 }, { x: 1, y: 0 }, { chaserSpeed: 2 })).toEqual({
      x: 5,
      y: 10,
      turns: 5,
    });
    // A target that runs away as fast as the chaser along the same row is never met.
    expect(tileIntercept({ x: 0, y: 0 }, { x: 3, y: 0 }, { x: 1, y: 0 })).toBeNull();
    // Bounded by the map: the target leaves a 8-wide map before the chaser gets there.
    expect(tileIntercept({ x: 0, y: 0 }, { x: 0, y: 10 }, { x: 1, y: 0 }, { width: 8, height: 20 })).toBeNull();
    expect(() => tileIntercept({ x: 0, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 0 }, { chaserSpeed: 0 })).toThrow(
      OutOfRangeError,
    );
    expect(() => tileIntercept({ x: 0, y: 0 }, { x: 1, y: 1 }, { x: Number.NaN, y: 0 })).toThrow(OutOfRangeError);
  });

  function simulate(kind: 'intercept' | 'chase', vx: number, vy: number, limit = 200): number {
    // Frodo starts at (0, 10) and walks (vx, vy) tiles per turn; the orc starts at (0, 0), one tile per turn.
    let ox = 0;
    let oy = 0;
    for (let t = 0; t <= limit; t++) {
      const px = 0 + vx * t;
      const py = 10 + vy * t;
      const fx = Math.round(px);
      const fy = Math.round(py);
      if (ox === fx && oy === fy) return t;
      const d =
        kind === 'intercept'
          ? tileInterceptDirection({ x: ox, y: oy }, { x: px, y: py }, { x: vx, y: vy })
          : basicChaseDirection(ox, oy, fx, fy);
      ox += DIR_DX[d] as number;
      oy += DIR_DY[d] as number;
    }
    return Number.POSITIVE_INFINITY;
  }

  it('an interceptor meets a straight-walking target sooner than a basic chaser of the same speed', () => {
    // As fast as the orc: the chaser falls in behind and never catches up; the interceptor meets him.
    expect(simulate('intercept', 1, 0)).toBe(10);
    expect(simulate('chase', 1, 0)).toBe(Number.POSITIVE_INFINITY);
    // Slower targets: both arrive, the interceptor first.
    // (-0.75, 0.25) changes tile every turn (one tile of Chebyshev distance per turn, as fast as the orc):
    // the chaser trails one tile behind forever; the interceptor needs t with 10 + 0.25 t <= t, so 14.
    expect(simulate('intercept', -0.75, 0.25)).toBe(14);
    expect(simulate('chase', -0.75, 0.25)).toBe(Number.POSITIVE_INFINITY);
    // Slower targets: on 8-connected tiles the basic chase is already fast; the interceptor is never slower.
    for (const [vx, vy] of [
      [0.5, 0],
      [0.5, 0.5],
      [0.25, -0.5],
      [-0.5, 0.25],
    ] as const) {
      expect(simulate('intercept', vx, vy)).toBeLessThanOrEqual(simulate('chase', vx, vy));
    }
    expect(simulate('intercept', 0.5, 0)).toBe(10);
    // Diagonally away at one tile per turn: nobody can ever meet it.
    expect(simulate('intercept', 1, 1)).toBe(Number.POSITIVE_INFINITY);
  });
});
