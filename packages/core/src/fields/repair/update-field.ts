import { InvalidOptionError } from '../../errors.js';
import { checkSameGrid } from '../../grid/check-grid.js';
import { Grid } from '../../grid/grid.js';
import { ownOption } from '../../util/own-options.js';
import { readRunOptions } from '../../util/run-options.js';
import { checkField } from '../check-field.js';
import { computeField } from '../compute-field.js';
import { checkPassableCodes } from '../kernels/check-codes.js';
import { METRIC_WEIGHTED, overlaps, RULE_NEVER, resolveFieldOptions } from '../options.js';
import type { Field, FieldOptions } from '../types.js';
import { RepairCallMemo } from './call-memo.js';
import { GoalSeeds } from './goal-seeds.js';
import { NOT_REMEMBERED, RECOMPUTE, repairCall, WHAT } from './repair-call.js';
import type { RepairInput } from './repair-kernel.js';

/** What {@link updateField} did. */
export interface FieldUpdate {
  /**
   * True when the field was recomputed in full instead of repaired: the edit log overflowed or holds unknown
   * edits (`touch()`) since the field's version, the field was left incomplete by an abort, or the repair
   * would have touched more tiles than {@link REPAIR_LIMIT_FRACTION} of the map.
   */
  full: boolean;
  /** Tiles whose cost was settled again: the repaired ones, or every tile after a full recompute. */
  tiles: number;
}

/** Options of {@link updateField}: those the field was computed with, and the run options but `out`. */
export type UpdateFieldOptions = Omit<FieldOptions, 'out'>;

/**
 * Fraction of the map a repair may touch before it gives up and the field is recomputed in full (half of it on
 * maps of 2^22 = 4,194,304 tiles or more). A repaired tile costs several times a tile of the full
 * kernels (JavaScript over the unpadded grid against WebAssembly over padded state; with the bucket queue about
 * 0.25-0.4 us against 38-50 ns on random-1024, and more on big maps, where the kernels' cache-friendly layout
 * makes each tile cheaper); so a repair that gives up has spent at most about a third of a full recompute, and
 * any edit stays near 1.3x a full recompute at worst (measured by `pnpm bench --suite repair`).
 */
export const REPAIR_LIMIT_FRACTION = 1 / 32;

/** Maps of at least this many tiles (2048x2048) repair at most half of {@link REPAIR_LIMIT_FRACTION}. */
const REPAIR_BIG_MAP_TILES = 1 << 22;
/** Smallest repair limit in tiles: below it a repair is always tried (small maps recompute in microseconds). */
const MIN_REPAIR_LIMIT = 1024;

// Per-thread scratch: the changed tiles read from the edit log, the goal lookup, and the last checked call.
let changed = new Int32Array(64);
const goals = new GoalSeeds();
const memo = new RepairCallMemo();

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Throws a typed error unless `field` is a field of `grid`'s size whose arrays do not overlap. */
function assertFieldOf(grid: Grid, field: unknown): asserts field is Field {
  checkField(field);
  const { width, height, cost, dir } = field;
  if (width !== grid.width || height !== grid.height) {
    throw new InvalidOptionError(
      'field',
      `a ${String(width)}x${String(height)} field`,
      `a field of this ${grid.width}x${grid.height} grid`,
    );
  }
  checkSameGrid('field', field.gridId, grid);
  assertVersionOf(field, grid.version);
  if (overlaps(cost, dir))
    throw new InvalidOptionError('field', 'cost and dir over the same bytes', 'separate cost and dir arrays');
  if (cost.buffer === grid.buffer || dir.buffer === grid.buffer)
    throw new InvalidOptionError(
      'field',
      "arrays in the grid's own buffer",
      'arrays that share no memory with the grid',
    );
}

/** Throws a typed error unless the field's version is a whole number no newer than the grid's (`version`). */
function assertVersionOf(field: Field, version: number): void {
  const gridVersion: unknown = field.gridVersion;
  if (typeof gridVersion !== 'number' || !Number.isInteger(gridVersion))
    throw new InvalidOptionError('field.gridVersion', gridVersion, 'an integer');
  if ((gridVersion as number) > version) {
    throw new InvalidOptionError(
      'field',
      `a field of version ${String(gridVersion)}`,
      `a field of this grid, which is at version ${version} (the field belongs to another grid)`,
    );
  }
}

/**
 * Brings a field made by `computeField(grid, options)` up to the grid's current version, in place, by repairing
 * only the tiles whose shortest paths changed since `field.gridVersion` (read from the grid's edit log), and
 * returns what it did. Pass the same `options` the field was computed with. Afterwards the field is what
 * `computeField` gives on the current grid: `steps` costs bit for bit (sums of whole numbers are exact);
 * `octile` and `weighted` costs to the last bits (about 1e-15 relative), because where several paths are
 * equally cheap the repair may sum the same steps in another order than a fresh field; `dir` may pick another
 * of equally cheap directions. In every case following `dir` adds up to `cost`, and `field.gridVersion`
 * becomes the grid's version.
 *
 * A repair costs time in proportion to the tiles whose paths changed (a wall put on a random tile of a
 * 1024x1024 map repairs a handful of tiles in microseconds); it falls back to a full recompute (`full: true`)
 * when the edits are not known or would cost more (see {@link FieldUpdate.full}).
 *
 * `signal`, `onProgress` and `control` in `options` cancel and report progress like computeField's (an
 * already-aborted signal throws AbortError before any work). An update aborted during the work throws AbortError
 * and leaves the field incomplete, marked with `gridVersion` -1: the next update recomputes it in full. There is
 * no `out`: the field given is the output.
 *
 * @throws CoordinateError when a goal is now outside the grid or on a wall (the field is left as it was);
 *   InvalidOptionError when the field is not of this grid (another grid's id, another size, a newer version
 *   than the grid, cost and dir over the same bytes or in the grid's buffer) or the options are invalid (as
 *   computeField);
 *   OutOfRangeError for a goal value out of computeField's bounds or a passability code other than 0, 1, 2.
 */
export function updateField(grid: Grid, field: Field, options: UpdateFieldOptions): FieldUpdate {
  // PERF: in a game loop this path runs once a frame: a call with the arguments of the last one reads only what
  // may have changed and reuses the repair's input (repairCall, which says why it is one function).
  let tiles = repairCall(memo, grid, field, options, false);
  if (tiles === NOT_REMEMBERED) {
    checkAndRemember(grid, field, options);
    tiles = repairCall(memo, grid, field, options, true);
    // Changed between two reads (an option's getter, another thread's edit): the full recompute checks it all.
    if (tiles === NOT_REMEMBERED) tiles = RECOMPUTE;
  }
  if (tiles !== RECOMPUTE) return { full: false, tiles };
  try {
    const full: FieldOptions = {
      ...options,
      signal: undefined,
      onProgress: undefined,
      out: { cost: field.cost, dir: field.dir },
      control: readRunOptions(options, WHAT),
    };
    field.gridId = grid.id;
    field.gridVersion = computeField(grid, full).gridVersion;
  } catch (error) {
    field.gridVersion = -1;
    throw error;
  }
  return { full: true, tiles: grid.width * grid.height };
}

/** updateField's checked path: checks every argument, resolves the options and remembers them in `memo`. */
function checkAndRemember(grid: Grid, field: Field, options: UpdateFieldOptions): void {
  // (Run options first, as every call reads them first: an aborted signal stops before any other check.)
  readRunOptions(options, WHAT);
  memo.forget();
  if (!(grid instanceof Grid)) throw new InvalidOptionError('grid', grid, 'a Grid');
  assertFieldOf(grid, field);
  if (!isObject(options)) throw new InvalidOptionError('options', options, 'an object with goals');
  const resolved = resolveFieldOptions(options);
  goals.load(grid, ownOption(options, 'goals'), resolved.maxCost);
  const version = grid.version;
  checkPassableCodes(grid);
  const size = grid.width * grid.height;
  const fraction = size >= REPAIR_BIG_MAP_TILES ? REPAIR_LIMIT_FRACTION / 2 : REPAIR_LIMIT_FRACTION;
  const capacity = grid.edits.capacity;
  if (changed.length < capacity) changed = new Int32Array(capacity);
  const input: RepairInput = {
    width: grid.width,
    height: grid.height,
    passable: grid.passable,
    terrain: resolved.metric === METRIC_WEIGHTED ? grid.terrain : null,
    metric: resolved.metric,
    rule: resolved.neighbors === 4 ? RULE_NEVER : resolved.rule,
    maxCost: resolved.maxCost,
    cost: field.cost,
    dir: field.dir,
    changed,
    changedCount: 0,
    seeds: goals,
    limit: Math.max(MIN_REPAIR_LIMIT, Math.floor(size * fraction)),
  };
  memo.remember(grid, field, options, resolved, input);
  memo.codesVersion = version;
}
