import { type Field, type Flow, type FollowFlowStats, followFlow, type Grid } from '@fieldmarshal/core';

/**
 * A unit that follows a smooth flow: it moves continuously along the polyline `followFlow` made from where it
 * stood when the flow arrived, and keeps the way it came as its trail.
 */
export interface FlowFollower {
  id: number;
  color: string;
  /** Where it was dropped (tile). */
  startX: number;
  startY: number;
  /** Position in tiles (tile centres at .5). */
  x: number;
  y: number;
  /** The polyline it follows `[x0, y0, ...]` and where on it it is: segment `seg`, `segT` tiles into it. */
  path: Float64Array;
  seg: number;
  segT: number;
  /** Tiles travelled since it was dropped. */
  travelled: number;
  /** The way it came, `[x0, y0, x1, y1, ...]` (capped at {@link MAX_FLOW_TRAIL} points). */
  trail: number[];
  status: 'moving' | 'reached' | 'stuck' | 'waiting';
}

/** Longest trail kept, in points. */
export const MAX_FLOW_TRAIL = 8192;

const stats: FollowFlowStats = { points: 0, length: 0, reached: false, slides: 0, fallbackSteps: 0 };

/** A follower standing on the centre of tile (x, y), waiting for a flow. */
export function createFollower(id: number, color: string, x: number, y: number): FlowFollower {
  return {
    id,
    color,
    startX: x,
    startY: y,
    x: x + 0.5,
    y: y + 0.5,
    path: new Float64Array(0),
    seg: 0,
    segT: 0,
    travelled: 0,
    trail: [x + 0.5, y + 0.5],
    status: 'waiting',
  };
}

/** Plans the follower's way from where it stands along a new flow (of a new field). */
export function replan(f: FlowFollower, grid: Grid, field: Field, flow: Flow): void {
  const tx = Math.floor(f.x);
  const ty = Math.floor(f.y);
  if (!grid.inBounds(tx, ty) || !grid.isPassable(tx, ty)) {
    f.status = 'stuck';
    f.path = new Float64Array(0);
    return;
  }
  f.path = followFlow(grid, field, flow, { x: f.x, y: f.y }, { stats })?.points.slice() ?? new Float64Array(0);
  f.seg = 0;
  f.segT = 0;
  f.status = f.path.length < 4 ? (stats.reached ? 'reached' : 'stuck') : 'moving';
}

function pushTrail(f: FlowFollower, x: number, y: number): void {
  f.trail.push(x, y);
  if (f.trail.length > 2 * MAX_FLOW_TRAIL) f.trail.splice(0, f.trail.length - 2 * MAX_FLOW_TRAIL);
}

/** Moves the follower `distance` tiles along its path; it is `reached` at the path's end (a goal's centre). */
export function advance(f: FlowFollower, distance: number): void {
  if (f.status !== 'moving') return;
  const p = f.path;
  const last = p.length / 2 - 1;
  let left = distance;
  while (left > 0 && f.seg < last) {
    const ax = p[2 * f.seg] as number;
    const ay = p[2 * f.seg + 1] as number;
    const bx = p[2 * f.seg + 2] as number;
    const by = p[2 * f.seg + 3] as number;
    const len = Math.hypot(bx - ax, by - ay);
    const rest = len - f.segT;
    if (left < rest) {
      f.segT += left;
      f.travelled += left;
      const t = f.segT / len;
      f.x = ax + (bx - ax) * t;
      f.y = ay + (by - ay) * t;
      return;
    }
    left -= rest;
    f.travelled += rest;
    f.seg++;
    f.segT = 0;
    f.x = bx;
    f.y = by;
    pushTrail(f, bx, by);
  }
  if (f.seg >= last) f.status = 'reached';
}
