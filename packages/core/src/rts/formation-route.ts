/**
 * The route of a formation's commander: which clearance to plan for. A formation passes a passage at least as
 * wide as itself in shape; a narrower one it passes in file, `2 * clearance + 1` members abreast
 * (formation-march.ts). The widest clearance with a path is not always the quickest order: round a ridge by a
 * wide pass can be twice the way through a narrow canyon. So each clearance, from the formation's width down to
 * what one member's body needs, is priced as the time the last member is back in its slot, in tiles walked: the
 * commander's path, plus the length of the column behind it, `(ceil(members / abreast) - 1) * spacing`, plus the
 * way a member on the formation's flank walks sideways to leave the file and take its slot again,
 * `max(0, radius - clearance - 0.5)`. The cheapest wins (the wider on a tie). A narrower clearance can only shorten
 * the path to the straight-line distance, so the search stops once that distance plus its longer column cannot win.
 */
import type { TilePath } from '../grid/point.js';
import type { RtsPathfinder, RtsPathOptions } from './astar.js';
import { rtsOctile } from './geometry.js';

/** What a formation's route is planned for. */
export interface FormationRouteNeeds {
  /** Start and goal tiles. */
  sx: number;
  sy: number;
  gx: number;
  gy: number;
  /** Clearance of the formation in shape (the widest tried) and of its widest member's body (the least). */
  widest: number;
  /** Distance from the formation's anchor to its farthest slot, tiles. */
  radius: number;
  least: number;
  /** Members of the group, and the distance between neighbouring slots, tiles. */
  members: number;
  spacing: number;
  /** The world's diagonal rule. */
  diagonal: RtsPathOptions['diagonal'];
}

/** Length of the column of `members` walking `abreast` side by side, `spacing` apart, tiles. */
export function columnLength(members: number, abreast: number, spacing: number): number {
  return (Math.ceil(members / abreast) - 1) * spacing;
}

/** The way, tiles, a flank member of a formation of `radius` walks from a file of clearance `cl` to its slot. */
export function reformLength(radius: number, cl: number): number {
  return Math.max(0, radius - cl - 0.5);
}

/**
 * The commander's path and the clearance it was planned for (see the file's comment), or null when there is no
 * path even for one member. `searches` counts the path searches run (for the world's stats).
 */
export function planFormationRoute(
  pathfinder: RtsPathfinder,
  n: FormationRouteNeeds,
): { path: TilePath; clearance: number; searches: number } | null {
  const floor = Math.max(0, n.least);
  const top = Math.max(floor, n.widest);
  const straight = rtsOctile(n.sx, n.sy, n.gx, n.gy);
  let best: TilePath | null = null;
  let bestClearance = -1;
  let bestTime = Number.POSITIVE_INFINITY;
  let searches = 0;
  for (let cl = top; cl >= floor; cl--) {
    const extra = columnLength(n.members, 2 * cl + 1, n.spacing) + reformLength(n.radius, cl);
    // No path at this clearance can beat the best so far, nor at any narrower one (longer columns and ways back).
    if (straight + extra >= bestTime) break;
    const p = pathfinder.findPath({ x: n.sx, y: n.sy }, { x: n.gx, y: n.gy }, { diagonal: n.diagonal, clearance: cl });
    searches++;
    if (p === null) continue;
    const time = p.cost + extra;
    if (time < bestTime) {
      best = p;
      bestClearance = cl;
      bestTime = time;
    }
  }
  return best === null ? null : { path: best, clearance: bestClearance, searches };
}
