import type { Field, KernelControl } from '../fields/index.js';
import { checkGrid, checkSameGrid } from '../grid/check-grid.js';
import type { Grid } from '../grid/grid.js';
import { ownOptions } from '../util/own-options.js';
import { readRunOptions } from '../util/run-options.js';
import { flowClearance } from './anchor-code.js';
import { checkFieldOf, checkFlow, sealFlow } from './check-flow.js';
import { checkSeparate, resolveFlowOptions } from './compute-flow.js';
import { runFlowKernel } from './flow-kernel.js';
import { type FlowState, keepStateOf, newFlowState, stateFits, stateOf } from './flow-state.js';
import { repairFlow } from './repair-flow.js';
import { FLOW_REPAIR_LIMIT_FRACTION, type Flow, type FlowOptions, type FlowUpdate } from './types.js';

/** Smallest repair limit in tiles: below it a repair is always tried. */
const MIN_REPAIR_LIMIT = 4096;

/** Inputs of {@link renewFlow}: a checked grid, field and flow, and the flow's resolved options. */
export interface RenewFlowInput {
  grid: Grid;
  field: Field;
  vx: Float32Array;
  vy: Float32Array;
  anchor: Int32Array;
  radius: number;
  weighted: boolean;
  /** The flow's kept state, when it has one that fits; otherwise a state to fill by a full run. */
  state: FlowState;
  /** True when `state` describes the flow in `vx`, `vy`, `anchor` (a repair may be tried). */
  repair: boolean;
  control?: KernelControl | undefined;
}

/**
 * Brings the flow arrays and their state up to the field: a repair where possible, the full kernel otherwise.
 * Returns what was done. Shared by updateFlow and the service's worker kernel.
 */
export function renewFlow(input: RenewFlowInput): { full: boolean; tiles: number } {
  const { grid, field, state } = input;
  const size = grid.width * grid.height;
  const kernel = {
    width: grid.width,
    height: grid.height,
    passable: grid.passable,
    terrain: input.weighted ? grid.terrain : null,
    cost: field.cost,
    dir: field.dir,
    clearance: flowClearance(input.radius),
    vx: input.vx,
    vy: input.vy,
    anchor: input.anchor,
    control: input.control,
    state,
  };
  if (input.repair) {
    const limit = Math.max(MIN_REPAIR_LIMIT, Math.floor(size * FLOW_REPAIR_LIMIT_FRACTION));
    const tiles = repairFlow({ ...kernel, limit });
    if (tiles >= 0) return { full: false, tiles };
  }
  return { full: true, tiles: runFlowKernel(kernel) };
}

/**
 * Brings a flow up to date with its field after `updateField` (or any new field of the same goals), in place:
 * where the flow was made with `repairable` (or was updated before), only the tiles whose choice of anchor may
 * have changed are visited again (the tiles near the edits and near the changed costs, the tiles whose straight
 * way to their anchor passes near an edit, and from them on the tiles whose neighbours' anchors changed), in the
 * kernel's own order; otherwise the flow is computed in full. Either way the result is what `computeFlow` gives
 * on the current grid and `field`, bit for bit, and the flow keeps what a later update needs (see
 * {@link FlowOptions.repairable} for its memory).
 *
 * Returns `{ flow, full, tiles }`: `flow` is a new frozen flow over the same arrays (now holding the new flow;
 * the flow given describes the old version no more and should be dropped). `options` are those of the flow:
 * radius (default: the flow's) and metric (default `'octile'`); other values compute it in full.
 * `signal`, `onProgress` and `control` in `options` cancel and report progress as in `computeFlow` (an
 * already-aborted signal throws AbortError before any work): an update aborted during the work leaves the arrays
 * incomplete and the next update computes the flow in full. There is no `out`: the flow's arrays are the output.
 *
 * @throws InvalidOptionError for a field or flow of another size, or bad options or control; OutOfRangeError for
 *   a bad radius.
 */
export function updateFlow(grid: Grid, field: Field, flow: Flow, options?: FlowOptions): FlowUpdate {
  checkGrid(grid);
  checkFieldOf(field, grid.width, grid.height);
  checkSameGrid('field', field.gridId, grid);
  checkFlow(flow, grid.width, grid.height);
  checkSameGrid('flow', flow.gridId, grid);
  checkSeparate('flow', flow.vx, flow.vy, flow.anchor);
  const own = ownOptions(options, 'options', 'an object');
  const resolved = resolveFlowOptions({ ...own, radius: own.radius ?? flow.radius });
  const kernelControl = readRunOptions(own, 'flow computation');
  const kept = stateOf(flow);
  const repair =
    kept !== undefined &&
    resolved.radius === flow.radius &&
    stateFits(kept, grid.width, grid.height, resolved.weighted);
  const state = repair ? (kept as FlowState) : newFlowState(grid.width, grid.height, resolved.weighted);
  keepStateOf(flow, undefined);
  const { full, tiles } = renewFlow({
    grid,
    field,
    vx: flow.vx,
    vy: flow.vy,
    anchor: flow.anchor,
    radius: resolved.radius,
    weighted: resolved.weighted,
    state,
    repair,
    control: kernelControl,
  });
  const next = sealFlow({
    width: grid.width,
    height: grid.height,
    vx: flow.vx,
    vy: flow.vy,
    anchor: flow.anchor,
    radius: resolved.radius,
    gridVersion: Number.isInteger(field.gridVersion) ? field.gridVersion : -1,
    gridId: grid.id,
  });
  keepStateOf(next, state);
  return { flow: next, full, tiles };
}
