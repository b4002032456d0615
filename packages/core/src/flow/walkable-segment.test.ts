import { describe, expect, it } from 'vitest';
import { CoordinateError } from '../errors.js';
import { parseAsciiMap } from '../grid/parse.js';
import { walkableSegment } from './walkable-segment.js';

describe('walkableSegment', () => {
  const grid = parseAsciiMap(['....', '.#..', '..#.', '....'].join('\n'));

  it('refuses segments through walls, allows touching them', () => {
    expect(walkableSegment(grid, 0.5, 0.5, 3.5, 0.5)).toBe(true);
    expect(walkableSegment(grid, 0.5, 1.5, 3.5, 1.5)).toBe(false);
    // Along the top edge of the wall at (1, 1): touching only.
    expect(walkableSegment(grid, 0.5, 1, 3.5, 1)).toBe(true);
  });

  it('applies the diagonal rule at a corner crossed between two diagonal walls', () => {
    // From (1, 2) to (2, 1) through the corner (2, 2), between the walls (1, 1) and (2, 2): a squeeze.
    expect(walkableSegment(grid, 1.5, 2.5, 2.5, 1.5)).toBe(false);
    expect(walkableSegment(grid, 1.5, 2.5, 2.5, 1.5, { diagonal: 'always' })).toBe(true);
    // From (1, 0) to (2, 1) through the corner (2, 1): the tiles beside it, (2, 0) and (1, 1), a floor and a wall.
    expect(walkableSegment(grid, 1.5, 0.5, 2.5, 1.5)).toBe(false);
    expect(walkableSegment(grid, 1.5, 0.5, 2.5, 1.5, { diagonal: 'if-one-free' })).toBe(true);
    const squeeze = parseAsciiMap(['.#', '#.'].join('\n'));
    expect(walkableSegment(squeeze, 0.5, 0.5, 1.5, 1.5)).toBe(false);
    expect(walkableSegment(squeeze, 0.5, 0.5, 1.5, 1.5, { diagonal: 'if-one-free' })).toBe(false);
    expect(walkableSegment(squeeze, 0.5, 0.5, 1.5, 1.5, { diagonal: 'always' })).toBe(true);
    const corner = parseAsciiMap(['.#', '..'].join('\n'));
    expect(walkableSegment(corner, 0.5, 0.5, 1.5, 1.5)).toBe(false);
    expect(walkableSegment(corner, 0.5, 0.5, 1.5, 1.5, { diagonal: 'if-one-free' })).toBe(true);
  });

  it('starts on a wall: false; outside the grid: CoordinateError', () => {
    expect(walkableSegment(grid, 1.5, 1.5, 0.5, 0.5)).toBe(false);
    expect(() => walkableSegment(grid, -0.5, 0.5, 1, 1)).toThrow(CoordinateError);
    expect(() => walkableSegment(grid, 0.5, 0.5, 4.5, 1)).toThrow('segment end (4.5, 1) is outside the 4x4 grid');
  });
});
