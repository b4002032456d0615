import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { checkGrid } from '../grid/check-grid.js';
import { DIR_DX, DIR_DY } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';
import { makePath, type Point, readPoint, type TilePath } from '../grid/point.js';
import { typedArrayName } from '../util/describe-value.js';
import { arrayLength, ownOptions } from '../util/own-options.js';
import type { ScentMoveOptions } from './scent-options.js';
import { readMoveOptions } from './scent-options.js';

/** Options of {@link descendMap} and {@link descendMapPath}. */
export interface DescendOptions extends ScentMoveOptions {
  /**
   * Neighbours per tile: 4 or 8 (unlike scent maps, 8: a unit may step diagonally on any map).
   * @defaultValue 8
   */
  neighbors?: 4 | 8;
  /**
   * Climb instead of descend (scent maps to reach the source, flee maps to get away).
   * @defaultValue false
   */
  ascend?: boolean;
}

/** Options of {@link descendMapPath}. */
export interface DescendPathOptions extends DescendOptions {
  /**
   * Most steps taken, a count of moves (the path then has at most maxSteps + 1 tiles); an integer >= 0.
   * @defaultValue the grid's tile count (`width * height`)
   */
  maxSteps?: number;
}

/** Defaults of {@link DescendOptions}. */
export const DEFAULT_DESCEND_OPTIONS: Readonly<Required<DescendOptions>> = Object.freeze({
  neighbors: 8,
  diagonal: 'if-both-free',
  ascend: false,
});

function checkMap(grid: Grid, map: ArrayLike<number>): void {
  checkGrid(grid);
  const expected = `${grid.width * grid.height} values (${grid.width}x${grid.height} grid)`;
  const length = arrayLength(map, 'map', expected);
  if (length !== grid.width * grid.height) throw new InvalidOptionError('map', map, `${expected}, got ${length}`);
}

/**
 * Reads a tile of `map` as descend does: NaN for "never step here". Int32Array maps are scent or flee maps:
 * -2 and below blocked, -1 (no scent) read as 0. Float maps: non-finite values are never stepped on.
 */
function valueAt(map: ArrayLike<number>, scent: boolean, i: number): number {
  const v = map[i] as number;
  if (scent) return v <= -2 ? Number.NaN : Math.max(v, 0);
  return v - v === 0 ? v : Number.NaN;
}

function step(
  map: ArrayLike<number>,
  scent: boolean,
  grid: Grid,
  p: number,
  dirCount: number,
  diagonal: number,
  ascend: boolean,
): number {
  const { width, height, passable } = grid;
  const x = p % width;
  const y = (p - x) / width;
  const code = passable[p] as number;
  const here = valueAt(map, scent, p);
  // A tile that may not be stepped on (unreachable, blocked) is worse than any real value.
  let best = Number.isNaN(here) ? (ascend ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY) : here;
  let next = -1;
  const ddx = DIR_DX; // PERF: imported bindings copied to locals for the loop
  const ddy = DIR_DY;
  for (let d = 0; d < dirCount; d++) {
    const dx = ddx[d] as number;
    const dy = ddy[d] as number;
    const nx = x + dx;
    const ny = y + dy;
    if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
    const q = ny * width + nx;
    if (passable[q] !== code) continue;
    if (d >= 4 && diagonal !== 1) {
      const a = passable[p + dx] === code;
      const b = passable[p + dy * width] === code;
      if (diagonal === 3 ? !(a && b) : !(a || b)) continue;
    }
    const v = valueAt(map, scent, q);
    if (ascend ? v > best : v < best) {
      best = v;
      next = q;
    }
  }
  return next;
}

/**
 * The next tile for a unit at (x, y) following `map`: the legal neighbour (same passability code, diagonal
 * rule) with the lowest value strictly below the unit's own (highest strictly above with `ascend`). Ties go
 * to the first in `DIRECTIONS` order (N, E, S, W, NE, SE, SW, NW). Tiles whose value is not finite, or -2 and
 * below in an Int32Array (scent/flee) map, are never chosen; -1 in an Int32Array reads as 0 (no scent).
 * A unit standing on such a tile moves to any real neighbour. A per-frame call (once per unit per frame), so the
 * unit's tile is given as `x, y` numbers (the rule in `Point`'s doc).
 * @returns the next tile's index `y * width + x`, or -1 when no neighbour is better (a local minimum or
 *   maximum: the unit has arrived or is stuck).
 * @throws CoordinateError naming `start` when (x, y) is outside the grid or a wall.
 * @throws InvalidOptionError when `map` is not `width * height` long, for bad move options or `ascend`, or a
 *   `grid` that is not a Grid. Options are read from own properties.
 */
export function descendMap(
  grid: Grid,
  map: ArrayLike<number>,
  x: number,
  y: number,
  options: DescendOptions = {},
): number {
  checkMap(grid, map);
  const o = ownOptions(options, 'options');
  const { dirCount, diagonal } = readMoveOptions(o, 8);
  const ascend = readAscend(o.ascend);
  grid.assertWalkable('start', x, y);
  return step(map, typedArrayName(map) === 'Int32Array', grid, y * grid.width + x, dirCount, diagonal, ascend);
}

function readAscend(ascend: unknown): boolean {
  if (ascend === undefined) return false;
  if (typeof ascend !== 'boolean') throw new InvalidOptionError('ascend', ascend, 'a boolean');
  return ascend;
}

/**
 * The tiles a unit on the tile `start` visits following {@link descendMap} until no neighbour is better, or
 * `maxSteps`. Values strictly improve on every step, so a path never repeats a tile.
 * @returns a {@link TilePath}: `points` the integer tiles `[x0, y0, x1, y1, ...]` starting with `start`, `cost` the
 *   number of moves (steps); or null when `start` is a wall (no route). `pathTileIndices(path, grid.width)` gives
 *   the tile indices `y * width + x`.
 * @throws InvalidOptionError naming `start` unless it is a point `{ x, y }`; CoordinateError naming `start` when it
 *   is outside the grid; the other errors of {@link descendMap}; OutOfRangeError naming `maxSteps` unless it is an
 *   integer >= 0.
 */
export function descendMapPath(
  grid: Grid,
  map: ArrayLike<number>,
  start: Point,
  options: DescendPathOptions = {},
): TilePath | null {
  checkMap(grid, map);
  const { x, y } = readPoint(start, 'start');
  const o = ownOptions(options, 'options');
  const { dirCount, diagonal } = readMoveOptions(o, 8);
  const ascend = readAscend(o.ascend);
  grid.assertInside('start', x, y);
  const maxSteps = o.maxSteps ?? grid.width * grid.height;
  if (!(Number.isInteger(maxSteps) && maxSteps >= 0)) {
    throw new OutOfRangeError('maxSteps', maxSteps, 'an integer >= 0');
  }
  const width = grid.width;
  if (grid.passable[y * width + x] === 0) return null;
  const scent = typedArrayName(map) === 'Int32Array';
  let p = y * width + x;
  const tiles = [p];
  for (let s = 0; s < maxSteps; s++) {
    const q = step(map, scent, grid, p, dirCount, diagonal, ascend);
    if (q < 0) break;
    tiles.push(q);
    p = q;
  }
  const points = new Int32Array(2 * tiles.length);
  for (let k = 0; k < tiles.length; k++) {
    const t = tiles[k] as number;
    points[2 * k] = t % width;
    points[2 * k + 1] = (t - (t % width)) / width;
  }
  return makePath(tiles.length - 1, points);
}
