import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { computeField } from '../fields/index.js';
import type { KernelControl } from '../fields/types.js';
import type { Grid } from '../grid/grid.js';
import { typedArrayName } from '../util/describe-value.js';
import { assertSetsMatch, type ConvexSets, checkSets } from './convex-sets.js';
import { checkSetFields, fieldCostAt, resolveSetMoves, type SetFields, type SetMoveOptions } from './set-fields.js';

/** `out` when it is an Int32Array of at least `count` entries, a new one when undefined; throws otherwise. */
function setCostsOut(out: Int32Array | undefined, count: number): Int32Array {
  if (out === undefined) return new Int32Array(count);
  if (typedArrayName(out) !== 'Int32Array') throw new InvalidOptionError('out', out, 'an Int32Array');
  if (out.length < count) throw new OutOfRangeError('out length', out.length, `at least ${count}`);
  return out;
}

/**
 * Reduces a field computed FROM a tile to the cost of every set: the smallest cost over the set's tiles, i.e.
 * the moves from that tile into the nearest tile of the set. -1 where no tile of the set is reachable.
 * `cost` is any field's cost array (Infinity where unreachable) with integer costs (metric `steps`).
 * Writes into `out` when given (length >= `sets.count`). One pass over the tiles, no allocation.
 */
export function reduceFieldToSets(sets: ConvexSets, cost: Float64Array, out?: Int32Array): Int32Array {
  checkSets(sets);
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
 * The exact two-field method (no per-set fields): the moves from tile (x, y) into every set, from one `steps`
 * field computed from the tile (computeField) reduced per set. Identical to reading the per-set fields at
 * (x, y) because moves are symmetric. -1 for sets the tile cannot reach. Time: one BFS plus one pass.
 * @throws CoordinateError when (x, y) is outside the grid or a wall.
 */
export function setCostsFrom(
  grid: Grid,
  sets: ConvexSets,
  x: number,
  y: number,
  options?: SetMoveOptions,
  out?: Int32Array,
): Int32Array {
  return setCostsUnder(grid, sets, x, y, options, out);
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
  return reduceFieldToSets(sets, field.cost, result);
}

/** The same per-set costs as {@link setCostsFrom}, read from precomputed per-set fields (O(sets)). */
export function setCostsFromFields(fields: SetFields, x: number, y: number, out?: Int32Array): Int32Array {
  checkSetFields(fields);
  if (!(Number.isInteger(x) && x >= 0 && x < fields.width))
    throw new OutOfRangeError('x', x, `an integer inside the ${fields.width}x${fields.height} grid`);
  if (!(Number.isInteger(y) && y >= 0 && y < fields.height))
    throw new OutOfRangeError('y', y, `an integer inside the ${fields.width}x${fields.height} grid`);
  const result = setCostsOut(out, fields.count);
  const t = y * fields.width + x;
  for (let s = 0; s < fields.count; s++) result[s] = fieldCostAt(fields, t, s);
  return result;
}
