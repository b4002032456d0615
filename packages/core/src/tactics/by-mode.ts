// The two searches of "Flanking / Retreating" under their own names: `tacticCandidates` with its mode set.

import { InvalidOptionError } from '../errors.js';
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import type { ConvexSets } from '../sets/index.js';
import { ownOptions } from '../util/own-options.js';
import { type TacticKind, type TacticSearchOptions, tacticCandidates } from './search.js';

/** The options with `mode` set (a `mode` of the caller's is an error: the name says which search). */
function withMode(
  options: TacticSearchOptions | undefined,
  mode: TacticKind,
): TacticSearchOptions & { mode: TacticKind } {
  const own = ownOptions(options, 'options', '{ maxCandidates, costs, ... }') as TacticSearchOptions & {
    mode?: unknown;
  };
  if (own.mode !== undefined)
    throw new InvalidOptionError('mode', own.mode, `no mode: ${mode}Candidates searches '${mode}'`);
  return { ...own, mode };
}

/**
 * Ids of the sets a flank may go to, ascending (at most `maxCandidates`, default 255): the flank test of the
 * flanking tutorial (sets with `|m - t| <= hyperbola`, `m + t >= smallEllipse` and `m + t <= largeEllipse`, `m` and
 * `t` the moves from the player and from the target into the set). The same as
 * `tacticCandidates(grid, sets, me, target, { ...options, mode: 'flank' })`.
 * @throws InvalidOptionError for options that are not an object or that name a `mode`; as {@link tacticCandidates}.
 */
export function flankCandidates(
  grid: Grid,
  sets: ConvexSets,
  me: Point,
  target: Point,
  options?: TacticSearchOptions,
): Int32Array {
  return tacticCandidates(grid, sets, me, target, withMode(options, 'flank'));
}

/**
 * Ids of the sets a retreat may go to, ascending (at most `maxCandidates`, default 255): the retreat test of the
 * flanking tutorial (sets with `m <= t`, `t - m >= hyperbola`, `t >= circle` and `m <= circle`). The same as
 * `tacticCandidates(grid, sets, me, target, { ...options, mode: 'retreat' })`.
 * @throws InvalidOptionError for options that are not an object or that name a `mode`; as {@link tacticCandidates}.
 */
export function retreatCandidates(
  grid: Grid,
  sets: ConvexSets,
  me: Point,
  target: Point,
  options?: TacticSearchOptions,
): Int32Array {
  return tacticCandidates(grid, sets, me, target, withMode(options, 'retreat'));
}
