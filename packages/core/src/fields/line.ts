import { InvalidOptionError } from '../errors.js';
import { checkGrid } from '../grid/check-grid.js';
import type { Grid } from '../grid/grid.js';
import { makePath, type TilePath } from '../grid/point.js';
import { arrayLength } from '../util/own-options.js';
import { pathLength, routePoints } from './follow.js';
import { RULE_ALWAYS, RULE_BOTH_FREE, resolveMoves } from './options.js';
import type { MoveOptions } from './types.js';

function lineWalkable(grid: Grid, x0: number, y0: number, x1: number, y1: number, rule: number): boolean {
  const { width, passable } = grid;
  const code = passable[y0 * width + x0] as number;
  if (code === 0) return false;
  const dx = Math.abs(x1 - x0);
  const dy = Math.abs(y1 - y0);
  const sx = x1 > x0 ? 1 : -1;
  const sy = y1 > y0 ? 1 : -1;
  const dx2 = 2 * dx;
  const dy2 = 2 * dy;
  // err > 0: the segment leaves the current tile through its x side, err < 0: through its y side, 0: exactly
  // through a corner (a diagonal move).
  let err = dx - dy;
  let x = x0;
  let y = y0;
  while (x !== x1 || y !== y1) {
    if (err > 0) {
      x += sx;
      err -= dy2;
      if (passable[y * width + x] !== code) return false;
    } else if (err < 0) {
      y += sy;
      err += dx2;
      if (passable[y * width + x] !== code) return false;
    } else {
      if (passable[(y + sy) * width + x + sx] !== code) return false;
      if (rule !== RULE_ALWAYS) {
        const a = passable[y * width + x + sx] === code;
        const b = passable[(y + sy) * width + x] === code;
        // Both-free needs both sides; if-one-free needs one; `never` / 4 neighbours go round through one side.
        if (rule === RULE_BOTH_FREE ? !(a && b) : !(a || b)) return false;
      }
      x += sx;
      y += sy;
      err += dx2 - dy2;
    }
  }
  return true;
}

/**
 * True when a unit can walk the straight segment from the centre of tile (x0, y0) to the centre of (x1, y1):
 * every tile the segment passes through has the start tile's passability code (so water lines stay in water),
 * and where the segment passes exactly through a tile corner the diagonal rule holds (`if-both-free`: both
 * tiles beside the corner, `if-one-free`: one, `always`: none; with `never` or 4 neighbours one side must be
 * free to go round). A wall start gives false. Symmetric in its two ends. Integer supercover traversal,
 * O(|dx| + |dy|), no allocation.
 * @throws CoordinateError when an end is outside the grid; InvalidOptionError for bad options.
 */
export function walkableLine(
  grid: Grid,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  options?: MoveOptions,
): boolean {
  checkGrid(grid);
  grid.assertInside('line start', x0, y0);
  grid.assertInside('line end', x1, y1);
  return lineWalkable(grid, x0, y0, x1, y1, resolveMoves(options).rule);
}

/**
 * Shortens a tile path (a {@link TilePath}, as from `pathFromField`, or a flat pair array `[x0, y0, x1, y1, ...]`)
 * by string pulling: from each
 * kept tile it jumps to the farthest following tile of the path reached by an unbroken run of
 * {@link walkableLine} tests. The first and last tiles are kept, every consecutive pair of the result is
 * line-walkable under the same rules (when consecutive tiles of the input are), and the result is never longer
 * (Euclidean length) than the input. Returns a new {@link TilePath} whose `cost` is its Euclidean length in tiles.
 * @throws InvalidOptionError for an odd-length path; CoordinateError for a tile outside the grid.
 */
export function smoothPath(grid: Grid, route: TilePath | ArrayLike<number>, options?: MoveOptions): TilePath {
  checkGrid(grid);
  let path = routePoints(route);
  const expected = 'a flat array [x0, y0, x1, y1, ...] of even length';
  const length = arrayLength(path, 'path', expected);
  if (length % 2 !== 0) throw new InvalidOptionError('path', path, expected);
  const rule = resolveMoves(options).rule;
  const n = length / 2;
  // Each coordinate is read once: the checked value is the used one.
  const tiles = new Int32Array(length);
  for (let k = 0; k < n; k++) {
    const x = path[2 * k] as number;
    const y = path[2 * k + 1] as number;
    grid.assertInside(`path[${k}]`, x, y);
    tiles[2 * k] = x;
    tiles[2 * k + 1] = y;
  }
  path = tiles;
  if (n <= 2) return makePath(pathLength(tiles), tiles);
  const kept: number[] = [path[0] as number, path[1] as number];
  let anchor = 0;
  while (anchor < n - 1) {
    const ax = path[2 * anchor] as number;
    const ay = path[2 * anchor + 1] as number;
    let j = anchor + 1;
    while (j + 1 < n && lineWalkable(grid, ax, ay, path[2 * j + 2] as number, path[2 * j + 3] as number, rule)) j++;
    kept.push(path[2 * j] as number, path[2 * j + 1] as number);
    anchor = j;
  }
  const points = Int32Array.from(kept);
  return makePath(pathLength(points), points);
}
