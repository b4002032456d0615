import { OutOfRangeError } from '../errors.js';
import { checkNumber } from '../util/check-number.js';
import { ownOptions } from '../util/own-options.js';

/** Options of a unit, see {@link RtsWorld.addUnit}. */
export interface RtsUnitOptions {
  /**
   * Radius of the hard collider (the body), tiles, in (0, {@link MAX_RTS_HARD_RADIUS}]. Bodies never overlap.
   * A body over half a tile keeps off walls: its paths go through tiles of clearance `ceil(hardRadius - 0.4)`
   * ({@link computeRtsClearance}), and it stands, dodges and is pushed only where it fits.
   * @defaultValue 0.35
   */
  hardRadius?: number;
  /**
   * Radius of the soft collider (personal space), tiles, >= hardRadius.
   * @defaultValue 0.6
   */
  softRadius?: number;
  /**
   * Top speed, tiles per second, finite, > 0.
   * @defaultValue 3
   */
  speed?: number;
  /**
   * Priority in collisions: the higher one keeps its course (ties: the lower id wins). Any number.
   * @defaultValue 0
   */
  priority?: number;
  /**
   * Team number: units of one team may push each other's idle units. Any number.
   * @defaultValue 0
   */
  team?: number;
}

/** Largest {@link RtsUnitOptions.hardRadius}, tiles. */
export const MAX_RTS_HARD_RADIUS = 4;

/** Defaults of `RtsUnitOptions` (each option's comment gives its default). */
export const DEFAULT_RTS_UNIT_OPTIONS: Readonly<Required<RtsUnitOptions>> = Object.freeze({
  hardRadius: 0.35,
  softRadius: 0.6,
  speed: 3,
  priority: 0,
  team: 0,
});

/** Applies the defaults and checks the radii and the speed; throws OutOfRangeError naming the first bad option. */
export function resolveRtsUnitOptions(options: RtsUnitOptions | undefined): Required<RtsUnitOptions> {
  // Own properties only: an option inherited from a prototype is not an option.
  const o = { ...DEFAULT_RTS_UNIT_OPTIONS, ...ownOptions(options, 'options') };
  for (const key of ['hardRadius', 'softRadius', 'speed', 'priority', 'team'] as const) checkNumber(key, o[key]);
  if (!Number.isFinite(o.priority)) throw new OutOfRangeError('priority', o.priority, 'a finite number');
  if (!Number.isFinite(o.team)) throw new OutOfRangeError('team', o.team, 'a finite number');
  if (!(o.hardRadius > 0 && o.hardRadius <= MAX_RTS_HARD_RADIUS))
    throw new OutOfRangeError('hardRadius', o.hardRadius, `(0, ${MAX_RTS_HARD_RADIUS}]`);
  if (!(o.softRadius >= o.hardRadius)) throw new OutOfRangeError('softRadius', o.softRadius, '>= hardRadius');
  if (!(o.speed > 0 && o.speed < Number.POSITIVE_INFINITY)) throw new OutOfRangeError('speed', o.speed, '> 0');
  return o;
}
