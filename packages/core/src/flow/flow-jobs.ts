/**
 * The flow kernels as worker jobs (see ../jobs/job-spec.ts): `computeFlow` computes a flow into output arrays the
 * job layer allocates (and, when asked, the state a later repair needs); `updateFlow` repairs a copy of a flow
 * kept with its state, or computes it in full. The main-thread half is ../service/flow-calls.ts.
 */
import type { KernelControl } from '../fields/types.js';
import { checkGrid } from '../grid/check-grid.js';
import type { Grid } from '../grid/grid.js';
import { metricOf, stableGrid } from '../grid/stable-grid.js';
import { defineJob, type OutputSpec } from '../jobs/job-spec.js';
import { flowClearance } from './anchor-code.js';
import { computeFlow } from './compute-flow.js';
import { copyState, StateSlot, stateArrays, stateByteLengths, stateFits, stateOver } from './flow-state.js';
import type { Flow } from './types.js';
import { renewFlow } from './update-flow.js';

/** A flow handed to a job: its arrays and its kept state (the arrays of a FlowState, in its order). */
export interface FlowJobBase {
  vx: Float32Array;
  vy: Float32Array;
  anchor: Int32Array;
  state: ArrayBufferView[];
}

/** Arguments of the `computeFlow` and `updateFlow` jobs: a field's arrays in, a flow out. */
export interface FlowJobArgs {
  /** The grid. */
  grid: Grid;
  /** The field's cost per tile. */
  cost: Float64Array;
  /** The field's directions per tile. */
  dir: Uint8Array;
  /** The field's grid version (the flow's `gridVersion`). */
  gridVersion: number;
  /** computeFlow's options (radius, metric), checked. */
  options: { radius: number; metric: 'octile' | 'weighted' };
  /** Keep the state a later repair needs (as outputs `s0`, `s1`...). */
  keepState: boolean;
  /**
   * A flow of the same options and its state, copied into the outputs and repaired (with `keepState` only).
   * @defaultValue undefined (meaning the flow is computed in full)
   */
  base?: FlowJobBase;
}

/** The output arrays of a flow job: the flow's and, with `keepState`, the state's (`s0`...`s9`, as bytes). */
export interface FlowOutputs {
  vx: Float32Array;
  vy: Float32Array;
  anchor: Int32Array;
  [state: `s${number}`]: Uint8Array;
}

/** What a flow job resolves to. */
export interface FlowJobResult {
  /** The flow (not sealed yet). */
  flow: Flow;
  /** The kept state's arrays, or null. */
  state: ArrayBufferView[] | null;
  /** True when computed in full. */
  full: boolean;
  /** Tiles whose anchor was chosen (-1 when unknown). */
  tiles: number;
}

/** The outputs of a flow job. */
function flowOutputs(args: FlowJobArgs): Record<string, OutputSpec> {
  checkGrid(args.grid);
  const { width, height, size } = args.grid;
  const outputs: Record<string, OutputSpec> = {
    vx: { kind: 'f32', length: size },
    vy: { kind: 'f32', length: size },
    anchor: { kind: 'i32', length: size },
  };
  if (args.keepState) {
    const lengths = stateByteLengths(width, height, args.options?.metric === 'weighted');
    lengths.forEach((bytes, k) => {
      outputs[`s${k}`] = { kind: 'u8', length: bytes };
    });
  }
  return outputs;
}

/** Runs a flow job: the flow, whether it was computed in full and the tiles chosen. */
export function runFlowJob(args: FlowJobArgs & FlowOutputs, control: KernelControl): FlowJobResult {
  const { vx, vy, anchor } = args;
  const grid = stableGrid(args.grid, metricOf(args.options));
  const field = {
    width: grid.width,
    height: grid.height,
    cost: args.cost,
    dir: args.dir,
    gridVersion: args.gridVersion,
  };
  const { radius, metric } = args.options;
  const flow: Flow = {
    width: grid.width,
    height: grid.height,
    vx,
    vy,
    anchor,
    radius,
    gridVersion: args.gridVersion,
    gridId: grid.id,
  };
  if (!args.keepState) {
    computeFlow(grid, field, { ...args.options, out: { vx, vy, anchor }, control });
    return { flow, state: null, full: true, tiles: -1 };
  }
  const weighted = metric === 'weighted';
  const buffers: ArrayBufferLike[] = [];
  for (let k = 0; `s${k}` in args; k++) buffers.push((args[`s${k}`] as Uint8Array).buffer);
  const state = stateOver(buffers);
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
  return { flow, state: stateArrays(state), ...done };
}

/** computeFlow of a field into the job's outputs. */
export const computeFlowJob = defineJob<FlowJobArgs, FlowJobResult, FlowOutputs>({
  name: 'computeFlow',
  outputs: flowOutputs as (args: FlowJobArgs) => { [K in keyof FlowOutputs]: OutputSpec },
  run: runFlowJob,
});

/** updateFlow: repairs a copy of `base` (with its state) into the job's outputs, or computes the flow in full. */
export const updateFlowJob = defineJob<FlowJobArgs, FlowJobResult, FlowOutputs>({
  name: 'updateFlow',
  outputs: flowOutputs as (args: FlowJobArgs) => { [K in keyof FlowOutputs]: OutputSpec },
  run: runFlowJob,
});
