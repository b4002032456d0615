/**
 * Path pictures for tests: a path drawn over its grid as ASCII, so that a path test that fails shows the two
 * pictures side by side in the diff instead of two lists of numbers (the habit of rot.js and ngraph.path,
 * whose tests draw their maps as text).
 *
 *   expect(drawPath(grid, path)).toBe(picture`
 *     #######
 *     #*****#
 *     #*###*#
 *     #S#G**#
 *     #######
 *   `);
 */
import type { Grid } from '../grid/grid.js';

/** Characters of a path picture. */
export const PICTURE = { wall: '#', floor: '.', water: '~', path: '*', start: 'S', goal: 'G' } as const;

/**
 * The grid as text, one row per line (`#` wall, `.` ground, `~` water), with the tiles of `path` (x, y pairs,
 * start first) marked `*`, its first tile `S` and its last `G`. A path of one tile is drawn `G`.
 */
export function drawPath(grid: Grid, path: ArrayLike<number>): string {
  const rows: string[][] = [];
  for (let y = 0; y < grid.height; y++) {
    const row: string[] = [];
    for (let x = 0; x < grid.width; x++) {
      const code = grid.passable[y * grid.width + x];
      row.push(code === 0 ? PICTURE.wall : code === 2 ? PICTURE.water : PICTURE.floor);
    }
    rows.push(row);
  }
  const put = (k: number, char: string) => {
    const row = rows[path[k + 1] as number];
    if (row === undefined || (path[k] as number) < 0 || (path[k] as number) >= grid.width)
      throw new RangeError(`path tile (${path[k]}, ${path[k + 1]}) is outside the ${grid.width}x${grid.height} grid`);
    row[path[k] as number] = char;
  };
  for (let k = 0; k + 1 < path.length; k += 2) put(k, PICTURE.path);
  if (path.length >= 2) put(0, PICTURE.start);
  if (path.length >= 2) put(path.length - 2, PICTURE.goal);
  return rows.map((r) => r.join('')).join('\n');
}

/**
 * A picture written in a test as an indented template literal: the first and last blank lines are dropped and
 * the common indentation removed, so it compares equal to {@link drawPath}'s output.
 */
export function picture(strings: TemplateStringsArray, ...values: unknown[]): string {
  const text = strings.reduce((all, part, i) => all + part + (i < values.length ? String(values[i]) : ''), '');
  const lines = text.split('\n');
  while (lines.length > 0 && (lines[0] as string).trim() === '') lines.shift();
  while (lines.length > 0 && (lines[lines.length - 1] as string).trim() === '') lines.pop();
  const indent = Math.min(
    ...lines.filter((l) => l.trim() !== '').map((l) => (/^ */.exec(l) as RegExpExecArray)[0].length),
  );
  return lines.map((l) => l.slice(indent).trimEnd()).join('\n');
}
