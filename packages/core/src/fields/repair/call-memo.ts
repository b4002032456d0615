/**
 * The last checked arguments of `updateField` on this thread, and the repair's input built for them. A repair in
 * a game loop is called again and again with the same field and the same options; when nothing about them
 * changed, the next call skips the checks (typed-array tags, option parsing, goal sorting), reads only the few
 * values that could have changed, and hands the kernel the input built at the last full check.
 *
 * PERF: those checks are small, but each touches code and data of its own (builtins, allocations, the option
 * objects' shapes), and with caches cold (other work between two edits, as in a game frame) they cost more than
 * the repair of a one-tile edit: random-1024, one full field of another goal between edits, the checks took
 * about 100 of the 130 us of a repair. What is compared here are plain property reads, in one object; a builtin
 * is called only to tell an own option from an inherited one (see {@link RepairCallMemo.matches}).
 */
import type { Grid } from '../../grid/grid.js';
import type { ResolvedFieldOptions } from '../options.js';
import type { Field, FieldOptions } from '../types.js';
import type { RepairInput } from './repair-kernel.js';

const hasOwn = Object.hasOwn;

/** An option's own value, or undefined (as ownOption). */
function own(object: object, key: string): unknown {
  return hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

/** Option keys whose own values the memo compares, in the order of {@link RepairCallMemo.values}. */
const KEYS = ['metric', 'neighbors', 'diagonal', 'maxCost', 'goals'] as const;

export class RepairCallMemo {
  private grid: Grid | null = null;
  private field: Field | null = null;
  private options: FieldOptions | null = null;
  private cost: Float64Array | null = null;
  private dir: Uint8Array | null = null;
  private width = 0;
  private height = 0;
  private size = 0;
  private metric: unknown;
  private neighbors: unknown;
  private diagonal: unknown;
  private maxCost: unknown;
  private goals: readonly unknown[] | null = null;
  /** The keys of {@link KEYS} whose remembered values are not undefined (a read equal to those may be inherited). */
  private definedKeys: string[] = [];
  private goalObjects: unknown[] = [];
  /** x, y and own value (undefined as NaN) of each goal when checked. */
  private goalValues: number[] = [];
  /** The grid's id when checked. */
  gridId = 0;
  /** The options as the last full check resolved them. */
  resolved: ResolvedFieldOptions | null = null;
  /** The repair's input for these arguments; `changedCount` and `control` are set per call. */
  input: RepairInput | null = null;
  /** A grid version at which the grid's passability codes were checked (by checkPassableCodes). */
  codesVersion = Number.NEGATIVE_INFINITY;

  /**
   * True when `grid`, `field` and `options` are the arguments remembered and every value the checks read is
   * unchanged (the same arrays of the same length, the same own option values, the same goal objects at the same
   * tiles with the same values), and every goal tile is still walkable.
   */
  matches(grid: Grid, field: Field, options: FieldOptions): boolean {
    if (grid !== this.grid || field !== this.field || options !== this.options) return false;
    const size = this.size;
    const cost = this.cost as Float64Array;
    const dir = this.dir as Uint8Array;
    if (field.cost !== cost || field.dir !== dir || field.width !== this.width || field.height !== this.height)
      return false;
    // A transferred buffer leaves its arrays empty.
    if (cost.length !== size || dir.length !== size) return false;
    // PERF: plain reads (a builtin call costs more than a read while V8 has not optimized this code). A read that
    // gives undefined gives the own value too; one equal to a defined value remembered may come from a prototype
    // (the own option deleted since), so those keys are asked once more (hasOwn).
    const o = options as unknown as Record<string, unknown>;
    const goals = o.goals;
    if (
      o.metric !== this.metric ||
      o.neighbors !== this.neighbors ||
      o.diagonal !== this.diagonal ||
      o.maxCost !== this.maxCost ||
      goals !== this.goals
    )
      return false;
    const defined = this.definedKeys;
    for (let i = 0; i < defined.length; i++) if (!hasOwn(options, defined[i] as string)) return false;
    // (The same array as remembered, so an array still.)
    const objects = this.goalObjects;
    if ((goals as unknown[]).length !== objects.length) return false;
    const values = this.goalValues;
    const passable = grid.passable;
    const width = this.width;
    for (let g = 0; g < objects.length; g++) {
      const goal = (goals as unknown[])[g] as { x: unknown; y: unknown; value?: unknown };
      if (goal !== objects[g]) return false;
      const x = goal.x;
      const y = goal.y;
      const value = goal.value;
      if (x !== values[3 * g] || y !== values[3 * g + 1]) return false;
      const remembered = values[3 * g + 2] as number;
      if (value === undefined) {
        if (!Number.isNaN(remembered)) return false;
      } else if (value !== remembered || !hasOwn(goal, 'value')) return false;
      if (passable[(y as number) * width + (x as number)] === 0) return false;
    }
    return true;
  }

  /** Remembers arguments that passed every check, with their resolved options and the repair's input. */
  remember(grid: Grid, field: Field, options: FieldOptions, resolved: ResolvedFieldOptions, input: RepairInput): void {
    this.grid = grid;
    this.field = field;
    this.options = options;
    this.cost = field.cost;
    this.dir = field.dir;
    this.width = grid.width;
    this.height = grid.height;
    this.size = grid.width * grid.height;
    this.gridId = grid.id;
    this.metric = own(options, 'metric');
    this.neighbors = own(options, 'neighbors');
    this.diagonal = own(options, 'diagonal');
    this.maxCost = own(options, 'maxCost');
    const goals = own(options, 'goals') as readonly unknown[];
    this.goals = goals;
    this.definedKeys = KEYS.filter((key) => own(options, key) !== undefined);
    this.goalObjects = Array.from(goals);
    this.goalValues = [];
    for (const goal of goals) {
      const { x, y } = goal as { x: number; y: number };
      const value = own(goal as object, 'value');
      this.goalValues.push(x, y, value === undefined ? Number.NaN : (value as number));
    }
    this.resolved = resolved;
    this.input = input;
  }

  /** Forgets the arguments (before a full check, and after a call that threw). */
  forget(): void {
    this.grid = null;
    this.field = null;
    this.options = null;
    this.resolved = null;
    this.input = null;
    this.codesVersion = Number.NEGATIVE_INFINITY;
  }
}
