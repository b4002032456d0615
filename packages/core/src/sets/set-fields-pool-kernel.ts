/**
 * The worker half of the per-set fields built in the pool: the kernel the service registers as
 * `computeSetFields`, a thin unpacking of {@link computeSetFieldsInto} (./set-fields.ts). The main-thread half
 * is ./set-fields-pool.ts. Neither imports the service (the service imports this file, never the reverse).
 */
import type { KernelControl } from '../fields/types.js';
import type { Grid } from '../grid/grid.js';
import type { ConvexSets } from './convex-sets.js';
import { computeSetFieldsInto, type SetFieldKernelOptions } from './set-fields.js';

/** Arguments of the `computeSetFields` kernel (see computeSetFieldsInto in ./set-fields.ts). */
export interface ComputeSetFieldsArgs {
  /** The grid (on a SharedArrayBuffer). */
  grid: Grid;
  /** The sets; put `setOf` and `rects` on SharedArrayBuffers so they are not copied per job. */
  sets: ConvexSets;
  /** First set of the job (inclusive). */
  firstSet: number;
  /** End of the job's sets (exclusive). */
  lastSet: number;
  /** All sets' costs (`count * width * height`), on a SharedArrayBuffer; this job fills its sets' slices. */
  cost: Uint16Array | Int32Array;
  /** All sets' directions, on a SharedArrayBuffer. */
  dir: Uint8Array;
  /** Move rules and slice base of the kernel. */
  options: SetFieldKernelOptions;
}

/** Per-set steps fields of sets [firstSet, lastSet) written into their slices of the shared `cost`/`dir`. */
export function runSetFieldsRange(args: ComputeSetFieldsArgs, control: KernelControl): void {
  computeSetFieldsInto(args.grid, args.sets, args.firstSet, args.lastSet, args.cost, args.dir, args.options, control);
}
