import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { Grid } from '../grid/grid.js';

/**
 * Options of {@link createCrowd}. The crowd works in tiles and seconds: positions, sizes and distances in tiles
 * (tile (x, y) covers [x, x + 1) x [y, y + 1), y grows downwards), speeds in tiles per second. The flocking
 * tutorial's numbers (30-pixel tiles, 14-pixel squares, 90 px/s) are {@link CROWD_TUTORIAL} divided by
 * {@link CROWD_TUTORIAL_SCALE}, which is what the defaults are.
 */
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
   * Side of a unit square in tiles, > 0 and at most {@link MAX_CROWD_UNIT_SIZE} (half a tile). The tutorial's
   * squares are one pixel smaller than half its 30-pixel tiles (14 / 30 tiles), the wiggle room that lets them
   * slip through a two-tile gap.
   * @defaultValue {@link DEFAULT_CROWD_UNIT_SIZE} (14 / 30 = 0.4666... tiles)
   */
  unitSize?: number;
  /**
   * Top speed of a unit in tiles per second, > 0 and at most `1 / MAX_CROWD_DT` (one tile per step).
   * @defaultValue {@link DEFAULT_CROWD_TOP_SPEED} (3 tiles/s, the tutorial's 90 px/s)
   */
  topSpeed?: number;
  /**
   * Acceleration of a unit in tiles per second squared, > 0.
   * @defaultValue {@link DEFAULT_CROWD_ACCELERATION} (12 tiles/s², 360 px/s²)
   */
  acceleration?: number;
  /**
   * Two squares closer than this gap (tiles) count as touching, so units that stand side by side see each
   * other. From 0 to a quarter of the unit size.
   * @defaultValue {@link DEFAULT_CROWD_CONTACT_MARGIN} (1 / 60 tiles, half a tutorial pixel)
   */
  contactMargin?: number;
  /**
   * A moving unit whose centre is within this distance (tiles) of its destination has arrived. > 0.
   * A unit that touches other units while the destination is under its square (grown by `contactMargin`) has
   * arrived too: it stands on the desired coordinates, jostled by the others.
   * @defaultValue {@link DEFAULT_CROWD_ARRIVE_RADIUS} (1 / 15 tiles, two tutorial pixels)
   */
  arriveRadius?: number;
  /**
   * Seconds a stopped unit gets to move away when a moving unit bumps into it (the flocking tutorial's 5 s). > 0.
   * @defaultValue {@link DEFAULT_CROWD_BUMP_TIME} (5 s)
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

/**
 * The "Group Movement / Flocking Behavior" tutorial's numbers, in its units (pixels, pixels per second, seconds):
 * 30 x 30 pixel tiles, 14 x 14 pixel squares, 90 px/s top speed. The crowd works in tiles; each of its defaults is
 * the tutorial's number divided by {@link CROWD_TUTORIAL_SCALE} (times in seconds stay as they are). To work in the
 * tutorial's pixels, divide pixel positions by the scale going in and multiply the crowd's positions by it coming
 * out (the studio draws its crowd so).
 */
export const CROWD_TUTORIAL = Object.freeze({
  /** Side of a level tile in pixels. */
  tileSize: 30,
  /** Side of a unit square in pixels (half a tile less one pixel). */
  unitSize: 14,
  /** Top speed in pixels per second. */
  topSpeed: 90,
  /** Acceleration in pixels per second squared. */
  acceleration: 360,
  /** Touching gap in pixels. */
  contactMargin: 0.5,
  /** Arrival distance in pixels. */
  arriveRadius: 2,
  /** Time a bumped stopped unit gets to move away, in seconds. */
  bumpTime: 5,
});

/** Pixels per tile of the flocking tutorial (its 30 x 30 pixel tiles): tiles = tutorial pixels / 30. */
export const CROWD_TUTORIAL_SCALE = 30;
/** Largest {@link CrowdOptions.capacity}. */
export const MAX_CROWD_CAPACITY = 1 << 20;
/** Largest {@link CrowdOptions.groups}. */
export const MAX_CROWD_GROUPS = 16;
/** Default number of groups (red and blue). */
export const DEFAULT_CROWD_GROUPS = 2;
/** Largest {@link CrowdOptions.unitSize}, in tiles: half a tile. */
export const MAX_CROWD_UNIT_SIZE = 0.5;
/** Default unit side in tiles: the tutorial's 14-pixel squares on 30-pixel tiles (14 / 30). */
export const DEFAULT_CROWD_UNIT_SIZE = 14 / 30;
/** Default top speed in tiles per second (the tutorial's 90 px/s: 3). */
export const DEFAULT_CROWD_TOP_SPEED = 3;
/** Default acceleration in tiles per second squared (the tutorial's 360 px/s²: 12). */
export const DEFAULT_CROWD_ACCELERATION = 12;
/** Default touching gap in tiles (the tutorial's half pixel: 1 / 60). */
export const DEFAULT_CROWD_CONTACT_MARGIN = 0.5 / 30;
/** Default arrival distance in tiles (two tutorial pixels: 1 / 15). */
export const DEFAULT_CROWD_ARRIVE_RADIUS = 2 / 30;
/** Default time a bumped stopped unit gets to move away, in seconds (seed: 5). */
export const DEFAULT_CROWD_BUMP_TIME = 5;
/** Largest time step accepted by the step functions, in seconds. Larger steps throw. */
export const MAX_CROWD_DT = 0.1;
/**
 * Side of a tile, and of a neighbour-grid cell, in the crowd's units (tiles). Internal: the step's cell and wall
 * arithmetic keeps its tile side named.
 */
export const CROWD_CELL = 1;

/** The numbers of a crowd after defaults are applied (stored in the crowd's buffer, so workers see them too). */
export interface CrowdParams {
  /** Side of a unit square in tiles ({@link CrowdOptions.unitSize}). */
  unitSize: number;
  /** Top speed of a unit in tiles per second ({@link CrowdOptions.topSpeed}). */
  topSpeed: number;
  /** Acceleration of a unit in tiles per second squared ({@link CrowdOptions.acceleration}). */
  acceleration: number;
  /** Touching gap in tiles ({@link CrowdOptions.contactMargin}). */
  contactMargin: number;
  /** Arrival distance in tiles ({@link CrowdOptions.arriveRadius}). */
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
  if ((options as { tileSize?: unknown }).tileSize !== undefined)
    throw new InvalidOptionError(
      'tileSize',
      (options as { tileSize?: unknown }).tileSize,
      'no tileSize: the crowd works in tiles (pixels / CROWD_TUTORIAL_SCALE; unitSize sets the square size)',
    );
  const unitSize = positive('unitSize', options.unitSize, DEFAULT_CROWD_UNIT_SIZE);
  if (unitSize > MAX_CROWD_UNIT_SIZE)
    throw new OutOfRangeError('unitSize', unitSize, `a number of tiles > 0 and at most ${MAX_CROWD_UNIT_SIZE}`);
  const topSpeed = positive('topSpeed', options.topSpeed, DEFAULT_CROWD_TOP_SPEED);
  // A unit moves at most one tile per step (MAX_CROWD_DT): the neighbour search looks at the cells it can reach
  // and the wall test at the row or column it ends in, so a faster unit would skip cells and walls.
  if (topSpeed > CROWD_CELL / MAX_CROWD_DT)
    throw new OutOfRangeError(
      'topSpeed',
      topSpeed,
      `at most 1 tile / ${MAX_CROWD_DT} s = ${CROWD_CELL / MAX_CROWD_DT} tiles/s`,
    );
  const acceleration = positive('acceleration', options.acceleration, DEFAULT_CROWD_ACCELERATION);
  const contactMargin = options.contactMargin ?? DEFAULT_CROWD_CONTACT_MARGIN;
  if (typeof contactMargin !== 'number' || !(contactMargin >= 0 && contactMargin <= unitSize / 4))
    throw new OutOfRangeError('contactMargin', contactMargin, `a number of tiles from 0 to ${unitSize / 4}`);
  const arriveRadius = positive('arriveRadius', options.arriveRadius, DEFAULT_CROWD_ARRIVE_RADIUS);
  const bumpTime = positive('bumpTime', options.bumpTime, DEFAULT_CROWD_BUMP_TIME);
  return { unitSize, topSpeed, acceleration, contactMargin, arriveRadius, bumpTime };
}
