/** Shared references, checks and generators for the flow tests. */
import fc from 'fast-check';
import type { DiagonalRule } from '../grid/directions.js';
import { Grid } from '../grid/grid.js';
import { SEG_RULE_ALWAYS, SEG_RULE_BOTH_FREE, SEG_RULE_NEVER, SEG_RULE_ONE_FREE, segmentClear } from './segment.js';
import { SIGHT, sweptClear } from './sight.js';

/** The segment rule of a field's moves. */
export function segmentRule(diagonal: DiagonalRule, neighbors: 4 | 8 = 8): number {
  if (neighbors === 4 || diagonal === 'never') return SEG_RULE_NEVER;
  if (diagonal === 'always') return SEG_RULE_ALWAYS;
  return diagonal === 'if-one-free' ? SEG_RULE_ONE_FREE : SEG_RULE_BOTH_FREE;
}

/**
 * Brute force any-angle distance for tiny maps: Dijkstra over every tile corner of the map plus the two ends, an
 * edge wherever `segmentClear` allows the straight segment (one free tile beside a corner crossed, or none under
 * `always`), all pairs tested. A corner between two diagonal walls is a node only under `always` (elsewhere a path
 * could slip through it as two segments meeting there). Infinity when unreachable. O(corners^2 * side).
 */
export function bruteForceAnyAngle(
  grid: Grid,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  always: boolean,
): number {
  const { width: w, height: h, passable } = grid;
  const code = passable[Math.floor(y0) * w + Math.floor(x0)] as number;
  const rule = always ? SEG_RULE_ALWAYS : SEG_RULE_ONE_FREE;
  const xs = [x0, x1];
  const ys = [y0, y1];
  const blocked = (x: number, y: number) => !(x >= 0 && y >= 0 && x < w && y < h && passable[y * w + x] === code);
  for (let y = 0; y <= h; y++) {
    for (let x = 0; x <= w; x++) {
      const nw = blocked(x - 1, y - 1);
      const se = blocked(x, y);
      const ne = blocked(x, y - 1);
      const sw = blocked(x - 1, y);
      if (!always && nw === se && ne === sw && nw !== ne) continue;
      xs.push(x);
      ys.push(y);
    }
  }
  return shortestOverPoints(xs, ys, (ux, uy, vx, vy) => segmentClear(passable, w, h, code, rule, ux, uy, vx, vy));
}

/**
 * Dijkstra over the points (xs[k], ys[k]) from point 0 to point 1, an edge of Euclidean length wherever `clear`
 * says so (O(points^2) edge tests): the length of the shortest way, Infinity when there is none. For brute forces.
 */
export function shortestOverPoints(
  xs: number[],
  ys: number[],
  clear: (ux: number, uy: number, vx: number, vy: number) => boolean,
): number {
  const n = xs.length;
  const dist = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const done = new Uint8Array(n);
  dist[0] = 0;
  for (;;) {
    let u = -1;
    for (let v = 0; v < n; v++) if (done[v] === 0 && (u < 0 || (dist[v] as number) < (dist[u] as number))) u = v;
    if (u < 0 || !((dist[u] as number) < Number.POSITIVE_INFINITY)) return Number.POSITIVE_INFINITY;
    if (u === 1) return dist[1] as number;
    done[u] = 1;
    for (let v = 0; v < n; v++) {
      if (done[v] === 1) continue;
      const ux = xs[u] as number;
      const uy = ys[u] as number;
      const vx = xs[v] as number;
      const vy = ys[v] as number;
      const d = (dist[u] as number) + Math.hypot(vx - ux, vy - uy);
      if (d < (dist[v] as number) && clear(ux, uy, vx, vy)) dist[v] = d;
    }
  }
}

/**
 * The first problem of a polyline `[x0, y0, x1, y1, ...]` on `grid`, or null: a segment that enters a tile of
 * another passability code than the start's (walls), or crosses a tile corner diagonally against `rule`, or
 * (with `clearance` > 0) comes closer than `clearance` to such a tile (a square of that half-side swept along it
 * overlaps one; 1e-9 of slack).
 */
export function pathProblem(grid: Grid, path: ArrayLike<number>, rule: number, clearance = 0): string | null {
  const { width: w, height: h, passable } = grid;
  if (path.length < 2) return null;
  const code = passable[Math.floor(path[1] as number) * w + Math.floor(path[0] as number)] as number;
  for (let k = 2; k + 1 < path.length; k += 2) {
    const ax = path[k - 2] as number;
    const ay = path[k - 1] as number;
    const bx = path[k] as number;
    const by = path[k + 1] as number;
    if (!segmentClear(passable, w, h, code, rule, ax, ay, bx, by))
      return `segment ${k / 2 - 1} (${ax}, ${ay}) -> (${bx}, ${by}) enters a wall or cuts a corner`;
    if (clearance > 1e-9) {
      SIGHT[0] = ax;
      SIGHT[1] = ay;
      SIGHT[2] = bx;
      SIGHT[3] = by;
      if (!sweptClear(passable, w, h, code, clearance - 1e-9))
        return `segment ${k / 2 - 1} (${ax}, ${ay}) -> (${bx}, ${by}) passes closer than ${clearance} to a wall`;
    }
  }
  return null;
}

/** Euclidean length of a polyline. */
export function polylineLength(path: ArrayLike<number>): number {
  let length = 0;
  for (let k = 2; k + 1 < path.length; k += 2) {
    length += Math.hypot(
      (path[k] as number) - (path[k - 2] as number),
      (path[k + 1] as number) - (path[k - 1] as number),
    );
  }
  return length;
}

/** A random map: `w` x `h` tiles, walls with probability `density`, plus a goal and some start points. */
export interface FlowCase {
  grid: Grid;
  goal: { x: number; y: number };
  /** Start points in tiles (on a 1/64 lattice, so the references are exact; never on a tile's edge). */
  starts: number[];
}

/** Random maps with walls at the given density (0..1), a walkable goal and 1-6 start points on walkable tiles. */
export function arbFlowCase(maxSide = 16, density = 0.2): fc.Arbitrary<FlowCase> {
  return fc
    .record({ w: fc.integer({ min: 2, max: maxSide }), h: fc.integer({ min: 2, max: maxSide }) })
    .chain(({ w, h }) =>
      fc.record({
        w: fc.constant(w),
        h: fc.constant(h),
        walls: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: w * h, maxLength: w * h }),
        goal: fc.nat({ max: w * h - 1 }),
        starts: fc.array(
          fc.tuple(fc.nat({ max: w * h - 1 }), fc.integer({ min: 1, max: 63 }), fc.integer({ min: 1, max: 63 })),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
      }),
    )
    .map(({ w, h, walls, goal, starts }) => {
      const grid = Grid.create(w, h, { shared: false, editLog: 0 });
      walls.forEach((r, i) => {
        grid.passable[i] = r < density ? 0 : 1;
      });
      grid.passable[goal] = 1;
      const points: number[] = [];
      for (const [i, fx, fy] of starts) {
        if (grid.passable[i] === 0) continue;
        points.push((i % w) + fx / 64, Math.floor(i / w) + fy / 64);
      }
      return { grid, goal: { x: goal % w, y: Math.floor(goal / w) }, starts: points };
    });
}
