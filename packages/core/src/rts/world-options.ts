import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { DEFAULT_DIAGONAL_RULE, DIAGONAL_RULES, type DiagonalRule } from '../grid/directions.js';
import { checkNumber } from '../util/check-number.js';
import { ownOptions } from '../util/own-options.js';

/** Options of {@link RtsWorld}. */
export interface RtsWorldOptions {
  /**
   * Fixed simulation step, seconds, in (0, 0.5].
   * @defaultValue 1/20
   */
  stepSeconds?: number;
  /**
   * Number of predicted positions per unit (the rolling queue), an integer from 1 to 64.
   * @defaultValue 6
   */
  horizon?: number;
  /**
   * Diagonal rule of the high-level paths and of the local moves to adjacent tiles.
   * @defaultValue `'if-both-free'`
   */
  diagonal?: DiagonalRule;
  /**
   * Largest number of A* searches per step for units waiting for a path, an integer >= 1; the other units wait
   * for the next step.
   * @defaultValue 16
   */
  maxPathsPerStep?: number;
  /**
   * A pushed unit waits this long, seconds (finite, >= 0), with no mover near before it returns.
   * @defaultValue 0.5
   */
  returnDelaySeconds?: number;
  /**
   * After waiting this long, seconds (finite, > 0), a blocked unit dodges to any free tile and re-plans around
   * units.
   * @defaultValue 1
   */
  stuckSeconds?: number;
  /**
   * After waiting this long in all, seconds (finite, > 0), a unit gives up its order (`failed`).
   * @defaultValue 30
   */
  giveUpSeconds?: number;
  /**
   * Largest number of fixed steps one {@link RtsWorld.update} call runs (avoids a spiral of death), an integer
   * >= 1.
   * @defaultValue 8
   */
  maxStepsPerUpdate?: number;
  /**
   * Route units ordered to a goal (moveUnit, setOrder, patrols, moveUnitsAlongField, plain groups) along a smooth
   * flow instead of the eight-arrow tile path: the route is the polyline `followFlow` walks along the goal's flow
   * (`computeFlow` over the goal's field, with the unit's hard radius as the flow's radius, at most
   * `MAX_FLOW_RADIUS`, 0.45), its straight stretches merged into waypoints, so that units head straight for the
   * corners they round. Collision solving, stop timers and route repairs work on these waypoints as on A*'s.
   * Bodies bigger than half a tile, formations and re-plans around units keep A*. Each new goal costs a field and
   * a flow over the whole map (O(tiles), against an A* search per unit); those of the last four goals are cached
   * per grid, so units and groups sent to one goal share them. After the grid changes, a goal's field is repaired
   * (`updateField`), and so is its flow (`updateFlow`: a few ms on 1024x1024 for a small edit) when it is one of
   * the two goals used last, a patrol's two ends (their flows keep about 39 bytes per tile of repair state);
   * older goals' flows are computed again when next used.
   * @defaultValue false
   */
  useFlow?: boolean;
}

/** Defaults of `RtsWorldOptions` (each option's comment gives its default). */
export const DEFAULT_RTS_WORLD_OPTIONS: Readonly<Required<RtsWorldOptions>> = Object.freeze({
  stepSeconds: 1 / 20,
  horizon: 6,
  diagonal: DEFAULT_DIAGONAL_RULE,
  maxPathsPerStep: 16,
  returnDelaySeconds: 0.5,
  stuckSeconds: 1,
  giveUpSeconds: 30,
  maxStepsPerUpdate: 8,
  useFlow: false,
});

/**
 * Applies the defaults and checks every option; throws OutOfRangeError (a number out of range, NaN included) or
 * InvalidOptionError (an unknown diagonal rule, a `useFlow` that is not a boolean) naming the first bad option. The result is frozen.
 */
export function resolveRtsWorldOptions(options: RtsWorldOptions | undefined): Readonly<Required<RtsWorldOptions>> {
  // Own properties only: an option inherited from a prototype is not an option.
  const o = { ...DEFAULT_RTS_WORLD_OPTIONS, ...ownOptions(options, 'options') };
  for (const key of [
    'stepSeconds',
    'horizon',
    'maxPathsPerStep',
    'returnDelaySeconds',
    'stuckSeconds',
    'giveUpSeconds',
    'maxStepsPerUpdate',
  ] as const)
    checkNumber(key, o[key]);
  if (!(o.stepSeconds > 0 && o.stepSeconds <= 0.5))
    throw new OutOfRangeError('stepSeconds', o.stepSeconds, 'a number in (0, 0.5]');
  if (!Number.isInteger(o.horizon) || o.horizon < 1 || o.horizon > 64)
    throw new OutOfRangeError('horizon', o.horizon, 'an integer from 1 to 64');
  if (!Number.isInteger(o.maxPathsPerStep) || o.maxPathsPerStep < 1)
    throw new OutOfRangeError('maxPathsPerStep', o.maxPathsPerStep, 'an integer >= 1');
  if (!Number.isInteger(o.maxStepsPerUpdate) || o.maxStepsPerUpdate < 1)
    throw new OutOfRangeError('maxStepsPerUpdate', o.maxStepsPerUpdate, 'an integer >= 1');
  if (!(o.returnDelaySeconds >= 0 && o.returnDelaySeconds < Number.POSITIVE_INFINITY))
    throw new OutOfRangeError('returnDelaySeconds', o.returnDelaySeconds, 'a finite number >= 0');
  if (!(o.stuckSeconds > 0 && o.stuckSeconds < Number.POSITIVE_INFINITY))
    throw new OutOfRangeError('stuckSeconds', o.stuckSeconds, 'a finite number > 0');
  if (!(o.giveUpSeconds > 0 && o.giveUpSeconds < Number.POSITIVE_INFINITY))
    throw new OutOfRangeError('giveUpSeconds', o.giveUpSeconds, 'a finite number > 0');
  if (typeof o.useFlow !== 'boolean') throw new InvalidOptionError('useFlow', o.useFlow, 'a boolean');
  if (!DIAGONAL_RULES.includes(o.diagonal))
    throw new InvalidOptionError('diagonal', o.diagonal, DIAGONAL_RULES.map((r) => `'${r}'`).join(', '));
  return Object.freeze(o);
}
