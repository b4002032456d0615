/**
 * The corner rule of ./safe-step.ts: when the body's straight way to its target meets a blocked tile within the
 * checked step, the way round that tile, towards the corner of the tile grown by the body's half-side c (where the
 * body grazes the tile) that makes the way point -> corner -> target shortest. This is the taut string's bend, the
 * way the any-angle optimum of the body goes round a wall corner (`anyAnglePath` with a radius), where sliding
 * along an axis or heading for the tile's centre detours. Internal.
 *
 * Coordinates are relative to the corner of the point's tile, the blocked tiles a 9-bit mask of the 3 x 3 block
 * (./safe-step.ts). PERF: only called when the straight way is blocked (a few moves in a hundred).
 */
import * as safeSweep from './safe-sweep.js';

// PERF: module-local copies of the imported names (V8 checks an imported binding's module cell on every use; a
// local const costs nothing; see ../followers/followers-step.ts).
const { BIT_DX, BIT_DY, BOX, boxEntry, boxEntryAt, SWEEP, sweepClear, TOUCH } = safeSweep;

/**
 * In: [0] ax, [1] ay (the target, relative to the point's tile's corner), [2] the step checked (tiles). Out: [0] dx,
 * [1] dy (a unit vector towards the corner), [2] the distance to the corner, tiles.
 */
export const CORNER = new Float64Array(3);

/** Below this distance (tiles) a corner counts as reached: the rule gives way to the next. */
const AT_CORNER = 1e-9;

/** The box of the tile of mask bit k (-1..1 along each axis from the point's tile) grown by g, into BOX. */
function boxOf(k: number, g: number): void {
  const i = BIT_DX[k] as number;
  const j = BIT_DY[k] as number;
  BOX[0] = i - g;
  BOX[1] = j - g;
  BOX[2] = i + 1 + g;
  BOX[3] = j + 1 + g;
}

/** Where the segment from (fx, fy) by (mx, my) enters the box BOX (safe-sweep's boxEntry), or Infinity. */
function entersBox(fx: number, fy: number, mx: number, my: number): number {
  SWEEP[0] = fx;
  SWEEP[1] = fy;
  SWEEP[2] = mx;
  SWEEP[3] = my;
  return boxEntry() ? boxEntryAt() : Number.POSITIVE_INFINITY;
}

/** True when (x, y) lies inside a tile of `mask` grown by g (by more than the touch tolerance). */
function insideAny(mask: number, x: number, y: number, g: number): boolean {
  for (let m = mask; m !== 0; m &= m - 1) {
    const k = 31 - Math.clz32(m & -m);
    boxOf(k, g);
    if (x > (BOX[0] as number) && x < (BOX[2] as number) && y > (BOX[1] as number) && y < (BOX[3] as number))
      return true;
  }
  return false;
}

/**
 * The corner way from (fx, fy) towards the target (ax, ay) (in CORNER) for a body of half-side c, whose straight
 * sweep by (mx, my) (fx, fy, mx, my, c in safe-sweep's SWEEP) meets a tile of `others` (the blocked tiles but the
 * point's own): the corner of the first tile it meets, grown by c, that lies in the point's own tile (so the target
 * stays the same on the way) and nearer the target than the point (so corner moves cannot go round in circles),
 * that the body reaches without crossing that tile, that lies in no blocked tile grown by c, whose way point ->
 * corner -> target is the shortest of those, and towards which a step of min(step, distance) sweeps clear of
 * every tile of `others`. Writes {@link CORNER}; false when there is none. SWEEP is used on the way.
 */
export function cornerWay(others: number): boolean {
  const fx = SWEEP[0] as number;
  const fy = SWEEP[1] as number;
  const mx = SWEEP[2] as number;
  const my = SWEEP[3] as number;
  const c = SWEEP[4] as number;
  const ax = CORNER[0] as number;
  const ay = CORNER[1] as number;
  const step = CORNER[2] as number;
  const g = c - TOUCH;
  let first = -1;
  let firstT = Number.POSITIVE_INFINITY;
  // The tiles in bit order (the first of equal entries wins, as before).
  for (let m = others; m !== 0; m &= m - 1) {
    const k = 31 - Math.clz32(m & -m);
    boxOf(k, g);
    const t = entersBox(fx, fy, mx, my);
    if (t < firstT) {
      firstT = t;
      first = k;
    }
  }
  if (first < 0) return false;
  const i = BIT_DX[first] as number;
  const j = BIT_DY[first] as number;
  const ex = ax - fx;
  const ey = ay - fy;
  const nearer = Math.sqrt(ex * ex + ey * ey);
  // The corners by the length of the way through them; the first whose step is clear wins.
  let bestCost = Number.POSITIVE_INFINITY;
  let found = false;
  for (let q = 0; q < 4; q++) {
    const kx = (q & 1) === 0 ? i - c : i + 1 + c;
    const ky = (q & 2) === 0 ? j - c : j + 1 + c;
    const ux = kx - fx;
    const uy = ky - fy;
    const len = Math.sqrt(ux * ux + uy * uy);
    if (!(len > AT_CORNER)) continue;
    // A corner in the point's own tile (whose target stays the same on the way), nearer the target than the point.
    if (!(kx >= 0 && kx <= 1 && ky >= 0 && ky <= 1)) continue;
    const vx = ax - kx;
    const vy = ay - ky;
    const toTarget = Math.sqrt(vx * vx + vy * vy);
    if (!(toTarget < nearer)) continue;
    const cost = len + toTarget;
    if (!(cost < bestCost)) continue;
    // The body reaches the corner without crossing the tile, and the corner lies in no blocked tile.
    boxOf(first, g);
    if (entersBox(fx, fy, ux, uy) <= 1) continue;
    if (insideAny(others, kx, ky, g)) continue;
    const d = Math.min(step, len);
    SWEEP[0] = fx;
    SWEEP[1] = fy;
    SWEEP[2] = (ux / len) * d;
    SWEEP[3] = (uy / len) * d;
    SWEEP[4] = c;
    if (!sweepClear(others)) continue;
    bestCost = cost;
    CORNER[0] = ux / len;
    CORNER[1] = uy / len;
    CORNER[2] = len;
    found = true;
  }
  return found;
}
