import { RtsGroup, type RtsUnit, type RtsWorld } from '@fieldmarshal/core/rts';
import type { RtsScene } from './rts-map.js';

/** Side of a building in tiles. */
export const BUILDING_SIZE = 4;

/** A building's rectangle in tiles (x0 <= x < x0 + size). */
export interface Building {
  x: number;
  y: number;
  size: number;
  /** The tiles' passability codes before the building went up (to lift it again). */
  before: Uint8Array;
}

/** What a stamp did: the building, or why there is none, how many units were sent round it and their new groups. */
export type StampResult =
  | { building: Building; rerouted: number; regrouped: Map<RtsGroup, RtsGroup> }
  | { refused: string };

/** The building's corner for a cursor at tile coordinates (x, y): centred on it, kept off the map's border. */
export function buildingCorner(world: RtsWorld, x: number, y: number, size = BUILDING_SIZE): { x: number; y: number } {
  const { width, height } = world.grid;
  return {
    x: Math.min(width - 1 - size, Math.max(1, Math.floor(x - size / 2 + 0.5))),
    y: Math.min(height - 1 - size, Math.max(1, Math.floor(y - size / 2 + 0.5))),
  };
}

/** True when a circle of radius r at (px, py) overlaps the rectangle. */
function touches(px: number, py: number, r: number, x: number, y: number, size: number): boolean {
  const dx = Math.max(x - px, 0, px - (x + size));
  const dy = Math.max(y - py, 0, py - (y + size));
  return r === 0
    ? dx === 0 && dy === 0 && px > x && px < x + size && py > y && py < y + size
    : dx * dx + dy * dy < r * r;
}

/** True when the segment from (ax, ay) to (bx, by) passes within `r` of the rectangle (sampled every 0.25 tile). */
function segmentTouches(ax: number, ay: number, bx: number, by: number, r: number, x: number, y: number, size: number) {
  const n = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / 0.25));
  for (let k = 0; k <= n; k++) {
    const t = k / n;
    if (touches(ax + (bx - ax) * t, ay + (by - ay) * t, r, x, y, size)) return true;
  }
  return false;
}

/**
 * True when the unit's way still to go (from its newest position through its remaining waypoints) passes
 * within `margin` tiles of the rectangle (0: through it).
 */
export function routeCrosses(u: RtsUnit, x: number, y: number, size: number, margin = 0): boolean {
  // An order whose path is not planned yet goes straight at its destination for now.
  if (u.route.length === 0)
    return u.state === 'waiting-for-path' && !Number.isNaN(u.destX)
      ? segmentTouches(u.tailX, u.tailY, u.destX, u.destY, margin, x, y, size)
      : false;
  return pathCrosses(u.tailX, u.tailY, u.route, u.routeIndex, margin, x, y, size);
}

/** True when the polyline from (px, py) through points `from`.. of `points` (x, y pairs) passes the rectangle. */
function pathCrosses(
  px: number,
  py: number,
  points: readonly number[],
  from: number,
  margin: number,
  x: number,
  y: number,
  size: number,
): boolean {
  for (let k = from * 2; k + 1 < points.length; k += 2) {
    const qx = points[k] as number;
    const qy = points[k + 1] as number;
    if (segmentTouches(px, py, qx, qy, margin, x, y, size)) return true;
    px = qx;
    py = qy;
  }
  return false;
}

/** The walkable tile nearest to (x, y) (rings outwards), for a destination a building now covers. */
function nearestOpen(world: RtsWorld, x: number, y: number): { x: number; y: number } | null {
  const g = world.grid;
  for (let r = 0; r < Math.max(g.width, g.height); r++) {
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) === r && g.isPassable(x + dx, y + dy)) return { x: x + dx, y: y + dy };
      }
    }
  }
  return null;
}

/**
 * Sends the units whose way crosses a new building round it: a group with a member crossing it is ordered
 * again to its goal (same options), a unit alone is ordered again to its destination; a destination the
 * building covers moves to the nearest open tile. The world's A* reads the edited grid (its clearance map
 * follows the grid's version). Returns the number of units re-routed and each re-ordered group's new group.
 */
export function rerouteAround(
  world: RtsWorld,
  x: number,
  y: number,
  size: number,
): { count: number; regrouped: Map<RtsGroup, RtsGroup> } {
  let count = 0;
  const groups = new Set<RtsGroup>();
  const regrouped = new Map<RtsGroup, RtsGroup>();
  // A group whose commander's plan crosses the building marches round it.
  for (const g of world.groups) {
    const c = g.commander;
    if (
      g.phase !== 'arrived' &&
      g.plan.length >= 2 &&
      pathCrosses(c.tailX, c.tailY, g.plan, 0, c.hardRadius, x, y, size)
    )
      groups.add(g);
  }
  for (const u of world.units) {
    const crosses = routeCrosses(u, x, y, size, u.hardRadius);
    const destInside =
      !Number.isNaN(u.destX) && u.destX >= x && u.destX < x + size && u.destY >= y && u.destY < y + size;
    if (!crosses && !(destInside && u.state === 'moving')) continue;
    if (u.group instanceof RtsGroup && u.group.phase !== 'arrived') {
      groups.add(u.group);
      continue;
    }
    const to = nearestOpen(world, Math.floor(u.destX), Math.floor(u.destY));
    if (!to) continue;
    world.moveUnit(u, to.x, to.y);
    count++;
  }
  for (const g of groups) {
    const to = nearestOpen(world, Math.floor(g.goalX), Math.floor(g.goalY));
    if (!to) continue;
    const units = g.units.filter((u) => world.units.includes(u));
    if (units.length === 0) continue;
    regrouped.set(g, world.orderGroup(units, to.x, to.y, { ...g.options }));
    count += units.length;
  }
  return { count, regrouped };
}

/**
 * Puts up a building (a square of walls, one logged grid edit) with its corner at (x, y) and sends the units
 * whose way crosses it round it. Refused when a unit stands (or is about to stand) on it, or when it would
 * cover only walls.
 */
export function stampBuilding(world: RtsWorld, x: number, y: number, size = BUILDING_SIZE): StampResult {
  const g = world.grid;
  for (const u of world.units) {
    if (touches(u.x, u.y, u.hardRadius, x, y, size) || touches(u.tailX, u.tailY, u.hardRadius, x, y, size))
      return { refused: 'a unit stands there: buildings go up on free ground only' };
  }
  const before = new Uint8Array(size * size);
  let open = 0;
  for (let dy = 0; dy < size; dy++) {
    for (let dx = 0; dx < size; dx++) {
      const code = g.passable[(y + dy) * g.width + x + dx] as number;
      before[dy * size + dx] = code;
      if (code !== 0) open++;
    }
  }
  if (open === 0) return { refused: 'there are only walls there' };
  g.fillPassable(x, y, size, size, 0);
  const { count, regrouped } = rerouteAround(world, x, y, size);
  return { building: { x, y, size, before }, rerouted: count, regrouped };
}

/** Takes a building down again (its tiles get back their old codes, one logged grid edit). */
export function liftBuilding(world: RtsWorld, b: Building): void {
  const g = world.grid;
  g.batch(() => {
    for (let dy = 0; dy < b.size; dy++)
      for (let dx = 0; dx < b.size; dx++) g.setPassable(b.x + dx, b.y + dy, b.before[dy * b.size + dx] as number);
  });
}

/** Units whose way still to go crosses building `b` (0 once all were re-routed). */
export function unitsCrossing(scene: RtsScene, b: Building): number {
  return scene.world.units.filter((u) => routeCrosses(u, b.x, b.y, b.size)).length;
}

/**
 * The B key: puts up a building under the cursor (or, with `lift`, takes the last one down), keeps the list
 * of buildings, follows the last order's group when it is ordered again, and says what happened.
 */
export function buildOrLift(
  scene: RtsScene,
  buildings: Building[],
  cursor: { x: number; y: number } | null,
  lastGroup: { current: RtsGroup | null },
  lift: boolean,
): string {
  if (lift) {
    const b = buildings.pop();
    if (!b) return 'no building to take down';
    liftBuilding(scene.world, b);
    return `building at (${b.x}, ${b.y}) taken down`;
  }
  if (!cursor) return 'point at the map to build there (B)';
  const corner = buildingCorner(scene.world, cursor.x, cursor.y);
  const result = stampBuilding(scene.world, corner.x, corner.y);
  if ('refused' in result) return `no building: ${result.refused}`;
  buildings.push(result.building);
  const last = lastGroup.current;
  if (last && result.regrouped.has(last)) lastGroup.current = result.regrouped.get(last) ?? null;
  return `building at (${corner.x}, ${corner.y}): ${result.rerouted} units re-routed`;
}
