import { dHypot } from '../determinism/deterministic-math.js';
import type { RtsUnit } from './unit.js';
import type { RtsWorkspace } from './workspace.js';
import type { RtsWorldView } from './world-view.js';

// The rolling queue of predicted positions (rodrigodpl's RTS group movement tutorial, "Position and collision prediction"): each unit keeps
// `horizon` positions at the fixed step, from now (the front, `x, y`) to the newest prediction (`tailX, tailY`).
// Every step pops the front and appends one new prediction at the tail.

/** Effective top speed this step, tiles per second: the group speed times the speed adjustment. */
export function rtsSpeedOf(u: RtsUnit): number {
  return u.group ? Math.min(u.speed, u.group.speed * u.speedMultiplier) : u.speed;
}

/** Pops the front of the queue: the unit moves to its oldest prediction (the previous position is kept). */
export function popPrediction(u: RtsUnit, horizon: number): void {
  const i = u.queueHead * 4;
  u.prevX = u.x;
  u.prevY = u.y;
  u.x = u.queue[i] as number;
  u.y = u.queue[i + 1] as number;
  u.queueHead = (u.queueHead + 1) % horizon;
  u.queueLength--;
}

/** Appends (x, y) as the newest prediction, with the heading from the previous one (kept when standing). */
export function appendPrediction(u: RtsUnit, x: number, y: number, horizon: number): void {
  const i = ((u.queueHead + u.queueLength) % horizon) * 4;
  const dx = x - u.tailX;
  const dy = y - u.tailY;
  const len = dHypot(dx, dy);
  if (len > 1e-9) {
    u.headingX = dx / len;
    u.headingY = dy / len;
  }
  u.queue[i] = x;
  u.queue[i + 1] = y;
  u.queue[i + 2] = len > 1e-9 ? u.headingX : 0;
  u.queue[i + 3] = len > 1e-9 ? u.headingY : 0;
  u.queueLength++;
  u.tailX = x;
  u.tailY = y;
}

/**
 * One fixed step of `u` from its newest prediction towards (tx, ty), into `ws.stepX / ws.stepY`: the target
 * itself when it is within one step. Imposed moves (pushes, dodges) and returns home go at the unit's own top
 * speed; orders at its effective speed ({@link rtsSpeedOf}).
 */
export function stepToward(w: RtsWorldView, ws: RtsWorkspace, u: RtsUnit, tx: number, ty: number): void {
  const dx = tx - u.tailX;
  const dy = ty - u.tailY;
  const d = dHypot(dx, dy);
  const own = u.pushMoves.length > 0 || !Number.isNaN(u.avoidX) || u.idle;
  const v = (own ? u.speed : rtsSpeedOf(u)) * w.options.stepSeconds;
  if (d <= v) {
    ws.stepX = tx;
    ws.stepY = ty;
  } else {
    ws.stepX = u.tailX + (dx / d) * v;
    ws.stepY = u.tailY + (dy / d) * v;
  }
}
