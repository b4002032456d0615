/**
 * The worker half of the service's flow jobs (`computeFlow`, `updateFlow`): computes a flow into shared output
 * arrays, or repairs a copy of a flow kept with its state. The main-thread half is ../service/flow-jobs.ts.
 */
import type { KernelControl } from '../fields/types.js';
import type { Grid } from '../grid/grid.js';
import { flowClearance } from './anchor-code.js';
import { computeFlow } from './compute-flow.js';
import { copyState, StateSlot, stateFits, stateOver } from './flow-state.js';
import type { FlowOptions } from './types.js';
import { renewFlow } from './update-flow.js';

/** A flow handed to a job: its arrays and its kept state (the arrays of a FlowState, in its order). */
export interface FlowJobBase {
  vx: Float32Array;
  vy: Float32Array;
  anchor: Int32Array;
  state: ArrayBufferView[];
}

/** Arguments of the `computeFlow` and `updateFlow` kernels: a field's arrays in, the flow's shared arrays out. */
export interface FlowJobArgs {
  /** The grid (on a SharedArrayBuffer). */
  grid: Grid;
  /** The field's cost per tile (share it: a SharedArrayBuffer is read in place, anything else is copied). */
  cost: Float64Array;
  /** The field's directions per tile. */
  dir: Uint8Array;
  /** The field's grid version (the flow's `gridVersion`). */
  gridVersion: number;
  /**
   * computeFlow's options (radius, metric).
   * @defaultValue undefined (meaning computeFlow's defaults: radius 0, metric `'octile'`)
   */
  options?: FlowOptions;
  /** Output x of the unit vectors, on a SharedArrayBuffer. */
  vx: Float32Array;
  /** Output y of the unit vectors, on a SharedArrayBuffer. */
  vy: Float32Array;
  /** Output anchor codes, on a SharedArrayBuffer. */
  anchor: Int32Array;
  /**
   * Output state for later repairs (the arrays of a FlowState, on SharedArrayBuffers).
   * @defaultValue undefined (meaning none is kept)
   */
  state?: ArrayBufferView[];
  /**
   * A flow of the same options and its state, copied into the outputs and repaired (with `state` only).
   * @defaultValue undefined (meaning the flow is computed in full)
   */
  base?: FlowJobBase;
}

/** Runs a flow job; returns the flow's grid version, whether it was computed in full and the tiles chosen. */
export function runFlowJob(
  args: FlowJobArgs,
  control: KernelControl,
): { gridVersion: number; full: boolean; tiles: number } {
  const { grid, vx, vy, anchor } = args;
  const field = {
    width: grid.width,
    height: grid.height,
    cost: args.cost,
    dir: args.dir,
    gridVersion: args.gridVersion,
  };
  const options = args.options ?? {};
  if (args.state === undefined) {
    computeFlow(grid, field, options, { vx, vy, anchor }, control);
    return { gridVersion: args.gridVersion, full: true, tiles: -1 };
  }
  const radius = options.radius ?? 0;
  const weighted = options.metric === 'weighted';
  const state = stateOver(args.state.map((a) => a.buffer));
  let repair = false;
  const base = args.base;
  if (base !== undefined) {
    const kept = stateOver(base.state.map((a) => a.buffer));
    if (
      stateFits(kept, grid.width, grid.height, weighted) &&
      kept.info[StateSlot.valid] === 1 &&
      kept.info[StateSlot.clearance] === flowClearance(radius)
    ) {
      copyState(kept, state);
      vx.set(base.vx);
      vy.set(base.vy);
      anchor.set(base.anchor);
      repair = true;
    }
  }
  const done = renewFlow({ grid, field, vx, vy, anchor, radius, weighted, state, repair, control });
  return { gridVersion: args.gridVersion, ...done };
}
