import { InvalidOptionError, NoFleeSeedError, OutOfRangeError } from '../errors.js';
import { checkGrid } from '../grid/check-grid.js';
import type { Grid } from '../grid/grid.js';
import { arrayLength, ownOptions } from '../util/own-options.js';
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

/** What {@link fleeMap} does when no tile can seed the flee map. */
export type NoSeedPolicy = 'throw' | 'return' | 'warn';

/** The warning {@link fleeMap} prints with `onNoSeed: 'warn'` (the scent-map article's own message). */
export const NO_FLEE_SEED_WARNING = 'warning: no flee map start points found';

/** Options of {@link fleeMap}. */
export interface FleeMapOptions extends ScentMoveOptions, KernelRunOptions {
  /** The player's (threat's) strength used to build the scent map: an integer from 1 to 2^30 - 1. Required. */
  strength: number;
  /**
   * No seed tile (no walkable tile with scent 0 or -1): `throw` a {@link NoFleeSeedError};
   * `return` the unfilled map (every walkable tile -1 except the player's -2) for callers that check
   * themselves; or `warn`, the behaviour of the scent-map article ("Scent Map II", thrig.me): print
   * {@link NO_FLEE_SEED_WARNING} with `console.warn` and carry on, returning the same unfilled map.
   * @defaultValue `'throw'`
   */
  onNoSeed?: NoSeedPolicy;
  /**
   * Int32Array of `width * height` values to write into. May be the `scent` array itself (the map is then
   * rebuilt in place).
   * @defaultValue undefined (meaning a new array is allocated)
   */
  out?: Int32Array;
}

/** Defaults of {@link FleeMapOptions}. */
export const DEFAULT_FLEE_MAP_OPTIONS: Readonly<
  Required<Omit<FleeMapOptions, 'out' | 'strength' | keyof KernelRunOptions>>
> = Object.freeze({
  neighbors: DEFAULT_SCENT_NEIGHBORS,
  diagonal: 'if-both-free',
  onNoSeed: 'throw',
});

/**
 * The reverse ("flee") map of thrig's "Scent Map II: Vectoric Boogaloo", of a scent map, to the letter. In row-major order: a tile whose scent equals
 * `strength` (the player's own tile) becomes -2, a wall that is not crossed ("do not flee through the worst of
 * it"); a tile with positive scent is reset to unseen (-1); a tile with scent 0 or -1 is a seed with value
 * `2 * strength - scent` (so tiles the scent never reached outrank its rim by one) and is enqueued; anything
 * else (walls, -2) is copied. Grid walls are -2 whatever `scent` says. Then the same FIFO wave as
 * {@link scentMap} fills the reset tiles, each getting one less than the tile it was reached from; a tie at
 * equal depth goes to the seed that comes first in row-major order (even a `2 * strength` seed over a
 * `2 * strength + 1` one), as in the post's FIFO.
 *
 * Units flee by climbing this map (higher is farther from the threat, along paths that avoid its tile).
 * Tiles the wave never reaches stay -1.
 * @param scent a scent map of this grid (for example from {@link scentMap}): integers >= -2, `width * height`.
 * @throws NoFleeSeedError when no tile can seed the map (unless `onNoSeed` is `'return'` or `'warn'`).
 * @throws OutOfRangeError naming `strength` unless it is an integer from 1 to 2^30 - 1, or naming the first
 *   scent value that is not an integer >= -2.
 * @throws InvalidOptionError when `scent` or `out` is not of the grid's size, for bad move options, `signal`, `onProgress` or `control`,
 *   or a `grid` that is not a Grid. Options are read from own properties.
 * @throws AbortError when `options.signal` is already aborted (before any work), or when it or `options.control`
 *   asks to stop during the wave (the map is then partly written).
 */
export function fleeMap(grid: Grid, scent: ArrayLike<number>, options: FleeMapOptions): Int32Array {
  checkGrid(grid);
  if (options === undefined) throw new InvalidOptionError('options', options, '{ strength, ... }');
  const o = ownOptions(options, 'options', '{ strength, neighbors?, diagonal?, onNoSeed?, out? }');
  const strength = checkStrength('strength', o.strength);
  const { dirCount, diagonal } = readMoveOptions(o, DEFAULT_SCENT_NEIGHBORS);
  const control = readRunOptions(o, 'flee map');
  const onNoSeed = o.onNoSeed ?? 'throw';
  if (onNoSeed !== 'throw' && onNoSeed !== 'return' && onNoSeed !== 'warn') {
    throw new InvalidOptionError('onNoSeed', onNoSeed, "'throw', 'return' or 'warn'");
  }
  const { width, height, passable } = grid;
  const size = width * height;
  const expected = `a scent map of ${size} values (${width}x${height} grid)`;
  const length = arrayLength(scent, 'scent', expected);
  if (length !== size) throw new InvalidOptionError('scent', scent, `${expected}, got ${length}`);
  // PERF: imported constants copied to locals for the per-tile loops (see scentMap).
  const blocked = SCENT_BLOCKED;
  const unseen = SCENT_UNSEEN;
  let seeds = 0;
  for (let i = 0; i < size; i++) {
    const v = scent[i] as number;
    if (!Number.isInteger(v) || v < blocked) {
      throw new OutOfRangeError(`scent[${i}] (tile ${i % width}, ${Math.floor(i / width)})`, v, 'an integer >= -2');
    }
    if ((v === 0 || v === unseen) && passable[i] !== 0) seeds++;
  }
  // Checked before anything is written, so a throw leaves `out` (which may be `scent`) untouched.
  if (seeds === 0 && onNoSeed === 'throw') throw new NoFleeSeedError(strength);
  if (seeds === 0 && onNoSeed === 'warn') console.warn(`${NO_FLEE_SEED_WARNING} (strength ${strength})`);
  const map = outputMap(grid, o.out);
  const queue = scratchQueue(size);
  const twice = 2 * strength;
  let tail = 0;
  for (let i = 0; i < size; i++) {
    const value = scent[i] as number; // read before writing: `out` may alias `scent`
    if (passable[i] === 0) map[i] = blocked;
    else if (value === strength) map[i] = blocked;
    else if (value > 0) map[i] = unseen;
    else if (value === 0 || value === unseen) {
      map[i] = twice - value;
      queue[tail++] = i;
    } else map[i] = value;
  }
  spreadScent(passable, width, height, map, queue, tail, dirCount, diagonal, control);
  return map;
}
