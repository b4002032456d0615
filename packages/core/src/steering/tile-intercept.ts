import { OutOfRangeError } from '../errors.js';
import { directionOf, NO_DIRECTION } from '../grid/directions.js';
import { type Point, readPoint } from '../grid/point.js';
import { checkFinite, checkInteger } from '../util/check-number.js';
import { ownOptions } from '../util/own-options.js';
import { type BresenhamStyle, checkBresenhamStyle, DEFAULT_BRESENHAM_STYLE, LineStepper } from './bresenham.js';
import { basicChaseDirection } from './tile-chase.js';

/** Options of {@link tileIntercept}. */
export interface TileInterceptOptions {
  /**
   * Tiles the chaser moves per turn, diagonals included (8-connected moves). A safe integer >= 1.
   * @defaultValue 1
   */
  chaserSpeed?: number;
  /**
   * How many turns ahead to look for a meeting point, a count of turns: an integer from 0 to
   * {@link MAX_TILE_INTERCEPT_TURNS}.
   * @defaultValue 256
   */
  maxTurns?: number;
  /**
   * Map width in tiles (a number >= 0). When given, the search stops once the target's predicted tile leaves
   * the map (the chapter's Problem 1-1 ends the run at the screen's edge).
   * @defaultValue Infinity (unbounded)
   */
  width?: number;
  /**
   * Map height in tiles (a number >= 0), as `width`.
   * @defaultValue Infinity (unbounded)
   */
  height?: number;
  /**
   * The Bresenham line {@link tileInterceptDirection} steps along towards the meeting tile: `listing`, the
   * book's line (the chapter's Problem 1-1 builds on its sample programs), or `symmetric` (see
   * {@link BresenhamStyle}).
   * @defaultValue {@link DEFAULT_BRESENHAM_STYLE} (`'listing'`)
   */
  style?: BresenhamStyle;
}

/** Defaults of {@link TileInterceptOptions}. */
export const DEFAULT_TILE_INTERCEPT_OPTIONS: Readonly<{ chaserSpeed: number; maxTurns: number }> = Object.freeze({
  chaserSpeed: 1,
  maxTurns: 256,
});

/** Largest {@link TileInterceptOptions.maxTurns}: the search looks at most this many turns ahead. */
export const MAX_TILE_INTERCEPT_TURNS = 1 << 20;

/** Where and when a tile chaser can meet a moving target: the target's predicted tile at the meeting turn. */
export interface TileInterceptPoint extends Point {
  /** Turns from now until the meeting (0 when they already share a tile). */
  turns: number;
}

/**
 * Interception on tiles (the chapter "Chasing, Evading, Intercepting, and Patterned Movement", Problem 1-1). The chaser is on tile `chaser`, the target at `target` and moves
 * `velocity` tiles per turn (all `{ x, y }` in tiles). Fractions are allowed for both (a target walking one tile every
 * other turn is at x + 0.5 t); its tile is always the rounded position. The chaser
 * moves up to `chaserSpeed` 8-connected tiles per turn, so it can reach any tile within Chebyshev distance
 * `chaserSpeed * t` in t turns on an open map. Returns the earliest turn t (and the target's tile then) at
 * which the chaser can be there, or null when there is none within `maxTurns` or before the target leaves
 * the map (fall back to chasing then). Options are read from own properties.
 * @throws OutOfRangeError naming an argument or option that is out of range (positions and velocities must be
 *   finite numbers).
 */
export function tileIntercept(
  chaser: Point,
  target: Point,
  velocity: Point,
  options: TileInterceptOptions = {},
): TileInterceptPoint | null {
  const { x: chaserX, y: chaserY } = readPoint(chaser, 'chaser');
  const { x: targetX, y: targetY } = readPoint(target, 'target');
  const { x: velocityX, y: velocityY } = readPoint(velocity, 'velocity');
  const o = ownOptions(options, 'options', '{ chaserSpeed?, maxTurns?, width?, height?, style? }');
  if (o.style !== undefined) checkBresenhamStyle(o.style);
  const speed = o.chaserSpeed ?? DEFAULT_TILE_INTERCEPT_OPTIONS.chaserSpeed;
  const maxTurns = o.maxTurns ?? DEFAULT_TILE_INTERCEPT_OPTIONS.maxTurns;
  if (typeof speed !== 'number' || !Number.isSafeInteger(speed) || speed < 1)
    throw new OutOfRangeError('chaserSpeed', speed, 'a safe integer >= 1');
  checkInteger('maxTurns', maxTurns, 0, MAX_TILE_INTERCEPT_TURNS);
  checkFinite('chaser.x', chaserX);
  checkFinite('chaser.y', chaserY);
  checkFinite('target.x', targetX);
  checkFinite('target.y', targetY);
  checkFinite('velocity.x', velocityX);
  checkFinite('velocity.y', velocityY);
  const width = o.width ?? Number.POSITIVE_INFINITY;
  const height = o.height ?? Number.POSITIVE_INFINITY;
  if (typeof width !== 'number' || !(width >= 0)) throw new OutOfRangeError('width', width, 'a number >= 0');
  if (typeof height !== 'number' || !(height >= 0)) throw new OutOfRangeError('height', height, 'a number >= 0');
  for (let t = 0; t <= maxTurns; t++) {
    const px = Math.round(targetX + velocityX * t);
    const py = Math.round(targetY + velocityY * t);
    if (px < 0 || py < 0 || px >= width || py >= height) return null;
    if (Math.max(Math.abs(px - chaserX), Math.abs(py - chaserY)) <= speed * t) return { x: px, y: py, turns: t };
  }
  return null;
}

const stepper = new LineStepper();

/**
 * Direction index (0..7) of the chaser's next one-tile step from its tile `chaser` towards the interception tile of
 * {@link tileIntercept} (the first step of the Bresenham line to it, in the `style` option's style), or of a
 * basic chase step towards the target when no interception exists or the chaser already stands on the meeting tile (it never idles). NO_DIRECTION when the chaser stands on the target's tile. Call it every
 * turn: the prediction is redone from the current positions.
 * @throws as {@link tileIntercept}; OutOfRangeError when a tile coordinate is not a safe integer.
 */
export function tileInterceptDirection(
  chaser: Point,
  target: Point,
  velocity: Point,
  options: TileInterceptOptions = {},
): number {
  const p = tileIntercept(chaser, target, velocity, options);
  const { x: chaserX, y: chaserY } = readPoint(chaser, 'chaser');
  const { x: targetX, y: targetY } = readPoint(target, 'target');
  if (chaserX === targetX && chaserY === targetY) return NO_DIRECTION;
  if (p === null || (p.x === chaserX && p.y === chaserY))
    return basicChaseDirection(chaserX, chaserY, targetX, targetY);
  const style = ownOptions(options, 'options').style ?? DEFAULT_BRESENHAM_STYLE;
  const s = stepper.reset(chaserX, chaserY, p.x, p.y, style);
  s.next();
  s.next();
  return directionOf(s.x - chaserX, s.y - chaserY);
}
