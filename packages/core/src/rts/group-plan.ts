import { dHypot } from '../determinism/deterministic-math.js';
import { DIR_DX, DIR_DY } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';
import { rtsBodyClearance, rtsTileOpen } from './geometry.js';
import type { RtsGroupHost } from './group-host.js';
import type { RtsGroupOptions } from './group-options.js';
import { RtsTileSet } from './tile-set.js';
import type { RtsUnit, RtsUnitGroup } from './unit.js';

// Plain group movement (rodrigodpl's RTS group movement tutorial, "Group class"): the commander plans once, every member gets waypoints on the
// nearest free tiles to the commander's waypoints, and speed adjustments keep the members level with the
// commander so that the group arrives together.

/** Room a group's members need on their tiles: see {@link freeTilesNear}. */
export interface RtsGroupFit {
  /** The grid's clearance map (computeRtsClearance), or null when every member fits on one tile. */
  room: Int8Array | null;
  /** Least clearance of a tile (0: any). */
  need: number;
  /** Least distance between two tiles handed out, tiles (0: any). */
  apart: number;
}

/** The fit of a group whose members have hard radii up to `maxRadius` tiles. */
export function groupFit(host: RtsGroupHost, maxRadius: number): RtsGroupFit {
  const need = rtsBodyClearance(maxRadius);
  if (need === 0) return { room: null, need: 0, apart: 0 };
  return { room: host.pathfinder.clearance(), need, apart: 2 * maxRadius + 0.05 };
}

/**
 * Up to `count` tiles (indices y * width + x) in breadth-first order from (tx, ty) over tiles of its passability
 * code (diagonal steps need both orthogonal tiles), leaving out tiles where an idle unit of another group stands,
 * and (with `fit`, for bodies bigger than half a tile) tiles with too little clearance or too near a tile handed
 * out before. With `path`, (tx, ty) itself always comes first. Tiles are visited in the same order every time, as
 * the RTS tutorial asks, so that members get their tiles in a stable order.
 */
export function freeTilesNear(
  grid: Grid,
  units: readonly RtsUnit[],
  group: RtsUnitGroup,
  tx: number,
  ty: number,
  count: number,
  path: boolean,
  fit: RtsGroupFit | null = null,
): number[] {
  const w = grid.width;
  const code = grid.passable[ty * w + tx] as number;
  // PERF: reused scratch (a tile set and a typed queue), no Set or array per call but the result.
  const seen = seenScratch;
  seen.clear();
  const taken = idleTilesOf(units, group, w, takenScratch);
  const first = ty * w + tx;
  seen.add(first);
  let queue = queueScratch;
  queue[0] = first;
  let tail = 1;
  const out: number[] = [];
  for (let head = 0; head < tail && out.length < count; head++) {
    const t = queue[head] as number;
    const x = t % w;
    const y = (t - x) / w;
    if ((path && out.length === 0) || (!taken.has(t) && fits(fit, out, w, t, x, y))) out.push(t);
    for (let d = 0; d < 8; d++) {
      const nx = x + (DIR_DX[d] as number);
      const ny = y + (DIR_DY[d] as number);
      if (!rtsTileOpen(grid, nx, ny, code)) continue;
      if (d >= 4 && !(rtsTileOpen(grid, nx, y, code) && rtsTileOpen(grid, x, ny, code))) continue;
      const n = ny * w + nx;
      if (!seen.add(n)) continue;
      if (tail === queue.length) {
        const bigger = new Int32Array(queue.length * 2);
        bigger.set(queue);
        queue = queueScratch = bigger;
      }
      queue[tail++] = n;
    }
  }
  return out;
}

/** Scratch of {@link freeTilesNear} (one thread runs one search at a time). */
const seenScratch = new RtsTileSet(1024);
const takenScratch = new RtsTileSet(256);
let queueScratch = new Int32Array(1024);

/**
 * The tiles (y * width + x) where idle units of other groups than `group` stand, into `out` (cleared first), which
 * it returns: a group neither plans through nor forms on them.
 */
export function idleTilesOf(
  units: readonly RtsUnit[],
  group: RtsUnitGroup,
  width: number,
  out: RtsTileSet,
): RtsTileSet {
  out.clear();
  for (const v of units) {
    if (v.group === group || !v.idle) continue;
    out.add(Math.floor(v.tailY) * width + Math.floor(v.tailX));
  }
  return out;
}

/** Has tile t (at x, y) the clearance `fit` asks for, and is it far enough from the tiles in `out`? */
function fits(fit: RtsGroupFit | null, out: readonly number[], w: number, t: number, x: number, y: number): boolean {
  if (!fit?.room) return true;
  if ((fit.room[t] as number) < fit.need) return false;
  for (const o of out) {
    const ox = o % w;
    if (dHypot(ox - x, (o - ox) / w - y) < fit.apart) return false;
  }
  return true;
}

/** The group's members in planning order: the commander first, then by distance to it, ties by id. */
export function membersInOrder(group: RtsUnitGroup): RtsUnit[] {
  const c = group.commander;
  return [...group.units].sort(
    (a, b) =>
      (a === c ? -1 : 0) - (b === c ? -1 : 0) ||
      dHypot(a.tailX - c.tailX, a.tailY - c.tailY) - dHypot(b.tailX - c.tailX, b.tailY - c.tailY) ||
      a.id - b.id,
  );
}

/**
 * Plans a plain group: the commander's A* path to (goalX, goalY), for a square of side 2 * clearance + 1 tiles
 * (the largest member); then every member, in a fixed order (the
 * commander first, then by distance to it, ties by id), gets a route through the nearest free tiles to each of
 * the commander's waypoints, and follows it at once.
 * @returns the commander's waypoints (x, y pairs of tile centres), or null when there is no path (no member is
 * touched then).
 */
export function planGroupRoutes(
  host: RtsGroupHost,
  group: RtsUnitGroup,
  goalX: number,
  goalY: number,
  clearance: number,
  fit: RtsGroupFit | null = null,
): number[] | null {
  const w = host.grid.width;
  const c = group.commander;
  const sx = Math.floor(c.tailX);
  const sy = Math.floor(c.tailY);
  const gx = Math.floor(goalX);
  const gy = Math.floor(goalY);
  const diagonal = host.options.diagonal;
  const path = host.pathfinder.findPath({ x: sx, y: sy }, { x: gx, y: gy }, { diagonal, clearance });
  host.stats.paths++;
  if (!path) return null;
  const members = membersInOrder(group);
  const routes: number[][] = members.map(() => []);
  const wp = path.points;
  const plan: number[] = [];
  for (let k = 2; k < wp.length; k += 2) {
    const tx = wp[k] as number;
    const ty = wp[k + 1] as number;
    plan.push(tx + 0.5, ty + 0.5);
    const tiles = freeTilesNear(host.grid, host.units, group, tx, ty, members.length, true, fit);
    members.forEach((_, i) => {
      const t = tiles[Math.min(i, tiles.length - 1)] as number;
      (routes[i] as number[]).push((t % w) + 0.5, Math.floor(t / w) + 0.5);
    });
  }
  members.forEach((u, i) => {
    const route = routes[i] as number[];
    if (route.length === 0) route.push(u.tailX, u.tailY);
    host.setRoute(u, route);
    host.checkLine(u);
  });
  return plan;
}

/** Scratch of {@link adjustGroupSpeeds}: the members' remaining route lengths. */
let remainingScratch = new Float64Array(32);

/** Length of the rest of a moving unit's route from its newest position, tiles (0 when not moving). */
export function remainingRoute(u: RtsUnit): number {
  if (u.state !== 'moving' || u.route.length === 0) return 0;
  let x = u.tailX;
  let y = u.tailY;
  let total = 0;
  for (let k = u.routeIndex * 2; k + 1 < u.route.length; k += 2) {
    const nx = u.route[k] as number;
    const ny = u.route[k + 1] as number;
    total += dHypot(nx - x, ny - y);
    x = nx;
    y = ny;
  }
  return total;
}

/**
 * The RTS tutorial's speed adjustment, on the remaining route lengths: members ahead of the commander slow down and
 * members behind speed up, by `gain` per tile beyond the dead band, within [minMultiplier, maxMultiplier]. The
 * commander itself slows down for a member that lags and cannot go fast enough (its own top speed). Sets every
 * member's `speedMultiplier` (1 for members not moving, and for all when `speedAdjust` is off).
 * @param speed the group speed, tiles per second.
 */
export function adjustGroupSpeeds(
  units: readonly RtsUnit[],
  commander: RtsUnit,
  speed: number,
  o: Readonly<Required<RtsGroupOptions>>,
): void {
  const c = commander;
  const lead = remainingRoute(c);
  const want = (diff: number) =>
    Math.abs(diff) <= o.deadBand ? 1 : 1 + o.gain * (diff - Math.sign(diff) * o.deadBand);
  let cm = 1;
  // PERF: each member's remaining route once (both loops below read it).
  if (remainingScratch.length < units.length) remainingScratch = new Float64Array(units.length * 2);
  const remaining = remainingScratch;
  for (let k = 0; k < units.length; k++) remaining[k] = remainingRoute(units[k] as RtsUnit);
  if (o.speedAdjust) {
    for (let k = 0; k < units.length; k++) {
      const u = units[k] as RtsUnit;
      if (u === c || u.state !== 'moving') continue;
      const diff = (remaining[k] as number) - lead; // > 0: behind the commander
      const m = Math.min(o.maxMultiplier, want(diff));
      if (diff > o.deadBand && u.speed < speed * m) cm = Math.min(cm, (u.speed / speed) * (2 - m));
    }
    cm = Math.max(o.minMultiplier, cm);
  }
  c.speedMultiplier = cm;
  for (let k = 0; k < units.length; k++) {
    const u = units[k] as RtsUnit;
    if (u === c) continue;
    if (!o.speedAdjust || u.state !== 'moving') {
      u.speedMultiplier = 1;
      continue;
    }
    // Relative to the commander's pace: ahead slows down, behind speeds up, within caps.
    const m = cm * want((remaining[k] as number) - lead);
    u.speedMultiplier = Math.min(o.maxMultiplier, Math.max(o.minMultiplier, m));
  }
}
