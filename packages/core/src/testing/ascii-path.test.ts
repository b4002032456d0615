import { describe, expect, it } from 'vitest';
import { parseAsciiMap } from '../grid/parse.js';
import { drawPath, picture } from './ascii-path.test-util.js';

describe('path pictures', () => {
  const grid = parseAsciiMap('#####\n#...#\n#.#.#\n#####');

  it('draws walls, floor, the path, its start and its goal', () => {
    expect(drawPath(grid, [1, 2, 1, 1, 2, 1, 3, 1, 3, 2])).toBe(picture`
      #####
      #***#
      #S#G#
      #####
    `);
    expect(drawPath(grid, [3, 2])).toBe('#####\n#...#\n#.#G#\n#####');
    expect(drawPath(grid, [])).toBe('#####\n#...#\n#.#.#\n#####');
  });

  it('refuses tiles outside the grid', () => {
    expect(() => drawPath(grid, [5, 0])).toThrow('path tile (5, 0) is outside the 5x4 grid');
  });
});
