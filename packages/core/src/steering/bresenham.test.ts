import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutOfRangeError } from '../errors.js';
import { bresenhamLength, bresenhamLine, bresenhamLineInto, LineStepper } from './bresenham.js';

const pairs = (a: Int32Array) => {
  const out: [number, number][] = [];
  for (let i = 0; i < a.length; i += 2) out.push([a[i] as number, a[i + 1] as number]);
  return out;
};

/** Slow, obvious reference: the exact line position on the minor axis, rounded, halves towards smaller. */
function referenceLine(x0: number, y0: number, x1: number, y1: number): [number, number][] {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const n = Math.max(Math.abs(dx), Math.abs(dy));
  const out: [number, number][] = [];
  for (let i = 0; i <= n; i++) {
    if (n === 0) {
      out.push([x0, y0]);
      continue;
    }
    const fx = x0 + (dx * i) / n;
    const fy = y0 + (dy * i) / n;
    out.push([Math.ceil(fx - 0.5) + 0, Math.ceil(fy - 0.5) + 0]);
  }
  return out;
}

describe("bresenhamLine style 'symmetric': exact tiles", () => {
  it('shallow line, first octant (the same tiles the seed prints for this case)', () => {
    expect(pairs(bresenhamLine(0, 0, 5, 2, 'symmetric'))).toEqual([
      [0, 0],
      [1, 0],
      [2, 1],
      [3, 1],
      [4, 2],
      [5, 2],
    ]);
  });
  it('the reversed line is the same tiles in reverse order', () => {
    expect(pairs(bresenhamLine(5, 2, 0, 0, 'symmetric'))).toEqual([
      [5, 2],
      [4, 2],
      [3, 1],
      [2, 1],
      [1, 0],
      [0, 0],
    ]);
  });
  it('steep line, second octant', () => {
    expect(pairs(bresenhamLine(0, 0, 2, 5, 'symmetric'))).toEqual([
      [0, 0],
      [0, 1],
      [1, 2],
      [1, 3],
      [2, 4],
      [2, 5],
    ]);
  });
  it('steep line going up and left', () => {
    expect(pairs(bresenhamLine(3, 7, 1, 2, 'symmetric'))).toEqual([
      [3, 7],
      [3, 6],
      [2, 5],
      [2, 4],
      [1, 3],
      [1, 2],
    ]);
  });
  it('shallow line going left and up (negative coordinates allowed)', () => {
    expect(pairs(bresenhamLine(0, 0, -5, -2, 'symmetric'))).toEqual([
      [0, 0],
      [-1, 0],
      [-2, -1],
      [-3, -1],
      [-4, -2],
      [-5, -2],
    ]);
  });
  it('exact halves round towards the smaller coordinate from either end', () => {
    expect(pairs(bresenhamLine(0, 0, 2, 1, 'symmetric'))).toEqual([
      [0, 0],
      [1, 0],
      [2, 1],
    ]);
    expect(pairs(bresenhamLine(2, 1, 0, 0, 'symmetric'))).toEqual([
      [2, 1],
      [1, 0],
      [0, 0],
    ]);
    expect(pairs(bresenhamLine(0, 1, 2, 0, 'symmetric'))).toEqual([
      [0, 1],
      [1, 0],
      [2, 0],
    ]);
  });
  it('horizontal, vertical, diagonal and single-tile lines', () => {
    expect(pairs(bresenhamLine(3, 4, 0, 4, 'symmetric'))).toEqual([
      [3, 4],
      [2, 4],
      [1, 4],
      [0, 4],
    ]);
    expect(pairs(bresenhamLine(1, 1, 1, 3, 'symmetric'))).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
    ]);
    expect(pairs(bresenhamLine(0, 0, 3, -3, 'symmetric'))).toEqual([
      [0, 0],
      [1, -1],
      [2, -2],
      [3, -3],
    ]);
    expect(pairs(bresenhamLine(7, 7, 7, 7, 'symmetric'))).toEqual([[7, 7]]);
  });
  it('an orc of the seed (1, 22) to Frodo (40, 2): 40 tiles, ends on Frodo', () => {
    const line = bresenhamLine(1, 22, 40, 2, 'symmetric');
    expect(line.length).toBe(80);
    expect(pairs(line).slice(0, 4)).toEqual([
      [1, 22],
      [2, 21],
      [3, 21],
      [4, 20],
    ]);
    expect(pairs(line).at(-1)).toEqual([40, 2]);
  });
});

describe('bresenhamLineInto and LineStepper', () => {
  it('writes at an offset into a caller buffer and returns the tile count', () => {
    const out = new Int32Array(10).fill(-9);
    expect(bresenhamLineInto(0, 0, 2, 1, out, 2, 'symmetric')).toBe(3);
    expect(Array.from(out)).toEqual([-9, -9, 0, 0, 1, 0, 2, 1, -9, -9]);
  });
  it('refuses a buffer that is too small and bad coordinates', () => {
    expect(() => bresenhamLineInto(0, 0, 5, 0, new Int32Array(11))).toThrow(OutOfRangeError);
    expect(() => bresenhamLine(0, 0, 1.5, 0, 'symmetric')).toThrow(OutOfRangeError);
    expect(() => bresenhamLine(Number.NaN, 0, 1, 0, 'symmetric')).toThrow(OutOfRangeError);
    expect(() => bresenhamLineInto(0, 0, 1, 0, [], -1)).toThrow(OutOfRangeError);
  });
  it('fills plain arrays too', () => {
    const out: number[] = [];
    expect(bresenhamLineInto(0, 0, -1, 2, out, 0, 'symmetric')).toBe(3);
    expect(out).toEqual([0, 0, -1, 1, -1, 2]); // x = -0.5 at y = 1: the half goes to the smaller x
  });
  it('LineStepper is reusable and counts its tiles', () => {
    const s = new LineStepper();
    for (const [x1, y1] of [
      [4, 1],
      [-3, 6],
    ] as const) {
      s.reset(0, 0, x1, y1, 'symmetric');
      const seen: number[] = [];
      while (s.next()) seen.push(s.x, s.y);
      expect(seen).toEqual(Array.from(bresenhamLine(0, 0, x1, y1, 'symmetric')));
      expect(s.length).toBe(bresenhamLength(0, 0, x1, y1));
      expect(s.next()).toBe(false);
    }
  });
});

describe("bresenhamLine style 'symmetric': properties", () => {
  const coord = fc.integer({ min: -60, max: 60 });
  const line = fc.tuple(coord, coord, coord, coord);

  it('matches the slow reference (nearest tile to the exact line, halves to the smaller side)', () => {
    fc.assert(
      fc.property(line, ([x0, y0, x1, y1]) => {
        expect(pairs(bresenhamLine(x0, y0, x1, y1, 'symmetric'))).toEqual(referenceLine(x0, y0, x1, y1));
      }),
      { numRuns: 400 },
    );
  });

  it('endpoints, length, 8-connected, always one step along the major axis, symmetric', () => {
    fc.assert(
      fc.property(line, ([x0, y0, x1, y1]) => {
        const t = pairs(bresenhamLine(x0, y0, x1, y1, 'symmetric'));
        const adx = Math.abs(x1 - x0);
        const ady = Math.abs(y1 - y0);
        expect(t.length).toBe(Math.max(adx, ady) + 1);
        expect(t[0]).toEqual([x0, y0]);
        expect(t.at(-1)).toEqual([x1, y1]);
        const xMajor = adx >= ady;
        let minorRun = 0;
        for (let i = 1; i < t.length; i++) {
          const [ax, ay] = t[i - 1] as [number, number];
          const [bx, by] = t[i] as [number, number];
          const sx = bx - ax;
          const sy = by - ay;
          expect(Math.max(Math.abs(sx), Math.abs(sy))).toBe(1); // 8-connected, never stays
          // The major axis moves on every step (no step is along the minor axis alone) ...
          expect(Math.abs(xMajor ? sx : sy)).toBe(1);
          // ... and every step goes the way of the line.
          if (sx !== 0) expect(Math.sign(sx)).toBe(Math.sign(x1 - x0));
          if (sy !== 0) expect(Math.sign(sy)).toBe(Math.sign(y1 - y0));
          // Where the minor distance is at most half the major one, never two minor moves in a row.
          minorRun = (xMajor ? sy : sx) !== 0 ? minorRun + 1 : 0;
          if (2 * Math.min(adx, ady) <= Math.max(adx, ady)) expect(minorRun).toBeLessThanOrEqual(1);
        }
        expect(pairs(bresenhamLine(x1, y1, x0, y0, 'symmetric')).reverse()).toEqual(t);
      }),
      { numRuns: 400 },
    );
  });
});
