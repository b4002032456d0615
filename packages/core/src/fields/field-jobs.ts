/**
 * The field kernels as worker jobs (see ../jobs/job-spec.ts): `computeField`, `updateField` and
 * `computeFieldFromSeeds`, each writing a field into two output arrays the job layer allocates.
 */
import { checkGrid } from '../grid/check-grid.js';
import type { Grid } from '../grid/grid.js';
import { metricOf, stableGrid } from '../grid/stable-grid.js';
import { defineJob, type OutputSpec } from '../jobs/job-spec.js';
import { computeField, computeFieldFromSeeds } from './compute-field.js';
import { type FieldUpdate, updateField } from './repair/update-field.js';
import type { Field, FieldOptions, SeedFieldOptions } from './types.js';

/** The output arrays of a field job. */
export interface FieldArrays {
  /** Cost per tile. */
  cost: Float64Array;
  /** Direction per tile. */
  dir: Uint8Array;
}

/** Outputs of a field of `grid`: a Float64 cost and a byte direction per tile. */
function fieldOutputs(grid: Grid): { cost: OutputSpec; dir: OutputSpec } {
  checkGrid(grid);
  return { cost: { kind: 'f64', length: grid.size }, dir: { kind: 'u8', length: grid.size } };
}

/** Arguments of the `computeField` job. */
export interface ComputeFieldArgs {
  /** The grid. */
  grid: Grid;
  /** computeField's options (goals, metric, moves, range). */
  options: FieldOptions;
}

/** computeField into the job's outputs; resolves to the field. */
export const computeFieldJob = defineJob<ComputeFieldArgs, Field, FieldArrays>({
  name: 'computeField',
  outputs: (args) => fieldOutputs(args.grid),
  run: (args, control) =>
    computeField(stableGrid(args.grid, metricOf(args.options)), {
      ...args.options,
      out: { cost: args.cost, dir: args.dir },
      control,
    }),
});

/** Arguments of the `updateField` job. */
export interface UpdateFieldArgs {
  /** The grid. */
  grid: Grid;
  /** The options the field was computed with. */
  options: FieldOptions;
  /** The grid version of the field to repair (`base`, or else the outputs' own content; -1: recompute in full). */
  gridVersion: number;
  /**
   * A field copied into the outputs before the repair (read only).
   * @defaultValue undefined (meaning the outputs, given with the job's `out`, hold the field to repair)
   */
  base?: FieldArrays;
}

/** A field brought up to the grid's version, and what was done. */
export interface UpdatedFieldResult extends FieldUpdate {
  /** The field at the grid's version. */
  field: Field;
}

/** updateField of the field `base` (or of the outputs' content) into the job's outputs. */
export const updateFieldJob = defineJob<UpdateFieldArgs, UpdatedFieldResult, FieldArrays>({
  name: 'updateField',
  outputs: (args) => fieldOutputs(args.grid),
  run: (args, control) => {
    if (args.base !== undefined) {
      args.cost.set(args.base.cost);
      args.dir.set(args.base.dir);
    }
    const { grid } = args;
    const field: Field = {
      width: grid.width,
      height: grid.height,
      cost: args.cost,
      dir: args.dir,
      gridVersion: args.gridVersion,
    };
    const update = updateField(stableGrid(grid, metricOf(args.options)), field, { ...args.options, control });
    return { field, full: update.full, tiles: update.tiles };
  },
});

/** Arguments of the `computeFieldFromSeeds` job. */
export interface ComputeFieldFromSeedsArgs {
  /** The grid. */
  grid: Grid;
  /** Starting cost per tile (`Infinity` = not a seed), `grid.size` values. */
  seeds: Float64Array;
  /** computeFieldFromSeeds's options (metric, moves, range). */
  options: SeedFieldOptions;
}

/** computeFieldFromSeeds into the job's outputs; resolves to the field. */
export const computeFieldFromSeedsJob = defineJob<ComputeFieldFromSeedsArgs, Field, FieldArrays>({
  name: 'computeFieldFromSeeds',
  outputs: (args) => fieldOutputs(args.grid),
  run: (args, control) =>
    computeFieldFromSeeds(stableGrid(args.grid, metricOf(args.options)), args.seeds, {
      ...args.options,
      out: { cost: args.cost, dir: args.dir },
      control,
    }),
});
