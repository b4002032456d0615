import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../errors.js';
import { DIR_DX, DIR_DY } from '../grid/directions.js';
import { listingBresenham } from './book-listings.test-util.js';
import {
  BRESENHAM_STYLES,
  bresenhamLine,
  bresenhamLineInto,
  DEFAULT_BRESENHAM_STYLE,
  LineStepper,
} from './bresenham.js';
import { LineChaser } from './tile-chase.js';

const pairs = (a: Int32Array) => {
  const out: [number, number][] = [];
  for (let i = 0; i < a.length; i += 2) out.push([a[i] as number, a[i + 1] as number]);
  return out;
};

// The book's Pgm01b: Frodo at (40, 2), eight orcs along the bottom of the 80x24 screen.
const PLAYER = [40, 2] as const;
const ORCS_X = [1, 5, 10, 20, 30, 50, 60, 70];
const ORCS_Y = [22, 21, 22, 20, 19, 22, 20, 14];

describe("bresenhamLine style 'listing': the book's C++ tile for tile", () => {
  it('(0,0) to (5,1): the minor step comes late, at x = 4', () => {
    expect(pairs(bresenhamLine(0, 0, 5, 1, 'listing'))).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 1],
      [5, 1],
    ]);
    expect(pairs(bresenhamLine(0, 0, 5, 1, 'symmetric'))).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
  });

  it("the orc demo's eight paths: the default (the listing) is the book's; the symmetric style differs on 31 of 219 tiles", () => {
    let tiles = 0;
    let differ = 0;
    for (let i = 0; i < 8; i++) {
      const x = ORCS_X[i] as number;
      const y = ORCS_Y[i] as number;
      const book = listingBresenham(200, x, y, PLAYER[0], PLAYER[1]);
      const listing = pairs(bresenhamLine(x, y, PLAYER[0], PLAYER[1], 'listing'));
      expect(listing).toEqual(book);
      // The default is the book's line: no style given, the book's tiles.
      expect(pairs(bresenhamLine(x, y, PLAYER[0], PLAYER[1]))).toEqual(book);
      const chaser = new LineChaser();
      const walked: [number, number][] = [[x, y]];
      for (
        let at = [x, y];
        at[0] !== PLAYER[0] || at[1] !== PLAYER[1];
        walked.push([at[0] as number, at[1] as number])
      ) {
        const d = chaser.next(at[0] as number, at[1] as number, PLAYER[0], PLAYER[1]);
        at = [(at[0] as number) + (DIR_DX[d] as number), (at[1] as number) + (DIR_DY[d] as number)];
      }
      expect(walked).toEqual(book);
      const symmetric = pairs(bresenhamLine(x, y, PLAYER[0], PLAYER[1], 'symmetric'));
      expect(symmetric.length).toBe(book.length);
      tiles += book.length;
      for (let k = 0; k < book.length; k++) {
        const a = book[k] as [number, number];
        const b = symmetric[k] as [number, number];
        if (a[0] !== b[0] || a[1] !== b[1]) differ++;
      }
    }
    expect(tiles).toBe(219);
    expect(differ).toBe(31);
  });

  it('the orc at (70, 14): its listing path, first tiles', () => {
    // deltaX = 60, deltaY = 24 (doubled): fraction starts at 2 * 24 - 60 = -12.
    expect(pairs(bresenhamLine(70, 14, 40, 2, 'listing')).slice(0, 6)).toEqual([
      [70, 14],
      [69, 14],
      [68, 13],
      [67, 13],
      [66, 12],
      [65, 12],
    ]);
  });

  it('equals the transcribed listing on random lines, through LineStepper and bresenhamLineInto too', () => {
    const stepper = new LineStepper();
    fc.assert(
      fc.property(
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: -40, max: 40 }),
        (x0, y0, x1, y1) => {
          const book = listingBresenham(200, x0, y0, x1, y1);
          // The book's arrays use -1 as "unused": compare only lines that stay on non-negative tiles there.
          const line = pairs(bresenhamLine(x0, y0, x1, y1, 'listing'));
          if (line.every(([x, y]) => x >= 0 && y >= 0)) expect(line).toEqual(book);
          expect(line[line.length - 1]).toEqual([x1, y1]);
          expect(line.length).toBe(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) + 1);
          const walked: [number, number][] = [];
          stepper.reset(x0, y0, x1, y1, 'listing');
          while (stepper.next()) walked.push([stepper.x, stepper.y]);
          expect(walked).toEqual(line);
          const into: number[] = [];
          bresenhamLineInto(x0, y0, x1, y1, into, 0, 'listing');
          expect(into).toEqual(line.flat());
          for (let k = 1; k < line.length; k++) {
            const [ax, ay] = line[k - 1] as [number, number];
            const [bx, by] = line[k] as [number, number];
            expect(Math.max(Math.abs(bx - ax), Math.abs(by - ay))).toBe(1);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("the default is the book's listing (every line function, the stepper and the chaser); an unknown style is refused", () => {
    expect(DEFAULT_BRESENHAM_STYLE).toBe('listing');
    expect(BRESENHAM_STYLES).toEqual(['listing', 'symmetric']);
    const book = pairs(bresenhamLine(0, 0, 5, 1, 'listing'));
    expect(pairs(bresenhamLine(0, 0, 5, 1))).toEqual(book);
    const into: number[] = [];
    bresenhamLineInto(0, 0, 5, 1, into);
    expect(into).toEqual(book.flat());
    const s = new LineStepper().reset(0, 0, 5, 1);
    const walked: number[] = [];
    while (s.next()) walked.push(s.x, s.y);
    expect(walked).toEqual(book.flat());
    expect(new LineChaser().style).toBe('listing');
    expect(() => bresenhamLine(0, 0, 5, 1, 'book' as never)).toThrow(InvalidOptionError);
    expect(() => new LineStepper().reset(0, 0, 1, 1, null as never)).toThrow(InvalidOptionError);
  });
});
