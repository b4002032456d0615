/**
 * Slow, obvious references for seed 002's scent and flee maps: a 2D array of numbers, a JavaScript array used
 * as a FIFO queue (push/shift), direction objects, and moves checked in plain words. Written for reading,
 * not speed. Not part of the build.
 */
import type { DiagonalRule } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';

export interface Step {
  dx: number;
  dy: number;
}

/** Seed 002's `dirs` table, in its order: {0,-1},{0,1},{-1,0},{1,0}, then the diagonals. */
export const SEED_ORDER: Step[] = [
  { dx: 0, dy: -1 },
  { dx: 0, dy: 1 },
  { dx: -1, dy: 0 },
  { dx: 1, dy: 0 },
  { dx: -1, dy: -1 },
  { dx: -1, dy: 1 },
  { dx: 1, dy: -1 },
  { dx: 1, dy: 1 },
];

interface Point {
  x: number;
  y: number;
}

function canMove(grid: Grid, from: Point, step: Step, diagonal: DiagonalRule): boolean {
  const to = { x: from.x + step.dx, y: from.y + step.dy };
  if (to.x < 0 || to.y < 0 || to.x >= grid.width || to.y >= grid.height) return false;
  const code = grid.passable[from.y * grid.width + from.x];
  if (grid.passable[to.y * grid.width + to.x] !== code) return false;
  const isDiagonal = step.dx !== 0 && step.dy !== 0;
  if (!isDiagonal) return true;
  const sideA = grid.passable[from.y * grid.width + to.x] === code;
  const sideB = grid.passable[to.y * grid.width + from.x] === code;
  if (diagonal === 'never') return false;
  if (diagonal === 'always') return true;
  if (diagonal === 'if-one-free') return sideA || sideB;
  return sideA && sideB;
}

function runQueue(
  grid: Grid,
  map: number[][],
  queue: Point[],
  neighbors: 4 | 8,
  diagonal: DiagonalRule,
  order: Step[],
): void {
  const steps = neighbors === 4 ? order.filter((s) => s.dx === 0 || s.dy === 0) : order;
  while (queue.length > 0) {
    const position = queue.shift() as Point;
    const scent = ((map[position.y] as number[])[position.x] as number) - 1;
    if (scent < 0) continue;
    for (const step of steps) {
      if (!canMove(grid, position, step, diagonal)) continue;
      const adjacent = { x: position.x + step.dx, y: position.y + step.dy };
      const row = map[adjacent.y] as number[];
      if (row[adjacent.x] === -1) {
        row[adjacent.x] = scent;
        queue.push(adjacent);
      }
    }
  }
}

function flatten(map: number[][]): number[] {
  return map.flat();
}

/** The seed's scent BFS, literally (duplicate sources are enqueued twice, as the seed's `enqueue` does). */
export function referenceScentMap(
  grid: Grid,
  sources: { x: number; y: number; strength: number }[],
  neighbors: 4 | 8 = 4,
  diagonal: DiagonalRule = 'if-both-free',
  order: Step[] = SEED_ORDER,
): number[] {
  const map: number[][] = [];
  for (let y = 0; y < grid.height; y++) {
    const row: number[] = [];
    for (let x = 0; x < grid.width; x++) row.push(grid.passable[y * grid.width + x] === 0 ? -2 : -1);
    map.push(row);
  }
  const queue: Point[] = [];
  for (const s of sources) {
    (map[s.y] as number[])[s.x] = s.strength;
    queue.push({ x: s.x, y: s.y });
  }
  runQueue(grid, map, queue, neighbors, diagonal, order);
  return flatten(map);
}

/** The seed's flee map, literally (returns null where the seed prints "no flee map start points found"). */
export function referenceFleeMap(
  grid: Grid,
  scent: ArrayLike<number>,
  strength: number,
  neighbors: 4 | 8 = 4,
  diagonal: DiagonalRule = 'if-both-free',
  order: Step[] = SEED_ORDER,
): number[] | null {
  const map: number[][] = [];
  const queue: Point[] = [];
  for (let r = 0; r < grid.height; r++) {
    const row: number[] = [];
    map.push(row);
    for (let c = 0; c < grid.width; c++) {
      const value = scent[r * grid.width + c] as number;
      if (grid.passable[r * grid.width + c] === 0) row.push(-2);
      else if (value === strength) row.push(-2);
      else if (value > 0) row.push(-1);
      else if (value === 0 || value === -1) {
        row.push(strength * 2 - value);
        queue.push({ x: c, y: r });
      } else row.push(value);
    }
  }
  if (queue.length === 0) return null;
  runQueue(grid, map, queue, neighbors, diagonal, order);
  return flatten(map);
}
