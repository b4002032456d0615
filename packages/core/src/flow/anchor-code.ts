import { CoordinateError } from '../errors.js';
import { checkNumber } from '../util/check-number.js';
import { checkFlow } from './check-flow.js';
import { FLOW_MIN_CLEARANCE, type Flow, NO_ANCHOR } from './types.js';

/** Kind bits of a corner anchor code: bit 0 set when the anchor lies at +x of its corner, bit 1 at +y. */
export const CORNER_PLUS_X = 1;
export const CORNER_PLUS_Y = 2;
/** Kind of an anchor that is the corner itself (a diagonal gap between two walls, `always` rule). */
export const CORNER_EXACT = 4;

/**
 * How far (tiles, along each axis) a flow of this radius puts its anchors off the wall corners.
 * @throws OutOfRangeError when `radius` is not a number (NaN gives NaN; the flow functions check the radius).
 */
export function flowClearance(radius: number): number {
  return Math.max(checkNumber('radius', radius), FLOW_MIN_CLEARANCE);
}

/** The clearance of a flow whose radius was checked (no check: for the kernels). */
export function clearanceOf(radius: number): number {
  return Math.max(radius, FLOW_MIN_CLEARANCE);
}

/** Checks `flow` and the tile index `i` of flowAnchorX / flowAnchorY. */
function checkAnchorArgs(flow: Flow, i: number): void {
  checkFlow(flow);
  if (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i >= flow.anchor.length) {
    const w = flow.width;
    const x = typeof i === 'number' && Number.isInteger(i) ? i % w : Number.NaN;
    const y = typeof i === 'number' && Number.isInteger(i) ? Math.floor(i / w) : Number.NaN;
    throw new CoordinateError(`tile index ${typeof i === 'number' ? i : typeof i}`, x, y, 'is outside the flow');
  }
}

/** The code of the anchor at the centre of tile `i`. */
export function centreCode(i: number): number {
  return -2 - i;
}

/** The code of corner (vx, vy) of a grid `width` tiles wide, with kind bits `kind`. */
export function cornerCode(width: number, vx: number, vy: number, kind: number): number {
  return ((vy * (width + 1) + vx) << 3) | kind;
}

/** x of an anchor code (see {@link Flow.anchor}) in a grid `width` tiles wide, with the given clearance. NaN for none. */
export function anchorCodeX(code: number, width: number, clearance: number): number {
  if (code >= 0) {
    const v = code >> 3;
    const kind = code & 7;
    const vx = v % (width + 1);
    if (kind === CORNER_EXACT) return vx;
    return (kind & CORNER_PLUS_X) !== 0 ? vx + clearance : vx - clearance;
  }
  if (code === NO_ANCHOR) return Number.NaN;
  const i = -2 - code;
  return (i % width) + 0.5;
}

/** y of an anchor code, as {@link anchorCodeX}. */
export function anchorCodeY(code: number, width: number, clearance: number): number {
  if (code >= 0) {
    const v = code >> 3;
    const kind = code & 7;
    const vy = Math.floor(v / (width + 1));
    if (kind === CORNER_EXACT) return vy;
    return (kind & CORNER_PLUS_Y) !== 0 ? vy + clearance : vy - clearance;
  }
  if (code === NO_ANCHOR) return Number.NaN;
  const i = -2 - code;
  return Math.floor(i / width) + 0.5;
}

/**
 * x, in tiles, of the point tile i of `flow` heads for; NaN for walls and unreachable tiles.
 * @throws InvalidOptionError for a flow whose arrays do not match its sizes; CoordinateError when `i` is not the
 *   index of a tile.
 */
export function flowAnchorX(flow: Flow, i: number): number {
  checkAnchorArgs(flow, i);
  return anchorCodeX(flow.anchor[i] as number, flow.width, clearanceOf(flow.radius));
}

/** y, in tiles, of the point tile i of `flow` heads for; NaN for walls and unreachable tiles. As {@link flowAnchorX}. */
export function flowAnchorY(flow: Flow, i: number): number {
  checkAnchorArgs(flow, i);
  return anchorCodeY(flow.anchor[i] as number, flow.width, clearanceOf(flow.radius));
}
