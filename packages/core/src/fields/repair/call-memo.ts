/**
 * The last checked arguments of `updateField` on this thread, and the repair's input built for them. A repair in
 * a game loop is called again and again with the same field and the same options; when nothing about them
 * changed, the next call skips the checks (typed-array tags, option parsing, goal sorting), reads only the few
 * values that could have changed, and hands the kernel the input built at the last full check. The comparison
 * itself is the first part of `repairCall` (repair-call.ts), which says why it is written there.
 *
 * PERF: those checks are small, but each touches code and data of its own (builtins, allocations, the option
 * objects' shapes), and with caches cold (other work between two edits, as in a game frame) they cost more than
 * the repair of a one-tile edit: random-1024, one full field of another goal between edits, the checks took
 * about 100 of the 130 us of a repair. What is compared are plain property reads, in one object; a builtin
 * is called only to tell an own option from an inherited one.
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

/** Option keys whose own values the memo compares. */
const KEYS = ['metric', 'neighbors', 'diagonal', 'maxCost', 'goals'] as const;

export class RepairCallMemo {
  // The arguments remembered (null: none), and the values the checks read from them.
  grid: Grid | null = null;
  field: Field | null = null;
  options: FieldOptions | null = null;
  cost: Float64Array | null = null;
  dir: Uint8Array | null = null;
  width = 0;
  height = 0;
  size = 0;
  /** The own values of the options of {@link KEYS}. */
  metric: unknown;
  neighbors: unknown;
  diagonal: unknown;
  maxCost: unknown;
  goals: readonly unknown[] | null = null;
  /** The keys of {@link KEYS} whose remembered values are not undefined (a read equal to those may be inherited). */
  definedKeys: string[] = [];
  goalObjects: unknown[] = [];
  /** x, y and own value (undefined as NaN) of each goal when checked. */
  goalValues: number[] = [];
  /** The grid's id when checked. */
  gridId = 0;
  /** The options as the last full check resolved them. */
  resolved: ResolvedFieldOptions | null = null;
  /** The repair's input for these arguments; `changedCount` is set per call. */
  input: RepairInput | null = null;
  /** A grid version at which the grid's passability codes were checked (by checkPassableCodes). */
  codesVersion = Number.NEGATIVE_INFINITY;
  /** The grid's edit log: its header slots, its ring's versions as Int32 halves and its ring's tiles. */
  logHeader: Int32Array = new Int32Array(0);
  logVersions: Int32Array = new Int32Array(0);
  logTiles: Int32Array = new Int32Array(0);

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
    this.logHeader = grid.edits.headerSlots;
    this.logVersions = grid.edits.versionWordSlots;
    this.logTiles = grid.edits.tileSlots;
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
