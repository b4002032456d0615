// The wall tests of the crowd step: is a column (or row) of tiles, between two rows (columns), blocked or off the
// map? Used by crowd-step.ts when a unit's square enters a new column or row.

/** True when column c, rows r0 to r1, has a blocked tile or lies (partly) outside the map. */
export function columnBlocked(passable: Uint8Array, W: number, H: number, c: number, r0: number, r1: number): boolean {
  if (c < 0 || c >= W || r0 < 0 || r1 >= H) return true;
  for (let r = r0; r <= r1; r++) if (passable[r * W + c] === 0) return true;
  return false;
}

/** True when row r, columns c0 to c1, has a blocked tile or lies (partly) outside the map. */
export function rowBlocked(passable: Uint8Array, W: number, H: number, r: number, c0: number, c1: number): boolean {
  if (r < 0 || r >= H || c0 < 0 || c1 >= W) return true;
  const base = r * W;
  for (let c = c0; c <= c1; c++) if (passable[base + c] === 0) return true;
  return false;
}

/** Sides of a square touching a blocked tile (see {@link touchedWalls}): bit 0 left, 1 right, 2 top, 3 bottom. */
export const TOUCH_LEFT = 1;
export const TOUCH_RIGHT = 2;
export const TOUCH_TOP = 4;
export const TOUCH_BOTTOM = 8;

/**
 * Which sides of the square of half-side h at (x, y) (tiles; T is the tile side, 1) lie within `margin` tiles of a
 * blocked tile or the map's edge, as TOUCH_* bits: the level squares a unit touches, whose walls it follows while
 * it avoids other units (crowd-step.ts). `eps` is the fraction of a tile below which an overlap does not count.
 */
export function touchedWalls(
  passable: Uint8Array,
  W: number,
  H: number,
  x: number,
  y: number,
  h: number,
  margin: number,
  T: number,
  eps: number,
): number {
  const r0 = Math.floor((y - h) / T + eps);
  const r1 = Math.ceil((y + h) / T - eps) - 1;
  const c0 = Math.floor((x - h) / T + eps);
  const c1 = Math.ceil((x + h) / T - eps) - 1;
  let bits = 0;
  const left = Math.floor((x - h - margin) / T + eps);
  if (left < c0 && columnBlocked(passable, W, H, left, r0, r1)) bits |= TOUCH_LEFT;
  const right = Math.ceil((x + h + margin) / T - eps) - 1;
  if (right > c1 && columnBlocked(passable, W, H, right, r0, r1)) bits |= TOUCH_RIGHT;
  const top = Math.floor((y - h - margin) / T + eps);
  if (top < r0 && rowBlocked(passable, W, H, top, c0, c1)) bits |= TOUCH_TOP;
  const bottom = Math.ceil((y + h + margin) / T - eps) - 1;
  if (bottom > r1 && rowBlocked(passable, W, H, bottom, c0, c1)) bits |= TOUCH_BOTTOM;
  return bits;
}

/** The avoidance vector being summed, [x, y] (crowd-step.ts hands it over here; no double arguments). */
export const AVOID = new Float64Array(2);

/**
 * Adds to {@link AVOID} the clockwise wall vector (y down) of each level tile a unit touches (`touched`, TOUCH_*
 * bits), by the flocking tutorial's rule for the walls of squares: a tile on the left shows its right wall (0, 1),
 * on the right its left wall (0, -1), above its bottom wall (-1, 0), below its top wall (1, 0); a sum that cancels
 * (|x|, |y| < `cancel`) restarts from the wall just added.
 */
export function addWallVectors(touched: number, cancel: number): void {
  let ax = AVOID[0] as number;
  let ay = AVOID[1] as number;
  for (let side = 1; side <= 8; side <<= 1) {
    if ((touched & side) === 0) continue;
    const wx = side === TOUCH_TOP ? -1 : side === TOUCH_BOTTOM ? 1 : 0;
    const wy = side === TOUCH_LEFT ? 1 : side === TOUCH_RIGHT ? -1 : 0;
    ax += wx;
    ay += wy;
    if (Math.abs(ax) < cancel && Math.abs(ay) < cancel) {
      ax = wx;
      ay = wy;
    }
  }
  AVOID[0] = ax;
  AVOID[1] = ay;
}
