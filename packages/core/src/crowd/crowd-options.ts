import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { Grid } from '../grid/grid.js';

/** Options of {@link createCrowd}. Distances are in pixels, times in seconds. */
export interface CrowdOptions {
  /** The level: blocked tiles (`passable` 0) and the map edge are walls for the units. Required. */
  grid: Grid;
  /** Most units the crowd can hold, 1 to {@link MAX_CROWD_CAPACITY}. Required. */
  capacity: number;
  /**
   * Number of groups (each with its own destination and vector field), a count from 1 to {@link MAX_CROWD_GROUPS}.
   * @defaultValue {@link DEFAULT_CROWD_GROUPS} (2)
   */
  groups?: number;
  /**
   * Side of a level tile in pixels, at least 6; units are squares of side `tileSize / 2 - 1` (the flocking tutorial's wiggle
   * room).
   * @defaultValue {@link DEFAULT_CROWD_TILE_SIZE} (30)
   */
  tileSize?: number;
  /**
   * Top speed of a unit in pixels per second, > 0 and at most `tileSize / MAX_CROWD_DT` (one tile per step).
   * @defaultValue {@link DEFAULT_CROWD_TOP_SPEED} (90)
   */
  topSpeed?: number;
  /**
   * Acceleration of a unit in pixels per second squared, > 0.
   * @defaultValue {@link DEFAULT_CROWD_ACCELERATION} (360)
   */
  acceleration?: number;
  /**
   * Two squares closer than this gap (pixels) count as touching, so units that stand side by side see each
   * other. From 0 to a quarter of the unit size.
   * @defaultValue {@link DEFAULT_CROWD_CONTACT_MARGIN} (0.5)
   */
  contactMargin?: number;
  /**
   * A moving unit whose centre is within this distance (pixels) of its destination has arrived. > 0.
   * A unit that touches other units while the destination is under its square (grown by `contactMargin`) has
   * arrived too: it stands on the desired coordinates, jostled by the others.
   * @defaultValue {@link DEFAULT_CROWD_ARRIVE_RADIUS} (2)
   */
  arriveRadius?: number;
  /**
   * Seconds a stopped unit gets to move away when a moving unit bumps into it (the flocking tutorial's 5 s). > 0.
   * @defaultValue {@link DEFAULT_CROWD_BUMP_TIME} (5)
   */
  bumpTime?: number;
  /**
   * Keep a smooth flow per group (an anchor code per tile and group, 4 bytes each, in the crowd's buffer), so that
   * {@link commandCrowdGroup} can send a group along a flow (`computeFlow`) instead of the eight field arrows: the
   * units then head straight for the corner they round, in any direction.
   * @defaultValue false
   */
  flows?: boolean;
  /**
   * Put the state in a SharedArrayBuffer so workers can step ranges of units.
   * @defaultValue true when the grid's buffer is a SharedArrayBuffer, else false
   */
  shared?: boolean;
}

/** Largest {@link CrowdOptions.capacity}. */
export const MAX_CROWD_CAPACITY = 1 << 20;
/** Largest {@link CrowdOptions.groups}. */
export const MAX_CROWD_GROUPS = 16;
/** Default number of groups (red and blue). */
export const DEFAULT_CROWD_GROUPS = 2;
/** Default tile side in pixels (the flocking tutorial's 30 x 30 tiles). */
export const DEFAULT_CROWD_TILE_SIZE = 30;
/** Default top speed in pixels per second. */
export const DEFAULT_CROWD_TOP_SPEED = 90;
/** Default acceleration in pixels per second squared. */
export const DEFAULT_CROWD_ACCELERATION = 360;
/** Default touching gap in pixels. */
export const DEFAULT_CROWD_CONTACT_MARGIN = 0.5;
/** Default arrival distance in pixels. */
export const DEFAULT_CROWD_ARRIVE_RADIUS = 2;
/** Default time a bumped stopped unit gets to move away, in seconds (seed: 5). */
export const DEFAULT_CROWD_BUMP_TIME = 5;
/** Largest time step accepted by the step functions, in seconds. Larger steps throw. */
export const MAX_CROWD_DT = 0.1;

/** The numbers of a crowd after defaults are applied (stored in the crowd's buffer, so workers see them too). */
export interface CrowdParams {
  /** Side of a level tile in pixels ({@link CrowdOptions.tileSize}). */
  tileSize: number;
  /** Side of a unit square in pixels: `tileSize / 2 - 1`. */
  unitSize: number;
  /** Top speed of a unit in pixels per second ({@link CrowdOptions.topSpeed}). */
  topSpeed: number;
  /** Acceleration of a unit in pixels per second squared ({@link CrowdOptions.acceleration}). */
  acceleration: number;
  /** Touching gap in pixels ({@link CrowdOptions.contactMargin}). */
  contactMargin: number;
  /** Arrival distance in pixels ({@link CrowdOptions.arriveRadius}). */
  arriveRadius: number;
  /** Seconds a bumped stopped unit gets to move away ({@link CrowdOptions.bumpTime}). */
  bumpTime: number;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  const v = value ?? fallback;
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw new OutOfRangeError(name, v, 'a finite number > 0');
  return v;
}

/** Applies the defaults and checks every number; throws OutOfRangeError / InvalidOptionError naming the option. */
export function resolveCrowdParams(options: CrowdOptions): CrowdParams {
  if (options == null || typeof options !== 'object') throw new InvalidOptionError('options', options, 'an object');
  const tileSize = positive('tileSize', options.tileSize, DEFAULT_CROWD_TILE_SIZE);
  if (tileSize < 6) throw new OutOfRangeError('tileSize', tileSize, 'at least 6 pixels');
  const unitSize = tileSize / 2 - 1;
  const topSpeed = positive('topSpeed', options.topSpeed, DEFAULT_CROWD_TOP_SPEED);
  // A unit moves at most one tile per step (MAX_CROWD_DT): the neighbour search looks at the cells it can reach
  // and the wall test at the row or column it ends in, so a faster unit would skip cells and walls.
  if (topSpeed > tileSize / MAX_CROWD_DT)
    throw new OutOfRangeError(
      'topSpeed',
      topSpeed,
      `at most tileSize / ${MAX_CROWD_DT} s = ${tileSize / MAX_CROWD_DT}`,
    );
  const acceleration = positive('acceleration', options.acceleration, DEFAULT_CROWD_ACCELERATION);
  const contactMargin = options.contactMargin ?? DEFAULT_CROWD_CONTACT_MARGIN;
  if (typeof contactMargin !== 'number' || !(contactMargin >= 0 && contactMargin <= unitSize / 4))
    throw new OutOfRangeError('contactMargin', contactMargin, `a number from 0 to ${unitSize / 4}`);
  const arriveRadius = positive('arriveRadius', options.arriveRadius, DEFAULT_CROWD_ARRIVE_RADIUS);
  const bumpTime = positive('bumpTime', options.bumpTime, DEFAULT_CROWD_BUMP_TIME);
  return { tileSize, unitSize, topSpeed, acceleration, contactMargin, arriveRadius, bumpTime };
}
