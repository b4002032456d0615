import { dHypot } from '../determinism/deterministic-math.js';
import { DIR_DX, DIR_DY } from '../grid/directions.js';
import { firstCollision, occupiedBy, runsIntoHigher } from './collision-query.js';
import { clearAvoid, isSolving, markCollision } from './collision-state.js';
import { rtsAdjacentOpen, rtsBodyClearance, rtsSegmentClear, rtsSegmentDistance, rtsTileOpen } from './geometry.js';
import { stepToward } from './prediction.js';
import { type RtsUnit, type RtsUnitGroup, rtsOutranks } from './unit.js';
import type { RtsWorkspace } from './workspace.js';
import type { RtsWorldView } from './world-view.js';

// Collision solving by priorities and collision states (rodrigodpl's RTS group movement tutorial, "Coordinating units" and "Priorities and
// collision solving"): local avoidance to the nearest free adjacent tile, pushing idle units, the recursive hard
// push, and waiting, tried in the RTS tutorial's order for a mover against an idle unit and for two movers.

const NONE = -1;

/** How far a formation member is from its slot (the commander counts as infinitely far: it never yields). */
function slotLag(u: RtsUnit, commander: RtsUnit): number {
  if (u === commander) return Number.POSITIVE_INFINITY;
  if (Number.isNaN(u.slotX)) return dHypot(u.destX - u.tailX, u.destY - u.tailY) || 0;
  return dHypot(u.slotX - u.tailX, u.slotY - u.tailY);
}

/**
 * Is `v` a formation's commander standing idle on the goal at the end of the march (its members walk to their end
 * places, ./formation-end.ts)?
 */
function holdsGoal(v: RtsUnit): boolean {
  const g = v.group;
  return g !== null && g.slots.length > 0 && g.commander === v && g.phase === 'marching' && v.idle;
}

/**
 * The RTS tutorial's decision order for a collision of mover `u` with `v`, predicted on u's next position (`hard`: the
 * bodies would overlap; else only u's personal space is touched).
 * - `v` idle: a higher-priority `v` is avoided (on a hard hit only); else push `v`, else (hard hit) avoid it,
 *   else hard push it.
 * - both moving (hard hits only): the lower-priority unit avoids, else the higher one does, else the higher one
 *   pushes the lower one, else hard pushes it; else both wait. Inside a formation the unit farther from its slot
 *   ranks higher (the commander highest). While a formation marches (in shape or in file), a member that catches
 *   up with the member (or the commander) walking ahead of it the same way waits behind it for a step instead (the
 *   tutorial's GetNearestAdj keeping the unit's own tile: "making the unit wait for a certain collider to move
 *   away"); sidesteps and pushes between them stretched a file through a pass, and its tail came in seconds late.
 * A collision either unit is already solving is left alone, so that two units never act on the same one.
 */
export function solveCollision(w: RtsWorldView, ws: RtsWorkspace, u: RtsUnit, v: RtsUnit, hard: boolean): void {
  if (isSolving(u, v) || isSolving(v, u) || u.dodging === v.id || v.dodging === u.id) return;
  const returning = u.idle && Number.isNaN(u.slotX); // a pushed unit walking back home
  if (u.collision !== 'solving') markCollision(u, v, 'unsolved', NONE, 'none');
  // Members of a formation never push each other (the commander included): they hold their slots. So while
  // forming, too, once the commander moves (the members gather on the way).
  const sameFormation =
    u.group !== null &&
    u.group === v.group &&
    u.group.slots.length > 0 &&
    (u.group.phase !== 'forming' || u.group.commander.state === 'moving');
  // At the end of the march the commander stands idle on the goal while the members walk to their end places
  // around it: to them it is an idle unit (the tutorial's moving / idle rule), pushed aside, and it walks back.
  if (v.idle && (Number.isNaN(v.slotX) ? !sameFormation : holdsGoal(v))) {
    if (returning) return;
    // Moving / idle: push, else avoid, else hard push, else stop.
    if (v.priority > u.priority) {
      if (hard) tryAvoid(w, ws, u, v, false);
      return;
    }
    if (tryPush(w, ws, v, u)) return;
    if (!hard) return;
    if (tryAvoid(w, ws, u, v, false) !== 'none') return;
    tryHardPush(w, ws, u, v);
    return;
  }
  if (!hard) return; // moving / moving: act only on a predicted overlap of the bodies
  let hi = rtsOutranks(u, v) ? u : v;
  const formation: RtsUnitGroup | null =
    u.group !== null && u.group === v.group && u.group.slots.length > 0 ? u.group : null;
  if (formation && marches(formation) && u !== formation.commander && walksAhead(u, v)) {
    holdBehind(u, v);
    return;
  }
  // Inside a formation the unit farther from its slot goes first (the commander always does); the other one
  // makes way, and may be pushed (it returns to its slot).
  if (formation) hi = slotLag(u, formation.commander) >= slotLag(v, formation.commander) ? u : v;
  const lo = hi === u ? v : u;
  if (lo.pushMoves.length === 0 && tryAvoid(w, ws, lo, hi, false) !== 'none') return;
  if (hi.pushMoves.length === 0 && tryAvoid(w, ws, hi, lo, false) !== 'none') return;
  if (lo.group === null || lo.group !== hi.group || (formation && lo !== formation.commander)) {
    if (tryPush(w, ws, lo, hi)) return;
    if (tryHardPush(w, ws, hi, lo)) return;
  }
  markCollision(u, v, 'unsolved', NONE, 'wait');
}

/**
 * Is the formation on its march (the commander on its route; not forming, nor at the end, where the members walk
 * to their end places by their own paths)?
 */
function marches(g: RtsUnitGroup): boolean {
  return g.phase === 'marching' && g.commander.state === 'moving';
}

/** Cosine of the largest angle between two members' ways for them to count as walking the same way (60 degrees). */
const SAME_WAY = 0.5;

/**
 * Does formation member `v` walk ahead of member `u`, the same way? `v` stands ahead of u along u's way to its
 * place, and v's own way to its place (or, for the commander, its last step) points the same way within 60
 * degrees. Then u's collision with v is a member catching up with the one in front of it in a moving column:
 * v moves away from it at the same speed, and u only has to wait.
 */
function walksAhead(u: RtsUnit, v: RtsUnit): boolean {
  if (Number.isNaN(u.slotX) || u.pushMoves.length > 0 || v.pushMoves.length > 0) return false;
  const ux = u.slotX - u.tailX;
  const uy = u.slotY - u.tailY;
  const ul = dHypot(ux, uy);
  if (ul < 1e-6) return false;
  if ((v.tailX - u.tailX) * ux + (v.tailY - u.tailY) * uy <= 0) return false;
  let vx: number;
  let vy: number;
  // The commander's way is its last step while it leads the march; at the end it has a place of its own (the
  // goal), and pushed off it, it walks back there like a member to its place (its last step may point anywhere).
  if (v === v.group?.commander && Number.isNaN(v.slotX)) {
    if (v.idle) return false;
    vx = v.headingX;
    vy = v.headingY;
  } else {
    if (Number.isNaN(v.slotX)) return false;
    vx = v.slotX - v.tailX;
    vy = v.slotY - v.tailY;
  }
  const vl = dHypot(vx, vy);
  // A member standing in its place does not move away: u walks round it.
  if (vl < 0.25) return false;
  return ux * vx + uy * vy >= SAME_WAY * ul * vl;
}

/**
 * `a` waits where it stands (not at its tile's centre, as a wait of {@link tryAvoid} does) for one step, behind
 * `from`, which walks away from it.
 */
function holdBehind(a: RtsUnit, from: RtsUnit): void {
  a.avoidX = a.tailX;
  a.avoidY = a.tailY;
  a.dodging = from.id;
  a.holding = true;
  a.avoidTimer = 2;
  markCollision(a, from, 'solving', a.id, 'wait');
}

/**
 * Target of the unit's route (ignoring avoidance): the current waypoint (the next one when the unit stands on it),
 * slot or return point, into `ws.routeX / ws.routeY`; false when there is none.
 */
export function routeTarget(ws: RtsWorkspace, u: RtsUnit): boolean {
  if (u.state === 'moving' && u.route.length > 0) {
    let k = u.routeIndex * 2;
    // Standing on its waypoint, the unit heads for the next one (its state machine takes it on its next step): a
    // zero-length way made a follower's wait look useless, and the follower was pushed back a tile instead.
    if (
      k + 3 < u.route.length &&
      dHypot((u.route[k] as number) - u.tailX, (u.route[k + 1] as number) - u.tailY) <= 1e-6
    )
      k += 2;
    ws.routeX = u.route[k] as number;
    ws.routeY = u.route[k + 1] as number;
  } else if (!Number.isNaN(u.slotX)) {
    ws.routeX = u.slotX;
    ws.routeY = u.slotY;
  } else if (u.returnStack.length > 0) {
    const k = u.returnStack.length - 2;
    ws.routeX = u.returnStack[k] as number;
    ws.routeY = u.returnStack[k + 1] as number;
  } else if (!Number.isNaN(u.destX)) {
    ws.routeX = u.destX;
    ws.routeY = u.destY;
  } else return false;
  return true;
}

/**
 * Can `a` wait on its own tile for `from` to move away? Not when `from` is idle or waiting itself (it does not move
 * away), nor when it heads for a: its next target (a push, a dodge, its route) lies ahead of it within both hard
 * radii of a's newest position, so that waiting still collides with it (the RTS tutorial predicts collisions on the
 * units' coming positions).
 */
function mayWaitFor(ws: RtsWorkspace, a: RtsUnit, from: RtsUnit): boolean {
  if (from.idle || from.holding) return false;
  let tx: number;
  let ty: number;
  if (from.pushMoves.length > 0) {
    tx = from.pushMoves[0] as number;
    ty = from.pushMoves[1] as number;
  } else if (!Number.isNaN(from.avoidX)) {
    tx = from.avoidX;
    ty = from.avoidY;
  } else if (routeTarget(ws, from)) {
    tx = ws.routeX;
    ty = ws.routeY;
  } else return false;
  const dx = tx - from.tailX;
  const dy = ty - from.tailY;
  const len = dHypot(dx, dy);
  if (len < 1e-9) return false;
  const ox = a.tailX - from.tailX;
  const oy = a.tailY - from.tailY;
  const along = (ox * dx + oy * dy) / len;
  if (along <= 0) return true; // heading away, or past
  return Math.abs(ox * dy - oy * dx) / len >= a.hardRadius + from.hardRadius;
}

/** Does tile (tx, ty) have room for the unit's body (the clearance it needs; any walkable tile up to half a tile)? */
function hasRoom(w: RtsWorldView, u: RtsUnit, tx: number, ty: number): boolean {
  const need = rtsBodyClearance(u.hardRadius);
  return need === 0 || (w.pathfinder.clearance()[ty * w.grid.width + tx] as number) >= need;
}

/** Index of the unit's own tile among the candidates of {@link tryAvoid} (0 to 7 are the directions). */
const OWN_TILE = 8;

/** What {@link tryAvoid} did: nothing, a wait on the unit's own tile, or a dodge to a neighbouring tile. */
export type RtsAvoidResult = 'none' | 'wait' | 'dodge';

/**
 * The RTS tutorial's "pathfinding in miniature" (GetNearestAdj): of the unit's own tile and its eight neighbours, the one
 * nearest to its next waypoint (Manhattan distance in tiles between the tile and the waypoint's tile; on a tie the
 * tile whose centre is nearer in a straight line, then the own tile, then the lower direction index) whose first
 * step collides with nobody and whose centre is free. So a unit never takes a tile farther from its waypoint than
 * its own ("units don't move away from the original route").
 * - The own tile: the unit waits there for `from` to move away (`'wait'`). When `from` will not move away from it
 *   ({@link mayWaitFor}), waiting solves nothing: `'none'`, the unit stays as it was and the caller goes on with
 *   the next rule (push, hard push, stop).
 * - A neighbour: the unit dodges to it (`'dodge'`).
 * With `anyTile` (when stuck) the own tile is left out: the nearest free neighbour, however far. A unit that `from`
 * acts on (dodging it) does not dodge it too, except, when stuck, one that `from` only waits for: the wait solves
 * nothing while the unit stands (a member held up behind one that its way crosses, each waiting for the other).
 */
export function tryAvoid(
  w: RtsWorldView,
  ws: RtsWorkspace,
  a: RtsUnit,
  from: RtsUnit,
  anyTile: boolean,
): RtsAvoidResult {
  if (!routeTarget(ws, a) || (from.dodging === a.id && !(anyTile && from.holding))) return 'none';
  const best = nearestAdjacent(w, ws, a, anyTile);
  if (best < 0) return 'none';
  const tx = Math.floor(a.tailX);
  const ty = Math.floor(a.tailY);
  const wait = best === OWN_TILE;
  if (wait && !mayWaitFor(ws, a, from)) return 'none';
  a.avoidX = tx + (wait ? 0 : (DIR_DX[best] as number)) + 0.5;
  a.avoidY = ty + (wait ? 0 : (DIR_DY[best] as number)) + 0.5;
  a.dodging = from.id;
  a.holding = wait;
  // A wait holds one step (then the unit looks again); a dodge has 1.5 s to reach its tile.
  a.avoidTimer = wait ? 2 : w.stepsFor(1.5);
  markCollision(a, from, 'solving', a.id, wait ? 'wait' : 'avoid');
  if (!wait) w.stats.avoids++;
  return wait ? 'wait' : 'dodge';
}

/** The tile {@link tryAvoid} picks as the RTS tutorial's GetNearestAdj: a direction index, OWN_TILE, or -1. */
function nearestAdjacent(w: RtsWorldView, ws: RtsWorkspace, a: RtsUnit, anyTile: boolean): number {
  const targetX = ws.routeX;
  const targetY = ws.routeY;
  const gx = Math.floor(targetX);
  const gy = Math.floor(targetY);
  const tx = Math.floor(a.tailX);
  const ty = Math.floor(a.tailY);
  const rule = w.options.diagonal;
  let best = -1;
  let bestScore = Number.POSITIVE_INFINITY;
  let bestTie = Number.POSITIVE_INFINITY;
  if (!anyTile && hasRoom(w, a, tx, ty)) {
    const cx = tx + 0.5;
    const cy = ty + 0.5;
    stepToward(w, ws, a, cx, cy);
    if (!firstCollision(w, ws, a, ws.stepX, ws.stepY, false)) {
      best = OWN_TILE;
      bestScore = Math.abs(tx - gx) + Math.abs(ty - gy);
      bestTie = dHypot(cx - targetX, cy - targetY);
    }
  }
  for (let d = 0; d < 8; d++) {
    const nx = tx + (DIR_DX[d] as number);
    const ny = ty + (DIR_DY[d] as number);
    const score = Math.abs(nx - gx) + Math.abs(ny - gy);
    if (score > bestScore) continue;
    const cx = nx + 0.5;
    const cy = ny + 0.5;
    const tie = dHypot(cx - targetX, cy - targetY);
    if (score === bestScore && tie >= bestTie) continue;
    if (!rtsAdjacentOpen(w.grid, rule, tx, ty, nx, ny) || !hasRoom(w, a, nx, ny)) continue;
    if (occupiedBy(w, ws, cx, cy, a.hardRadius, a)) continue;
    if (!rtsSegmentClear(w.grid, a.tailX, a.tailY, cx, cy)) continue;
    stepToward(w, ws, a, cx, cy);
    if (firstCollision(w, ws, a, ws.stepX, ws.stepY, false)) continue;
    best = d;
    bestScore = score;
    bestTie = tie;
  }
  return best;
}

/**
 * The mover's formation when `v` is not one of its members (null otherwise): a unit pushed by a member is kept
 * off the tiles of the formation's slots where it can be, else the next member to take its slot pushes it on
 * into the next slot (at the end of a march that passed an idle army, members queued for seconds behind one
 * pushed unit going round the box from slot to slot).
 */
function formationOf(mover: RtsUnit, v: RtsUnit): RtsUnitGroup | null {
  const g = mover.group;
  return g !== null && g.slots.length > 2 && v.group !== g ? g : null;
}

/** Is tile (tx, ty) the tile of a member's slot in formation `g`? */
function slotTile(g: RtsUnitGroup, tx: number, ty: number): boolean {
  for (const u of g.units) if (Math.floor(u.slotX) === tx && Math.floor(u.slotY) === ty) return true;
  return false;
}

/** Does the first step of `v` towards (x, y) run into an idle unit that it may not push ({@link runsIntoHigher})? */
function firstStepBlocked(w: RtsWorldView, ws: RtsWorkspace, v: RtsUnit, x: number, y: number): boolean {
  stepToward(w, ws, v, x, y);
  return runsIntoHigher(w, ws, v, ws.stepX, ws.stepY);
}

/**
 * Pushes `v` (idle, or a lower-priority mover that could not dodge) to the free neighbouring tile farthest from
 * the mover's line of travel (at least both radii away), off the slots of the mover's formation if it can; an
 * idle unit records where it stood and returns there once the mover has passed.
 */
export function tryPush(w: RtsWorldView, ws: RtsWorkspace, v: RtsUnit, mover: RtsUnit): boolean {
  if (v.pushMoves.length > 0) return false;
  let ux = mover.headingX;
  let uy = mover.headingY;
  if (routeTarget(ws, mover)) {
    const d = dHypot(ws.routeX - mover.tailX, ws.routeY - mover.tailY);
    if (d > 1e-6) {
      ux = (ws.routeX - mover.tailX) / d;
      uy = (ws.routeY - mover.tailY) / d;
    }
  }
  const tx = Math.floor(v.tailX);
  const ty = Math.floor(v.tailY);
  const need = mover.hardRadius + v.hardRadius + 0.05;
  const rule = w.options.diagonal;
  let bestX = 0;
  let bestY = 0;
  let found = false;
  let bestLateral = need;
  // The neighbouring tiles first; bodies bigger than a tile may need to go further (ring k of tiles at Chebyshev
  // distance k, up to the distance that clears both bodies). First off the mover's formation's slots, then any.
  const rings = Math.max(1, Math.ceil(need));
  const formation = formationOf(mover, v);
  for (let pass = formation === null ? 1 : 0; pass < 2 && !found; pass++)
    for (let k = 1; k <= rings && !found; k++) {
      const n = k === 1 ? 8 : 8 * k;
      for (let j = 0; j < n; j++) {
        let nx: number;
        let ny: number;
        if (k === 1) {
          nx = tx + (DIR_DX[j] as number);
          ny = ty + (DIR_DY[j] as number);
          if (!rtsAdjacentOpen(w.grid, rule, tx, ty, nx, ny)) continue;
        } else {
          // Walk the ring's perimeter: top row, right column, bottom row, left column.
          const side = 2 * k;
          const e = j % side;
          const q = (j - e) / side;
          nx = q === 0 ? tx - k + e : q === 1 ? tx + k : q === 2 ? tx + k - e : tx - k;
          ny = q === 0 ? ty - k : q === 1 ? ty - k + e : q === 2 ? ty + k : ty + k - e;
          if (!rtsTileOpen(w.grid, nx, ny)) continue;
        }
        const cx = nx + 0.5;
        const cy = ny + 0.5;
        const ox = cx - mover.tailX;
        const oy = cy - mover.tailY;
        const along = ox * ux + oy * uy;
        // Distance from the mover's line of travel (behind the mover counts as clear).
        const lateral = along < 0 ? dHypot(ox, oy) : Math.abs(ox * uy - oy * ux);
        if (lateral < bestLateral) continue;
        if (pass === 0 && slotTile(formation as RtsUnitGroup, nx, ny)) continue;
        if (!hasRoom(w, v, nx, ny)) continue;
        if (k > 1 && !rtsSegmentClear(w.grid, v.tailX, v.tailY, cx, cy)) continue;
        if (occupiedBy(w, ws, cx, cy, v.hardRadius, v)) continue;
        // The way to the side tile must not brush the mover.
        if (rtsSegmentDistance(mover.tailX, mover.tailY, v.tailX, v.tailY, cx, cy) < need - 0.05) continue;
        // Pushed by a formation, nor may its first step run into a standing unit that it may not push (the
        // tutorial's GetNearestAdj, which the push uses: a tile counts only if CheckCollisions on the first step
        // towards it finds nobody; a unit that moves on is not in the way). Else it stood against that unit (a
        // commander holding the goal) on a member's place until the push ran out, and the member pushed it towards
        // the same tile again: the member never got in (formation-gather.test.ts, the column to the canyon's mouth).
        if (formation !== null && firstStepBlocked(w, ws, v, cx, cy)) continue;
        bestX = cx;
        bestY = cy;
        found = true;
        bestLateral = lateral;
      }
    }
  if (!found) return false;
  if (v.idle && Number.isNaN(v.slotX)) v.returnStack.push(v.tailX, v.tailY);
  v.pushMoves.push(bestX, bestY);
  // Two seconds for a neighbouring tile, more for the longer pushes of big bodies.
  v.pushTimer = w.stepsFor(2 + Math.max(0, dHypot(bestX - v.tailX, bestY - v.tailY) - 1.5) / v.speed);
  markCollision(v, mover, 'solving', v.id, 'push');
  w.stats.pushes++;
  return true;
}

/**
 * The RTS tutorial's hard push (HardPush): `v` steps left, right or straight on, relative to the mover's direction
 * (snapped to one of the 8 directions); when that tile holds a unit, that unit is hard-pushed first, recursively
 * (at most 16 deep, never through a unit twice). `v` may be idle, or moving (the RTS tutorial's rule 4 for two moving
 * units: the higher-priority unit hard-pushes the lower one); further down the chain only idle units and moving
 * units that `mover` outranks are pushed, never the commander of `mover`'s formation. Every idle unit of the chain records where it stood and returns along
 * those recorded positions later; a moving one goes on with its order from where it was pushed to.
 */
export function tryHardPush(w: RtsWorldView, ws: RtsWorkspace, mover: RtsUnit, v: RtsUnit): boolean {
  let dx = v.tailX - mover.tailX;
  let dy = v.tailY - mover.tailY;
  if (routeTarget(ws, mover) && dHypot(ws.routeX - mover.tailX, ws.routeY - mover.tailY) > 1e-6) {
    dx = ws.routeX - mover.tailX;
    dy = ws.routeY - mover.tailY;
  }
  let dir = 0;
  let bestDot = Number.NEGATIVE_INFINITY;
  for (let d = 0; d < 8; d++) {
    const dot = ((DIR_DX[d] as number) * dx + (DIR_DY[d] as number) * dy) / (d >= 4 ? Math.SQRT2 : 1);
    if (dot > bestDot) {
      bestDot = dot;
      dir = d;
    }
  }
  ws.visitGen++;
  ws.visitStamp[mover.id] = ws.visitGen;
  const ok = hardPush(w, ws, mover, v, DIR_DX[dir] as number, DIR_DY[dir] as number, 0);
  if (ok) {
    markCollision(v, mover, 'solving', v.id, 'hard-push');
    w.stats.hardPushes++;
  }
  return ok;
}

/** One link of the hard-push chain: moves `v` one tile left, right or along (dx, dy) of the push. */
function hardPush(
  w: RtsWorldView,
  ws: RtsWorkspace,
  mover: RtsUnit,
  v: RtsUnit,
  dx: number,
  dy: number,
  depth: number,
): boolean {
  if (depth > 16 || v.pushMoves.length > 0) return false;
  if (!v.idle && depth > 0 && !rtsOutranks(mover, v)) return false;
  // Nor, further down, the commander of the mover's formation: the file follows its route, and a member's push
  // must not turn it aside (as it never does directly).
  if (depth > 0 && mover.group !== null && mover.group.slots.length > 0 && v === mover.group.commander) return false;
  ws.visitStamp[v.id] = ws.visitGen;
  const tx = Math.floor(v.tailX);
  const ty = Math.floor(v.tailY);
  // Left, right, then straight on (the RTS tutorial's order).
  for (let k = 0; k < 3; k++) {
    const ox = k === 0 ? dy : k === 1 ? -dy : dx;
    const oy = k === 0 ? -dx : k === 1 ? dx : dy;
    const nx = tx + ox;
    const ny = ty + oy;
    if (!rtsAdjacentOpen(w.grid, w.options.diagonal, tx, ty, nx, ny) || !hasRoom(w, v, nx, ny)) continue;
    const cx = nx + 0.5;
    const cy = ny + 0.5;
    const occupant = occupiedBy(w, ws, cx, cy, v.hardRadius, v);
    if (occupant) {
      if (ws.visitStamp[occupant.id] === ws.visitGen) continue;
      if (!hardPush(w, ws, mover, occupant, ox, oy, depth + 1)) continue;
      if (occupiedBy(w, ws, cx, cy, v.hardRadius, v, occupant)) continue;
    }
    if (v.idle && Number.isNaN(v.slotX)) v.returnStack.push(v.tailX, v.tailY);
    clearAvoid(v);
    v.pushMoves.push(cx, cy);
    v.pushTimer = w.stepsFor(2);
    return true;
  }
  return false;
}
