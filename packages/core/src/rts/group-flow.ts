import { rtsFlowRadius, rtsFlowRoute } from './flow-route.js';
import { rtsSegmentClear, rtsTileOpen } from './geometry.js';
import type { RtsGroupHost } from './group-host.js';
import { freeTilesNear, membersInOrder } from './group-plan.js';
import type { RtsUnit, RtsUnitGroup } from './unit.js';

// Plain groups along a smooth flow (the world option `useFlow`): the commander's route is the goal's flow
// polyline; as with A* waypoints, every member gets, at each of the commander's waypoints, one of the nearest free
// tiles to it (the same breadth-first order), and heads for the waypoint shifted by that tile's offset, so that the
// members keep side-by-side lanes along the smooth route. A shifted point whose leg is not clear becomes its
// tile's centre; the last waypoint is each member's own tile near the goal.

/**
 * Plans a plain group of members no bigger than half a tile (hard radii up to `maxRadius` tiles) along the flow
 * to (goalX, goalY): returns the commander's route (x, y pairs), or null when the flow gives none (the caller then
 * plans with A*; no member is touched).
 */
export function planGroupFlowRoutes(
  host: RtsGroupHost,
  group: RtsUnitGroup,
  goalX: number,
  goalY: number,
  maxRadius: number,
): number[] | null {
  const grid = host.grid;
  const w = grid.width;
  const c = group.commander;
  const plan = rtsFlowRoute(
    grid,
    host.options.diagonal,
    c.tailX,
    c.tailY,
    Math.floor(goalX),
    Math.floor(goalY),
    rtsFlowRadius(maxRadius),
  );
  host.stats.paths++;
  if (!plan) return null;
  const members = membersInOrder(group);
  const routes: number[][] = members.map(() => []);
  for (let k = 0; k < plan.length; k += 2) {
    const x = plan[k] as number;
    const y = plan[k + 1] as number;
    const tx = Math.floor(x);
    const ty = Math.floor(y);
    const last = k + 2 === plan.length;
    const tiles = freeTilesNear(grid, host.units, group, tx, ty, members.length, true);
    members.forEach((u, i) => {
      const t = tiles[Math.min(i, tiles.length - 1)] as number;
      const route = routes[i] as number[];
      const cx = (t % w) + 0.5;
      const cy = Math.floor(t / w) + 0.5;
      if (last || i === 0) {
        route.push(i === 0 ? x : cx, i === 0 ? y : cy);
        return;
      }
      const px = x + cx - tx - 0.5;
      const py = y + cy - ty - 0.5;
      const n = route.length;
      const fromX = n > 0 ? (route[n - 2] as number) : u.tailX;
      const fromY = n > 0 ? (route[n - 1] as number) : u.tailY;
      const open = rtsTileOpen(grid, Math.floor(px), Math.floor(py), grid.passable[t] as number);
      if (open && rtsSegmentClear(grid, fromX, fromY, px, py)) route.push(px, py);
      else route.push(cx, cy);
    });
  }
  members.forEach((u: RtsUnit, i) => {
    host.setRoute(u, routes[i] as number[]);
    host.checkLine(u);
  });
  return plan;
}
