/** Shared checks and generators for the field tests. */
import fc from 'fast-check';
import type { DiagonalRule } from '../grid/directions.js';
import { DIR_DX, DIR_DY, NO_DIRECTION } from '../grid/directions.js';
import { Grid } from '../grid/grid.js';
import { referenceMoveAllowed, referenceMoveCost } from './reference.test-util.js';
import type { Field, Metric } from './types.js';

export const close = (a: number, b: number, rel = 1e-9): boolean =>
  a === b || Math.abs(a - b) <= rel * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * Follows `dir` from every tile with a finite cost and returns the first problem found, or null: each step
 * must be a move the rules allow, the walk must end at a tile with no direction whose cost is its seed value,
 * and the summed move costs plus that seed must equal the start's cost (within `rel`). Tiles with an infinite
 * cost must have no direction. `every` > 1 checks only every so many start tiles (large maps).
 */
export function dirWalkProblem(
  grid: Grid,
  field: Field,
  seeds: Float64Array,
  metric: Metric,
  neighbors: 4 | 8,
  diagonal: DiagonalRule,
  rel = 1e-9,
  every = 1,
): string | null {
  const { width, height } = grid;
  const n = width * height;
  for (let start = 0; start < n; start += every) {
    const c = field.cost[start] as number;
    if (!(c < Number.POSITIVE_INFINITY)) {
      if (field.dir[start] !== NO_DIRECTION) return `tile ${start} has cost ${c} but dir ${field.dir[start]}`;
      continue;
    }
    let x = start % width;
    let y = (start - x) / width;
    let sum = 0;
    let moves = 0;
    for (;;) {
      const d = field.dir[y * width + x] as number;
      if (d === NO_DIRECTION) break;
      if (d > 7) return `tile (${x}, ${y}) has dir ${d}`;
      const nx = x + (DIR_DX[d] as number);
      const ny = y + (DIR_DY[d] as number);
      if (!referenceMoveAllowed(grid, x, y, nx, ny, neighbors, diagonal))
        return `illegal move (${x}, ${y}) -> (${nx}, ${ny}) from start ${start}`;
      sum += referenceMoveCost(grid, nx, ny, d >= 4, metric);
      x = nx;
      y = ny;
      if (++moves > n) return `dir cycle from start ${start}`;
    }
    const end = y * width + x;
    const seed = seeds[end] as number;
    if (!(seed < Number.POSITIVE_INFINITY)) return `walk from ${start} ends at ${end}, which is not a seed`;
    if (field.cost[end] !== seed) return `walk end ${end} has cost ${field.cost[end]} but seed ${seed}`;
    if (!close(sum + seed, c, rel)) return `walk from ${start}: ${sum} + ${seed} != cost ${c}`;
  }
  return null;
}

/** A random small grid: 25% walls, 10% water, terrain in halves from 1 to `maxTerrain`. */
export interface RandomGrid {
  grid: Grid;
  walkable: number[];
}

export function arbGrid(maxSide = 12, maxTerrain = 5): fc.Arbitrary<RandomGrid> {
  return fc
    .record({ w: fc.integer({ min: 1, max: maxSide }), h: fc.integer({ min: 1, max: maxSide }) })
    .chain(({ w, h }) =>
      fc.record({
        w: fc.constant(w),
        h: fc.constant(h),
        cells: fc.array(fc.integer({ min: 0, max: 19 }), { minLength: w * h, maxLength: w * h }),
        terrain: fc.array(fc.integer({ min: 2, max: 2 * maxTerrain }), { minLength: w * h, maxLength: w * h }),
      }),
    )
    .map(({ w, h, cells, terrain }) => {
      const grid = Grid.create(w, h, { terrain: true, shared: false });
      const walkable: number[] = [];
      cells.forEach((c, i) => {
        grid.passable[i] = c < 5 ? 0 : c < 7 ? 2 : 1;
        if (grid.passable[i] !== 0) walkable.push(i);
        (grid.terrain as Float32Array)[i] = (terrain[i] as number) / 2;
      });
      if (walkable.length === 0) {
        grid.passable[0] = 1;
        walkable.push(0);
      }
      return { grid, walkable };
    });
}

export const METRIC_LIST: Metric[] = ['steps', 'octile', 'weighted'];
export const RULE_LIST: DiagonalRule[] = ['never', 'always', 'if-one-free', 'if-both-free'];
