/**
 * Filing through a narrow pass: a formation member's place on the commander's trail. Internal.
 */
import { dHypot } from '../determinism/deterministic-math.js';
import type { Grid } from '../grid/grid.js';
import { pointBehind } from './formation.js';
import { rtsSegmentClear, rtsTileOpen } from './geometry.js';

/** Trail points (of 0.1 tiles apart) between two looks back for a point in view, and the most looks. */
const LOOK_STRIDE = 5;
const MAX_LOOKS = 80;

/**
 * Where a member at (ux, uy) heads while the formation files: the point `back` tiles behind the end of the trail
 * (x, y pairs, oldest first), measured along it, when the member sees it in a straight line; otherwise the
 * newest trail point before it that the member sees (so it follows the trail round the corners instead of cutting
 * them); otherwise the trail point nearest to it.
 */
export function rtsTrailTarget(
  grid: Grid,
  trail: readonly number[],
  back: number,
  ux: number,
  uy: number,
  out: { x: number; y: number },
): { x: number; y: number } {
  pointBehind(trail, back, out);
  if (rtsSegmentClear(grid, ux, uy, out.x, out.y)) return out;
  // The index of the trail point at (or just before) that distance behind.
  let k = trail.length - 2;
  let left = back;
  for (; k >= 2 && left > 0; k -= 2)
    left -= dHypot(
      (trail[k] as number) - (trail[k - 2] as number),
      (trail[k + 1] as number) - (trail[k - 1] as number),
    );
  for (let looks = 0; k >= 0 && looks < MAX_LOOKS; k -= 2 * LOOK_STRIDE, looks++) {
    const x = trail[k] as number;
    const y = trail[k + 1] as number;
    if (rtsSegmentClear(grid, ux, uy, x, y)) {
      out.x = x;
      out.y = y;
      return out;
    }
  }
  let best = Number.POSITIVE_INFINITY;
  for (let j = 0; j + 1 < trail.length; j += 2) {
    const d = dHypot((trail[j] as number) - ux, (trail[j + 1] as number) - uy);
    if (d < best) {
      best = d;
      out.x = trail[j] as number;
      out.y = trail[j + 1] as number;
    }
  }
  return out;
}

/**
 * A member's place in a file `across` tiles wide: the trail point `back` tiles behind its end, moved `side` tiles
 * to the right of the trail's direction there when that point is open and in view of the trail point (else the
 * trail point itself); then, as {@link rtsTrailTarget}, the nearest point of the trail the member sees when it
 * does not see that place.
 */
export function rtsFileTarget(
  grid: Grid,
  trail: readonly number[],
  back: number,
  side: number,
  ux: number,
  uy: number,
  out: { x: number; y: number },
): { x: number; y: number } {
  if (side !== 0) {
    pointBehind(trail, back, out);
    const px = out.x;
    const py = out.y;
    pointBehind(trail, back + 0.5, out);
    const dx = px - out.x;
    const dy = py - out.y;
    const len = dHypot(dx, dy);
    if (len > 1e-9) {
      // Right of the direction of travel, y down: (-dy, dx).
      const qx = px - (dy / len) * side;
      const qy = py + (dx / len) * side;
      if (
        rtsTileOpen(grid, Math.floor(qx), Math.floor(qy)) &&
        rtsSegmentClear(grid, px, py, qx, qy) &&
        rtsSegmentClear(grid, ux, uy, qx, qy)
      ) {
        out.x = qx;
        out.y = qy;
        return out;
      }
    }
  }
  return rtsTrailTarget(grid, trail, back, ux, uy, out);
}
