import { dCos, dSin } from '../determinism/deterministic-math.js';
import { firstCollision } from './collision-query.js';
import { solveCollision } from './collision-solve.js';
import { activelySolving, clearAvoid, clearCollision } from './collision-state.js';
import { rtsBodyClear, rtsClearOfWalls, rtsSegmentClear } from './geometry.js';
import { appendPrediction, rtsSpeedOf, stepToward } from './prediction.js';
import { followAround, repairRoute } from './routing.js';
import { currentTarget } from './state-machine.js';
import { onStuck, watchProgress } from './stuck.js';
import type { RtsUnit } from './unit.js';
import type { RtsWorkspace } from './workspace.js';
import type { RtsWorldView } from './world-view.js';

/**
 * Appends the unit's next predicted position (one per unit per fixed step): one step towards the state
 * machine's target; a wall on the way repairs the route (low level); a collision predicted there is solved by
 * the priority rules, and the step is taken again after the solution; a step still blocked by a body slides
 * along it or waits. Waiting and lack of progress feed the livelock guards.
 *
 * This keeps the world's invariant: the appended position's hard collider overlaps no other unit's newest
 * position (unless the two were already overlapping and move apart), so bodies never overlap at a fixed step.
 */
export function extendPrediction(w: RtsWorldView, ws: RtsWorkspace, u: RtsUnit): void {
  const horizon = w.options.horizon;
  if (u.repairCooldown > 0) u.repairCooldown--;
  let target = currentTarget(w, ws, u);
  if (!target) {
    u.waitSteps = 0;
    appendPrediction(u, u.tailX, u.tailY, horizon);
    return;
  }
  stepToward(w, ws, u, w.targetX, w.targetY);
  let qx = ws.stepX;
  let qy = ws.stepY;
  if (!stepClear(w, u, qx, qy)) {
    // A wall: re-plan the way to the waypoint (low level), or give up the imposed move.
    if (u.pushMoves.length > 0) u.pushMoves = [];
    else if (!Number.isNaN(u.avoidX)) clearAvoid(u);
    else if (u.repairCooldown === 0) {
      if (u.state === 'moving') repairRoute(w, u);
      else if (!Number.isNaN(u.slotX)) followAround(w, u);
    }
    target = nextStep(w, ws, u);
    qx = ws.stepX;
    qy = ws.stepY;
  }
  const hit = firstCollision(w, ws, u, qx, qy, true);
  if (hit) {
    solveCollision(w, ws, u, hit, w.hitHard);
    target = nextStep(w, ws, u);
    qx = ws.stepX;
    qy = ws.stepY;
    if (target && (qx !== u.tailX || qy !== u.tailY) && firstCollision(w, ws, u, qx, qy, false)) {
      if (activelySolving(w, u)) {
        qx = u.tailX;
        qy = u.tailY;
      } else {
        slide(w, ws, u, qx, qy);
        qx = ws.stepX;
        qy = ws.stepY;
      }
    }
  } else if (u.collision === 'unsolved') clearCollision(u);
  const moved = qx !== u.tailX || qy !== u.tailY;
  if (!moved && target && rtsSpeedOf(u) > 0) {
    u.waitSteps++;
    w.stats.waits++;
    onStuck(w, ws, u);
  } else u.waitSteps = 0;
  const sx = qx - u.tailX;
  const sy = qy - u.tailY;
  appendPrediction(u, qx, qy, horizon);
  watchProgress(w, ws, u, sx, sy);
}

/**
 * Runs the state machine again and puts the step towards its target (or the unit's newest position when it
 * holds still or a wall is in the way) in `ws.stepX / ws.stepY`. Returns whether there is a target.
 */
function nextStep(w: RtsWorldView, ws: RtsWorkspace, u: RtsUnit): boolean {
  const target = currentTarget(w, ws, u);
  if (target) stepToward(w, ws, u, w.targetX, w.targetY);
  if (!target || !stepClear(w, u, ws.stepX, ws.stepY)) {
    ws.stepX = u.tailX;
    ws.stepY = u.tailY;
  }
  return target;
}

/**
 * The straight step is blocked by a body: try the same step turned by 30, 60, 90 degrees to either side
 * (sliding along the other unit; up to 180 degrees once the unit has waited half of `stuckSeconds`). Stays put
 * if every turn is blocked. The result goes to `ws.stepX / ws.stepY`.
 */
function slide(w: RtsWorldView, ws: RtsWorkspace, u: RtsUnit, qx: number, qy: number): void {
  const dx = qx - u.tailX;
  const dy = qy - u.tailY;
  const wide = u.waitSteps > w.stepsFor(w.options.stuckSeconds) / 2;
  const turns = wide ? 6 : 3;
  for (let k = 1; k <= turns; k++) {
    for (let sign = 1; sign >= -1; sign -= 2) {
      const a = (sign * k * Math.PI) / 6;
      const c = dCos(a);
      const s = dSin(a);
      const x = u.tailX + dx * c - dy * s;
      const y = u.tailY + dx * s + dy * c;
      if (!stepClear(w, u, x, y)) continue;
      if (u.hardRadius <= 0.5 && !rtsClearOfWalls(w.grid, x, y, u.hardRadius)) continue;
      if (firstCollision(w, ws, u, x, y, false)) continue;
      ws.stepX = x;
      ws.stepY = y;
      return;
    }
  }
  ws.stepX = u.tailX;
  ws.stepY = u.tailY;
}

/**
 * May the unit's centre move straight from its newest position to (x, y) (no wall on the way), and, for a body
 * bigger than half a tile, does the body fit there (overlaps no wall)?
 */
function stepClear(w: RtsWorldView, u: RtsUnit, x: number, y: number): boolean {
  if (!rtsSegmentClear(w.grid, u.tailX, u.tailY, x, y)) return false;
  return u.hardRadius <= 0.5 || rtsBodyClear(w.grid, x, y, u.hardRadius);
}
