import { dHypot } from '../determinism/deterministic-math.js';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { computeField, type MoveOptions } from '../fields/index.js';
import { checkGrid } from '../grid/check-grid.js';
import { DEFAULT_DIAGONAL_RULE, DIAGONAL_RULES } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';
import { makePath, type Path, type Point, readPoint } from '../grid/point.js';
import { checkNumber } from '../util/check-number.js';
import { KeyHeap } from '../util/key-heap.js';
import { ownOptions } from '../util/own-options.js';
import { SEG_RULE_ALWAYS, SEG_RULE_ONE_FREE, segmentClear } from './segment.js';
import { SIGHT, sweptClear } from './sight.js';
import { MAX_FLOW_RADIUS } from './types.js';

/** Options of {@link anyAnglePath}. */
export interface AnyAngleOptions extends MoveOptions {
  /**
   * A length (tiles) no shorter than the answer, to bound the search: only wall corners within the ellipse of
   * points whose distances to the two ends add up to at most this are considered. A number >= 0.
   * @defaultValue the start tile's cost in an octile field towards the goal tile (computed with these move options),
   * plus the distances of the two ends from their tiles' centres
   */
  upperBound?: number;
  /**
   * Half-side of a square body that must keep clear of the walls, tiles, from 0 to 0.45 (the largest flow radius):
   * the shortest way of that body's centre, which bends round the wall corners at that distance along both axes
   * (where a flow of this radius puts its anchors). 0 is a point.
   * @defaultValue 0
   */
  radius?: number;
}

/** Tolerance added to the upper bound, tiles (rounding in the lengths summed). */
const BOUND_SLACK = 1e-9;

/**
 * The exact any-angle shortest path between two continuous points (tiles): a shortest polyline that enters no
 * wall tile, where every bend is a wall corner. The reference the flow is measured against. Method: A* over a
 * visibility graph whose nodes are the two ends and the convex wall corners (tile corners with exactly one
 * blocked tile of the four; under `always` also corners between two diagonal walls), with exact line-of-sight
 * tests (`segmentClear`); only corners inside the ellipse of the upper bound are nodes, and an edge is only
 * tried into a corner it can bend round. Touching a wall is allowed (the length is the infimum over paths that
 * keep clear), and so is passing a corner diagonally when a tile beside it is free, under every rule but
 * `always`, which also lets the path pass between two diagonal walls. With a `radius` r > 0 the path is a square
 * body's (half-side r, walls grown by r on every side: the free space's corners are the convex wall corners moved
 * r away from their wall along both axes, and a line of sight is the body's whole sweep, whatever the rule; no
 * body passes between two diagonal walls). Slow: O(corners^2) line tests in the worst case; for tests, benchmarks
 * and comparisons, not for games.
 *
 * `start` and `goal` are continuous positions (tiles; tile (x, y) covers [x, x + 1)).
 * @returns a `Path<Float64Array>`: `cost` the Euclidean length in tiles, `points` the continuous positions
 *   `[x0, y0, x1, y1, ...]`: the start, the wall corners it bends round, the goal. Null when there is no route
 *   (a start or goal on a wall, different passability codes, or no path), as for every route query.
 * @throws InvalidOptionError naming `start` or `goal` unless it is a point `{ x, y }`, and for bad options;
 *   OutOfRangeError for a coordinate that is not a number; CoordinateError when an end is outside the grid.
 */
export function anyAnglePath(
  grid: Grid,
  start: Point,
  goal: Point,
  options?: AnyAngleOptions,
): Path<Float64Array> | null {
  checkGrid(grid);
  const { width: w, height: h, passable: pass } = grid;
  const a = readPoint(start, 'start');
  const b = readPoint(goal, 'goal');
  const x0 = checkNumber('start.x', a.x);
  const y0 = checkNumber('start.y', a.y);
  const x1 = checkNumber('goal.x', b.x);
  const y1 = checkNumber('goal.y', b.y);
  const ends = [x0, y0, x1, y1];
  const own = ownOptions(options, 'options');
  for (let k = 0; k < 4; k += 2) {
    const x = ends[k] as number;
    const y = ends[k + 1] as number;
    const what = k === 0 ? 'start' : 'goal';
    if (!(x >= 0 && y >= 0 && x < w && y < h)) throw new CoordinateError(what, x, y, `is outside the ${w}x${h} grid`);
  }
  const diagonal = own.diagonal ?? DEFAULT_DIAGONAL_RULE;
  if (!DIAGONAL_RULES.includes(diagonal)) throw new InvalidOptionError('diagonal', diagonal, DIAGONAL_RULES.join(', '));
  const neighbors = own.neighbors ?? 8;
  if (neighbors !== 4 && neighbors !== 8) throw new InvalidOptionError('neighbors', neighbors, '4 or 8');
  const radius = own.radius ?? 0;
  if (typeof radius !== 'number' || !(radius >= 0 && radius <= MAX_FLOW_RADIUS))
    throw new OutOfRangeError('radius', radius, `tiles, from 0 to ${MAX_FLOW_RADIUS}`);
  const always = diagonal === 'always' && neighbors === 8 && radius === 0;
  const rule = always ? SEG_RULE_ALWAYS : SEG_RULE_ONE_FREE;
  // A line of sight: a point's segment, or the body's sweep.
  const sees = (ax: number, ay: number, bx: number, by: number): boolean => {
    if (radius === 0) return segmentClear(pass, w, h, code, rule, ax, ay, bx, by);
    SIGHT[0] = ax;
    SIGHT[1] = ay;
    SIGHT[2] = bx;
    SIGHT[3] = by;
    return sweptClear(pass, w, h, code, radius);
  };
  const sx = Math.floor(x0);
  const sy = Math.floor(y0);
  const gx = Math.floor(x1);
  const gy = Math.floor(y1);
  const code = pass[sy * w + sx] as number;
  if (pass[gy * w + gx] !== code || code === 0) return null;
  let bound = own.upperBound;
  if (bound === undefined) {
    // A body follows tile moves that pass no blocked corner (if-both-free) at no more than their cost.
    const moves = radius === 0 ? { neighbors, diagonal } : { neighbors: 8 as const, diagonal: 'if-both-free' as const };
    const field = computeField(grid, { goals: [{ x: gx, y: gy }], ...moves });
    const c = field.cost[sy * w + sx] as number;
    if (!(c < Number.POSITIVE_INFINITY)) return null;
    bound = c + dHypot(x0 - sx - 0.5, y0 - sy - 0.5) + dHypot(x1 - gx - 0.5, y1 - gy - 0.5);
  } else if (typeof bound !== 'number' || !(bound >= 0)) {
    throw new OutOfRangeError('upperBound', bound, 'a length in tiles >= 0');
  }
  bound += BOUND_SLACK;
  if (sees(x0, y0, x1, y1)) {
    return makePath(dHypot(x1 - x0, y1 - y0), Float64Array.of(x0, y0, x1, y1));
  }
  // Nodes: 0 the start, 1 the goal, then the corners inside the ellipse; kind: the blocked quadrant's signs.
  const nx: number[] = [x0, x1];
  const ny: number[] = [y0, y1];
  const qx: number[] = [0, 0];
  const qy: number[] = [0, 0];
  const blocked = (x: number, y: number) => !(x >= 0 && y >= 0 && x < w && y < h && pass[y * w + x] === code);
  const half = bound / 2;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const vx0 = Math.max(1, Math.floor(cx - half));
  const vx1 = Math.min(w - 1, Math.ceil(cx + half));
  const vy0 = Math.max(1, Math.floor(cy - half));
  const vy1 = Math.min(h - 1, Math.ceil(cy + half));
  for (let vy = vy0; vy <= vy1; vy++) {
    for (let vx = vx0; vx <= vx1; vx++) {
      // (A body's corner lies at most r from the wall's along each axis.)
      if (dHypot(vx - x0, vy - y0) + dHypot(vx - x1, vy - y1) > bound + 3 * radius) continue;
      const nw = blocked(vx - 1, vy - 1);
      const ne = blocked(vx, vy - 1);
      const sw = blocked(vx - 1, vy);
      const se = blocked(vx, vy);
      const count = (nw ? 1 : 0) + (ne ? 1 : 0) + (sw ? 1 : 0) + (se ? 1 : 0);
      if (count === 1) {
        const kx = nw || sw ? -1 : 1;
        const ky = nw || ne ? -1 : 1;
        // The body's corner: r away from the blocked tile along both axes.
        const bx = vx - kx * radius;
        const by = vy - ky * radius;
        if (radius > 0 && dHypot(bx - x0, by - y0) + dHypot(bx - x1, by - y1) > bound) continue;
        nx.push(bx);
        ny.push(by);
        qx.push(kx);
        qy.push(ky);
      } else if (always && count === 2 && nw === se) {
        nx.push(vx);
        ny.push(vy);
        qx.push(0);
        qy.push(0);
      }
    }
  }
  const n = nx.length;
  const px = Float64Array.from(nx);
  const py = Float64Array.from(ny);
  const kx = Int8Array.from(qx);
  const ky = Int8Array.from(qy);
  // Distance to the goal (A*'s estimate), once per node.
  const toGoal = new Float64Array(n);
  for (let v = 0; v < n; v++) toGoal[v] = Math.sqrt(square((px[v] as number) - x1) + square((py[v] as number) - y1));
  const g = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const from = new Int32Array(n).fill(-1);
  const closed = new Uint8Array(n);
  const heap = new KeyHeap(64);
  g[0] = 0;
  heap.push(toGoal[0] as number, 0);
  while (heap.size > 0) {
    const u = heap.pop();
    if (closed[u] === 1) continue;
    closed[u] = 1;
    if (u === 1) break;
    const ux = px[u] as number;
    const uy = py[u] as number;
    const gu = g[u] as number;
    for (let v = 1; v < n; v++) {
      if (closed[v] === 1) continue;
      const dx = (px[v] as number) - ux;
      const dy = (py[v] as number) - uy;
      // A corner is only worth reaching along a line that grazes its wall (the path can bend round it there).
      if (dx * dy * (kx[v] as number) * (ky[v] as number) > 0) continue;
      const gv = gu + Math.sqrt(dx * dx + dy * dy);
      if (!(gv < (g[v] as number)) || gv + (toGoal[v] as number) > bound) continue;
      if (!sees(ux, uy, px[v] as number, py[v] as number)) continue;
      g[v] = gv;
      from[v] = u;
      heap.push(gv + (toGoal[v] as number), v);
    }
  }
  if (!((g[1] as number) < Number.POSITIVE_INFINITY)) return null;
  const nodes: number[] = [];
  for (let v = 1; v !== -1; v = from[v] as number) nodes.push(v);
  nodes.reverse();
  const path = new Float64Array(nodes.length * 2);
  nodes.forEach((v, k) => {
    path[2 * k] = px[v] as number;
    path[2 * k + 1] = py[v] as number;
  });
  return makePath(g[1] as number, path);
}

/** v * v (the `**` operator's precision is left to each engine). */
function square(v: number): number {
  return v * v;
}
