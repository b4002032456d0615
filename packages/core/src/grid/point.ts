import { InvalidOptionError } from '../errors.js';
import { typedArrayName } from '../util/describe-value.js';
import { recordOf } from '../util/own-options.js';

/**
 * A position in tiles: `x` is the column, `y` the row, both growing away from the grid's top-left corner. Where a
 * function wants a tile, the numbers are integers (the tile `(x, y)`); where it wants a continuous position, tile
 * `(x, y)` covers `[x, x + 1) x [y, y + 1)` and its centre is `(x + 0.5, y + 0.5)`. Each function says which.
 *
 * The calling rule: every function takes its points as `{ x, y }` objects, except the per-frame calls made once per
 * unit per frame (`sampleFlow`, `sampleField`, `nextStep`, `descendMap`, `SectorGraph.firstMove`, the steering
 * steps), which take `x, y` numbers so that a game loop allocates nothing. (`descendMap` is the scent family's
 * `nextStep`: one step of one unit per frame.)
 */
export interface Point {
  /** Column, in tiles. */
  readonly x: number;
  /** Row, in tiles. */
  readonly y: number;
}

/**
 * A route, the one shape every path-returning function gives back.
 * - `cost`: the route's cost in its family's metric (said per function: octile length, steps, terrain cost, or
 *   Euclidean length in tiles).
 * - `points`: the route's points as a flat array `[x0, y0, x1, y1, ..., xn, yn]` in tiles, the start first and the
 *   end last. An `Int32Array` of tile coordinates for tile-by-tile routes, a `Float64Array` of continuous positions
 *   (see {@link Point}) for any-angle and followed routes; each function says which.
 *
 * A function that finds no route returns `null`, never an empty path.
 */
export interface Path<Points extends Int32Array | Float64Array = Int32Array | Float64Array> {
  /** The route's cost, in the metric the function names. */
  readonly cost: number;
  /** `[x0, y0, x1, y1, ...]`, in tiles. */
  readonly points: Points;
}

/** A path of tile coordinates (each point an integer tile). */
export type TilePath = Path<Int32Array>;

/**
 * Reads a point argument for validation: its own `x` and `y` (inherited values are ignored) as numbers.
 * @throws InvalidOptionError naming `name` unless `value` is an object with own number properties `x` and `y`.
 */
export function readPoint(value: unknown, name: string): Point {
  const p = recordOf<Point>(value, name, 'a point { x, y } in tiles');
  const x = Object.hasOwn(p, 'x') ? p.x : undefined;
  const y = Object.hasOwn(p, 'y') ? p.y : undefined;
  if (typeof x !== 'number' || typeof y !== 'number')
    throw new InvalidOptionError(name, value, 'a point { x, y } in tiles with number x and y');
  return { x, y };
}

/** A path object; `points` must already be a flat pair array. */
export function makePath<P extends Int32Array | Float64Array>(cost: number, points: P): Path<P> {
  return { cost, points };
}

/**
 * The number of points in `path`.
 * @throws InvalidOptionError unless `path` is a path whose `points` is an Int32Array or Float64Array of pairs.
 */
export function pathPointCount(path: Path): number {
  const points = recordOf<Path>(path, 'path', 'a path { cost, points }').points;
  const name = typedArrayName(points);
  if ((name !== 'Int32Array' && name !== 'Float64Array') || points.length % 2 !== 0)
    throw new InvalidOptionError('path.points', points, 'an Int32Array or Float64Array of x, y pairs');
  return points.length >> 1;
}

/**
 * The tile indices (`y * width + x`) of a tile path's points, in order: the index-list form of a path.
 * @throws InvalidOptionError when `path.points` is not an Int32Array of pairs or `width` is not a positive integer.
 */
export function pathTileIndices(path: TilePath, width: number): Int32Array {
  const points = recordOf<TilePath>(path, 'path', 'a tile path { cost, points: Int32Array }').points;
  if (typedArrayName(points) !== 'Int32Array' || points.length % 2 !== 0)
    throw new InvalidOptionError('path.points', points, 'an Int32Array of x, y pairs');
  if (!Number.isSafeInteger(width) || width <= 0) throw new InvalidOptionError('width', width, 'a positive integer');
  const out = new Int32Array(points.length >> 1);
  for (let k = 0; k < out.length; k++) out[k] = (points[2 * k + 1] as number) * width + (points[2 * k] as number);
  return out;
}
