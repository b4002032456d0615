/**
 * The main-thread half of the service's flow jobs (the worker half is ../flow/flow-job-kernel.ts): output buffers
 * taken when a worker picks the job up, and for repairable flows the state that `updateFlow` repairs, kept on
 * shared buffers beside each flow this service made.
 */

import type { Field } from '../fields/types.js';
import { checkFieldOf, checkFlow, sealFlow } from '../flow/check-flow.js';
import { resolveFlowOptions } from '../flow/compute-flow.js';
import type { FlowJobArgs } from '../flow/flow-job-kernel.js';
import { stateArrays, stateByteLengths, stateBytes, stateOver } from '../flow/flow-state.js';
import type { Flow, FlowOptions, FlowUpdate } from '../flow/types.js';
import { checkGrid, checkSameGrid } from '../grid/check-grid.js';
import type { Grid } from '../grid/grid.js';
import { ownOptions } from '../util/own-options.js';
import type { JobQueue } from './job-queue.js';

/** What the flow jobs need of the service. */
export interface FlowJobContext {
  queue: JobQueue;
  takeOutputs(job: string, bytes: number, lengths: readonly number[]): ArrayBufferLike[];
  settleOutputs(bytes: number, outputs: readonly ArrayBufferView[] | null, ok: boolean, reusable: boolean): void;
}

/** The service's flow functions. */
export interface FlowJobs {
  computeFlow(grid: Grid, field: Field, options?: FlowOptions, jobOptions?: unknown): Promise<Flow>;
  updateFlow(grid: Grid, field: Field, flow: Flow, options?: FlowOptions, jobOptions?: unknown): Promise<FlowUpdate>;
  /** The state arrays kept for `flow` (to release with it), or none; forgets them. */
  takeState(flow: Flow): ArrayBufferView[];
}

/** The flow jobs of one service. */
export function flowJobs(ctx: FlowJobContext): FlowJobs {
  const states = new WeakMap<Flow, ArrayBufferView[]>();

  const submit = (
    name: 'computeFlow' | 'updateFlow',
    grid: Grid,
    field: Field,
    radius: number,
    weighted: boolean,
    keep: boolean,
    base: Flow | null,
    jobOptions: unknown,
  ): Promise<FlowUpdate> => {
    const cells = grid.width * grid.height;
    const lengths = keep ? stateByteLengths(grid.width, grid.height, weighted) : [];
    const bytes = cells * 12 + (keep ? stateBytes(grid.width, grid.height, weighted) : 0);
    const baseState = base === null ? undefined : states.get(base);
    const args: Omit<FlowJobArgs, 'vx' | 'vy' | 'anchor'> & {
      vx: Float32Array | null;
      vy: Float32Array | null;
      anchor: Int32Array | null;
    } = {
      grid,
      cost: field.cost,
      dir: field.dir,
      gridVersion: Number.isInteger(field.gridVersion) ? field.gridVersion : -1,
      options: { radius, metric: weighted ? 'weighted' : 'octile' },
      vx: null,
      vy: null,
      anchor: null,
      ...(base !== null &&
        baseState !== undefined && { base: { vx: base.vx, vy: base.vy, anchor: base.anchor, state: baseState } }),
    };
    let outputs: ArrayBufferView[] | null = null;
    // The output buffers are taken when a worker picks the job up (as computeField's).
    const onDispatch = () => {
      const taken = ctx.takeOutputs(name, bytes, [cells * 4, cells * 4, cells * 4, ...lengths]);
      args.vx = new Float32Array(taken[0] as ArrayBufferLike);
      args.vy = new Float32Array(taken[1] as ArrayBufferLike);
      args.anchor = new Int32Array(taken[2] as ArrayBufferLike);
      if (keep) args.state = stateArrays(stateOver(taken.slice(3)));
      outputs = [args.vx, args.vy, args.anchor, ...(args.state ?? [])];
    };
    const onSettle = (ok: boolean, reusable: boolean) => ctx.settleOutputs(bytes, outputs, ok, reusable);
    return ctx.queue
      .submit(name, args as unknown as Record<string, unknown>, jobOptions, onSettle, onDispatch)
      .then((value) => {
        const { gridVersion, full, tiles } = value as { gridVersion: number; full: boolean; tiles: number };
        const flow = sealFlow({
          width: grid.width,
          height: grid.height,
          vx: args.vx as Float32Array,
          vy: args.vy as Float32Array,
          anchor: args.anchor as Int32Array,
          radius,
          gridVersion,
          gridId: grid.id,
        });
        if (args.state !== undefined) states.set(flow, args.state);
        return { flow, full, tiles };
      });
  };

  return {
    computeFlow(grid, field, flowOptions, jobOptions) {
      // Checked on this thread with computeFlow's own checks (typed errors, own properties only), so that nothing
      // that cannot be cloned is posted and the worker gets plain copies; the queue checks the job options.
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
      return submit('computeFlow', grid, field, radius, weighted, repairable, null, jobOptions).then((r) => r.flow);
    },

    updateFlow(grid, field, flow, flowOptions, jobOptions) {
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
      const base = radius === flow.radius && states.has(flow) ? flow : null;
      return submit('updateFlow', grid, field, radius, weighted, true, base, jobOptions);
    },

    takeState(flow) {
      const kept = states.get(flow);
      if (kept === undefined) return [];
      states.delete(flow);
      return kept;
    },
  };
}
