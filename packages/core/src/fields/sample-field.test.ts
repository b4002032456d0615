import { describe, expect, it } from 'vitest';
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { parseAsciiMap } from '../grid/parse.js';
import { computeField } from './compute-field.js';
import { nextStep } from './follow.js';
import { sampleField } from './sample-field.js';

const MAP = ['#######', '#.....#', '#.##..#', '#.....#', '#######'].join('\n');

describe('sampleField', () => {
  const grid = parseAsciiMap(MAP);
  const field = computeField(grid, { goals: [{ x: 5, y: 3 }] });

  it('points from the position to the centre of the next tile, with the distance', () => {
    const out = new Float64Array(3);
    // Tile (1, 1): the field steps east to (2, 1), centre (2.5, 1.5).
    expect(field.dir[1 * grid.width + 1]).toBe(1);
    expect(sampleField(field, 1.5, 1.5, out)).toBe(out);
    expect([...out]).toEqual([1, 0, 1]);
    // Off-centre in the same tile: towards (2.5, 1.5) from (1.25, 1.75).
    sampleField(field, 1.25, 1.75, out);
    const len = Math.hypot(1.25, 0.25);
    expect(out[0]).toBeCloseTo(1.25 / len, 15);
    expect(out[1]).toBeCloseTo(-0.25 / len, 15);
    expect(out[2]).toBeCloseTo(len, 15);
    // Tile (4, 2) steps diagonally to the goal (5, 3): vector (1, 1) / sqrt 2 from its centre.
    expect(field.dir[2 * grid.width + 4]).toBe(5);
    sampleField(field, 4.5, 2.5, out);
    expect(out[0]).toBe(1 / Math.SQRT2);
    expect(out[1]).toBe(1 / Math.SQRT2);
    expect(out[2]).toBe(Math.SQRT2);
  });

  it('agrees with nextStep on every tile centre', () => {
    const out = [0, 0, 0];
    for (let y = 0; y < grid.height; y++) {
      for (let x = 0; x < grid.width; x++) {
        sampleField(field, x + 0.5, y + 0.5, out);
        const next = nextStep(field, x, y);
        if (next) {
          const len = Math.hypot(next.x - x, next.y - y);
          expect(out).toEqual([(next.x - x) / len, (next.y - y) / len, len]);
        } else expect(out).toEqual([0, 0, 0]);
      }
    }
  });

  it('heads for the goal tile centre on the goal, and is still on walls, unreachable tiles and outside', () => {
    const out = new Float32Array(3);
    sampleField(field, 5.5, 3.25, out);
    expect([...out]).toEqual([0, 1, 0.25]);
    sampleField(field, 5.5, 3.5, out);
    expect([...out]).toEqual([0, 0, 0]);
    for (const [x, y] of [
      [0.5, 0.5], // wall
      [2.5, 2.5], // wall
      [-0.5, 1.5], // outside
      [7.5, 1.5],
      [1.5, 5.5],
      [Number.NaN, 1.5],
    ] as const) {
      out.fill(9);
      sampleField(field, x, y, out);
      expect([...out]).toEqual([0, 0, 0]);
    }
    const walled = parseAsciiMap('#####\n#.#.#\n#####');
    const half = computeField(walled, { goals: [{ x: 1, y: 1 }] });
    out.fill(9);
    sampleField(half, 3.2, 1.7, out);
    expect([...out]).toEqual([0, 0, 0]);
  });

  it('refuses what is not a field, non-numbers and a short out with typed errors', () => {
    const out = new Float64Array(3);
    expect(() => sampleField(null as never, 1, 1, out)).toThrow(InvalidOptionError);
    expect(() => sampleField({ ...field, dir: new Uint8Array(3) }, 1, 1, out)).toThrow(InvalidOptionError);
    expect(() => sampleField({ ...field, width: '7' as never }, 1, 1, out)).toThrow(InvalidOptionError);
    expect(() => sampleField(field, 1n as never, 1, out)).toThrow(OutOfRangeError);
    expect(() => sampleField(field, 1, '1' as never, out)).toThrow(OutOfRangeError);
    expect(() => sampleField(field, 1, 1, new Float64Array(1))).toThrow(InvalidOptionError);
    expect(() => sampleField(field, 1, 1, 5 as never)).toThrow(InvalidOptionError);
  });

  it('writes only two slots when out has two', () => {
    const out = new Float64Array(2);
    sampleField(field, 1.5, 1.5, out);
    expect([...out]).toEqual([1, 0]);
  });
});
