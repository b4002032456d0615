import { GridTooLargeError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { KernelControl } from '../fields/types.js';
import { DEFAULT_DIAGONAL_RULE, DIAGONAL_RULES, type DiagonalRule } from '../grid/directions.js';
import { BLOCKED, type Grid } from '../grid/grid.js';
import { MAX_BUFFER_BYTES, newBuffer } from '../util/allocate.js';
import { typedArrayName } from '../util/describe-value.js';
import { finishKernel, pollKernel } from '../util/kernel-control.js';
import { bare, ownOptions } from '../util/own-options.js';
import { type KernelRunOptions, readRunOptions } from '../util/run-options.js';
import { assertSetsMatch, type ConvexSets } from './convex-sets.js';

// Direction indices (as DIRECTIONS) written into `outDir`: the step from the discovered tile back to its parent.
const DIR_N = 0;
const DIR_E = 1;
const DIR_S = 2;
const DIR_W = 3;
const DIR_NE = 4;
const DIR_SE = 5;
const DIR_SW = 6;
const DIR_NW = 7;
const RULE_BOTH = 0;
const RULE_ONE = 1;
const RULE_ALWAYS = 2;

/** Movement rules of the per-set `steps` fields and of set costs. */
export interface SetMoveOptions {
  /**
   * Neighbours per tile: 4 (orthogonal moves only) or 8.
   * @defaultValue {@link DEFAULT_SET_NEIGHBORS} (8)
   */
  neighbors?: 4 | 8;
  /**
   * When a diagonal step is allowed (ignored with 4 neighbours).
   * @defaultValue {@link DEFAULT_DIAGONAL_RULE} (`'if-both-free'`)
   */
  diagonal?: DiagonalRule;
}

/** Default {@link SetMoveOptions.neighbors}: 8, as the flanking tutorial's fields. */
export const DEFAULT_SET_NEIGHBORS = 8;

/** Cost stored in a Uint16 per-set field for a tile that cannot reach the set (and for walls). */
export const SET_FIELD_UNREACHABLE_U16 = 0xffff;
/** Cost stored in an Int32 per-set field for a tile that cannot reach the set (and for walls). */
export const SET_FIELD_UNREACHABLE_I32 = -1;

/** Options of {@link computeSetFieldsInto}. */
export interface SetFieldKernelOptions extends SetMoveOptions {
  /**
   * The slice of set `s` starts at `(s - sliceBase) * width * height` in `outCost` and `outDir` (a set index, an
   * integer at most `firstSet`). Use 0 when every worker writes into one buffer holding all sets.
   * @defaultValue 0
   */
  sliceBase?: number;
}

/** Reads and checks the move options; throws {@link InvalidOptionError} naming the bad one. */
export function resolveSetMoves(options: SetMoveOptions | undefined): { neighbors: 4 | 8; diagonal: DiagonalRule } {
  // Own properties only: an option inherited from a prototype is not an option.
  const own = ownOptions(options, 'options');
  const neighbors = own.neighbors ?? DEFAULT_SET_NEIGHBORS;
  if (neighbors !== 4 && neighbors !== 8) throw new InvalidOptionError('neighbors', neighbors, '4 or 8');
  const diagonal = own.diagonal ?? DEFAULT_DIAGONAL_RULE;
  if (!DIAGONAL_RULES.includes(diagonal)) throw new InvalidOptionError('diagonal', diagonal, DIAGONAL_RULES.join(', '));
  return { neighbors, diagonal };
}

/** Settled tiles of one set's wave between two looks at the control (abort flag, progress). */
export const SET_FIELD_CONTROL_INTERVAL = 4096;

/**
 * The pure kernel behind per-set fields: for every set `s` in `[firstSet, lastSet)`, a `steps` field (BFS
 * waves, every move costs 1) from all tiles of the set, written into slice `s - sliceBase` of `outCost` and
 * `outDir` (each slice `width * height` entries, `y * width + x`). A tile's cost is the number of moves into the
 * nearest tile of the set (0 inside it); its direction (index into `DIRECTIONS`) is the first of those moves;
 * set tiles, walls and tiles that cannot reach the set get `NO_DIRECTION` (255) and the unreachable cost
 * ({@link SET_FIELD_UNREACHABLE_U16} or {@link SET_FIELD_UNREACHABLE_I32}).
 *
 * Moves go only between tiles of the same passability code; a diagonal move obeys `diagonal` (an orthogonal
 * neighbour counts as free when it has the mover's code). The moves are symmetric, so this is also the cost
 * from the set to the tile. Allocates one queue of `width * height` Int32 per call and nothing per tile.
 * Worker-safe: the arrays may be views of one SharedArrayBuffer that several workers fill, each its own sets.
 * @throws OutOfRangeError when a Uint16 cost would exceed 65534 (use an Int32Array), or a bad set range.
 * `signal`, `onProgress` and `control` as every kernel's (see {@link KernelRunOptions}).
 * @throws AbortError when `signal` or `control` asks to stop (checked before every set and every
 *   4,096 settled tiles within a set).
 */
export function computeSetFieldsInto(
  grid: Grid,
  sets: ConvexSets,
  firstSet: number,
  lastSet: number,
  outCost: Uint16Array | Int32Array,
  outDir: Uint8Array,
  options?: SetFieldKernelOptions & KernelRunOptions,
): void {
  assertSetsMatch(grid, sets);
  const { neighbors, diagonal } = resolveSetMoves(options);
  const control: KernelControl = readRunOptions(options, 'set fields') ?? Object.create(null);
  const sliceBase = ownOptions(options, 'options').sliceBase ?? 0;
  if (!(Number.isInteger(firstSet) && firstSet >= 0))
    throw new OutOfRangeError('firstSet', firstSet, `an integer, 0 <= firstSet <= lastSet <= ${sets.count}`);
  if (!(Number.isInteger(lastSet) && firstSet <= lastSet))
    throw new OutOfRangeError('lastSet', lastSet, `an integer, 0 <= firstSet <= lastSet <= ${sets.count}`);
  if (lastSet > sets.count) throw new OutOfRangeError('lastSet', lastSet, `at most the number of sets (${sets.count})`);
  const { width, height, passable } = grid;
  const size = width * height;
  if (!Number.isInteger(sliceBase) || sliceBase > firstSet)
    throw new OutOfRangeError('sliceBase', sliceBase, `an integer <= firstSet (${firstSet})`);
  const costKind = typedArrayName(outCost);
  if (costKind !== 'Uint16Array' && costKind !== 'Int32Array')
    throw new InvalidOptionError('outCost', outCost, 'a Uint16Array or an Int32Array');
  if (typedArrayName(outDir) !== 'Uint8Array') throw new InvalidOptionError('outDir', outDir, 'a Uint8Array');
  if (outCost.buffer === outDir.buffer || outCost.buffer === grid.buffer || outDir.buffer === grid.buffer)
    throw new InvalidOptionError('outCost', 'arrays sharing a buffer', 'cost and dir arrays over separate memory');
  const need = (lastSet - sliceBase) * size;
  if (outCost.length < need || outDir.length < need)
    throw new OutOfRangeError('output length', Math.min(outCost.length, outDir.length), `at least ${need} entries`);
  const u16 = costKind === 'Uint16Array';
  const unreachable = u16 ? SET_FIELD_UNREACHABLE_U16 : SET_FIELD_UNREACHABLE_I32;
  const maxCost = u16 ? SET_FIELD_UNREACHABLE_U16 - 1 : 0x7fffffff;
  const rects = sets.rects;
  const queue = new Int32Array(size);
  const diagonals = neighbors === 8 && diagonal !== 'never';
  const rule = diagonal === 'if-both-free' ? RULE_BOTH : diagonal === 'if-one-free' ? RULE_ONE : RULE_ALWAYS;
  const total = (lastSet - firstSet) * size;
  for (let s = firstSet; s < lastSet; s++) {
    pollKernel(control, (s - firstSet) * size, 'per-set field build', total);
    const o = (s - sliceBase) * size;
    outCost.fill(unreachable, o, o + size);
    outDir.fill(255, o, o + size);
    const rx = rects[s * 4] as number;
    const ry = rects[s * 4 + 1] as number;
    const rw = rects[s * 4 + 2] as number;
    const rh = rects[s * 4 + 3] as number;
    let tail = 0;
    for (let y = ry; y < ry + rh; y++) {
      for (let x = rx; x < rx + rw; x++) {
        const t = y * width + x;
        outCost[o + t] = 0;
        queue[tail++] = t;
      }
    }
    if (tail === 0) continue;
    const code = passable[queue[0] as number] as number;
    if (code === BLOCKED) throw new OutOfRangeError(`set ${s}`, `[${rx}, ${ry}, ${rw}, ${rh}]`, 'walkable tiles only');
    let head = 0;
    // PERF: BFS over a preallocated queue with the eight neighbour tests unrolled; the diagonal rule is decided
    // from the two orthogonal same-code flags already read. Typed reads with `as number`, nothing allocated.
    let nextPoll = SET_FIELD_CONTROL_INTERVAL;
    while (head < tail) {
      if (head === nextPoll) {
        // One huge set must stay cancellable: look at the control every few thousand settled tiles too.
        nextPoll += SET_FIELD_CONTROL_INTERVAL;
        pollKernel(control, (s - firstSet) * size + head, 'per-set field build');
      }
      const u = queue[head++] as number;
      const uy = (u / width) | 0;
      const ux = u - uy * width;
      const next = (outCost[o + u] as number) + 1;
      if (next > maxCost)
        throw new OutOfRangeError('per-set field cost', next, `at most ${maxCost}; use an Int32Array for outCost`);
      const hasN = uy > 0;
      const hasS = uy < height - 1;
      const hasW = ux > 0;
      const hasE = ux < width - 1;
      const fN = hasN && (passable[u - width] as number) === code;
      const fS = hasS && (passable[u + width] as number) === code;
      const fW = hasW && (passable[u - 1] as number) === code;
      const fE = hasE && (passable[u + 1] as number) === code;
      let v = u - width;
      if (fN && (outCost[o + v] as number) === unreachable) {
        outCost[o + v] = next;
        outDir[o + v] = DIR_S;
        queue[tail++] = v;
      }
      v = u + 1;
      if (fE && (outCost[o + v] as number) === unreachable) {
        outCost[o + v] = next;
        outDir[o + v] = DIR_W;
        queue[tail++] = v;
      }
      v = u + width;
      if (fS && (outCost[o + v] as number) === unreachable) {
        outCost[o + v] = next;
        outDir[o + v] = DIR_N;
        queue[tail++] = v;
      }
      v = u - 1;
      if (fW && (outCost[o + v] as number) === unreachable) {
        outCost[o + v] = next;
        outDir[o + v] = DIR_E;
        queue[tail++] = v;
      }
      if (!diagonals) continue;
      let ne: boolean;
      let se: boolean;
      let sw: boolean;
      let nw: boolean;
      if (rule === RULE_BOTH) {
        ne = fN && fE;
        se = fS && fE;
        sw = fS && fW;
        nw = fN && fW;
      } else if (rule === RULE_ONE) {
        ne = fN || fE;
        se = fS || fE;
        sw = fS || fW;
        nw = fN || fW;
      } else {
        ne = se = sw = nw = true;
      }
      v = u - width + 1;
      if (ne && hasN && hasE && (passable[v] as number) === code && (outCost[o + v] as number) === unreachable) {
        outCost[o + v] = next;
        outDir[o + v] = DIR_SW;
        queue[tail++] = v;
      }
      v = u + width + 1;
      if (se && hasS && hasE && (passable[v] as number) === code && (outCost[o + v] as number) === unreachable) {
        outCost[o + v] = next;
        outDir[o + v] = DIR_NW;
        queue[tail++] = v;
      }
      v = u + width - 1;
      if (sw && hasS && hasW && (passable[v] as number) === code && (outCost[o + v] as number) === unreachable) {
        outCost[o + v] = next;
        outDir[o + v] = DIR_NE;
        queue[tail++] = v;
      }
      v = u - width - 1;
      if (nw && hasN && hasW && (passable[v] as number) === code && (outCost[o + v] as number) === unreachable) {
        outCost[o + v] = next;
        outDir[o + v] = DIR_SE;
        queue[tail++] = v;
      }
    }
  }
  finishKernel(control, total);
}

/** Per-set fields of all sets of a grid: `count` slices of `size` tiles in one buffer each for cost and dir. */
export interface SetFields {
  /** Number of sets (slices). */
  count: number;
  /** Width of the grid, in tiles. */
  width: number;
  /** Height of the grid, in tiles. */
  height: number;
  /** Tiles per slice (`width * height`). */
  size: number;
  /** Moves into set `s` from tile `t` at `s * size + t`; unreachable as {@link SET_FIELD_UNREACHABLE_U16}/`_I32`. */
  cost: Uint16Array | Int32Array;
  /** Direction into set `s` from tile `t` at `s * size + t`; 255 inside the set, on walls and where unreachable. */
  dir: Uint8Array;
  /** The grid's version when the fields were built. */
  gridVersion: number;
}

/** Options of {@link buildSetFields}. */
export interface SetFieldsOptions extends SetMoveOptions {
  /**
   * Most entries (sets x tiles) the per-set fields may hold. Memory is sets x tiles x 3 bytes (Uint16 cost +
   * Uint8 direction), or x 5 bytes with `costType: 'int32'`. Refused with GridTooLargeError before allocating.
   * A count of entries from 0 to {@link MAX_SET_FIELD_CELLS} (2^30: the most Int32 costs one buffer of
   * `MAX_BUFFER_BYTES` holds; larger values, Infinity included, are refused with OutOfRangeError).
   * @defaultValue {@link DEFAULT_MAX_SET_FIELD_CELLS} (2^27 entries, 384 MiB with Uint16 costs)
   */
  maxCells?: number;
  /**
   * `uint16` stores costs up to 65534 moves and throws OutOfRangeError past that; `int32` for maps
   * with longer paths (5 instead of 3 bytes per entry).
   * @defaultValue `'uint16'`
   */
  costType?: 'uint16' | 'int32';
  /**
   * Put both arrays in SharedArrayBuffers (needed when workers fill them).
   * @defaultValue true when SharedArrayBuffer exists (`typeof SharedArrayBuffer === 'function'`), else false
   */
  shared?: boolean;
}

/** Default {@link SetFieldsOptions.maxCells}: 2^27 entries. */
export const DEFAULT_MAX_SET_FIELD_CELLS = 2 ** 27;
/** Largest {@link SetFieldsOptions.maxCells}: 2^30 entries, the Int32 costs of one buffer of `MAX_BUFFER_BYTES`. */
export const MAX_SET_FIELD_CELLS = MAX_BUFFER_BYTES / 4;

/**
 * Allocates (without filling) the per-set field arrays for `sets`, after checking the memory limit.
 * @throws GridTooLargeError when sets x tiles exceeds `maxCells`, naming the numbers, before allocating.
 */
export function allocateSetFields(grid: Grid, sets: ConvexSets, options?: SetFieldsOptions): SetFields {
  assertSetsMatch(grid, sets);
  const own = ownOptions(options, 'options');
  const maxCells = own.maxCells ?? DEFAULT_MAX_SET_FIELD_CELLS;
  if (typeof maxCells !== 'number' || !(maxCells >= 0 && maxCells <= MAX_SET_FIELD_CELLS))
    throw new OutOfRangeError(
      'maxCells',
      maxCells,
      `a number of entries from 0 to ${MAX_SET_FIELD_CELLS} (2^30, what one buffer of MAX_BUFFER_BYTES holds)`,
    );
  const costType = own.costType ?? 'uint16';
  if (costType !== 'uint16' && costType !== 'int32')
    throw new InvalidOptionError('costType', costType, "'uint16' or 'int32'");
  const size = grid.width * grid.height;
  const cells = sets.count * size;
  if (cells > maxCells)
    throw new GridTooLargeError(
      grid.width,
      grid.height,
      `per-set fields for ${sets.count} sets need ${sets.count} x ${size} = ${cells} entries, over maxCells ${maxCells}; ` +
        'use the two-field cost method (setCostsFrom) instead',
    );
  const shared = own.shared ?? typeof SharedArrayBuffer === 'function';
  if (typeof shared !== 'boolean') throw new InvalidOptionError('shared', shared, 'true or false');
  const bytes = costType === 'uint16' ? 2 : 4;
  const what = `per-set fields of ${sets.count} sets on a ${grid.width}x${grid.height} grid`;
  const costBuffer = newBuffer(`${what} (costs)`, cells * bytes, shared);
  const dirBuffer = newBuffer(`${what} (directions)`, cells, shared);
  return {
    count: sets.count,
    width: grid.width,
    height: grid.height,
    size,
    cost: costType === 'uint16' ? new Uint16Array(costBuffer) : new Int32Array(costBuffer),
    dir: new Uint8Array(dirBuffer),
    gridVersion: grid.version,
  };
}

/**
 * Per-set fields of every set, on the calling thread: for each set a `steps` field from all its tiles, the
 * flanking tutorial's "cost field beside the vector field". Memory and limit: see {@link SetFieldsOptions.maxCells}.
 * For large maps build them in the worker pool ({@link buildSetFieldsInPool}). `signal`, `onProgress` (settled
 * tiles) and `control` as every kernel's (see {@link KernelRunOptions}).
 * @throws AbortError when `signal` is aborted (before or during the work).
 */
export function buildSetFields(grid: Grid, sets: ConvexSets, options?: SetFieldsOptions & KernelRunOptions): SetFields {
  const own = ownOptions(options, 'options');
  const control = readRunOptions(own, 'set fields');
  const { signal: _signal, onProgress: _onProgress, control: _control, ...rest } = own;
  const fields = allocateSetFields(grid, sets, rest);
  computeSetFieldsInto(grid, sets, 0, sets.count, fields.cost, fields.dir, bare({ ...rest, control }));
  return fields;
}

/**
 * The field of one set on its own (`width * height` entries), for following a route without all fields.
 * @param options.costType - `'uint16'` (costs up to 65534 moves) or `'int32'`. Default: `'uint16'`.
 */
export function buildSetField(
  grid: Grid,
  sets: ConvexSets,
  set: number,
  options?: SetMoveOptions & { costType?: 'uint16' | 'int32' },
): { cost: Uint16Array | Int32Array; dir: Uint8Array } {
  assertSetsMatch(grid, sets);
  const own = ownOptions(options, 'options');
  if (!(Number.isInteger(set) && set >= 0 && set < sets.count))
    throw new OutOfRangeError('set', set, `an integer from 0 to ${sets.count - 1}`);
  const costType = own.costType ?? 'uint16';
  if (costType !== 'uint16' && costType !== 'int32')
    throw new InvalidOptionError('costType', costType, "'uint16' or 'int32'");
  const size = grid.width * grid.height;
  const cost = costType === 'int32' ? new Int32Array(size) : new Uint16Array(size);
  const dir = new Uint8Array(size);
  computeSetFieldsInto(grid, sets, set, set + 1, cost, dir, { ...own, sliceBase: set });
  return { cost, dir };
}

/**
 * Throws a typed error unless `fields` looks like per-set fields made by {@link allocateSetFields}: whole
 * `width`, `height`, `size = width * height` and `count`, and `cost` (Uint16Array or Int32Array) and `dir`
 * (Uint8Array) of `count * size` entries each. O(1).
 */
export function checkSetFields(fields: unknown, name = 'fields'): asserts fields is SetFields {
  if (fields === null || typeof fields !== 'object')
    throw new InvalidOptionError(name, fields, 'per-set fields made by buildSetFields');
  const { count, width, height, size, cost, dir } = fields as SetFields;
  for (const [key, value] of [
    ['count', count],
    ['width', width],
    ['height', height],
  ] as const)
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      throw new InvalidOptionError(`${name}.${key}`, value, 'a whole number');
  if (size !== width * height) throw new InvalidOptionError(`${name}.size`, size, `width x height (${width * height})`);
  const kind = typedArrayName(cost);
  if ((kind !== 'Uint16Array' && kind !== 'Int32Array') || cost.length < count * size)
    throw new InvalidOptionError(`${name}.cost`, cost, `a Uint16Array or Int32Array of count x size (${count * size})`);
  if (typedArrayName(dir) !== 'Uint8Array' || dir.length < count * size)
    throw new InvalidOptionError(`${name}.dir`, dir, `a Uint8Array of count x size (${count * size})`);
}

/** Moves from tile index `tile` into set `set` read from per-set fields; -1 when unreachable or a wall. */
export function setFieldCost(fields: SetFields, tile: number, set: number): number {
  checkSetFields(fields);
  if (!(Number.isInteger(tile) && tile >= 0 && tile < fields.size))
    throw new OutOfRangeError('tile', tile, `a tile index from 0 to ${fields.size - 1}`);
  if (!(Number.isInteger(set) && set >= 0 && set < fields.count))
    throw new OutOfRangeError('set', set, `an integer from 0 to ${fields.count - 1}`);
  return fieldCostAt(fields, tile, set);
}

/** {@link setFieldCost} without the checks (internal: callers check once, then read many). */
export function fieldCostAt(fields: SetFields, tile: number, set: number): number {
  const c = fields.cost[set * fields.size + tile] as number;
  return c === SET_FIELD_UNREACHABLE_U16 && typedArrayName(fields.cost) === 'Uint16Array' ? -1 : c;
}
