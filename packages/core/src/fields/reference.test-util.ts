/**
 * A slow, obviously correct reference for the field kernels: build the explicit edge list from the move rules,
 * then run plain Dijkstra with an array scan for the minimum. Used only by tests.
 */
import type { DiagonalRule } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';
import type { Metric } from './types.js';

export interface ReferenceOptions {
  metric: Metric;
  neighbors: 4 | 8;
  diagonal: DiagonalRule;
  maxCost: number;
}

const STEPS: [number, number][] = [
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, 0],
  [1, -1],
  [1, 1],
  [-1, 1],
  [-1, -1],
];

/** Edge a -> b allowed by the rules? (Written from the rules' text, independent of the kernels.) */
export function referenceMoveAllowed(
  grid: Grid,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  neighbors: 4 | 8,
  diagonal: DiagonalRule,
): boolean {
  const code = (x: number, y: number): number =>
    x >= 0 && y >= 0 && x < grid.width && y < grid.height ? (grid.passable[y * grid.width + x] as number) : 0;
  const dx = bx - ax;
  const dy = by - ay;
  if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx === 0 && dy === 0)) return false;
  const a = code(ax, ay);
  if (a === 0 || code(bx, by) !== a) return false;
  if (dx !== 0 && dy !== 0) {
    if (neighbors === 4 || diagonal === 'never') return false;
    const side1 = code(ax + dx, ay) === a;
    const side2 = code(ax, ay + dy) === a;
    if (diagonal === 'if-both-free' && !(side1 && side2)) return false;
    if (diagonal === 'if-one-free' && !(side1 || side2)) return false;
  }
  return true;
}

/** Cost of the move a -> b under a metric (the move must be allowed). */
export function referenceMoveCost(grid: Grid, bx: number, by: number, diagonal: boolean, metric: Metric): number {
  if (metric === 'steps') return 1;
  const length = diagonal ? Math.SQRT2 : 1;
  if (metric === 'octile') return length;
  return grid.terrainAt(bx, by) * length;
}

/** Reference cost field: cost[a] = min over seeds s of (seed[s] + cheapest walk a -> s); > maxCost is Infinity. */
export function referenceField(grid: Grid, seeds: Float64Array, options: ReferenceOptions): Float64Array {
  const { width, height } = grid;
  const n = width * height;
  // Reverse adjacency: for every edge a -> b, rev[b] holds (a, w).
  const rev: { from: number; w: number }[][] = Array.from({ length: n }, () => []);
  for (let ay = 0; ay < height; ay++) {
    for (let ax = 0; ax < width; ax++) {
      for (const [dx, dy] of STEPS) {
        const bx = ax + dx;
        const by = ay + dy;
        if (!referenceMoveAllowed(grid, ax, ay, bx, by, options.neighbors, options.diagonal)) continue;
        const w = referenceMoveCost(grid, bx, by, dx !== 0 && dy !== 0, options.metric);
        rev[by * width + bx]?.push({ from: ay * width + ax, w });
      }
    }
  }
  const dist = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const done = new Uint8Array(n);
  const d = (i: number): number => dist[i] as number;
  for (let i = 0; i < n; i++) if (grid.passable[i] !== 0 && (seeds[i] as number) < d(i)) dist[i] = seeds[i] as number;
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!done[i] && d(i) < Number.POSITIVE_INFINITY && (u < 0 || d(i) < d(u))) u = i;
    if (u < 0) break;
    done[u] = 1;
    for (const { from, w } of rev[u] ?? []) if (d(u) + w < d(from)) dist[from] = d(u) + w;
  }
  for (let i = 0; i < n; i++) if (!(d(i) <= options.maxCost)) dist[i] = Number.POSITIVE_INFINITY;
  return dist;
}
