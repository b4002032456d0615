import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { computeField } from '../fields/index.js';
import type { KernelControl } from '../fields/types.js';
import type { Grid } from '../grid/grid.js';
import { type Point, readPoint } from '../grid/point.js';
import { typedArrayName } from '../util/describe-value.js';
import { ownOptions } from '../util/own-options.js';
import { assertSetsMatch, type ConvexSets, checkSets } from './convex-sets.js';
import { checkSetFields, fieldCostAt, resolveSetMoves, type SetFields, type SetMoveOptions } from './set-fields.js';

/** `out` when it is an Int32Array of at least `count` entries, a new one when undefined; throws otherwise. */
function setCostsOut(out: Int32Array | undefined, count: number): Int32Array {
  if (out === undefined) return new Int32Array(count);
  if (typedArrayName(out) !== 'Int32Array') throw new InvalidOptionError('out', out, 'an Int32Array');
  if (out.length < count) throw new OutOfRangeError('out length', out.length, `at least ${count}`);
  return out;
}

/** Options of {@link reduceFieldToSets} and {@link setCostsFromFields}. */
export interface SetCostsOutOptions {
  /**
   * An Int32Array of at least `sets.count` entries to write the costs into (and return).
   * @defaultValue undefined (meaning a new Int32Array)
   */
  out?: Int32Array;
}

/** Options of {@link setCostsFrom}: the move rules and `out`. */
export interface SetCostsOptions extends SetMoveOptions, SetCostsOutOptions {}

/**
 * Reduces a field computed FROM a tile to the cost of every set: the smallest cost over the set's tiles, i.e.
 * the moves from that tile into the nearest tile of the set. -1 where no tile of the set is reachable.
 * `cost` is any field's cost array (Infinity where unreachable) with integer costs (metric `steps`).
 * Writes into `options.out` when given (length >= `sets.count`). One pass over the tiles, no allocation.
 */
export function reduceFieldToSets(sets: ConvexSets, cost: Float64Array, options?: SetCostsOutOptions): Int32Array {
  checkSets(sets);
  const out = ownOptions(options, 'options', '{ out? }').out;
  if (typedArrayName(cost) !== 'Float64Array') throw new InvalidOptionError('cost', cost, 'a Float64Array');
  if (cost.length !== sets.setOf.length)
    throw new OutOfRangeError('field length', cost.length, `${sets.setOf.length} (one entry per tile)`);
  const result = setCostsOut(out, sets.count);
  result.fill(0x7fffffff, 0, sets.count);
  const setOf = sets.setOf;
  // PERF: one linear pass, typed arrays only.
  for (let t = 0; t < setOf.length; t++) {
    const s = setOf[t] as number;
    if (s < 0 || s >= sets.count) continue;
    const c = cost[t] as number;
    if (c < (result[s] as number)) result[s] = c;
  }
  for (let s = 0; s < sets.count; s++) if (result[s] === 0x7fffffff) result[s] = -1;
  return result;
}

/**
 * The exact two-field method (no per-set fields): the moves from the tile `from` (`{ x, y }` in tiles) into every
 * set, from one `steps` field computed from the tile (computeField) reduced per set. Identical to reading the
 * per-set fields at `from` because moves are symmetric. -1 for sets the tile cannot reach. Time: one BFS plus one
 * pass. Writes into `options.out` when given.
 * @throws CoordinateError when `from` is outside the grid or a wall; InvalidOptionError when it is not a point.
 */
export function setCostsFrom(grid: Grid, sets: ConvexSets, from: Point, options?: SetCostsOptions): Int32Array {
  const { x, y } = readPoint(from, 'from');
  const own = ownOptions(options, 'options');
  return setCostsUnder(grid, sets, x, y, own, own.out);
}

/** {@link setCostsFrom} with a kernel control (cancellation and progress of its field; the worker job's form). */
export function setCostsUnder(
  grid: Grid,
  sets: ConvexSets,
  x: number,
  y: number,
  options?: SetMoveOptions,
  out?: Int32Array,
  control?: KernelControl,
): Int32Array {
  assertSetsMatch(grid, sets);
  grid.assertWalkable('tile', x, y);
  const { neighbors, diagonal } = resolveSetMoves(options);
  const result = setCostsOut(out, sets.count);
  const field = computeField(grid, { goals: [{ x, y }], metric: 'steps', neighbors, diagonal, control });
  return reduceFieldToSets(sets, field.cost, { out: result });
}

/**
 * The same per-set costs as {@link setCostsFrom}, read from precomputed per-set fields at the tile `from`
 * (O(sets)). Writes into `options.out` when given.
 * @throws OutOfRangeError naming `from.x` or `from.y` when `from` is not a tile of the fields' grid.
 */
export function setCostsFromFields(fields: SetFields, from: Point, options?: SetCostsOutOptions): Int32Array {
  checkSetFields(fields);
  const { x, y } = readPoint(from, 'from');
  const out = ownOptions(options, 'options', '{ out? }').out;
  if (!(Number.isInteger(x) && x >= 0 && x < fields.width))
    throw new OutOfRangeError('from.x', x, `an integer inside the ${fields.width}x${fields.height} grid`);
  if (!(Number.isInteger(y) && y >= 0 && y < fields.height))
    throw new OutOfRangeError('from.y', y, `an integer inside the ${fields.width}x${fields.height} grid`);
  const result = setCostsOut(out, fields.count);
  const t = y * fields.width + x;
  for (let s = 0; s < fields.count; s++) result[s] = fieldCostAt(fields, t, s);
  return result;
}
