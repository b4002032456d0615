import type { RtsCollisionAction, RtsCollisionState, RtsUnit } from './unit.js';
import type { RtsWorldView } from './world-view.js';

// The RTS tutorial's collision states ("Priorities and collision solving"): a pair of units shares one collision,
// unsolved, solving (one of them, the solver, acts on it) or solved, so that two units never act on the same
// collision and units near a solved one leave it alone.

const NONE = -1;

/** Records the collision of `a` and `b` on both units. */
export function markCollision(
  a: RtsUnit,
  b: RtsUnit,
  state: RtsCollisionState,
  solver: number,
  action: RtsCollisionAction,
): void {
  a.collision = state;
  a.collisionWith = b.id;
  a.collisionSolver = solver;
  a.collisionAction = action;
  b.collision = state;
  b.collisionWith = a.id;
  b.collisionSolver = solver;
  b.collisionAction = action;
}

/** Forgets the unit's collision. */
export function clearCollision(u: RtsUnit): void {
  u.collision = 'none';
  u.collisionWith = NONE;
  u.collisionSolver = NONE;
  u.collisionAction = 'none';
}

/** Drops the unit's local avoidance move (its detour target and the unit it dodges). */
export function clearAvoid(u: RtsUnit): void {
  u.avoidX = Number.NaN;
  u.avoidY = Number.NaN;
  u.dodging = NONE;
  u.holding = false;
}

/** Is `a` still acting (dodging, or being pushed) on its collision with `b`? */
export function isSolving(a: RtsUnit, b: RtsUnit): boolean {
  if (a.collision !== 'solving' || a.collisionWith !== b.id) return false;
  return a.dodging === b.id || (a.collisionSolver === a.id && a.pushMoves.length > 0);
}

/** Is the collision of `u` being acted on right now (by u or by the other unit)? */
export function activelySolving(w: RtsWorldView, u: RtsUnit): boolean {
  const o = u.collisionWith >= 0 ? w.unit(u.collisionWith) : undefined;
  return o !== undefined && (isSolving(u, o) || isSolving(o, u));
}

/** The unit's action on its collision is finished: the collision is solved for both units of the pair. */
export function finishSolving(w: RtsWorldView, u: RtsUnit): void {
  if (u.collision !== 'solving') return;
  u.collision = 'solved';
  const other = w.unit(u.collisionWith);
  if (other && other.collisionWith === u.id && other.collision === 'solving') other.collision = 'solved';
}
