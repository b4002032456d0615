import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutOfRangeError } from '../errors.js';
import { RtsUnitIndex } from './unit-index.js';

/** Builds an index over the points (x, y pairs). */
function build(width: number, height: number, points: number[], pad: number): RtsUnitIndex {
  const index = new RtsUnitIndex(width, height);
  index.reset(points.length / 2);
  for (let i = 0; i < points.length; i += 2)
    expect(index.add(points[i] as number, points[i + 1] as number)).toBe(i / 2);
  index.finish(pad);
  return index;
}

function query(index: RtsUnitIndex, x0: number, y0: number, x1: number, y1: number): number[] {
  const out = new Int32Array(index.size + 1);
  const n = index.range(x0, y0, x1, y1, out);
  return Array.from(out.subarray(0, n)).sort((a, b) => a - b);
}

describe('RtsUnitIndex', () => {
  it('returns the points of the one-tile cells the padded box touches, cell by cell', () => {
    // 6 x 4 tiles, cells of one tile: the points sit in cells (0,0), (2,1), (2,1), (5,3), (3,1).
    const index = build(6, 4, [0.5, 0.5, 2.2, 1.7, 2.9, 1.1, 5.5, 3.5, 3.0, 1.0], 0);
    expect(index.cellSize).toBe(1);
    expect(query(index, 2, 1, 2.5, 1.5)).toEqual([1, 2]);
    expect(query(index, 2, 1, 3, 1)).toEqual([1, 2, 4]);
    expect(query(index, 0, 0, 5.9, 3.9)).toEqual([0, 1, 2, 3, 4]);
    expect(query(index, 4, 0, 4.9, 0.9)).toEqual([]);
    // Cell by cell: (2,1) holds points 1 and 2 in the order they were added, then cell (3,1).
    const out = new Int32Array(5);
    expect(index.range(2, 1, 3, 1, out)).toBe(3);
    expect(Array.from(out.subarray(0, 3))).toEqual([1, 2, 4]);
    // A pad of 1 tile widens the box by one cell on every side.
    const padded = build(6, 4, [0.5, 0.5, 2.2, 1.7, 2.9, 1.1, 5.5, 3.5, 3.0, 1.0], 1);
    expect(query(padded, 4.2, 2.2, 4.8, 2.8)).toEqual([3, 4]);
  });

  it('puts points outside the map in the nearest border cell', () => {
    const index = build(4, 4, [-3, 1.5, 9, 9], 0);
    expect(query(index, 0, 1, 0.5, 1.5)).toEqual([0]);
    expect(query(index, 3.5, 3.5, 3.9, 3.9)).toEqual([1]);
  });

  it('uses larger cells on big maps: at most max(16384, 16 per point) cells', () => {
    const index = new RtsUnitIndex(1024, 1024);
    index.reset(10);
    expect(index.cellSize).toBe(8);
    expect(index.cols * index.rows).toBe(16384);
    index.reset(4096);
    expect(index.cellSize).toBe(4);
  });

  it('throws OutOfRangeError for more points than reset allowed and for a short output array', () => {
    const index = new RtsUnitIndex(4, 4);
    index.reset(1);
    index.add(1, 1);
    expect(() => index.add(2, 2)).toThrow(OutOfRangeError);
    index.finish(0);
    expect(() => index.range(0, 0, 4, 4, new Int32Array(0))).toThrow(OutOfRangeError);
  });

  it('equals a plain scan: every point within the padded box, and only points of the cells it touches', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 300 }),
        fc.array(
          fc.tuple(fc.double({ min: -2, max: 1.02, noNaN: true }), fc.double({ min: -2, max: 1.02, noNaN: true })),
          {
            maxLength: 80,
          },
        ),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
        fc.tuple(fc.double({ min: 0, max: 0.3, noNaN: true }), fc.double({ min: 0, max: 0.3, noNaN: true })),
        (w, h, unit, pad, [bx, by], [bw, bh]) => {
          const points = unit.flatMap(([x, y]) => [x * w, y * h]);
          const index = build(w, h, points, pad);
          const x0 = bx * w;
          const y0 = by * h;
          const x1 = x0 + bw * w;
          const y1 = y0 + bh * h;
          const got = query(index, x0, y0, x1, y1);
          // The reference: the cells (clamped to the map) of the padded box, and each point's cell (clamped).
          const cell = index.cellSize;
          const clampX = (v: number) => Math.min(index.cols - 1, Math.max(0, Math.floor(v / cell)));
          const clampY = (v: number) => Math.min(index.rows - 1, Math.max(0, Math.floor(v / cell)));
          const want: number[] = [];
          for (let i = 0; i < unit.length; i++) {
            const cx = clampX(points[i * 2] as number);
            const cy = clampY(points[i * 2 + 1] as number);
            const inX = cx >= Math.max(0, Math.floor((x0 - pad) / cell)) && cx <= Math.floor((x1 + pad) / cell);
            const inY = cy >= Math.max(0, Math.floor((y0 - pad) / cell)) && cy <= Math.floor((y1 + pad) / cell);
            if (inX && inY) want.push(i);
          }
          expect(got).toEqual(want);
          // Completeness: every point inside the padded box is found.
          for (let i = 0; i < unit.length; i++) {
            const x = points[i * 2] as number;
            const y = points[i * 2 + 1] as number;
            if (x >= x0 - pad && x <= x1 + pad && y >= y0 - pad && y <= y1 + pad) expect(got).toContain(i);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
