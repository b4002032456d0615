import { InvalidOptionError } from '../../errors.js';
import type { Grid } from '../../grid/grid.js';
import { readPoint } from '../../grid/point.js';
import { ownOption } from '../../util/own-options.js';
import { checkFieldValue } from '../compute-field.js';
import type { Goal } from '../types.js';
import type { SeedValues } from './repair-kernel.js';

/**
 * The goals of a field as a lookup from tile to starting value: tiles sorted in a typed array, found by binary
 * search (a repair asks only for the few tiles it touches). Goals are checked as `computeField` checks them.
 */
export class GoalSeeds implements SeedValues {
  private tiles = new Int32Array(0);
  private values = new Float64Array(0);
  private count = 0;

  /** Reads and checks `goals` against `grid`; goals above `maxCost` are left out, as in computeField. */
  load(grid: Grid, goals: unknown, maxCost: number): this {
    if (!Array.isArray(goals)) throw new InvalidOptionError('goals', goals, 'an array of { x, y, value? }');
    if (goals.length === 0) throw new InvalidOptionError('goals', goals, 'at least one goal');
    if (this.tiles.length < goals.length) {
      this.tiles = new Int32Array(goals.length);
      this.values = new Float64Array(goals.length);
    }
    // Goals are few (one per unit target): sorting them per call is cheap next to any field work.
    const tiles = new Int32Array(goals.length);
    const values = new Float64Array(goals.length);
    let n = 0;
    for (let g = 0; g < goals.length; g++) {
      const goal: unknown = goals[g];
      if (typeof goal !== 'object' || goal === null)
        throw new InvalidOptionError(`goals[${g}]`, goal, 'an object { x, y, value? }');
      const { x, y } = readPoint(goal, `goals[${g}]`);
      const own = ownOption(goal as Goal, 'value');
      const value = own === undefined ? 0 : own;
      grid.assertWalkable(`goals[${g}]`, x, y);
      checkFieldValue(`goals[${g}].value`, value);
      if (value > maxCost) continue;
      tiles[n] = y * grid.width + x;
      values[n++] = value;
    }
    // Sorted by tile; a tile given twice keeps its lowest value.
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (tiles[a] as number) - (tiles[b] as number));
    let m = 0;
    for (const i of order) {
      const tile = tiles[i] as number;
      const value = values[i] as number;
      if (m > 0 && this.tiles[m - 1] === tile) {
        if (value < (this.values[m - 1] as number)) this.values[m - 1] = value;
        continue;
      }
      this.tiles[m] = tile;
      this.values[m++] = value;
    }
    n = m;
    this.count = n;
    return this;
  }

  valueAt(tile: number): number {
    let lo = 0;
    let hi = this.count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const t = this.tiles[mid] as number;
      if (t === tile) return this.values[mid] as number;
      if (t < tile) lo = mid + 1;
      else hi = mid - 1;
    }
    return Number.POSITIVE_INFINITY;
  }
}
