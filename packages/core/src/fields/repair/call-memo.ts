/**
 * The last checked arguments of `updateField` on this thread. A repair in a game loop is called again and again
 * with the same field and the same options; when nothing about them changed, the next call skips the checks
 * (typed-array tags, option parsing, goal sorting) and reads only the few values that could have changed.
 *
 * PERF: those checks are small, but each touches code and data of its own (builtins, allocations, the
 * option objects' shapes), and with caches cold (other work between two edits, as in a game frame) they cost
 * more than the repair of a one-tile edit: random-1024, one full field of another goal between edits, the
 * checks took about 100 of the 130 us of a repair. What is compared here are plain property reads.
 */
import type { Grid } from '../../grid/grid.js';
import type { ResolvedFieldOptions } from '../options.js';
import type { Field, FieldOptions } from '../types.js';

const hasOwn = Object.hasOwn;

/** An option's own value, or undefined (as ownOption). */
function own(object: object, key: string): unknown {
  return hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

export class RepairCallMemo {
  private grid: Grid | null = null;
  private field: Field | null = null;
  private cost: Float64Array | null = null;
  private dir: Uint8Array | null = null;
  private options: FieldOptions | null = null;
  private metric: unknown;
  private neighbors: unknown;
  private diagonal: unknown;
  private maxCost: unknown;
  private goals: readonly unknown[] | null = null;
  private goalObjects: unknown[] = [];
  /** x, y and own value (undefined as NaN) of each goal when checked. */
  private goalValues: number[] = [];
  /** The options as the last full check resolved them. */
  resolved: ResolvedFieldOptions | null = null;
  /** A grid version at which the grid's passability codes were checked (by checkPassableCodes). */
  codesVersion = Number.NEGATIVE_INFINITY;

  /**
   * True when `grid`, `field` and `options` are the arguments remembered and every value the checks read is
   * unchanged (the same arrays of the same length, the same option values, the same goal objects at the same
   * tiles with the same values), and every goal tile is still walkable.
   */
  matches(grid: Grid, field: Field, options: FieldOptions): boolean {
    if (grid !== this.grid || field !== this.field || options !== this.options) return false;
    const size = grid.width * grid.height;
    const cost = this.cost as Float64Array;
    const dir = this.dir as Uint8Array;
    if (field.cost !== cost || field.dir !== dir || field.width !== grid.width || field.height !== grid.height)
      return false;
    // A transferred buffer leaves its arrays empty.
    if (cost.length !== size || dir.length !== size) return false;
    // (Inlined own(): a call costs more than the read while V8 has not optimized this code.)
    if (
      (hasOwn(options, 'metric') ? options.metric : undefined) !== this.metric ||
      (hasOwn(options, 'neighbors') ? options.neighbors : undefined) !== this.neighbors ||
      (hasOwn(options, 'diagonal') ? options.diagonal : undefined) !== this.diagonal ||
      (hasOwn(options, 'maxCost') ? options.maxCost : undefined) !== this.maxCost
    )
      return false;
    const goals = hasOwn(options, 'goals') ? options.goals : undefined;
    if (goals !== this.goals || !Array.isArray(goals) || goals.length !== this.goalObjects.length) return false;
    const values = this.goalValues;
    const passable = grid.passable;
    for (let g = 0; g < goals.length; g++) {
      const goal: unknown = goals[g];
      if (goal !== this.goalObjects[g]) return false;
      const { x, y } = goal as { x: unknown; y: unknown };
      const value = hasOwn(goal as object, 'value') ? (goal as { value: unknown }).value : undefined;
      if (x !== values[3 * g] || y !== values[3 * g + 1]) return false;
      if (value === undefined ? !Number.isNaN(values[3 * g + 2]) : value !== values[3 * g + 2]) return false;
      if (passable[(y as number) * grid.width + (x as number)] === 0) return false;
    }
    return true;
  }

  /** Remembers arguments that passed every check, with their resolved options. */
  remember(grid: Grid, field: Field, options: FieldOptions, resolved: ResolvedFieldOptions): void {
    this.grid = grid;
    this.field = field;
    this.cost = field.cost;
    this.dir = field.dir;
    this.options = options;
    this.metric = own(options, 'metric');
    this.neighbors = own(options, 'neighbors');
    this.diagonal = own(options, 'diagonal');
    this.maxCost = own(options, 'maxCost');
    const goals = own(options, 'goals') as readonly unknown[];
    this.goals = goals;
    this.goalObjects = Array.from(goals);
    this.goalValues = [];
    for (const goal of goals) {
      const { x, y } = goal as { x: number; y: number };
      const value = own(goal as object, 'value');
      this.goalValues.push(x, y, value === undefined ? Number.NaN : (value as number));
    }
    this.resolved = resolved;
  }

  /** Forgets the arguments (after a call that threw). */
  forget(): void {
    this.grid = null;
    this.field = null;
    this.options = null;
    this.resolved = null;
    this.codesVersion = Number.NEGATIVE_INFINITY;
  }
}
