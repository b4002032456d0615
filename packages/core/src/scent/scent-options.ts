import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { DiagonalRule } from '../grid/directions.js';
import { DEFAULT_DIAGONAL_RULE, DIAGONAL_RULES } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';
import { allocating } from '../util/allocate.js';
import { typedArrayName } from '../util/describe-value.js';

/** Value of a tile the scent never reached (`SMELL_UNSEEN` of thrig's "Scent Map II: Vectoric Boogaloo"), or not connected to any source. */
export const SCENT_UNSEEN = -1;
/** Value of a wall in a scent or flee map (and of the player's tile in a flee map). */
export const SCENT_BLOCKED = -2;
/**
 * Largest source strength. Flee maps seed tiles with `2 * strength + 1`, which must still fit an Int32Array.
 */
export const MAX_SCENT_STRENGTH = 2 ** 30 - 1;
/** Default neighbourhood of scent and flee maps: 4, as in the printed tables of thrig's "Scent Map II: Vectoric Boogaloo". */
export const DEFAULT_SCENT_NEIGHBORS: 4 | 8 = 4;

/** Move rules shared by scent and flee maps. */
export interface ScentMoveOptions {
  /**
   * Neighbours per tile: 4 (orthogonal moves only) or 8.
   * @defaultValue {@link DEFAULT_SCENT_NEIGHBORS} (4)
   */
  neighbors?: 4 | 8;
  /**
   * When a diagonal move is allowed (ignored with 4 neighbours). With 8 neighbours the default keeps the
   * scent from cutting a wall's corner, as units following the map could not either (the rule of the fields).
   * The scent-map article's 8-way spreading ("Scent Map II", thrig.me: Brogue's dirs table with 8 directions)
   * takes any diagonal neighbour, corners included: that is `{ neighbors: 8, diagonal: 'always' }`, tile for
   * tile, for scent and flee maps alike.
   * @defaultValue {@link DEFAULT_DIAGONAL_RULE} (`'if-both-free'`)
   */
  diagonal?: DiagonalRule;
}

/** Numeric code of a diagonal rule for hot loops: 0 never, 1 always, 2 if-one-free, 3 if-both-free. */
export function diagonalCode(rule: DiagonalRule): number {
  return rule === 'never' ? 0 : rule === 'always' ? 1 : rule === 'if-one-free' ? 2 : 3;
}

/**
 * Validates the move options (an own-property copy, see `ownOptions`); returns the number of directions to scan
 * (4 or 8) and the diagonal code.
 */
export function readMoveOptions(
  options: Partial<ScentMoveOptions>,
  defaultNeighbors: 4 | 8,
): { dirCount: 4 | 8; diagonal: number; neighbors: 4 | 8; rule: DiagonalRule } {
  const neighbors = options.neighbors ?? defaultNeighbors;
  if (neighbors !== 4 && neighbors !== 8) throw new InvalidOptionError('neighbors', neighbors, '4 or 8');
  const rule = options.diagonal ?? DEFAULT_DIAGONAL_RULE;
  if (!DIAGONAL_RULES.includes(rule)) {
    throw new InvalidOptionError('diagonal', rule, DIAGONAL_RULES.map((r) => `'${r}'`).join(', '));
  }
  const diagonal = diagonalCode(rule);
  return { dirCount: neighbors === 8 && diagonal !== 0 ? 8 : 4, diagonal, neighbors, rule };
}

/** Throws {@link OutOfRangeError} unless `strength` is an integer from 1 to {@link MAX_SCENT_STRENGTH}. */
export function checkStrength(name: string, strength: unknown): number {
  if (typeof strength !== 'number' || !Number.isInteger(strength) || strength < 1 || strength > MAX_SCENT_STRENGTH) {
    throw new OutOfRangeError(name, strength, `an integer from 1 to ${MAX_SCENT_STRENGTH}`);
  }
  return strength;
}

/**
 * Returns `out` when it is an Int32Array of the grid's size, a new one when it is undefined, else throws (a Proxy
 * over an Int32Array is refused too).
 */
export function outputMap(grid: Grid, out: Int32Array | undefined): Int32Array {
  if (out === undefined) {
    const size = grid.width * grid.height;
    return allocating('map values', size * 4, () => new Int32Array(size));
  }
  if (typedArrayName(out) !== 'Int32Array' || out.length !== grid.width * grid.height) {
    throw new InvalidOptionError(
      'out',
      out,
      `an Int32Array of ${grid.width * grid.height} values (${grid.width}x${grid.height} grid)`,
    );
  }
  return out;
}
