/**
 * The service's flow calls (the worker half is ../flow/flow-jobs.ts): arguments checked on this thread with
 * computeFlow's own checks (typed errors, own properties only), and for repairable flows the state that
 * `updateFlow` repairs, kept beside each flow this service made.
 */
import type { Field } from '../fields/types.js';
import { checkFieldOf, checkFlow, sealFlow } from '../flow/check-flow.js';
import { resolveFlowOptions } from '../flow/compute-flow.js';
import { computeFlowJob, type FlowJobArgs, type FlowJobResult, updateFlowJob } from '../flow/flow-jobs.js';
import type { Flow, FlowOptions, FlowUpdate } from '../flow/types.js';
import { checkGrid, checkSameGrid } from '../grid/check-grid.js';
import type { Grid } from '../grid/grid.js';
import type { AnyJobSpec } from '../jobs/job-spec.js';
import { ownOptions } from '../util/own-options.js';
import { splitServiceOptions } from './job-options.js';

/** The service's flow functions. */
export interface FlowCalls {
  computeFlow(grid: Grid, field: Field, options?: FlowOptions): Promise<Flow>;
  updateFlow(grid: Grid, field: Field, flow: Flow, options?: FlowOptions): Promise<FlowUpdate>;
  /** The state arrays kept for `flow` (to release with it), or none; forgets them. */
  takeState(flow: object): ArrayBufferView[];
}

/** The flow calls of one service, submitting through `submit`. */
export function flowCalls(
  submit: (spec: AnyJobSpec, args: unknown, jobOptions: unknown) => Promise<unknown>,
): FlowCalls {
  const states = new WeakMap<object, ArrayBufferView[]>();

  const run = (spec: AnyJobSpec, args: FlowJobArgs, jobOptions: unknown): Promise<FlowUpdate> =>
    (submit(spec, args, jobOptions) as Promise<FlowJobResult>).then(({ flow, state, full, tiles }) => {
      const sealed = sealFlow(flow);
      if (state !== null) states.set(sealed, state);
      return { flow: sealed, full, tiles };
    });

  const argsOf = (grid: Grid, field: Field, radius: number, weighted: boolean, keepState: boolean): FlowJobArgs => ({
    grid,
    cost: field.cost,
    dir: field.dir,
    gridVersion: Number.isInteger(field.gridVersion) ? field.gridVersion : -1,
    options: { radius, metric: weighted ? 'weighted' : 'octile' },
    keepState,
  });

  return {
    computeFlow(grid, field, options) {
      const { kernel: flowOptions, job: jobOptions } = splitServiceOptions(options);
      let resolved: ReturnType<typeof resolveFlowOptions>;
      try {
        checkGrid(grid);
        checkFieldOf(field, grid.width, grid.height);
        checkSameGrid('field', field.gridId, grid);
        resolved = resolveFlowOptions(flowOptions);
      } catch (error) {
        return Promise.reject(error);
      }
      const { radius, weighted, repairable } = resolved;
      return run(computeFlowJob, argsOf(grid, field, radius, weighted, repairable), jobOptions).then((r) => r.flow);
    },

    updateFlow(grid, field, flow, options) {
      const { kernel: flowOptions, job: jobOptions } = splitServiceOptions(options);
      let resolved: ReturnType<typeof resolveFlowOptions>;
      try {
        checkGrid(grid);
        checkFieldOf(field, grid.width, grid.height);
        checkFlow(flow, grid.width, grid.height);
        checkSameGrid('field', field.gridId, grid);
        checkSameGrid('flow', flow.gridId, grid);
        const own = ownOptions(flowOptions, 'options', 'an object');
        resolved = resolveFlowOptions({ ...own, radius: own.radius ?? flow.radius });
      } catch (error) {
        return Promise.reject(error);
      }
      const { radius, weighted } = resolved;
      const args = argsOf(grid, field, radius, weighted, true);
      const state = radius === flow.radius ? states.get(flow) : undefined;
      if (state !== undefined) args.base = { vx: flow.vx, vy: flow.vy, anchor: flow.anchor, state };
      return run(updateFlowJob, args, jobOptions);
    },

    takeState(flow) {
      const kept = states.get(flow);
      if (kept === undefined) return [];
      states.delete(flow);
      return kept;
    },
  };
}
