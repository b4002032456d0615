/**
 * Where on the commander's route a formation cannot hold its shape (a pass narrower than it), so that it files
 * before it gets there. Internal.
 */
import { dAtan2, dHypot } from '../determinism/deterministic-math.js';
import type { Grid } from '../grid/grid.js';
import { formationAnchor, slotPositionInto, snapToEighthTurn } from './formation.js';
import { rtsBodyClear, rtsSegmentClear, rtsTileOpen } from './geometry.js';

/** Distance between two looks along the route, tiles. */
const STRIDE = 0.5;

/**
 * Can slot `k` be held with the formation's centre at (ax, ay) facing `angle`: its tile open, in a straight line
 * from the centre, and (bodies bigger than half a tile, `r`) room for the body? Its position goes into `out`.
 */
export function rtsSlotHeld(
  grid: Grid,
  slots: Float64Array,
  ax: number,
  ay: number,
  angle: number,
  k: number,
  r: number,
  out: { x: number; y: number },
): boolean {
  const p = slotPositionInto(ax, ay, angle, slots[k * 2] as number, slots[k * 2 + 1] as number, out);
  return (
    rtsTileOpen(grid, Math.floor(p.x), Math.floor(p.y)) &&
    rtsSegmentClear(grid, ax, ay, p.x, p.y) &&
    (r <= 0.5 || rtsBodyClear(grid, p.x, p.y, r))
  );
}

/**
 * The points of a route (x, y pairs, walked from (x0, y0)) where the formation, its slot 0 on the point, would have
 * a slot it cannot hold: each as the length of route left from there to the route's end, tiles, in the order walked
 * (so decreasing), one every half tile. Facing as it marches (formation-march.ts): it turns to the leg (to an eighth
 * of a turn) where it fits that way, else keeps its facing (from `angle` at the start); a point is narrow when it
 * fits neither way.
 */
export function rtsNarrowPoints(
  grid: Grid,
  slots: Float64Array,
  route: readonly number[],
  x0: number,
  y0: number,
  r: number,
  angle: number,
): Float64Array {
  let total = 0;
  let facing = angle;
  let px = x0;
  let py = y0;
  for (let k = 0; k + 1 < route.length; k += 2) {
    total += dHypot((route[k] as number) - px, (route[k + 1] as number) - py);
    px = route[k] as number;
    py = route[k + 1] as number;
  }
  const out: number[] = [];
  const anchor = { x: 0, y: 0 };
  const tmp = { x: 0, y: 0 };
  let walked = 0;
  px = x0;
  py = y0;
  for (let k = 0; k + 1 < route.length; k += 2) {
    const qx = route[k] as number;
    const qy = route[k + 1] as number;
    const len = dHypot(qx - px, qy - py);
    if (len > 1e-9) {
      const want = snapToEighthTurn(dAtan2(qy - py, qx - px));
      for (let s = 0; s < len; s += STRIDE) {
        const x = px + ((qx - px) * s) / len;
        const y = py + ((qy - py) * s) / len;
        if (fitsAt(grid, slots, x, y, want, r, anchor, tmp)) facing = want;
        else if (!fitsAt(grid, slots, x, y, facing, r, anchor, tmp)) out.push(total - walked - s);
      }
    }
    walked += len;
    px = qx;
    py = qy;
  }
  return Float64Array.from(out);
}

/** Can every slot be held with slot 0 at (x, y), facing `angle`? (`anchor`, `tmp`: scratch.) */
function fitsAt(
  grid: Grid,
  slots: Float64Array,
  x: number,
  y: number,
  angle: number,
  r: number,
  anchor: { x: number; y: number },
  tmp: { x: number; y: number },
): boolean {
  formationAnchor(slots, x, y, angle, anchor);
  for (let j = 1; j < slots.length / 2; j++)
    if (!rtsSlotHeld(grid, slots, anchor.x, anchor.y, angle, j, r, tmp)) return false;
  return true;
}

/** Length of the unit's route left, tiles: from its newest position through its remaining waypoints. */
export function rtsRouteLeft(x: number, y: number, route: readonly number[], index: number): number {
  let left = 0;
  let px = x;
  let py = y;
  for (let k = index * 2; k + 1 < route.length; k += 2) {
    left += dHypot((route[k] as number) - px, (route[k + 1] as number) - py);
    px = route[k] as number;
    py = route[k + 1] as number;
  }
  return left;
}

/** Is one of the narrow points (route left there, decreasing) within `within` tiles ahead of `left`? */
export function rtsNarrowAhead(points: Float64Array, left: number, within: number): boolean {
  for (let k = 0; k < points.length; k++) {
    const p = points[k] as number;
    if (p > left) continue;
    return p >= left - within;
  }
  return false;
}
