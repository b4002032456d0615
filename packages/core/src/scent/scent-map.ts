import { InvalidOptionError } from '../errors.js';
import { checkGrid } from '../grid/check-grid.js';
import type { Grid } from '../grid/grid.js';
import { type Point, readPoint } from '../grid/point.js';
import { ownOptions } from '../util/own-options.js';
import { type KernelRunOptions, readRunOptions } from '../util/run-options.js';
import { scratchQueue, spreadScent } from './scent-bfs.js';
import type { ScentMoveOptions } from './scent-options.js';
import {
  checkStrength,
  DEFAULT_SCENT_NEIGHBORS,
  outputMap,
  readMoveOptions,
  SCENT_BLOCKED,
  SCENT_UNSEEN,
} from './scent-options.js';

/** A tile that gives off scent: a {@link Point} (an integer tile) with a strength. */
export interface ScentSource extends Point {
  /** Scent at the source tile; one less per move, spreading stops at 0. An integer from 1 to 2^30 - 1. */
  strength: number;
}

/** Options of {@link scentMap}. */
export interface ScentMapOptions extends ScentMoveOptions, KernelRunOptions {
  /**
   * Int32Array of `width * height` values to write into (reused, no allocation).
   * @defaultValue undefined (meaning a new array is allocated)
   */
  out?: Int32Array;
}

/** Defaults of {@link ScentMapOptions}: 4 neighbours (as the tables of thrig's "Scent Map II: Vectoric Boogaloo"), diagonal rule `if-both-free`. */
export const DEFAULT_SCENT_MAP_OPTIONS: Readonly<Required<Omit<ScentMapOptions, 'out' | keyof KernelRunOptions>>> =
  Object.freeze({
    neighbors: DEFAULT_SCENT_NEIGHBORS,
    diagonal: 'if-both-free',
  });

/**
 * The breadth-first scent map of thrig's "Scent Map II: Vectoric Boogaloo". Every source tile gets its strength and is enqueued, in the order given;
 * then a FIFO wave pops a tile p and gives every still-unseen neighbour `map[p] - 1`, stopping where that
 * would be negative (so nothing lies farther than `strength` moves from its source: a range-limited map).
 * Neighbours are scanned in the post's (Brogue's) order N, S, W, E, NW, SW, NE, SE. A move needs both tiles to
 * have the same passability code (ground to ground, water to water) and, for diagonals, the diagonal rule.
 *
 * Many sources: each tile keeps the value of the wave that reaches it first, i.e. the nearest source in moves
 * whose wave still carries scent there (a wave stops spreading from its 0 tiles). The FIFO keeps every depth
 * grouped by source in the order the sources were given, so a tie at equal depth goes to the source listed
 * first, NOT to the stronger one, and a weak source shadows a stronger one behind it, exactly as in the post.
 * The direction order only changes the order tiles are visited, never a value (so it does not matter for the
 * post's printed tables either). Two sources on one tile: the tile keeps the later strength, at the queue
 * position of the first.
 *
 * Result per tile `y * width + x`: the scent (0..strength), {@link SCENT_UNSEEN} (-1) where no scent reached
 * (out of range or not connected), {@link SCENT_BLOCKED} (-2) on walls.
 * Time O(tiles); memory: the result plus one reused Int32Array queue.
 * @param sources walkable tiles with integer strengths; may be empty (every walkable tile is then -1).
 * @throws CoordinateError naming `sources[i]` when a source is outside the grid or on a wall.
 * @throws OutOfRangeError naming `sources[i].strength` unless it is an integer from 1 to 2^30 - 1.
 * @throws InvalidOptionError for bad `neighbors`, `diagonal`, `out` (wrong type or size) `signal`, `onProgress` or `control`, or a `grid`
 *   that is not a Grid. Options are read from own properties.
 * @throws AbortError when `options.signal` is already aborted (before any work), or when it or `options.control`
 *   asks to stop during the wave (the map is then partly written).
 */
export function scentMap(grid: Grid, sources: readonly ScentSource[], options: ScentMapOptions = {}): Int32Array {
  checkGrid(grid);
  if (!Array.isArray(sources)) throw new InvalidOptionError('sources', sources, 'an array of { x, y, strength }');
  const o = ownOptions(options, 'options');
  const { dirCount, diagonal } = readMoveOptions(o, DEFAULT_SCENT_NEIGHBORS);
  const control = readRunOptions(o, 'scent map');
  // Each source read once (a getter or a Proxy cannot change it between the check and the use).
  const xs = new Int32Array(sources.length);
  const ys = new Int32Array(sources.length);
  const strengths = new Int32Array(sources.length);
  for (let i = 0; i < sources.length; i++) {
    const s = sources[i] as ScentSource;
    if (s === null || typeof s !== 'object') throw new InvalidOptionError(`sources[${i}]`, s, '{ x, y, strength }');
    const { x, y } = readPoint(s, `sources[${i}]`);
    const strength = s.strength;
    grid.assertWalkable(`sources[${i}]`, x, y);
    strengths[i] = checkStrength(`sources[${i}].strength`, strength);
    xs[i] = x;
    ys[i] = y;
  }
  const map = outputMap(grid, o.out);
  const { width, height, passable } = grid;
  const size = width * height;
  // PERF: imported constants copied to locals; bundlers and test runners may turn imported bindings into
  // property reads, which cost a lookup per tile in this loop.
  const blocked = SCENT_BLOCKED;
  const unseen = SCENT_UNSEEN;
  for (let i = 0; i < size; i++) map[i] = passable[i] === 0 ? blocked : unseen;
  const queue = scratchQueue(size);
  let tail = 0;
  for (let i = 0; i < xs.length; i++) {
    const p = (ys[i] as number) * width + (xs[i] as number);
    if (map[p] === SCENT_UNSEEN) queue[tail++] = p;
    map[p] = strengths[i] as number;
  }
  spreadScent(passable, width, height, map, queue, tail, dirCount, diagonal, control);
  return map;
}
