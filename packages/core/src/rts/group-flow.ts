import { rtsFlowRadius, rtsFlowRoute } from './flow-route.js';
import { rtsSegmentClear } from './geometry.js';
import type { RtsGroupHost } from './group-host.js';
import { freeTilesNear, membersInOrder } from './group-plan.js';
import type { RtsUnitGroup } from './unit.js';

// Plain groups along a smooth flow (the world option `useFlow`): every member follows the goal's flow from where
// it stands (one field and flow for the whole group) and, near the goal, leaves it for its own tile among the
// nearest free tiles to the goal, so that the group does not crowd the goal's centre.

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
  const gx = Math.floor(goalX);
  const gy = Math.floor(goalY);
  const diagonal = host.options.diagonal;
  const radius = rtsFlowRadius(maxRadius);
  const plan = rtsFlowRoute(grid, diagonal, c.tailX, c.tailY, gx, gy, radius);
  host.stats.paths++;
  if (!plan) return null;
  const members = membersInOrder(group);
  const tiles = freeTilesNear(grid, host.units, group, gx, gy, members.length, true);
  const routes = members.map((u, i) => {
    const t = tiles[Math.min(i, tiles.length - 1)] as number;
    const fx = (t % w) + 0.5;
    const fy = Math.floor(t / w) + 0.5;
    const along = u === c ? [...plan] : rtsFlowRoute(grid, diagonal, u.tailX, u.tailY, gx, gy, radius);
    host.stats.paths++;
    return approach(host, along, goalX, goalY, fx, fy);
  });
  members.forEach((u, i) => {
    host.setRoute(u, routes[i] as number[]);
    host.checkLine(u);
  });
  return plan;
}

/**
 * A member's route along the flow (null: none) cut where it first comes near the goal and sees its own tile's
 * centre (fx, fy), then straight to it.
 */
function approach(
  host: RtsGroupHost,
  along: number[] | null,
  goalX: number,
  goalY: number,
  fx: number,
  fy: number,
): number[] {
  if (!along || along.length === 0) return [fx, fy];
  const near = Math.hypot(fx - goalX, fy - goalY) + 1.5;
  for (let k = 0; k < along.length; k += 2) {
    const x = along[k] as number;
    const y = along[k + 1] as number;
    if (Math.hypot(x - goalX, y - goalY) <= near && rtsSegmentClear(host.grid, x, y, fx, fy)) {
      const route = along.slice(0, k + 2);
      if (Math.hypot(x - fx, y - fy) > 1e-6) route.push(fx, fy);
      return route;
    }
  }
  along.push(fx, fy);
  return along;
}
