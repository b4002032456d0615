import { dHypot } from '../determinism/deterministic-math.js';
import { tryAvoid, tryHardPush } from './collision-solve.js';
import { clearAvoid } from './collision-state.js';
import { rtsSegmentClear } from './geometry.js';
import { rtsSpeedOf } from './prediction.js';
import { arrive, detourAround, replanAround } from './routing.js';
import type { RtsUnit } from './unit.js';
import type { RtsWorkspace } from './workspace.js';
import type { RtsWorldView } from './world-view.js';

// Escalation for units that do not get on: the RTS tutorial's collision rules are local, so a unit can wait behind a
// crowd, or dodge back and forth, forever. These guards count steps and escalate step by step, in units of
// `stuckSeconds`, up to giving the order up after `giveUpSeconds`.

/**
 * A blocked unit (it waited `u.waitSteps` steps in a row): every `stuckSeconds` it re-plans around units or
 * dodges to any free tile, in turn; after `giveUpSeconds` it gives its order up.
 */
export function onStuck(w: RtsWorldView, ws: RtsWorkspace, u: RtsUnit): void {
  if (skipPassedWaypoint(w, u)) return;
  const stuck = w.stepsFor(w.options.stuckSeconds);
  if (u.waitSteps > w.stepsFor(w.options.giveUpSeconds)) {
    u.pushMoves = [];
    clearAvoid(u);
    u.returnStack = [];
    if (u.state === 'moving' || u.state === 'waiting-for-path') arrive(w, u, true, 'gave-up');
    u.waitSteps = 0;
    return;
  }
  if (u.waitSteps % stuck !== 0) return;
  if (u.state === 'moving' && (u.waitSteps / stuck) % 2 === 0) {
    replanAround(w, ws, u);
    return;
  }
  const other = u.collisionWith >= 0 ? w.unit(u.collisionWith) : undefined;
  if (other && Number.isNaN(u.avoidX) && u.pushMoves.length === 0) tryAvoid(w, ws, u, other, true);
}

/**
 * Livelock guard: a unit that keeps moving (dodging back and forth) without getting closer to its
 * destination escalates like a blocked one: hard push the unit in its way, then re-plan around units, then
 * stop near the destination (within 3 tiles: counted as arrived) or give up. A formation member that does not
 * get closer to its slot walks around the units in its way.
 */
export function watchProgress(w: RtsWorldView, ws: RtsWorkspace, u: RtsUnit, stepX: number, stepY: number): void {
  if (u.state !== 'moving' && !Number.isNaN(u.slotX) && u.pushMoves.length === 0) {
    const d = dHypot(u.slotX - u.tailX, u.slotY - u.tailY);
    if (d < u.bestDistance - 0.25 || d < 0.3) {
      u.bestDistance = d;
      u.noProgress = 0;
    } else if (walksTowards(w, u, d, stepX, stepY)) {
      // Its place moves on (a marching formation) as fast as it walks: walking towards it is progress.
    } else if (++u.noProgress >= w.stepsFor(w.options.stuckSeconds) * 2) {
      u.noProgress = 0;
      u.bestDistance = Number.POSITIVE_INFINITY;
      clearAvoid(u);
      detourAround(w, ws, u, u.slotX, u.slotY);
    }
    return;
  }
  if (u.state !== 'moving' || rtsSpeedOf(u) === 0) {
    u.bestDistance = Number.POSITIVE_INFINITY;
    u.noProgress = 0;
    return;
  }
  const d = dHypot(u.destX - u.tailX, u.destY - u.tailY);
  if (d < u.bestDistance - 0.25) {
    u.bestDistance = d;
    u.noProgress = 0;
    return;
  }
  u.noProgress++;
  const stuck = w.stepsFor(w.options.stuckSeconds) * 3;
  if (u.noProgress % stuck !== 0) return;
  const round = u.noProgress / stuck;
  const other = u.collisionWith >= 0 ? w.unit(u.collisionWith) : undefined;
  if (round === 1 && other && other.idle && other.priority <= u.priority && u.pushMoves.length === 0) {
    clearAvoid(u);
    tryHardPush(w, ws, u, other);
  } else if (round === 2) replanAround(w, ws, u);
  else if (round >= 3 && d < 3) {
    clearAvoid(u);
    arrive(w, u, false);
    w.stats.nearArrivals++;
  } else if (u.noProgress > w.stepsFor(w.options.giveUpSeconds)) {
    clearAvoid(u);
    arrive(w, u, true, 'no-progress');
  }
}

/**
 * Did the unit's last step (stepX, stepY) take it towards its slot, `d` tiles away, by at least half of its
 * step at its effective speed? A member following a moving place (its slot or place in file while the formation
 * marches, moving at the member's own speed) does not get closer while it walks after it at full speed; a member
 * that waits or dodges back and forth does not pass this either.
 */
function walksTowards(w: RtsWorldView, u: RtsUnit, d: number, stepX: number, stepY: number): boolean {
  if (d < 1e-9) return false;
  const along = (stepX * (u.slotX - u.tailX) + stepY * (u.slotY - u.tailY)) / d;
  return along >= 0.5 * rtsSpeedOf(u) * w.options.stepSeconds;
}

/**
 * A blocked unit that was carried past its current waypoint (pushed or dodged ahead by the others, like a group
 * member swept into a canyon) heads for the next one instead of walking back against the stream: when the next
 * waypoint is at least as near to it as to the current one, in a straight line clear of walls. True when it did.
 */
export function skipPassedWaypoint(w: RtsWorldView, u: RtsUnit): boolean {
  if (u.state !== 'moving') return false;
  const k = u.routeIndex * 2 + 2;
  if (k + 1 >= u.route.length) return false;
  const wx = u.route[k - 2] as number;
  const wy = u.route[k - 1] as number;
  const nx = u.route[k] as number;
  const ny = u.route[k + 1] as number;
  // PERF: the distance test first; the wall test samples the whole segment.
  if (dHypot(nx - u.tailX, ny - u.tailY) > dHypot(nx - wx, ny - wy)) return false;
  if (!rtsSegmentClear(w.grid, u.tailX, u.tailY, nx, ny)) return false;
  u.routeIndex++;
  return true;
}
