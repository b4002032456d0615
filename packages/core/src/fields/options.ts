import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { DEFAULT_DIAGONAL_RULE, DIAGONAL_RULES, type DiagonalRule } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';
import { allocating } from '../util/allocate.js';
import { typedArrayName } from '../util/describe-value.js';
import { ownOption } from '../util/own-options.js';
import {
  DEFAULT_MAX_COST,
  DEFAULT_METRIC,
  DEFAULT_NEIGHBORS,
  type FieldOut,
  METRICS,
  type Metric,
  type MoveOptions,
  type SeedFieldOptions,
} from './types.js';

/** Diagonal rule as a small integer for the kernels: 0 never, 1 always, 2 if-one-free, 3 if-both-free. */
export const RULE_NEVER = 0;
export const RULE_ALWAYS = 1;
export const RULE_ONE_FREE = 2;
export const RULE_BOTH_FREE = 3;

/** Metric as a small integer for the kernels. */
export const METRIC_STEPS = 0;
export const METRIC_OCTILE = 1;
export const METRIC_WEIGHTED = 2;

/** Options after validation, with defaults filled in. */
export interface ResolvedMoves {
  /** Neighbours per tile: 4 or 8. */
  neighbors: 4 | 8;
  /** 0 never (also with 4 neighbours), 1 always, 2 if-one-free, 3 if-both-free. */
  rule: number;
}

export interface ResolvedFieldOptions extends ResolvedMoves {
  /** {@link METRIC_STEPS}, {@link METRIC_OCTILE} or {@link METRIC_WEIGHTED}. */
  metric: number;
  /** Range limit in cost units (Infinity for none). */
  maxCost: number;
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/** Validates neighbours and diagonal rule; throws InvalidOptionError naming the bad value. */
export function resolveMoves(options: MoveOptions | undefined, prefix = ''): ResolvedMoves {
  if (options !== undefined && !isObject(options)) throw new InvalidOptionError('options', options, 'an object');
  // Own properties only: an option inherited from a prototype is not an option.
  const neighbors = (options && ownOption(options, 'neighbors')) ?? DEFAULT_NEIGHBORS;
  if (neighbors !== 4 && neighbors !== 8) throw new InvalidOptionError(`${prefix}neighbors`, neighbors, '4 or 8');
  const diagonal: DiagonalRule = (options && ownOption(options, 'diagonal')) ?? DEFAULT_DIAGONAL_RULE;
  const index = DIAGONAL_RULES.indexOf(diagonal);
  if (index < 0) throw new InvalidOptionError(`${prefix}diagonal`, diagonal, DIAGONAL_RULES.join(', '));
  let rule: number;
  if (neighbors === 4 || diagonal === 'never') rule = RULE_NEVER;
  else if (diagonal === 'always') rule = RULE_ALWAYS;
  else if (diagonal === 'if-one-free') rule = RULE_ONE_FREE;
  else rule = RULE_BOTH_FREE;
  return { neighbors, rule };
}

/** Validates the options shared by both field kernels. */
export function resolveFieldOptions(options: SeedFieldOptions | undefined): ResolvedFieldOptions {
  const moves = resolveMoves(options);
  const metric: Metric = (options && ownOption(options, 'metric')) ?? DEFAULT_METRIC;
  const m = METRICS.indexOf(metric);
  if (m < 0) throw new InvalidOptionError('metric', metric, METRICS.join(', '));
  const maxCost = (options && ownOption(options, 'maxCost')) ?? DEFAULT_MAX_COST;
  if (typeof maxCost !== 'number' || !(maxCost >= 0)) {
    throw new OutOfRangeError('maxCost', maxCost, 'a number >= 0 (Infinity for no limit)');
  }
  return { ...moves, metric: m === 0 ? METRIC_STEPS : m === 1 ? METRIC_OCTILE : METRIC_WEIGHTED, maxCost };
}

/** True when the typed arrays `a` and `b` share at least one byte of memory. */
export function overlaps(a: ArrayBufferView, b: ArrayBufferView): boolean {
  if (a.buffer !== b.buffer) return false;
  return a.byteOffset < b.byteOffset + b.byteLength && b.byteOffset < a.byteOffset + a.byteLength;
}

/** Keys of the cancellation and progress options that belong in the `control` argument, never in `out`. */
const JOB_OPTION_KEYS = ['signal', 'onProgress', 'control', 'tick'] as const;

const OUT_NOT_JOB_OPTIONS =
  'an object { cost?, dir? }: pass cancellation and progress beside `out` in the options, ' +
  'computeField(grid, { goals, out, signal, onProgress })';

/**
 * True for what a caller meant as cancellation or progress but put inside `out`: an AbortSignal, or an object
 * with an own `signal`, `onProgress`, `control` or `tick`. Such an `out` would be read as "no arrays given", so
 * the signal would be silently ignored.
 */
function looksLikeJobOptions(out: object): boolean {
  if (typeof AbortSignal !== 'undefined' && out instanceof AbortSignal) return true;
  for (const key of JOB_OPTION_KEYS) if (Object.hasOwn(out, key)) return true;
  return false;
}

/**
 * Returns the caller's arrays (checked) or new ones. The arrays must be real typed arrays (a Proxy is refused)
 * and must share no memory with each other nor with the grid's buffer: a kernel writes both while it reads the
 * grid, so overlapping arrays would give garbage.
 */
export function resolveOut(grid: Grid, out: FieldOut | null | undefined): { cost: Float64Array; dir: Uint8Array } {
  const size = grid.width * grid.height;
  if (out === null) out = undefined;
  if (out !== undefined && !isObject(out)) throw new InvalidOptionError('out', out, 'an object { cost?, dir? }');
  if (out !== undefined && looksLikeJobOptions(out)) throw new InvalidOptionError('out', out, OUT_NOT_JOB_OPTIONS);
  let cost = out ? ownOption(out, 'cost') : undefined;
  let dir = out ? ownOption(out, 'dir') : undefined;
  if (cost === undefined) cost = allocating('field costs', size * 8, () => new Float64Array(size));
  else if (typedArrayName(cost) !== 'Float64Array') throw new InvalidOptionError('out.cost', cost, 'a Float64Array');
  else if (cost.length !== size) throw new OutOfRangeError('out.cost.length', cost.length, `${size} (grid size)`);
  if (dir === undefined) dir = allocating('field directions', size, () => new Uint8Array(size));
  else if (typedArrayName(dir) !== 'Uint8Array') throw new InvalidOptionError('out.dir', dir, 'a Uint8Array');
  else if (dir.length !== size) throw new OutOfRangeError('out.dir.length', dir.length, `${size} (grid size)`);
  if (overlaps(cost, dir))
    throw new InvalidOptionError('out', 'cost and dir over the same bytes', 'separate cost and dir arrays');
  if (cost.buffer === grid.buffer || dir.buffer === grid.buffer)
    throw new InvalidOptionError('out', "arrays in the grid's own buffer", 'arrays that share no memory with the grid');
  return { cost, dir };
}
