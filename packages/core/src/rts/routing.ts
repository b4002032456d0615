import { dHypot } from '../determinism/deterministic-math.js';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { DIR_DX, DIR_DY } from '../grid/directions.js';
import { rtsFlowRadius, rtsFlowRoute, rtsFlowRouteAlong } from './flow-route.js';
import { rtsBodyClearance, rtsSegmentClear, rtsTileOpen } from './geometry.js';
import { rtsPathFromField } from './path-from-field.js';
import type { RtsFailReason, RtsUnit } from './unit.js';
import type { RtsWorkspace } from './workspace.js';
import type { RtsWorldView } from './world-view.js';

// High- and low-level pathfinding (rodrigodpl's RTS group movement tutorial): a unit's route is a list of waypoints from A* (or from a shared
// vector field); when a wall appears on the straight way to the next waypoint, only that leg is re-planned.
// Re-plans around units mark the tiles they stand on in the workspace's reused tile mask.

/** Ends the unit's order at its newest position; `failed` (with the reason) when the destination was not reached. */
export function arrive(w: RtsWorldView, u: RtsUnit, failed: boolean, reason: RtsFailReason = 'no-path'): void {
  u.state = 'destination-reached';
  u.arrivedStep = w.stepCount + w.options.horizon - 1;
  u.failed = failed;
  u.failReason = failed ? reason : null;
  u.homeX = u.tailX;
  u.homeY = u.tailY;
  u.route = [];
  u.routeIndex = 0;
  u.waitSteps = 0;
}

/**
 * The unit's high-level route from its newest tile to its destination: from its shared vector field, else
 * from A* (around the tiles marked in `blocked` when given). The route's points are tile centres, except the
 * last one, the exact destination. False when there is no path: the order then fails, unless this was a re-plan
 * around units (`blocked`), which leaves the unit as it was.
 */
export function planRoute(w: RtsWorldView, u: RtsUnit, blocked: Uint8Array | null = null): boolean {
  try {
    return planRouteOrThrow(w, u, blocked);
  } catch (error) {
    // One bad order fails on its own (its tile or destination walled meanwhile, a field whose directions run in
    // a circle): the unit's order fails and the world goes on stepping the others.
    if (!(error instanceof CoordinateError || error instanceof InvalidOptionError || error instanceof OutOfRangeError))
      throw error;
    if (!blocked) arrive(w, u, true);
    return false;
  }
}

function planRouteOrThrow(w: RtsWorldView, u: RtsUnit, blocked: Uint8Array | null): boolean {
  const sx = Math.floor(u.tailX);
  const sy = Math.floor(u.tailY);
  w.stats.paths++;
  if (w.options.useFlow && !blocked && smoothable(w, u, sx, sy)) {
    // Along the goal's smooth flow; A* (or the field's arrows) when the flow gives no route.
    if (planFlowRoute(w, u)) return true;
  }
  if (u.field && !blocked && rtsTileOpen(w.grid, sx, sy)) {
    // High level from the shared field: its waypoints end at the goal it leads to.
    const shared = rtsPathFromField(u.field, { x: sx, y: sy });
    if (!shared) {
      arrive(w, u, true);
      return false;
    }
    const wp = shared.points;
    u.destX = (wp[wp.length - 2] as number) + 0.5;
    u.destY = (wp[wp.length - 1] as number) + 0.5;
    return takePath(w, u, wp, sx, sy);
  }
  let gx = Math.floor(u.destX);
  let gy = Math.floor(u.destY);
  const clearance = rtsBodyClearance(u.hardRadius);
  if (clearance > 0) {
    // A body bigger than a tile ends where it fits: the nearest tile with room for it.
    const t = roomyTile(w, gx, gy, clearance);
    if (t < 0) {
      if (!blocked) arrive(w, u, true);
      return false;
    }
    if (t !== gy * w.grid.width + gx) {
      gx = t % w.grid.width;
      gy = (t - gx) / w.grid.width;
      u.destX = gx + 0.5;
      u.destY = gy + 0.5;
    }
  }
  const path = w.pathfinder.findPath(
    { x: sx, y: sy },
    { x: gx, y: gy },
    { diagonal: w.options.diagonal, blocked, clearance },
  );
  if (!path) {
    if (blocked) return false;
    arrive(w, u, true);
    return false;
  }
  return takePath(w, u, path.points, sx, sy);
}

/**
 * May the unit's route follow a flow? Not for bodies bigger than half a tile (a flow's radius is at most 0.45),
 * nor for members of a formation (their orders are short walks to their slots, one goal each: A* is cheaper than a
 * field and flow over the whole map per slot), nor from a tile that is not walkable.
 */
function smoothable(w: RtsWorldView, u: RtsUnit, sx: number, sy: number): boolean {
  if (rtsBodyClearance(u.hardRadius) !== 0) return false;
  if (u.group !== null && u.group.slots.length > 0) return false;
  return rtsTileOpen(w.grid, sx, sy);
}

/** Sets the unit's route along a smooth flow (see `useFlow`); false (nothing changed) when there is none. */
function planFlowRoute(w: RtsWorldView, u: RtsUnit): boolean {
  const radius = rtsFlowRadius(u.hardRadius);
  if (u.field) {
    const route = rtsFlowRouteAlong(w.grid, u.field, u.tailX, u.tailY, radius);
    if (!route) return false;
    u.destX = route[route.length - 2] as number;
    u.destY = route[route.length - 1] as number;
    return takeRoute(u, route);
  }
  const gx = Math.floor(u.destX);
  const gy = Math.floor(u.destY);
  if (!rtsTileOpen(w.grid, gx, gy)) return false;
  const route = rtsFlowRoute(w.grid, w.options.diagonal, u.tailX, u.tailY, gx, gy, radius);
  if (!route) return false;
  // The flow ends at the goal tile's centre; the exact destination may be off it (formation slots).
  const lx = route[route.length - 2] as number;
  const ly = route[route.length - 1] as number;
  if (dHypot(lx - u.destX, ly - u.destY) > 1e-6) route.push(u.destX, u.destY);
  return takeRoute(u, route);
}

function takeRoute(u: RtsUnit, route: number[]): boolean {
  u.route = route;
  u.routeIndex = 0;
  u.state = 'moving';
  return true;
}

/** Turns tile waypoints (x, y pairs, the first one the unit's tile) into the unit's route. */
function takePath(w: RtsWorldView, u: RtsUnit, wp: Int32Array, sx: number, sy: number): boolean {
  const route: number[] = [];
  for (let k = 2; k < wp.length; k += 2) route.push((wp[k] as number) + 0.5, (wp[k + 1] as number) + 0.5);
  // The exact destination may be off the tile centre (formation slots).
  if (route.length === 0) route.push(u.destX, u.destY);
  else {
    route[route.length - 2] = u.destX;
    route[route.length - 1] = u.destY;
  }
  const first = route.length > 2 || wp.length > 2;
  if (first && !rtsSegmentClear(w.grid, u.tailX, u.tailY, route[0] as number, route[1] as number))
    route.unshift(sx + 0.5, sy + 0.5);
  u.route = route;
  u.routeIndex = 0;
  u.state = 'moving';
  return true;
}

/** If the straight line to the current waypoint crosses a wall, plans a detour to it with A*. */
export function checkLine(w: RtsWorldView, u: RtsUnit): void {
  if (u.state !== 'moving' || u.route.length === 0) return;
  const wx = u.route[u.routeIndex * 2] as number;
  const wy = u.route[u.routeIndex * 2 + 1] as number;
  if (rtsSegmentClear(w.grid, u.tailX, u.tailY, wx, wy)) return;
  repairRoute(w, u);
}

/** Replaces the way to the current waypoint with an A* path (the rest of the route is kept). */
export function repairRoute(w: RtsWorldView, u: RtsUnit): void {
  if (u.state !== 'moving' || u.route.length === 0) return;
  w.stats.repairs++;
  u.repairCooldown = 10;
  const wx = u.route[u.routeIndex * 2] as number;
  const wy = u.route[u.routeIndex * 2 + 1] as number;
  const sx = Math.floor(u.tailX);
  const sy = Math.floor(u.tailY);
  const gx = Math.floor(wx);
  const gy = Math.floor(wy);
  if (!rtsTileOpen(w.grid, sx, sy) || !rtsTileOpen(w.grid, gx, gy)) return;
  const path = w.pathfinder.findPath(
    { x: sx, y: sy },
    { x: gx, y: gy },
    {
      diagonal: w.options.diagonal,
      clearance: rtsBodyClearance(u.hardRadius),
    },
  );
  if (!path) return;
  const pts: number[] = [sx + 0.5, sy + 0.5];
  const wp = path.points;
  for (let k = 2; k + 2 < wp.length; k += 2) pts.push((wp[k] as number) + 0.5, (wp[k + 1] as number) + 0.5);
  u.route = [...pts, ...u.route.slice(u.routeIndex * 2)];
  u.routeIndex = 0;
}

/** A formation member whose slot is behind a wall: walk around it (the first A* waypoint as a detour). */
export function followAround(w: RtsWorldView, u: RtsUnit): void {
  u.repairCooldown = 10;
  const sx = Math.floor(u.tailX);
  const sy = Math.floor(u.tailY);
  const gx = Math.floor(u.slotX);
  const gy = Math.floor(u.slotY);
  if (!rtsTileOpen(w.grid, sx, sy) || !rtsTileOpen(w.grid, gx, gy)) return;
  w.stats.repairs++;
  const path = w.pathfinder.findPath(
    { x: sx, y: sy },
    { x: gx, y: gy },
    {
      diagonal: w.options.diagonal,
      clearance: rtsBodyClearance(u.hardRadius),
      maxExpansions: 4000,
    },
  );
  if (!path || path.points.length < 4) return;
  u.avoidX = (path.points[2] as number) + 0.5;
  u.avoidY = (path.points[3] as number) + 0.5;
  u.holding = false;
  u.avoidTimer = w.stepsFor(1.5);
}

/** The reused all-zero tile mask for searches around units (callers clear what they set). */
function blockedTiles(w: RtsWorldView, ws: RtsWorkspace): Uint8Array {
  const size = w.grid.width * w.grid.height;
  if (!ws.blocked || ws.blocked.length !== size) ws.blocked = new Uint8Array(size);
  return ws.blocked;
}

/** Imposes an A* walk to (x, y) around the tiles other units stand on (done first, at the unit's own speed). */
export function detourAround(w: RtsWorldView, ws: RtsWorkspace, u: RtsUnit, x: number, y: number): void {
  const width = w.grid.width;
  const sx = Math.floor(u.tailX);
  const sy = Math.floor(u.tailY);
  const gx = Math.floor(x);
  const gy = Math.floor(y);
  if (!rtsTileOpen(w.grid, sx, sy) || !rtsTileOpen(w.grid, gx, gy)) return;
  const blocked = blockedTiles(w, ws);
  for (const v of w.units) if (v !== u) blocked[Math.floor(v.tailY) * width + Math.floor(v.tailX)] = 1;
  w.stats.paths++;
  const path = w.pathfinder.findPath(
    { x: sx, y: sy },
    { x: gx, y: gy },
    {
      diagonal: w.options.diagonal,
      blocked,
      clearance: rtsBodyClearance(u.hardRadius),
      maxExpansions: 4000,
    },
  );
  for (const v of w.units) blocked[Math.floor(v.tailY) * width + Math.floor(v.tailX)] = 0;
  if (!path || path.points.length < 4) return;
  const wp = path.points;
  u.pushMoves = [];
  for (let k = 2; k < wp.length; k += 2) u.pushMoves.push((wp[k] as number) + 0.5, (wp[k + 1] as number) + 0.5);
  u.pushTimer = w.stepsFor(path.cost / u.speed + 2);
}

/** Re-plans to the destination around the tiles other units stand on (moving groupmates excepted). */
export function replanAround(w: RtsWorldView, ws: RtsWorkspace, u: RtsUnit): void {
  const width = w.grid.width;
  const blocked = blockedTiles(w, ws);
  for (const v of w.units) {
    if (v === u || (v.group !== null && v.group === u.group && !v.idle)) continue;
    blocked[Math.floor(v.tailY) * width + Math.floor(v.tailX)] = 1;
  }
  const keep = u.route;
  const keepIndex = u.routeIndex;
  const planned = planRoute(w, u, blocked);
  // Clear the marks again (the unit's own tile was never set and nothing else moved meanwhile).
  for (const v of w.units) blocked[Math.floor(v.tailY) * width + Math.floor(v.tailX)] = 0;
  if (!planned) {
    u.route = keep;
    u.routeIndex = keepIndex;
    u.state = 'moving';
  }
}

/**
 * The tile nearest to (gx, gy), breadth-first over tiles of its passability code, whose clearance is at least
 * `clearance` (index y * width + x; (gx, gy) itself when it has room); -1 when there is none within 4096 tiles.
 * For orders to bodies bigger than a tile; allocates its queue (called once per plan).
 */
export function roomyTile(w: RtsWorldView, gx: number, gy: number, clearance: number): number {
  const grid = w.grid;
  const width = grid.width;
  const room = w.pathfinder.clearance();
  const first = gy * width + gx;
  if ((room[first] as number) >= clearance) return first;
  const code = grid.passable[first] as number;
  const queue = [first];
  const seen = new Set<number>(queue);
  for (let head = 0; head < queue.length && head < 4096; head++) {
    const t = queue[head] as number;
    if ((room[t] as number) >= clearance) return t;
    const x = t % width;
    const y = (t - x) / width;
    for (let d = 0; d < 4; d++) {
      const nx = x + (DIR_DX[d] as number);
      const ny = y + (DIR_DY[d] as number);
      if (!rtsTileOpen(grid, nx, ny, code)) continue;
      const n = ny * width + nx;
      if (seen.has(n)) continue;
      seen.add(n);
      queue.push(n);
    }
  }
  return -1;
}
