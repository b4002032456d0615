import {
  type DiagonalRule,
  type Field,
  type Flow,
  type FollowFlowStats,
  followFlow,
  type Grid,
  NO_DIRECTION,
} from '@fieldmarshal/core';
import { anyAnglePath } from '@fieldmarshal/core/flow';
import { DIR_DX, DIR_DY } from '@fieldmarshal/core/grid';

/** One follower's path: a polyline in tiles `[x0, y0, x1, y1, ...]` and its Euclidean length. */
export interface ComparedPath {
  path: Float64Array;
  length: number;
  /** Milliseconds it took to make the path. */
  ms: number;
}

/** The three followers from one start: eight arrows, the smooth flow and the exact any-angle optimum. */
export interface FlowComparison {
  x: number;
  y: number;
  eight: ComparedPath;
  flow: ComparedPath & { reached: boolean };
  /** Null when the map is too big for the exact reference, or the goal cannot be reached. */
  anyAngle: ComparedPath | null;
  /** Why there is no any-angle reference (when `anyAngle` is null). */
  note: string | null;
}

/** The flow at the centre of tile (x, y) for the readout, e.g. `flow 0.97, -0.24` (`none` on goals and walls). */
export function flowReadout(flow: Flow, x: number, y: number): string {
  const i = y * flow.width + x;
  const vx = flow.vx[i] as number;
  const vy = flow.vy[i] as number;
  return vx === 0 && vy === 0 ? 'flow: none' : `flow ${vx.toFixed(2)}, ${vy.toFixed(2)}`;
}

/** Largest map (tiles) the exact any-angle reference runs on: it is O(corners^2) in the worst case. */
export const ANY_ANGLE_MAX_TILES = 1024 * 1024;

/** The path of the eight arrows from the centre of (x, y): tile centres along `field.dir` to a goal. */
export function eightArrowPath(field: Field, x: number, y: number): ComparedPath {
  const t0 = performance.now();
  const { width, dir, cost } = field;
  const points: number[] = [x + 0.5, y + 0.5];
  let length = 0;
  let cx = x;
  let cy = y;
  if (cost[y * width + x] === Number.POSITIVE_INFINITY) return { path: new Float64Array(0), length: 0, ms: 0 };
  for (let guard = field.width * field.height; guard > 0; guard--) {
    const d = dir[cy * width + cx] as number;
    if (d === NO_DIRECTION) break;
    const dx = DIR_DX[d] as number;
    const dy = DIR_DY[d] as number;
    cx += dx;
    cy += dy;
    length += dx !== 0 && dy !== 0 ? Math.SQRT2 : 1;
    points.push(cx + 0.5, cy + 0.5);
  }
  return { path: Float64Array.from(points), length, ms: performance.now() - t0 };
}

/**
 * Compares the three followers from the centre of tile (x, y): the eight arrows of the field, the flow
 * (`followFlow`) and the exact any-angle shortest path (`anyAnglePath`) to the goal the arrows end on.
 * Returns null when the start is a wall or cannot reach a goal.
 */
export function compareFollowers(
  grid: Grid,
  field: Field,
  flow: Flow,
  x: number,
  y: number,
  rule: { neighbors: 4 | 8; diagonal: DiagonalRule },
): FlowComparison | null {
  if (!grid.isPassable(x, y) || !Number.isFinite(field.cost[y * grid.width + x] as number)) return null;
  const eight = eightArrowPath(field, x, y);
  if (eight.path.length < 2) return null;
  const t0 = performance.now();
  const stats: FollowFlowStats = { points: 0, length: 0, reached: false, slides: 0, fallbackSteps: 0 };
  const flowPath =
    followFlow(grid, field, flow, { x: x + 0.5, y: y + 0.5 }, { stats })?.points.slice() ?? new Float64Array(0);
  const flowResult = { path: flowPath, length: stats.length, ms: performance.now() - t0, reached: stats.reached };
  const n = eight.path.length;
  const gx = (eight.path[n - 2] as number) - 0.5;
  const gy = (eight.path[n - 1] as number) - 0.5;
  let anyAngle: ComparedPath | null = null;
  let note: string | null = null;
  if (grid.size > ANY_ANGLE_MAX_TILES) note = 'map too big for the exact any-angle reference (over 1024 x 1024)';
  else {
    const t1 = performance.now();
    const found = anyAnglePath(
      grid,
      { x: x + 0.5, y: y + 0.5 },
      { x: gx + 0.5, y: gy + 0.5 },
      {
        neighbors: rule.neighbors,
        diagonal: rule.diagonal,
        upperBound: eight.length + 1e-6,
      },
    );
    if (found) anyAngle = { path: found.points, length: found.cost, ms: performance.now() - t1 };
    else note = 'no any-angle path';
  }
  return { x, y, eight, flow: flowResult, anyAngle, note };
}
