import { dHypot } from '../determinism/deterministic-math.js';
import type { RtsUnit } from './unit.js';
import type { RtsWorkspace } from './workspace.js';
import type { RtsWorldView } from './world-view.js';

// Proximity queries over the units' newest predicted positions (the RTS tutorial predicts collisions there, one step
// ahead of the move). PERF: they go through the workspace's unit index, built once per fixed step, so a query
// looks at nearby units only instead of all of them; every answer is the one a plain scan of `units` in order
// would give (world-checks.test.ts checks firstCollision against that scan).

/** Rebuilds the unit index from every unit's newest position. */
export function rebuildUnitIndex(w: RtsWorldView, ws: RtsWorkspace): void {
  const units = w.units;
  const n = units.length;
  const index = ws.index;
  index.reset(n);
  let maxSpeed = 0;
  let maxHard = 0;
  let maxSoft = 0;
  for (let i = 0; i < n; i++) {
    const u = units[i] as RtsUnit;
    index.add(u.tailX, u.tailY);
    if (u.speed > maxSpeed) maxSpeed = u.speed;
    if (u.hardRadius > maxHard) maxHard = u.hardRadius;
    if (u.softRadius > maxSoft) maxSoft = u.softRadius;
  }
  // Every unit appends one position per step, at most its top speed times the step away.
  index.finish(maxSpeed * w.options.stepSeconds + 1e-6);
  ws.maxHard = maxHard;
  ws.maxSoft = maxSoft;
  if (ws.candidates.length < n) ws.candidates = new Int32Array(n * 2);
  ws.indexValid = true;
}

/**
 * Indices (into `units`) of the units whose newest position may lie in the box [x0, x1] x [y0, y1], into
 * `ws.candidates`; returns their count. Not in `units` order. Rebuilds the index first if units were added or
 * removed since it was built.
 */
export function gatherUnits(w: RtsWorldView, ws: RtsWorkspace, x0: number, y0: number, x1: number, y1: number) {
  if (!ws.indexValid) rebuildUnitIndex(w, ws);
  return ws.index.range(x0, y0, x1, y1, ws.candidates);
}

/** {@link gatherUnits} for the segment from (x0, y0) to (x1, y1): its bounding box widened by `reach` on every side. */
function gatherAlong(
  w: RtsWorldView,
  ws: RtsWorkspace,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  reach: number,
): number {
  return gatherUnits(
    w,
    ws,
    Math.min(x0, x1) - reach,
    Math.min(y0, y1) - reach,
    Math.max(x0, x1) + reach,
    Math.max(y0, y1) + reach,
  );
}

/**
 * The unit whose newest position lies within the hard colliders of a unit of radius r standing at (x, y)
 * (`except` and `except2` left out), the first in `units` order; null when the place is free.
 */
export function occupiedBy(
  w: RtsWorldView,
  ws: RtsWorkspace,
  x: number,
  y: number,
  r: number,
  except: RtsUnit | null,
  except2: RtsUnit | null = null,
): RtsUnit | null {
  const reach = r + ws.maxHard;
  const count = gatherUnits(w, ws, x - reach, y - reach, x + reach, y + reach);
  const cand = ws.candidates;
  const units = w.units;
  // The first in `units` order, as a plain scan would find.
  let best = -1;
  for (let c = 0; c < count; c++) {
    const i = cand[c] as number; // PERF: c < count
    if (best >= 0 && i > best) continue;
    const v = units[i] as RtsUnit;
    if (v === except || v === except2) continue;
    const s = r + v.hardRadius;
    if (square(v.tailX - x) + square(v.tailY - y) < s * s - 1e-9) best = i;
  }
  return best >= 0 ? (units[best] as RtsUnit) : null;
}

/**
 * The first unit (in `units` order) whose newest position collides with `u` moving to (x, y): a hard collision
 * (bodies overlap, and the move brings them closer) first; with `soft`, else a soft one (u's personal space
 * touches a unit of another group that it moves towards), the nearest. Sets `w.hitHard`; null when nothing
 * collides. The segment from u's newest position is sampled every hard radius, so that a fast unit cannot jump
 * over a body (the RTS tutorial's interpolation between updates).
 */
export function firstCollision(
  w: RtsWorldView,
  ws: RtsWorkspace,
  u: RtsUnit,
  x: number,
  y: number,
  soft: boolean,
): RtsUnit | null {
  const px = u.tailX;
  const py = u.tailY;
  const len = dHypot(x - px, y - py);
  const samples = Math.max(1, Math.ceil(len / u.hardRadius));
  const units = w.units;
  // Only units whose newest position may be within reach of the segment (hard) or of (x, y) (soft).
  const reach = Math.max(u.hardRadius, soft ? u.softRadius : 0) + ws.maxHard;
  const count = gatherAlong(w, ws, px, py, x, y, reach);
  const cand = ws.candidates;
  // The original scan went through `units` in order and returned the first hard hit, else the nearest soft
  // hit (the first on ties): the lowest index wins, so the candidates' order does not matter.
  let hardIndex = -1;
  let softIndex = -1;
  let softD = Number.POSITIVE_INFINITY;
  for (let c = 0; c < count; c++) {
    const i = cand[c] as number; // PERF: c < count
    if (hardIndex >= 0 && i > hardIndex) continue;
    const v = units[i] as RtsUnit;
    if (v === u) continue;
    const hs = u.hardRadius + v.hardRadius;
    let hard = false;
    for (let k = 1; k <= samples; k++) {
      const sx = px + ((x - px) * k) / samples;
      const sy = py + ((y - py) * k) / samples;
      const dx = v.tailX - sx;
      const dy = v.tailY - sy;
      if (dx * dx + dy * dy < hs * hs - 1e-9) {
        // Only a collision if the move brings the bodies closer (never blocks moving apart).
        const before = square(v.tailX - px) + square(v.tailY - py);
        if (dx * dx + dy * dy < before) {
          hard = true;
          break;
        }
      }
    }
    if (hard) {
      hardIndex = i;
      continue;
    }
    if (!soft || (u.group !== null && v.group === u.group)) continue;
    const ss = u.softRadius + v.hardRadius;
    const dx = v.tailX - x;
    const dy = v.tailY - y;
    const d2 = dx * dx + dy * dy;
    if (
      d2 < ss * ss &&
      (d2 < softD || (d2 === softD && i < softIndex)) &&
      (v.tailX - px) * (x - px) + (v.tailY - py) * (y - py) > 0
    ) {
      softD = d2;
      softIndex = i;
    }
  }
  if (hardIndex >= 0) {
    w.hitHard = true;
    return units[hardIndex] as RtsUnit;
  }
  w.hitHard = false;
  return softIndex >= 0 ? (units[softIndex] as RtsUnit) : null;
}

/**
 * Does `u`, moving from its newest position to (x, y) (at most its hard radius away: one step), run into the body
 * of a standing idle unit of a higher priority, which will not make way for it (the RTS tutorial's moving / idle
 * rule: only the higher-priority unit pushes): the bodies would overlap, and the move brings them closer? Units that
 * move (pushed, dodging, on their way, a formation member walking to its place) move on, and an idle unit of a
 * priority no higher is pushed on in turn.
 */
export function runsIntoHigher(w: RtsWorldView, ws: RtsWorkspace, u: RtsUnit, x: number, y: number): boolean {
  const px = u.tailX;
  const py = u.tailY;
  const reach = u.hardRadius + ws.maxHard;
  const count = gatherAlong(w, ws, px, py, x, y, reach);
  const cand = ws.candidates;
  const units = w.units;
  for (let c = 0; c < count; c++) {
    const v = units[cand[c] as number] as RtsUnit; // PERF: c < count
    if (v === u || !v.idle || v.priority <= u.priority || walksToPlace(v)) continue;
    const hs = u.hardRadius + v.hardRadius;
    const d2 = square(v.tailX - x) + square(v.tailY - y);
    if (d2 < hs * hs - 1e-9 && d2 < square(v.tailX - px) + square(v.tailY - py)) return true;
  }
  return false;
}

/** Is `v` a formation member walking to its place (idle by its state, but not standing)? */
function walksToPlace(v: RtsUnit): boolean {
  return !Number.isNaN(v.slotX) && square(v.slotX - v.tailX) + square(v.slotY - v.tailY) > 1e-12;
}

/**
 * Is a moving unit (not of u's group) close to u or to the place u wants to return to (its return stack's top)?
 * Then u, pushed aside, waits before it walks back (the RTS tutorial: "as the Unit A has left, the collision
 * disappears and the idle unit goes back to its position").
 */
export function moverNear(w: RtsWorldView, ws: RtsWorkspace, u: RtsUnit): boolean {
  const k = u.returnStack.length - 2;
  const rx = u.returnStack[k] as number;
  const ry = u.returnStack[k + 1] as number;
  const reach = ws.maxSoft + u.softRadius + 0.5;
  const narrow = wayBackNarrow(w, u);
  // Two boxes (around the return point and around u); a unit found twice is tested twice, harmlessly.
  const n1 = gatherUnits(w, ws, rx - reach, ry - reach, rx + reach, ry + reach);
  if (nearMover(w, ws, u, rx, ry, n1, narrow)) return true;
  const n2 = gatherUnits(w, ws, u.tailX - reach, u.tailY - reach, u.tailX + reach, u.tailY + reach);
  return nearMover(w, ws, u, rx, ry, n2, narrow);
}

/**
 * The test of {@link moverNear} over the first `count` candidates. A formation member walking to its place is
 * idle by its state (it follows its slot, not a route of its own); it counts as a mover when u's way back is
 * narrow (`narrow`, {@link wayBackNarrow}) and the member walks towards u's return point: a guard pushed out of a
 * canyon ahead of a file would otherwise walk back into the file in every gap between its members, to be pushed
 * out again.
 */
function nearMover(
  w: RtsWorldView,
  ws: RtsWorkspace,
  u: RtsUnit,
  rx: number,
  ry: number,
  count: number,
  narrow: boolean,
): boolean {
  const units = w.units;
  const cand = ws.candidates;
  for (let c = 0; c < count; c++) {
    const v = units[cand[c] as number] as RtsUnit; // PERF: c < count
    if (v === u || (v.idle && !(narrow && walksTowards(v, rx, ry)))) continue;
    if (v.group !== null && v.group === u.group) continue;
    const r = v.softRadius + u.softRadius + 0.5;
    if (square(v.tailX - rx) + square(v.tailY - ry) < r * r) return true;
    if (square(v.tailX - u.tailX) + square(v.tailY - u.tailY) < r * r) return true;
  }
  return false;
}

/**
 * Does u's way back (its return stack, to its home) lead over a tile of clearance 0 (no open 3 x 3 square round
 * it: by a wall or in a passage), where it cannot make way for units coming the other way?
 */
function wayBackNarrow(w: RtsWorldView, u: RtsUnit): boolean {
  const clear = w.pathfinder.clearance();
  const width = w.grid.width;
  for (let k = 0; k + 1 < u.returnStack.length; k += 2) {
    const tx = Math.floor(u.returnStack[k] as number);
    const ty = Math.floor(u.returnStack[k + 1] as number);
    if ((clear[ty * width + tx] as number) <= 0) return true;
  }
  return false;
}

/**
 * Is `v` a formation member walking (its newest step not zero) towards (rx, ry): is (rx, ry) ahead of it on its
 * way? (Its place may be just ahead of it: a place in a marching formation moves on as the member walks.)
 */
function walksTowards(v: RtsUnit, rx: number, ry: number): boolean {
  if (Number.isNaN(v.slotX)) return false;
  return (rx - v.tailX) * v.headingX + (ry - v.tailY) * v.headingY > 0;
}

/** v * v (the `**` operator's precision is left to each engine). */
function square(v: number): number {
  return v * v;
}
