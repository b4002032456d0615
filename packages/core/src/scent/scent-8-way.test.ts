import { describe, expect, it } from 'vitest';
import { fleeMap } from './flee-map.js';
import { scentMap } from './scent-map.js';
import { formatTable, seedLevel } from './seed-level.test-util.js';

/**
 * The article's C ("Scent Map II: Vectoric Boogaloo", thrig.me) transcribed with `#define DIRECTIONS 8`: Brogue's
 * dirs table, a FIFO queue, a neighbour taken whenever it is inside the map and still SMELL_UNSEEN (no corner
 * rule). Walls start as -2. Slow and literal, for reading.
 */
const DIRS = [
  [0, -1],
  [0, 1],
  [-1, 0],
  [1, 0],
  [-1, -1],
  [-1, 1],
  [1, -1],
  [1, 1],
] as const;
const UNSEEN = -1;

function flush(map: number[][], queue: [number, number][], directions: number): void {
  while (queue.length) {
    const [x, y] = queue.shift() as [number, number];
    const scent = (map[y]?.[x] as number) - 1;
    if (scent < 0) continue;
    for (let i = 0; i < directions; i++) {
      const ax = x + (DIRS[i] as readonly [number, number])[0];
      const ay = y + (DIRS[i] as readonly [number, number])[1];
      if (ay >= 0 && ay < map.length && ax >= 0 && ax < (map[0] as number[]).length && map[ay]?.[ax] === UNSEEN) {
        (map[ay] as number[])[ax] = scent;
        queue.push([ax, ay]);
      }
    }
  }
}

function articleScent(rows: readonly string[], px: number, py: number, smell: number, directions: number) {
  const map = rows.map((r) => [...r].map((c) => (c === '#' ? -2 : UNSEEN)));
  (map[py] as number[])[px] = smell;
  flush(map, [[px, py]], directions);
  return map;
}

function articleFlee(smells: number[][], smell: number, directions: number) {
  const flees = smells.map((r) => r.map(() => 0));
  const queue: [number, number][] = [];
  smells.forEach((row, r) => {
    row.forEach((value, c) => {
      if (value === smell) (flees[r] as number[])[c] = -2;
      else if (value > 0) (flees[r] as number[])[c] = UNSEEN;
      else if (value === 0 || value === UNSEEN) {
        (flees[r] as number[])[c] = smell * 2 - value;
        queue.push([c, r]);
      } else (flees[r] as number[])[c] = value;
    });
  });
  flush(flees, queue, directions);
  return flees;
}

const ROWS = [
  '.........',
  '.#.###.#.',
  '.#...#.#.',
  '.#...#.#.',
  '.#...#...',
  '.#...#..#',
  '.######..',
  '....#.##.',
  '.#.##.#..',
];

describe("8-way scent and flee maps: the article's corner-cutting spread is diagonal: 'always'", () => {
  const grid = seedLevel();
  for (const strength of [9, 99]) {
    it(`strength ${strength}: { neighbors: 8, diagonal: 'always' } equals the article's C with DIRECTIONS 8`, () => {
      const book = articleScent(ROWS, 3, 3, strength, 8);
      const ours = scentMap(grid, [{ x: 3, y: 3, strength }], { neighbors: 8, diagonal: 'always' });
      expect(formatTable(ours, 9)).toBe(formatTable(book.flat(), 9));
      const bookFlee = articleFlee(book, strength, 8);
      const flee = fleeMap(grid, ours, { strength, neighbors: 8, diagonal: 'always', onNoSeed: 'return' });
      expect(formatTable(flee, 9)).toBe(formatTable(bookFlee.flat(), 9));
    });
  }

  it('the default 8-neighbour rule (if-both-free) does not cut corners, so it differs from the article', () => {
    const book = articleScent(ROWS, 3, 3, 9, 8).flat();
    const ours = scentMap(grid, [{ x: 3, y: 3, strength: 9 }], { neighbors: 8 });
    // The door (2,1) is 7; the article steps diagonally past the wall corners to (1,0) and (3,0) at 6, the
    // default goes round through (2,0): 5.
    expect(book[1]).toBe(6);
    expect(book[3]).toBe(6);
    expect(ours[1]).toBe(5);
    expect(ours[3]).toBe(5);
    // 4 neighbours: the article's printed table is the default either way.
    expect(formatTable(scentMap(grid, [{ x: 3, y: 3, strength: 9 }]), 9)).toBe(
      formatTable(articleScent(ROWS, 3, 3, 9, 4).flat(), 9),
    );
  });
});
