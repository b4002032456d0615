/** Seed 002's 9x9 level (the map its printed tables imply), shared by the scent tests. Not part of the build. */
import type { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';

export const SEED_LEVEL_ROWS = [
  '.........',
  '.#.###.#.',
  '.#...#.#.',
  '.#...#.#.',
  '.#...#...',
  '.#...#..#',
  '.######..',
  '....#.##.',
  '.#.##.#..',
] as const;

export function seedLevel(): Grid {
  return parseAsciiMap(SEED_LEVEL_ROWS.join('\n'));
}

/** Parses a table printed as in seed 002 (`#` for -2, numbers separated by spaces) into row-major numbers. */
export function parseTable(text: string): number[] {
  return text
    .trim()
    .split(/\s+/)
    .map((t) => (t === '#' ? -2 : Number(t)));
}

/** Formats a map like the seed's perl one-liner output, for readable failure diffs. */
export function formatTable(map: ArrayLike<number>, width: number): string {
  const rows: string[] = [];
  for (let i = 0; i < map.length; i += width) {
    rows.push(
      Array.from({ length: width }, (_, k) => {
        const v = map[i + k] as number;
        return (v === -2 ? '#' : String(v)).padStart(3);
      }).join(''),
    );
  }
  return rows.join('\n');
}
