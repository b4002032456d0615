/**
 * The route of a formation's commander: which clearance to plan for. A formation passes a passage at least as
 * wide as itself in shape; a narrower one it passes in file, `2 * clearance + 1` members abreast
 * (formation-march.ts). The widest clearance with a path is not always the quickest order: round a ridge by a
 * wide pass can be twice the way through a narrow canyon. So the widest clearance with a path and the narrowest
 * (what the biggest member's body needs) are priced as the time the last member is back in its slot, in tiles walked: the
 * commander's path, plus the length of the column behind it, `(ceil(members / abreast) - 1) * spacing`, plus the
 * way a member on the formation's flank walks sideways to leave the file and take its slot again,
 * `max(0, radius - clearance - 0.5)`. The cheaper wins (the wider on a tie). A narrower clearance can only shorten
 * the path to the straight-line distance, so the narrow route is not searched when that distance plus its longer
 * column cannot win.
 */
import type { TilePath } from '../grid/point.js';
import type { RtsPathfinder, RtsPathOptions } from './astar.js';
import { rtsOctile } from './geometry.js';
import { WidestScratch, widestClearance } from './widest-clearance.js';

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

/** Scratch of the widest-clearance pass, per pathfinder. */
const scratches = new WeakMap<RtsPathfinder, WidestScratch>();

function scratchOf(pathfinder: RtsPathfinder): WidestScratch {
  let scratch = scratches.get(pathfinder);
  if (scratch === undefined) {
    scratch = new WidestScratch();
    scratches.set(pathfinder, scratch);
  }
  return scratch;
}

/** Expansions the narrowest search may take, at least, and as a multiple of the widest route's search. */
const NARROW_MIN_EXPANSIONS = 4096;
const NARROW_EXPANSIONS_PER_WIDE = 4;

/**
 * The commander's path and the clearance it was planned for (see the file's comment), or null when there is no
 * path even for one member. Two routes are priced: the widest clearance with a path (the first found going down
 * from the formation's width; after a first failure, from the widest level at which any walk joins the two tiles,
 * widest-clearance.ts) and, when that is wider, the narrowest (the biggest member's body, in
 * file), searched only while its column leaves it a chance and within a few times the widest search's expansions
 * (so an order costs at most a few times one route more). `searches` counts the path searches run.
 */
export function planFormationRoute(
  pathfinder: RtsPathfinder,
  n: FormationRouteNeeds,
): { path: TilePath; clearance: number; searches: number } | null {
  const floor = Math.max(0, n.least);
  const top = Math.max(floor, n.widest);
  const info = { expanded: 0 };
  const search = (cl: number, maxExpansions: number) =>
    pathfinder.findPath(
      { x: n.sx, y: n.sy },
      { x: n.gx, y: n.gy },
      { diagonal: n.diagonal, clearance: cl, maxExpansions, info },
    );
  const time = (cl: number, cost: number) =>
    cost + columnLength(n.members, 2 * cl + 1, n.spacing) + reformLength(n.radius, cl);
  let searches = 0;
  let bounded = false;
  for (let cl = top; cl >= floor; ) {
    const wide = search(cl, Number.POSITIVE_INFINITY);
    searches++;
    if (wide === null) {
      // The levels above the widest at which any walk joins the two tiles would each sweep all they reach and
      // fail too: after the first failure, one pass finds that level. The pass stops at the floor: when no level
      // above it joins the tiles, the search at the floor is next either way (it finds the path, or none, and
      // there is none below the floor).
      if (cl > floor && !bounded) {
        bounded = true;
        cl = widestClearance(
          pathfinder.grid,
          pathfinder.clearance(),
          n.sx,
          n.sy,
          n.gx,
          n.gy,
          cl - 1,
          scratchOf(pathfinder),
          floor,
        );
      } else cl--;
      continue;
    }
    if (cl === floor) return { path: wide, clearance: cl, searches };
    const wideTime = time(cl, wide.cost);
    // No path in file can beat the wide one when even the straight line plus its column and way back cannot.
    if (time(floor, rtsOctile(n.sx, n.sy, n.gx, n.gy)) >= wideTime) return { path: wide, clearance: cl, searches };
    const narrow = search(floor, Math.max(NARROW_MIN_EXPANSIONS, NARROW_EXPANSIONS_PER_WIDE * info.expanded));
    searches++;
    if (narrow !== null && time(floor, narrow.cost) < wideTime) return { path: narrow, clearance: floor, searches };
    return { path: wide, clearance: cl, searches };
  }
  return null;
}
