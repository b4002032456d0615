import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { DEFAULT_DIAGONAL_RULE, DIAGONAL_RULES, type DiagonalRule } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';
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
  const neighbors = options?.neighbors ?? DEFAULT_NEIGHBORS;
  if (neighbors !== 4 && neighbors !== 8) throw new InvalidOptionError(`${prefix}neighbors`, neighbors, '4 or 8');
  const diagonal: DiagonalRule = options?.diagonal ?? DEFAULT_DIAGONAL_RULE;
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
  const metric: Metric = options?.metric ?? DEFAULT_METRIC;
  const m = METRICS.indexOf(metric);
  if (m < 0) throw new InvalidOptionError('metric', metric, METRICS.join(', '));
  const maxCost = options?.maxCost ?? DEFAULT_MAX_COST;
  if (typeof maxCost !== 'number' || !(maxCost >= 0)) {
    throw new OutOfRangeError('maxCost', maxCost, 'a number >= 0 (Infinity for no limit)');
  }
  return { ...moves, metric: m === 0 ? METRIC_STEPS : m === 1 ? METRIC_OCTILE : METRIC_WEIGHTED, maxCost };
}

/** Returns the caller's arrays (checked) or new ones. */
export function resolveOut(grid: Grid, out: FieldOut | undefined): { cost: Float64Array; dir: Uint8Array } {
  const size = grid.width * grid.height;
  if (out !== undefined && !isObject(out)) throw new InvalidOptionError('out', out, 'an object { cost?, dir? }');
  let cost = out?.cost;
  let dir = out?.dir;
  if (cost === undefined) cost = new Float64Array(size);
  else if (!(cost instanceof Float64Array)) throw new InvalidOptionError('out.cost', cost, 'a Float64Array');
  else if (cost.length !== size) throw new OutOfRangeError('out.cost.length', cost.length, `${size} (grid size)`);
  if (dir === undefined) dir = new Uint8Array(size);
  else if (!(dir instanceof Uint8Array)) throw new InvalidOptionError('out.dir', dir, 'a Uint8Array');
  else if (dir.length !== size) throw new OutOfRangeError('out.dir.length', dir.length, `${size} (grid size)`);
  return { cost, dir };
}
