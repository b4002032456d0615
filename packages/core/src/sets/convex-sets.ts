import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { checkGrid } from '../grid/check-grid.js';
import { BLOCKED, type Grid } from '../grid/grid.js';
import { allocating } from '../util/allocate.js';
import { typedArrayName } from '../util/describe-value.js';
import { ownOptions } from '../util/own-options.js';

/**
 * A partition of the walkable tiles of a grid into axis-aligned rectangles ("convex sets" of the "Flanking / Retreating" tutorial).
 * Every walkable tile belongs to exactly one rectangle, and all tiles of a rectangle share one passability
 * code, so a unit standing anywhere in a set can walk straight to any other tile of it.
 */
export interface ConvexSets {
  /** Number of sets. Set ids are 0..count-1, numbered in row-major order of their top-left tiles. */
  count: number;
  /** Set id per tile (`y * width + x`); -1 for walls. */
  setOf: Int32Array;
  /** `[x, y, w, h]` of each set, 4 entries per set (tile units). Length `4 * count`. */
  rects: Int32Array;
  /** Grid width in tiles (informative; functions check `setOf.length` against the grid they get). */
  width?: number;
  /** Grid height in tiles (informative). */
  height?: number;
  /** The grid's version when the sets were computed (informative). */
  gridVersion?: number;
}

/** Options of {@link decomposeConvexSets}. */
export interface DecomposeOptions {
  /**
   * Largest width and height of one rectangle in tiles (an integer >= 1, or Infinity). Smaller rectangles give
   * more sets but costs closer to real distances.
   * @defaultValue {@link DEFAULT_MAX_SET_SIDE} (Infinity: no limit)
   */
  maxSide?: number;
  /**
   * How rectangles are chosen; see {@link decomposeConvexSets}.
   * @defaultValue {@link DEFAULT_DECOMPOSE_STRATEGY} (`'auto'`)
   */
  strategy?: DecomposeStrategy;
}

/** Default {@link DecomposeOptions.maxSide}: no limit. */
export const DEFAULT_MAX_SET_SIDE = Number.POSITIVE_INFINITY;

/** Ways {@link decomposeConvexSets} chooses rectangles. */
export type DecomposeStrategy = 'auto' | 'max-area' | 'band-aware';
/** Every `DecomposeStrategy`. */
export const DECOMPOSE_STRATEGIES: readonly DecomposeStrategy[] = ['auto', 'max-area', 'band-aware'];
/** Default {@link DecomposeOptions.strategy}. */
export const DEFAULT_DECOMPOSE_STRATEGY: DecomposeStrategy = 'auto';

/**
 * Partitions the walkable tiles into axis-aligned rectangles of one passability code each.
 *
 * Greedy maximal-rectangle sweep: tiles are visited in row-major order; at each walkable tile not yet in a set,
 * the rectangle with that tile as its top-left corner and the largest area (over all widths, each with its
 * tallest height) is taken. `band-aware` also stops a rectangle from growing down past a free band to its left
 * that is taller than one row (so a door tile does not cut a room in two); `auto` (default) runs both sweeps
 * and keeps the one with fewer sets. Each sweep is one pass over flat arrays, linear in practice: an open map
 * is one set; a 1024x1024 map takes tens of milliseconds.
 * @throws InvalidOptionError when `maxSide` is not a positive integer (or Infinity) or `strategy` is unknown.
 */
export function decomposeConvexSets(grid: Grid, options?: DecomposeOptions): ConvexSets {
  checkGrid(grid);
  const own = ownOptions(options, 'options', 'an options object { maxSide?, strategy? }');
  const maxSide = own.maxSide ?? DEFAULT_MAX_SET_SIDE;
  if (!(maxSide === Number.POSITIVE_INFINITY || (Number.isInteger(maxSide) && maxSide >= 1)))
    throw new OutOfRangeError('maxSide', maxSide, 'a positive integer or Infinity');
  const strategy = own.strategy ?? DEFAULT_DECOMPOSE_STRATEGY;
  if (!DECOMPOSE_STRATEGIES.includes(strategy))
    throw new InvalidOptionError('strategy', strategy, DECOMPOSE_STRATEGIES.join(', '));
  let best = sweep(grid, maxSide, strategy === 'band-aware');
  if (strategy === 'auto') {
    const other = sweep(grid, maxSide, true);
    if (other.count < best.count) best = other;
  }
  return { ...best, width: grid.width, height: grid.height, gridVersion: grid.version };
}

function sweep(
  grid: Grid,
  maxSide: number,
  bandAware: boolean,
): { count: number; setOf: Int32Array; rects: Int32Array } {
  const { width, height, passable } = grid;
  const size = width * height;
  const setOf = allocating(`the sets of a ${width}x${height} grid`, size * 4, () => new Int32Array(size)).fill(-1);
  let rects = new Int32Array(256);
  let count = 0;
  const limitW = Math.min(width, maxSide);
  const limitH = Math.min(height, maxSide);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      // PERF: flat indexing, typed-array reads only.
      const code = passable[row + x] as number;
      if (code === BLOCKED || (setOf[row + x] as number) !== -1) continue;
      // Scan rows downwards; `run` is the widest rectangle still possible, `best*` the largest area so far.
      let run = Math.min(limitW, width - x);
      let bestW = 0;
      let bestH = 0;
      let bestArea = 0;
      for (let k = 0; k < limitH && y + k < height; k++) {
        const base = (y + k) * width + x;
        if (bandAware && k > 0 && x > 0) {
          // Stop before cutting off a free band to the left that is taller than one row (a room beside a door).
          const l = base - 1;
          if ((passable[l] as number) === code && (setOf[l] as number) === -1) {
            const up = l - width;
            const down = l + width;
            if (
              (up >= 0 && (passable[up] as number) === code && (setOf[up] as number) === -1) ||
              (down < size && (passable[down] as number) === code && (setOf[down] as number) === -1)
            )
              break;
          }
        }
        let r = 0;
        while (r < run && (passable[base + r] as number) === code && (setOf[base + r] as number) === -1) r++;
        if (r === 0) break;
        run = r;
        const area = run * (k + 1);
        if (area > bestArea) {
          bestArea = area;
          bestW = run;
          bestH = k + 1;
        }
      }
      const id = count++;
      if (rects.length < count * 4) {
        const grown = new Int32Array(rects.length * 2);
        grown.set(rects);
        rects = grown;
      }
      rects[id * 4] = x;
      rects[id * 4 + 1] = y;
      rects[id * 4 + 2] = bestW;
      rects[id * 4 + 3] = bestH;
      for (let k = 0; k < bestH; k++) setOf.fill(id, (y + k) * width + x, (y + k) * width + x + bestW);
    }
  }
  return { count, setOf, rects: rects.slice(0, count * 4) };
}

/**
 * Throws a typed error unless `sets` looks like convex sets made by {@link decomposeConvexSets}: `count` a whole
 * number, `setOf` and `rects` Int32Arrays (real ones, not Proxies), `rects` holding 4 entries per set. O(1).
 * @throws InvalidOptionError naming `name` or the bad field.
 */
export function checkSets(sets: unknown, name = 'sets'): asserts sets is ConvexSets {
  if (sets === null || typeof sets !== 'object') throw new InvalidOptionError(name, sets, 'convex sets');
  const { count, setOf, rects } = sets as ConvexSets;
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0)
    throw new InvalidOptionError(`${name}.count`, count, 'a whole number of sets');
  if (typedArrayName(setOf) !== 'Int32Array') throw new InvalidOptionError(`${name}.setOf`, setOf, 'an Int32Array');
  if (typedArrayName(rects) !== 'Int32Array' || rects.length < 4 * count)
    throw new InvalidOptionError(`${name}.rects`, rects, `an Int32Array of 4 entries per set (${4 * count})`);
}

/**
 * Throws a typed error unless `grid` is a Grid and `sets` was made for a grid of its size: {@link checkSets},
 * `setOf` of one entry per tile, and every rectangle inside the grid (O(sets), so a forged rectangle cannot make
 * a kernel write outside its slice).
 */
export function assertSetsMatch(grid: Grid, sets: ConvexSets): void {
  checkGrid(grid);
  checkSets(sets);
  const { width, height } = grid;
  if (sets.setOf.length !== width * height || sets.count > width * height)
    throw new InvalidOptionError(
      'sets',
      sets,
      `convex sets of a ${width}x${height} grid (setOf of ${width * height} tiles, 4 rect entries per set)`,
    );
  const rects = sets.rects;
  for (let s = 0; s < sets.count; s++) {
    const x = rects[4 * s] as number;
    const y = rects[4 * s + 1] as number;
    const w = rects[4 * s + 2] as number;
    const h = rects[4 * s + 3] as number;
    if (!(x >= 0 && y >= 0 && w >= 1 && h >= 1 && x + w <= width && y + h <= height))
      throw new OutOfRangeError(
        `sets.rects[${4 * s}..${4 * s + 3}]`,
        `[${x}, ${y}, ${w}, ${h}]`,
        `a rectangle inside the ${width}x${height} grid`,
      );
  }
}
