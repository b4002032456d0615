/**
 * Safe per-frame sampling: the one rule by which `sampleFlow`, `sampleField`, `followFlow`, the followers, the
 * crowd and the RTS world turn "the point my tile heads for" into a direction that a small step can take.
 *
 * The body is a square of half-side c (a flow's clearance, `flowClearance(radius)`); a tile is blocked when it is
 * a wall, unreachable, outside the map or (when the caller knows the grid) of another passability code. Only the
 * 3 x 3 block of tiles around the point's tile can be reached by a step of at most {@link SAFE_STEP} tiles
 * (c + L <= 1), so the caller passes their blocked flags as a 9-bit mask ({@link maskBit}) and the test is O(1).
 *
 * The rule, for a point p of tile t whose body overlaps no blocked tile, heading for a target a (the tile's anchor,
 * or the centre of the field's next tile), with L = {@link SAFE_STEP}:
 * 1. direct: the unit vector from p to a (at a itself, within 1e-9 tiles, the tile's own vector), when the body
 *    swept along it for min(L, |a - p|) overlaps no blocked tile;
 * 2. corner: otherwise round the first blocked tile that sweep meets: towards one of that tile's corners grown by c
 *    (where the body grazes the tile), the one with the shortest way p -> corner -> a among those in t, nearer a
 *    than p, that the body reaches without crossing the tile, that lie in no blocked tile grown by c, and along
 *    which the body swept for min(L, distance to the corner) is clear (./safe-corner.ts): the bend of the body's
 *    shortest way round a wall corner. Not at a itself; each corner reached is nearer a, so they end;
 * 3. slide: otherwise the axis direction of that vector's larger component, with its sign, when the body swept
 *    along it for L is clear: the square slides along the wall face towards the corner that hid a;
 * 4. centre: otherwise the direction to t's centre, checked for min(L, distance to the centre). From any point
 *    of the tile whose body is clear, the straight way to the centre is clear (it stays within the tiles the
 *    body already overlaps and t), and from the centre the target is in view (the flow's guarantee), so a body
 *    that keeps sampling never stops short: (0, 0) (stuck) would need the centre's own view to be blocked.
 * A body that already overlaps a blocked tile gets the direction to its tile's centre (the way out, unchecked).
 * SAFE[2] receives how far the direction may be followed: the distance to a (direct), to the corner (corner), L
 * (slide), the distance to the centre (centre). Each check is exact (a segment against the tiles grown by c, overlaps thinner than
 * 1e-9 tiles counting as touching), so a step of up to min(L, SAFE[2]) never overlaps a blocked tile; since
 * c > 0 the body cannot pass between two diagonal walls, so no step crosses a blocked corner either.
 * L = 0.1 = 1 - 2 * MAX_FLOW_RADIUS: the room a body of the largest radius has in a one-tile corridor; a longer
 * checked step could leave such a body with no clear direction at a bend.
 *
 * PERF: V8 passes numbers to a call that is not inlined as tagged values, so every double argument of a hot call
 * allocates a heap number; inputs and outputs go through {@link SAFE}. Internal (the public names are
 * `sampleFlow`, `sampleField`, `FLOW_SAFE_STEP`).
 */

import * as safeCorner from './safe-corner.js';
import * as safeSweep from './safe-sweep.js';

// PERF: module-local copies of the imported names (V8 checks an imported binding's module cell on every use; a
// local const costs nothing; see ../followers/followers-step.ts).
const { CORNER, cornerWay } = safeCorner;
const { SWEEP, sweepClear } = safeSweep;

/**
 * Longest step, in tiles, that the sampled direction is checked for (see the file comment); public as
 * `FLOW_SAFE_STEP`.
 */
export const SAFE_STEP = 0.1;

/** Below this distance (tiles) from its target a point takes its tile's vector instead of the direction to it. */
const AT_TARGET = 1e-9;

/**
 * Inputs and outputs of {@link safeDirection}. In: [0] fx, [1] fy (the point relative to its tile's corner, in
 * [0, 1)), [2] ax, [3] ay (the target relative to the same corner), [4] c (the body's half-side), [5] vx, [6] vy
 * (the tile's own vector, used at the target itself), [7] the step length checked (tiles, at most
 * {@link SAFE_STEP}). Out: [0] dx, [1] dy (a unit vector, or 0, 0), [2] how far the direction may be followed (see
 * the file comment; a step never goes farther than min(SAFE[7], SAFE[2])), [3] 1 when the direction is the tile's
 * own vector (the point stood at its target), else 0.
 */
export const SAFE = new Float64Array(8);

/** What {@link safeDirection} chose (its return value). */
export const RULE_STILL = 0;
export const RULE_DIRECT = 1;
export const RULE_SLIDE = 2;
export const RULE_CENTRE = 3;
/** The body already overlapped a blocked tile: the direction to the tile's centre, unchecked. */
export const RULE_OVERLAP = 4;
/** The point stands on its tile's centre and the way to the target is blocked: 0, 0. */
export const RULE_STUCK = 5;
/** Round the wall that blocks the straight way: towards its corner, grown by the body (./safe-corner.ts). */
export const RULE_CORNER = 6;

/** Bit of the mask for the tile at (dx, dy) from the point's tile, each in -1..1; the tile itself is bit 4. */
export function maskBit(dx: number, dy: number): number {
  return 1 << ((dy + 1) * 3 + dx + 1);
}

/** The mask bit of the point's own tile. */
export const SELF_BIT = 1 << 4;

/**
 * The direction to take from SAFE[0..1] towards SAFE[2..3] (see the file comment for the rule); `mask` holds the
 * blocked flags of the 3 x 3 block of tiles (bit (dy + 1) * 3 + dx + 1). Writes SAFE[0..2]; returns the rule used.
 * `corners` false leaves out the corner rule (the crowd, see ../crowd/crowd-steer.ts).
 */
export function safeDirection(mask: number, corners = true): number {
  const fx = SAFE[0] as number;
  const fy = SAFE[1] as number;
  const ex = (SAFE[2] as number) - fx;
  const ey = (SAFE[3] as number) - fy;
  const c = SAFE[4] as number;
  const step = SAFE[7] as number;
  const dist = Math.sqrt(ex * ex + ey * ey);
  SAFE[2] = dist;
  SAFE[3] = 0;
  if ((mask & SELF_BIT) !== 0) return still(RULE_STILL);
  let dx: number;
  let dy: number;
  if (dist < AT_TARGET) {
    dx = SAFE[5] as number;
    dy = SAFE[6] as number;
    if (dx === 0 && dy === 0) return still(RULE_STILL);
    SAFE[2] = step;
    SAFE[3] = 1;
  } else {
    dx = ex / dist;
    dy = ey / dist;
  }
  const others = mask & ~SELF_BIT;
  if (others === 0) {
    SAFE[0] = dx;
    SAFE[1] = dy;
    return RULE_DIRECT;
  }
  const cx = 0.5 - fx;
  const cy = 0.5 - fy;
  const cl = Math.sqrt(cx * cx + cy * cy);
  // PERF: the sweeps' numbers go in through SWEEP (see ./safe-sweep.ts), the start and the body once; the
  // direction goes straight to SAFE (a helper taking doubles would box them when V8 does not inline it).
  SWEEP[0] = fx;
  SWEEP[1] = fy;
  SWEEP[2] = 0;
  SWEEP[3] = 0;
  SWEEP[4] = c;
  if (!sweepClear(others)) {
    // Already overlapping: the way out is towards the tile's centre.
    if (!(cl > AT_TARGET)) return still(RULE_STUCK);
    SAFE[2] = cl;
    SAFE[0] = cx / cl;

    SAFE[1] = cy / cl;

    return RULE_OVERLAP;
  }
  const direct = Math.min(dist, step);
  SWEEP[2] = dx * direct;
  SWEEP[3] = dy * direct;
  if (sweepClear(others)) {
    SAFE[0] = dx;
    SAFE[1] = dy;
    return RULE_DIRECT;
  }
  // Round the wall in the way, towards the corner where the body grazes it (not at the target itself).
  if (corners && SAFE[3] === 0) {
    CORNER[0] = fx + ex;
    CORNER[1] = fy + ey;
    CORNER[2] = step;
    if (cornerWay(others)) {
      SAFE[2] = CORNER[2] as number;
      SAFE[0] = CORNER[0] as number;

      SAFE[1] = CORNER[1] as number;

      return RULE_CORNER;
    }
    SWEEP[0] = fx;
    SWEEP[1] = fy;
    SWEEP[4] = c;
  }
  // Slide along the axis of the larger component, the way it points (along a wall face, round the corner).
  const adx = dx < 0 ? -dx : dx;
  const ady = dy < 0 ? -dy : dy;
  const sx = adx >= ady ? (dx > 0 ? 1 : -1) : 0;
  const sy = adx >= ady ? 0 : dy > 0 ? 1 : -1;
  SWEEP[2] = sx * step;
  SWEEP[3] = sy * step;
  if (sweepClear(others)) {
    SAFE[2] = step;
    SAFE[0] = sx;

    SAFE[1] = sy;

    return RULE_SLIDE;
  }
  // Towards the tile's centre, which the body at (fx, fy) always reaches in a straight line and which sees the
  // target; checked up to the centre.
  if (!(cl > AT_TARGET)) return still(RULE_STUCK);
  const toCentre = Math.min(cl, step);
  SWEEP[2] = (cx / cl) * toCentre;
  SWEEP[3] = (cy / cl) * toCentre;
  if (sweepClear(others)) {
    SAFE[2] = cl;
    SAFE[0] = cx / cl;

    SAFE[1] = cy / cl;

    return RULE_CENTRE;
  }
  return still(RULE_STUCK);
}

function still(rule: number): number {
  SAFE[0] = 0;
  SAFE[1] = 0;
  return rule;
}
