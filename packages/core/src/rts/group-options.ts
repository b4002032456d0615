import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { checkNumber } from '../util/check-number.js';
import { ownOptions, recordOf } from '../util/own-options.js';
import { RTS_FORMATION_KINDS, type RtsFormationKind } from './formation.js';

/** Options of a group order, see {@link RtsGroup} and {@link RtsWorld.orderGroup}. */
export interface RtsGroupOptions {
  /**
   * Formation to hold, or null for a plain group (members spread around the commander's waypoints).
   * @defaultValue null
   */
  formation?: RtsFormationKind | null;
  /**
   * Distance between formation slots, tiles, finite, >= 0.5.
   * @defaultValue 1
   */
  spacing?: number;
  /**
   * Units per row of a `box` formation, an integer >= 1, or 0 for ceil(sqrt(n)) of n units.
   * @defaultValue 0
   */
  columns?: number;
  /**
   * Adjust member speeds relative to the commander so that the group arrives together.
   * @defaultValue true
   */
  speedAdjust?: boolean;
  /**
   * Time between two speed adjustments (the multiplier holds in between), seconds, finite, > 0.
   * @defaultValue 0.25
   */
  adjustInterval?: number;
  /**
   * Dead band, tiles of remaining route length (finite, >= 0): within it a member moves at group speed.
   * @defaultValue 0.75
   */
  deadBand?: number;
  /**
   * Change of the multiplier per tile of lead or lag beyond the dead band (1 / tiles), finite, >= 0.
   * @defaultValue 0.2
   */
  gain?: number;
  /**
   * Lowest speed multiplier, in (0, 1].
   * @defaultValue 0.5
   */
  minMultiplier?: number;
  /**
   * Highest speed multiplier, in [1, 2] (a member never exceeds its own top speed either).
   * @defaultValue 1.5
   */
  maxMultiplier?: number;
  /**
   * A formation counts as formed (phase `marching`) after this long (or one second, if shorter) even if some units
   * are not yet near their slots (they gather on the way); and its end (members walking to their end places) lasts
   * at most this long. Seconds, finite, > 0.
   * @defaultValue 15
   */
  formingTimeout?: number;
}

/** Defaults of `RtsGroupOptions` (each option's comment gives its default). */
export const DEFAULT_RTS_GROUP_OPTIONS: Readonly<Required<RtsGroupOptions>> = Object.freeze({
  formation: null,
  spacing: 1,
  columns: 0,
  speedAdjust: true,
  adjustInterval: 0.25,
  deadBand: 0.75,
  gain: 0.2,
  minMultiplier: 0.5,
  maxMultiplier: 1.5,
  formingTimeout: 15,
});

/**
 * Phase of a group order: a formation is `forming` (its units walking to their slots; at most a second) until
 * every member is within a tile of its place, then `marching`;
 * a plain group starts `marching`. `arrived` when the order is done, `failed` when there is no path (or a
 * formation lost its commander).
 */
export type RtsGroupPhase = 'forming' | 'marching' | 'arrived' | 'failed';

const finiteAtLeast = (name: string, value: number, min: number, open: boolean): void => {
  if (!((open ? value > min : value >= min) && value < Number.POSITIVE_INFINITY))
    throw new OutOfRangeError(name, value, `a finite number ${open ? '>' : '>='} ${min}`);
};

/**
 * Throws InvalidOptionError (wrong kind) or OutOfRangeError (number out of range, NaN included) naming the first
 * bad option of a group order. Done by the {@link RtsGroup} constructor.
 */
export function validateRtsGroupOptions(o: Readonly<Required<RtsGroupOptions>>): void {
  recordOf(o, 'options', 'resolved group options');
  for (const key of [
    'spacing',
    'columns',
    'adjustInterval',
    'deadBand',
    'gain',
    'minMultiplier',
    'maxMultiplier',
    'formingTimeout',
  ] as const)
    checkNumber(key, o[key]);
  if (o.formation !== null && !RTS_FORMATION_KINDS.includes(o.formation))
    throw new InvalidOptionError(
      'formation',
      o.formation,
      `null or ${RTS_FORMATION_KINDS.map((k) => `'${k}'`).join(', ')}`,
    );
  finiteAtLeast('spacing', o.spacing, 0.5, false);
  if (!Number.isInteger(o.columns) || o.columns < 0)
    throw new OutOfRangeError('columns', o.columns, 'an integer >= 1, or 0 for ceil(sqrt(n))');
  if (typeof o.speedAdjust !== 'boolean') throw new InvalidOptionError('speedAdjust', o.speedAdjust, 'a boolean');
  finiteAtLeast('adjustInterval', o.adjustInterval, 0, true);
  finiteAtLeast('deadBand', o.deadBand, 0, false);
  finiteAtLeast('gain', o.gain, 0, false);
  if (!(o.minMultiplier > 0 && o.minMultiplier <= 1))
    throw new OutOfRangeError('minMultiplier', o.minMultiplier, 'a number in (0, 1]');
  if (!(o.maxMultiplier >= 1 && o.maxMultiplier <= 2))
    throw new OutOfRangeError('maxMultiplier', o.maxMultiplier, 'a number in [1, 2]');
  finiteAtLeast('formingTimeout', o.formingTimeout, 0, true);
}

/** Applies the defaults and validates them (see {@link validateRtsGroupOptions}); the result is frozen. */
export function resolveRtsGroupOptions(options: RtsGroupOptions | undefined): Readonly<Required<RtsGroupOptions>> {
  // Own properties only: an option inherited from a prototype is not an option.
  const o = Object.freeze({ ...DEFAULT_RTS_GROUP_OPTIONS, ...ownOptions(options, 'options') });
  validateRtsGroupOptions(o);
  return o;
}
