import type { Grid } from '../../grid/grid.js';
import type { Goal } from '../types.js';

/** The goals' values per tile (Infinity elsewhere; a value over `maxCost` is no seed), as computeField seeds them. */
export function seedsOf(grid: Grid, goals: Goal[], maxCost: number): Float64Array {
  const seeds = new Float64Array(grid.size).fill(Number.POSITIVE_INFINITY);
  for (const g of goals) {
    const i = g.y * grid.width + g.x;
    const v = g.value ?? 0;
    if (v <= maxCost && v < (seeds[i] as number)) seeds[i] = v;
  }
  return seeds;
}
