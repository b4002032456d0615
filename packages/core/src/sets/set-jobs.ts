/**
 * The per-set work as worker jobs (see ../jobs/job-spec.ts): `computeSetFields` fills the per-set fields of a
 * range of sets (a thin unpacking of {@link computeSetFieldsInto}, ./set-fields.ts); `setCosts` computes one
 * character's cost into every set (./set-costs.ts). The main-thread half is ./set-fields-pool.ts.
 */
import type { KernelControl } from '../fields/types.js';
import type { Grid } from '../grid/grid.js';
import { defineJob } from '../jobs/job-spec.js';
import type { ConvexSets } from './convex-sets.js';
import { setCostsUnder } from './set-costs.js';
import { computeSetFieldsInto, type SetFieldKernelOptions, type SetMoveOptions } from './set-fields.js';

/** Arguments of the `computeSetFields` job (see computeSetFieldsInto in ./set-fields.ts). */
export interface ComputeSetFieldsArgs {
  /** The grid. */
  grid: Grid;
  /** The sets. */
  sets: ConvexSets;
  /** First set of the job (inclusive). */
  firstSet: number;
  /** End of the job's sets (exclusive). */
  lastSet: number;
  /** The costs of the job's sets, `(lastSet - options.sliceBase) * width * height` or more; overwritten. */
  cost: Uint16Array | Int32Array;
  /** The directions of the job's sets, as long as `cost`; overwritten. */
  dir: Uint8Array;
  /** Move rules and slice base of the kernel. */
  options: SetFieldKernelOptions;
}

/** Per-set steps fields of sets [firstSet, lastSet) written into `cost` and `dir`. */
export function runSetFieldsRange(args: ComputeSetFieldsArgs, control: KernelControl): void {
  computeSetFieldsInto(args.grid, args.sets, args.firstSet, args.lastSet, args.cost, args.dir, {
    ...args.options,
    control,
  });
}

/** The `computeSetFields` job: `cost` and `dir` are overwritten whole (they hold only the job's sets). */
export const computeSetFieldsJob = defineJob<ComputeSetFieldsArgs, void>({
  name: 'computeSetFields',
  writes: () => [
    { path: ['cost'], fresh: true },
    { path: ['dir'], fresh: true },
  ],
  run: runSetFieldsRange,
});

/** Arguments of the `setCosts` job. */
export interface SetCostsArgs {
  /** The grid. */
  grid: Grid;
  /** The sets. */
  sets: ConvexSets;
  /** The character's tile column. */
  x: number;
  /** The character's tile row. */
  y: number;
  /** Move rules of the steps field. */
  options: SetMoveOptions;
}

/** The `setCosts` job: the moves from (x, y) into every set (-1 where unreachable), as setCostsFrom. */
export const setCostsJob = defineJob<SetCostsArgs, Int32Array>({
  name: 'setCosts',
  run: (args, control) => setCostsUnder(args.grid, args.sets, args.x, args.y, args.options, undefined, control),
});
