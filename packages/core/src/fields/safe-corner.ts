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
import { slabsEntry as entry, sweepClear, TOUCH } from './safe-sweep.js';

/** Out: [0] dx, [1] dy (a unit vector towards the corner), [2] the distance to the corner, tiles. */
export const CORNER = new Float64Array(3);

/** Below this distance (tiles) a corner counts as reached: the rule gives way to the next. */
const AT_CORNER = 1e-9;

/** Column (-1..1) of a mask bit's tile. */
function colOf(k: number): number {
  return (k % 3) - 1;
}

/** Row (-1..1) of a mask bit's tile. */
function rowOf(k: number): number {
  return (k - (k % 3)) / 3 - 1;
}

/** True when (x, y) lies inside a tile of `mask` grown by g (by more than the touch tolerance). */
function insideAny(mask: number, x: number, y: number, g: number): boolean {
  let m = mask;
  while (m !== 0) {
    const low = m & -m;
    m ^= low;
    const k = 31 - Math.clz32(low);
    const i = colOf(k);
    const j = rowOf(k);
    if (x > i - g && x < i + 1 + g && y > j - g && y < j + 1 + g) return true;
  }
  return false;
}

/**
 * The corner way from (fx, fy) towards the target (ax, ay) for a body of half-side c, whose straight sweep by
 * (mx, my) meets a tile of `others` (the blocked tiles but the point's own): the corner of the first tile it meets,
 * grown by c, that the body reaches without crossing that tile, that lies in no blocked tile grown by c, whose
 * way point -> corner -> target is the shortest of those, and towards which a step of min(step, distance) sweeps
 * clear of every tile of `others`. Writes {@link CORNER}; false when there is none.
 */
export function cornerWay(
  others: number,
  fx: number,
  fy: number,
  ax: number,
  ay: number,
  mx: number,
  my: number,
  c: number,
  step: number,
): boolean {
  const g = c - TOUCH;
  let first = -1;
  let firstT = Number.POSITIVE_INFINITY;
  let m = others;
  while (m !== 0) {
    const low = m & -m;
    m ^= low;
    const k = 31 - Math.clz32(low);
    const i = colOf(k);
    const j = rowOf(k);
    const t = entry(fx, fy, mx, my, i - g, j - g, i + 1 + g, j + 1 + g);
    if (t < firstT) {
      firstT = t;
      first = k;
    }
  }
  if (first < 0) return false;
  const i = colOf(first);
  const j = rowOf(first);
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
    if (entry(fx, fy, ux, uy, i - g, j - g, i + 1 + g, j + 1 + g) <= 1) continue;
    if (insideAny(others, kx, ky, g)) continue;
    const d = Math.min(step, len);
    if (!sweepClear(others, fx, fy, (ux / len) * d, (uy / len) * d, c)) continue;
    bestCost = cost;
    CORNER[0] = ux / len;
    CORNER[1] = uy / len;
    CORNER[2] = len;
    found = true;
  }
  return found;
}
