import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import { readPoint } from '../grid/point.js';
import { isSharedBuffer } from '../jobs/arrays.js';
import { typedArrayName } from '../util/describe-value.js';
import { ownOption } from '../util/own-options.js';
import { readRunOptions } from '../util/run-options.js';
import { checkPassableCodes } from './kernels/check-codes.js';
import { chooseKernel, runKernel } from './kernels/choose-kernel.js';
import { finishControl, startControl } from './kernels/control.js';
import type { KernelInput } from './kernels/kernel-input.js';
import { paddedState, terrainSnapshot } from './kernels/scratch.js';
import { type SeedList, seedList } from './kernels/seed-list.js';
import {
  METRIC_STEPS,
  METRIC_WEIGHTED,
  type ResolvedFieldOptions,
  RULE_NEVER,
  resolveFieldOptions,
  resolveOut,
} from './options.js';
import type { Field, FieldOptions, KernelControl, SeedFieldOptions } from './types.js';

function assertGrid(grid: unknown): asserts grid is Grid {
  if (!(grid instanceof Grid)) throw new InvalidOptionError('grid', grid, 'a Grid');
}

/**
 * Bound on goal values, seeds and costs: 2^53, past which a float no longer holds every whole number, so cost
 * sums would stop being exact and the bucket kernels could no longer count their buckets (before this bound
 * was checked, a goal value of 1e16 never returned). Goal values and seeds lie strictly between -2^53 and
 * 2^53, and so must every cost the field can reach (see {@link computeField}).
 */
export const MAX_FIELD_COST = 9_007_199_254_740_992; // 2^53

/** Throws OutOfRangeError naming `name` unless `value` is a number strictly between -2^53 and 2^53. */
export function checkFieldValue(name: string, value: unknown, expected = 'a number between -2^53 and 2^53'): number {
  if (typeof value !== 'number' || !(value > -MAX_FIELD_COST && value < MAX_FIELD_COST))
    throw new OutOfRangeError(name, value, `${expected} (exclusive)`);
  return value;
}

/**
 * Computes a cost field and a direction field towards one or many goals: `cost[i]` is the cost of the cheapest
 * walk from tile i to any goal (plus that goal's starting `value`), `dir[i]` the first step of such a walk as an
 * index into `DIRECTIONS` (255 at goals, walls and unreachable tiles). Following `dir` from any reachable tile
 * reaches a goal along a path whose summed step costs equal `cost` (to rounding, about 1e-15 relative).
 *
 * Moves: a step a -> b needs `passable[a] === passable[b] !== 0` (water only to water); a diagonal step also
 * needs the two orthogonal tiles beside it to carry that code, per `options.diagonal`. Costs: `steps` 1 per
 * move, `octile` 1 or sqrt 2, `weighted` terrain of the tile stepped into times the step length.
 *
 * Runs in O(tiles): BFS waves for unit costs with equal goal values (all on one passability code), otherwise
 * Dijkstra with unit-width buckets (exact, no heap). The run options sit in `options` beside the goals, under
 * the names every kernel and the service use: `out` arrays (each `grid.size` long) are filled in place;
 * `signal` cancels (an already-aborted signal throws AbortError before any work, one aborted during the run at
 * the next look, every few thousand tiles; the out arrays are then incomplete); `onProgress(done, total)` reports
 * settled tiles; `control` is the worker service's hook.
 *
 * Goal values lie strictly between -2^53 and 2^53 (2^53 = 9,007,199,254,740,992), and so must every cost the field
 * can reach: the largest goal value plus `width * height` times the largest step cost (capped by `maxCost`)
 * stays below 2^53 and less than 2^53 above the smallest goal value, so that costs stay exact. Only fields with
 * terrain costs above 2896 (computed with a binary heap on floats) are not held to the reach bound.
 *
 * Passability codes are 0, 1 or 2; codes written directly into `grid.passable` are checked at the next call
 * after `touch()` (a scan of the grid, once per such edit).
 *
 * @throws CoordinateError for a goal outside the grid or on a wall (`goals[2] (5, 7) is a wall`),
 *   OutOfRangeError for a goal value out of the bounds above, a negative or NaN maxCost, wrong-sized out
 *   arrays, terrain below 1 or a passability code other than 0, 1 and 2 (naming the tile), InvalidOptionError
 *   for an unknown metric, neighbours other than 4/8, an unknown diagonal rule, an empty goal list, `out`
 *   arrays that overlap each other or the grid's buffer, an `out` holding a signal or progress callback (those
 *   go beside it in `options`), a `signal` that is not an AbortSignal or a `control` that is not an object;
 *   AbortError when `signal` is aborted.
 */
export function computeField(grid: Grid, options: FieldOptions): Field {
  assertGrid(grid);
  if (typeof options !== 'object' || options === null)
    throw new InvalidOptionError('options', options, 'an object with goals');
  const resolved = resolveFieldOptions(options);
  const out = ownOption(options, 'out');
  const checkedControl = readRunOptions(options, 'field computation');
  const goals = ownOption(options, 'goals');
  if (!Array.isArray(goals)) throw new InvalidOptionError('goals', goals, 'an array of { x, y, value? }');
  if (goals.length === 0) throw new InvalidOptionError('goals', goals, 'at least one goal');
  const stride = grid.width + 2;
  const seeds = seedList(goals.length);
  for (let g = 0; g < goals.length; g++) {
    const goal: unknown = goals[g];
    if (typeof goal !== 'object' || goal === null)
      throw new InvalidOptionError(`goals[${g}]`, goal, 'an object { x, y, value? }');
    const { x, y } = readPoint(goal, `goals[${g}]`);
    // Own property only: a `value` inherited from a prototype is not the goal's value.
    const own = ownOption(goal as { value?: number }, 'value');
    const value = own === undefined ? 0 : own;
    grid.assertWalkable(`goals[${g}]`, x, y);
    checkFieldValue(`goals[${g}].value`, value);
    if (value > resolved.maxCost) continue;
    const n = seeds.n++;
    seeds.p[n] = (y + 1) * stride + x + 1;
    seeds.i[n] = y * grid.width + x;
    seeds.v[n] = value;
  }
  const arrays = resolveOut(grid, out);
  return run(grid, resolved, seeds, arrays, checkedControl, 'goals[].value');
}

/**
 * Like {@link computeField}, but the goals are given per tile: `seeds[i]` (length `grid.size`) is the starting
 * cost at tile i: any finite number, negative allowed (a safety map seeds every tile with -1.2 * distance);
 * `Infinity` means "not a seed". Seeds on walls are ignored, seeds above `maxCost` too. With no seed at all the
 * field is Infinity everywhere.
 * Seeds other than Infinity lie strictly between -2^53 and 2^53, with the same bound on the costs they reach
 * as the goal values of {@link computeField}. The run options (`out`, `signal`, `onProgress`, `control`) are those of
 * {@link computeField}.
 * @throws OutOfRangeError for a seeds array of the wrong length or a seed out of those bounds (NaN, -Infinity,
 *   1e300); the option errors of {@link computeField}.
 */
export function computeFieldFromSeeds(grid: Grid, seeds: Float64Array, options: SeedFieldOptions = {}): Field {
  assertGrid(grid);
  const resolved = resolveFieldOptions(options);
  const out = options === null || typeof options !== 'object' ? undefined : ownOption(options, 'out');
  const checkedControl = readRunOptions(options, 'field computation');
  const size = grid.width * grid.height;
  if (typedArrayName(seeds) !== 'Float64Array') throw new InvalidOptionError('seeds', seeds, 'a Float64Array');
  if (seeds.length !== size) throw new OutOfRangeError('seeds.length', seeds.length, `${size} (grid size)`);
  const arrays = resolveOut(grid, out);
  const { width, height, passable } = grid;
  const stride = width + 2;
  const maxCost = resolved.maxCost;
  let count = 0;
  for (let i = 0; i < size; i++) if ((seeds[i] as number) !== Number.POSITIVE_INFINITY) count++;
  const list = seedList(count);
  let n = 0;
  for (let y = 0; y < height; y++) {
    let i = y * width;
    let p = (y + 1) * stride + 1;
    for (let x = 0; x < width; x++, i++, p++) {
      const v = seeds[i] as number;
      if (v === Number.POSITIVE_INFINITY) continue;
      if (!(v > -MAX_FIELD_COST && v < MAX_FIELD_COST))
        checkFieldValue(`seeds[${i}] at (${x}, ${y})`, v, 'Infinity for no seed, or a number between -2^53 and 2^53');
      if (passable[i] === 0 || v > maxCost) continue;
      list.p[n] = p;
      list.i[n] = i;
      list.v[n] = v;
      n++;
    }
  }
  list.n = n;
  return run(grid, resolved, list, arrays, checkedControl, 'seeds');
}

/** Largest terrain cost among walkable tiles; throws on terrain below 1 or not finite. */
function maxTerrain(grid: Grid, terrain: Float32Array | null): number {
  if (terrain === null) return 1;
  const passable = grid.passable;
  let max = 1;
  for (let i = 0; i < terrain.length; i++) {
    if (passable[i] === 0) continue;
    const t = terrain[i] as number;
    if (t > max) max = t;
    if (!(t >= 1 && t < Number.POSITIVE_INFINITY)) {
      const x = i % grid.width;
      throw new OutOfRangeError(`terrain at (${x}, ${(i - x) / grid.width})`, t, 'a finite number >= 1');
    }
  }
  return max;
}

/**
 * Throws OutOfRangeError naming `name` when a cost the field can reach (the largest value plus `tiles` steps of
 * `maxEdge`, capped by `maxCost`) is not below 2^53 or not less than 2^53 above the smallest value: the bucket
 * kernels count whole cost units from the smallest value, which floats do exactly only below 2^53.
 */
function checkReach(name: string, maxCost: number, minValue: number, maxValue: number, tiles: number, maxEdge: number) {
  const reach = Math.min(maxCost, maxValue + tiles * maxEdge);
  if (reach < MAX_FIELD_COST && reach - minValue < MAX_FIELD_COST) return;
  throw new OutOfRangeError(
    name,
    reach === maxCost ? minValue : maxValue,
    `values whose reachable costs stay exact: min(maxCost, largest value + ${tiles} tiles x largest step ${maxEdge}) below 2^53 and less than 2^53 above the smallest value (${minValue})`,
  );
}

function run(
  grid: Grid,
  options: ResolvedFieldOptions,
  seeds: SeedList,
  arrays: { cost: Float64Array; dir: Uint8Array },
  control: KernelControl | undefined,
  valueName: string,
): Field {
  const { cost, dir } = arrays;
  const gridVersion = grid.version;
  const size = grid.width * grid.height;
  checkPassableCodes(grid);
  startControl(control, size);
  let done = 0;
  if (seeds.n === 0) {
    cost.fill(Number.POSITIVE_INFINITY);
    dir.fill(255);
  } else {
    const step = options.rule === RULE_NEVER ? 1 : Math.SQRT2;
    // A copy of the terrain of a grid another thread may edit, so that its edits cannot break the kernel's
    // buckets. A grid in an ordinary ArrayBuffer (a private snapshot made by the worker service included) cannot
    // change while this synchronous kernel runs: read in place.
    const terrain =
      options.metric === METRIC_WEIGHTED && grid.terrain !== null
        ? isSharedBuffer(grid.buffer)
          ? terrainSnapshot(grid.terrain)
          : grid.terrain
        : null;
    let maxEdge: number;
    if (options.metric === METRIC_STEPS) maxEdge = 1;
    else if (options.metric === METRIC_WEIGHTED) maxEdge = maxTerrain(grid, terrain) * step;
    else maxEdge = step;
    let minValue = seeds.v[0] as number;
    let maxValue = minValue;
    for (let s = 1; s < seeds.n; s++) {
      const v = seeds.v[s] as number;
      if (v < minValue) minValue = v;
      if (v > maxValue) maxValue = v;
    }
    const st = paddedState(grid);
    let code = (st[seeds.p[0] as number] as number) & 3;
    for (let s = 1; s < seeds.n && code >= 0; s++) if (((st[seeds.p[s] as number] as number) & 3) !== code) code = -1;
    const input: KernelInput = {
      st,
      passable: grid.passable,
      stride: grid.width + 2,
      width: grid.width,
      height: grid.height,
      cost,
      dir,
      terrain,
      metric: options.metric,
      rule: options.rule,
      maxCost: options.maxCost,
      maxEdge,
      seeds,
      control,
      code,
    };
    const kernel = chooseKernel(options, { maxEdge, code, minValue, maxValue, tiles: size });
    if (kernel !== 'heap') checkReach(valueName, options.maxCost, minValue, maxValue, size, maxEdge);
    done = runKernel(kernel, input, minValue);
  }
  finishControl(control, done);
  return { width: grid.width, height: grid.height, cost, dir, gridVersion, gridId: grid.id };
}
