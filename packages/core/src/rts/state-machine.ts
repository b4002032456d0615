import { dHypot } from '../determinism/deterministic-math.js';
import { moverNear } from './collision-query.js';
import { clearAvoid, clearCollision, finishSolving } from './collision-state.js';
import { arrive, checkLine, planRoute } from './routing.js';
import type { RtsUnit } from './unit.js';
import type { RtsWorkspace } from './workspace.js';
import type { RtsWorldView } from './world-view.js';

/**
 * The RTS tutorial's unit state machine (waiting for path, moving, waypoint reached, destination reached, with the
 * patrol branch), run on the unit's newest prediction, below the moves imposed on it: a push or a hard push
 * first, then a local avoidance move, then the order; an idle unit walks to its formation slot or back along
 * its return stack. True with the point to head for in `w.targetX / w.targetY`; false when the unit holds still.
 * Imposed moves that run out of time are dropped (another unit took the tile).
 */
export function currentTarget(w: RtsWorldView, ws: RtsWorkspace, u: RtsUnit): boolean {
  if (u.pushMoves.length > 0 && --u.pushTimer <= 0) {
    // An imposed move that cannot be finished in time is dropped (another unit took the tile).
    u.pushMoves = [];
    u.returnDelay = w.stepsFor(w.options.returnDelaySeconds);
    finishSolving(w, u);
  }
  if (!Number.isNaN(u.avoidX) && --u.avoidTimer <= 0) {
    // A dodge that cannot be finished in time is dropped too.
    clearAvoid(u);
    finishSolving(w, u);
  }
  for (let guard = 0; guard < 64; guard++) {
    if (u.pushMoves.length > 0) {
      const tx = u.pushMoves[0] as number;
      const ty = u.pushMoves[1] as number;
      if (dHypot(tx - u.tailX, ty - u.tailY) > 1e-6) return setTarget(w, tx, ty);
      u.pushMoves.splice(0, 2);
      if (u.pushMoves.length === 0) {
        u.returnDelay = w.stepsFor(w.options.returnDelaySeconds);
        finishSolving(w, u);
        if (!u.idle || u.state === 'moving') checkLine(w, u);
      }
      continue;
    }
    if (!Number.isNaN(u.avoidX)) {
      if (dHypot(u.avoidX - u.tailX, u.avoidY - u.tailY) > 1e-6) return setTarget(w, u.avoidX, u.avoidY);
      // Waiting on its own tile: hold (a step of length 0 still counts as waiting) until the wait times out.
      if (u.holding) return setTarget(w, u.tailX, u.tailY);
      clearAvoid(u);
      finishSolving(w, u);
      checkLine(w, u);
      continue;
    }
    switch (u.state) {
      case 'waiting-for-path': {
        if (ws.pathsThisStep >= w.options.maxPathsPerStep) return false;
        ws.pathsThisStep++;
        planRoute(w, u);
        continue;
      }
      case 'moving': {
        const wx = u.route[u.routeIndex * 2] as number;
        const wy = u.route[u.routeIndex * 2 + 1] as number;
        if (dHypot(wx - u.tailX, wy - u.tailY) > 1e-6) return setTarget(w, wx, wy);
        u.state = 'waypoint-reached';
        continue;
      }
      case 'waypoint-reached': {
        if (u.routeIndex * 2 + 2 < u.route.length) {
          u.routeIndex++;
          u.state = 'moving';
          checkLine(w, u);
        } else if (u.patrol.length > 0) {
          u.patrolIndex = (u.patrolIndex + 1) % (u.patrol.length / 2);
          u.destX = u.patrol[u.patrolIndex * 2] as number;
          u.destY = u.patrol[u.patrolIndex * 2 + 1] as number;
          u.state = 'waiting-for-path';
          u.bestDistance = Number.POSITIVE_INFINITY;
          u.noProgress = 0;
        } else arrive(w, u, false);
        continue;
      }
      default:
        break;
    }
    // Idle or destination reached.
    if (!Number.isNaN(u.slotX)) {
      if (dHypot(u.slotX - u.tailX, u.slotY - u.tailY) > 1e-6) return setTarget(w, u.slotX, u.slotY);
      return false;
    }
    if (u.returnStack.length > 0) {
      if (u.returnDelay > 0 || moverNear(w, ws, u) || mustLetPass(w, u)) {
        if (u.returnDelay > 0) u.returnDelay--;
        return false;
      }
      const k = u.returnStack.length - 2;
      const rx = u.returnStack[k] as number;
      const ry = u.returnStack[k + 1] as number;
      if (dHypot(rx - u.tailX, ry - u.tailY) > 1e-6) return setTarget(w, rx, ry);
      u.returnStack.length = k;
      if (u.returnStack.length === 0) {
        u.homeX = rx;
        u.homeY = ry;
        if (u.collision === 'solved') clearCollision(u);
      }
      continue;
    }
    return false;
  }
  // The state machine went round without a point to head for: a route it cannot follow (a repair that plans the
  // same blocked leg again, such as a diagonal squeeze between two walls that the `always` rule plans but a step
  // may not take). Fail the order rather than spin like this every step for ever.
  if (u.state === 'moving' || u.state === 'waypoint-reached' || u.state === 'waiting-for-path')
    arrive(w, u, true, 'stuck');
  return false;
}

function setTarget(w: RtsWorldView, x: number, y: number): true {
  w.targetX = x;
  w.targetY = y;
  return true;
}

/** Does a return stack (x, y pairs, bottom = final home) still pass through (x, y) before its final home? */
function passesThrough(stack: number[], x: number, y: number): boolean {
  for (let k = 2; k + 1 < stack.length; k += 2) {
    if (Math.abs((stack[k] as number) - x) < 0.3 && Math.abs((stack[k + 1] as number) - y) < 0.3) return true;
  }
  return false;
}

/**
 * Must `u` wait before returning because another returning unit still has to pass through u's home (its
 * post)? Keeps the order of a chain in a corridor: the unit that must go deepest returns first. When two
 * units wait for each other the lower id goes first.
 */
function mustLetPass(w: RtsWorldView, u: RtsUnit): boolean {
  const hx = u.returnStack[0] as number;
  const hy = u.returnStack[1] as number;
  for (const v of w.units) {
    if (v === u || v.returnStack.length < 4 || !Number.isNaN(v.slotX)) continue;
    if (!passesThrough(v.returnStack, hx, hy)) continue;
    const vx = v.returnStack[0] as number;
    const vy = v.returnStack[1] as number;
    if (passesThrough(u.returnStack, vx, vy) && u.id < v.id) continue;
    return true;
  }
  return false;
}
