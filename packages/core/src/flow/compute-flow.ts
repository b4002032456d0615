import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { type Field, METRICS, type Metric } from '../fields/index.js';
import { checkGrid, checkSameGrid } from '../grid/check-grid.js';
import type { Grid } from '../grid/grid.js';
import { allocating } from '../util/allocate.js';
import { ownOptions } from '../util/own-options.js';
import { readRunOptions } from '../util/run-options.js';
import { flowClearance } from './anchor-code.js';
import { checkFieldOf, checkTypedArray, sealFlow } from './check-flow.js';
import { runFlowKernel } from './flow-kernel.js';
import { keepStateOf, newFlowState } from './flow-state.js';
import { type ComputeFlowOptions, DEFAULT_FLOW_RADIUS, type Flow, type FlowOptions, MAX_FLOW_RADIUS } from './types.js';

/** Validated flow options. */
export interface ResolvedFlowOptions {
  /** Mover radius in tiles ({@link FlowOptions.radius}). */
  radius: number;
  /** True for the `weighted` metric. */
  weighted: boolean;
  /** {@link FlowOptions.repairable}. */
  repairable: boolean;
}

/** Checks the options of computeFlow; throws InvalidOptionError / OutOfRangeError naming the bad one. */
export function resolveFlowOptions(options: FlowOptions | undefined): ResolvedFlowOptions {
  const own = ownOptions(options, 'options', 'an object');
  const radius = own.radius ?? DEFAULT_FLOW_RADIUS;
  if (typeof radius !== 'number' || !(radius >= 0 && radius <= MAX_FLOW_RADIUS))
    throw new OutOfRangeError('radius', radius, `tiles, from 0 to ${MAX_FLOW_RADIUS}`);
  const metric: unknown = own.metric ?? 'octile';
  if (!METRICS.includes(metric as Metric)) throw new InvalidOptionError('metric', metric, METRICS.join(', '));
  const repairable = own.repairable ?? false;
  if (typeof repairable !== 'boolean') throw new InvalidOptionError('repairable', repairable, 'true or false');
  return { radius, weighted: metric === 'weighted', repairable };
}

/** True when two views share bytes. */
function overlaps(a: ArrayBufferView, b: ArrayBufferView): boolean {
  return (
    a.buffer === b.buffer && a.byteOffset < b.byteOffset + b.byteLength && b.byteOffset < a.byteOffset + a.byteLength
  );
}

/**
 * Throws InvalidOptionError naming `name` when two of a flow's arrays share bytes (a kernel writing one would
 * overwrite another).
 */
export function checkSeparate(name: string, vx: Float32Array, vy: Float32Array, anchor: Int32Array): void {
  if (overlaps(vx, vy) || overlaps(vx, anchor) || overlaps(vy, anchor))
    throw new InvalidOptionError(name, 'arrays over the same bytes', 'separate vx, vy and anchor arrays');
}

function outArray<T extends Float32Array | Int32Array>(
  name: string,
  given: unknown,
  size: number,
  make: new (n: number) => T,
): T {
  if (given === undefined) return allocating(`flow ${name}`, size * 4, () => new make(size));
  checkTypedArray(`out.${name}`, given, make.name, size);
  return given as T;
}

/**
 * Computes a smooth flow over a field: per tile a unit vector (`vx`, `vy`) from its centre towards an anchor, a
 * point the centre sees in a straight line that keeps the clearance from the walls (a goal's centre, a point just
 * off a convex wall corner, or where nothing farther is in sight the centre of the field's next tile). Heading
 * for the anchor of the tile one stands on (`sampleFlow`; `followFlow` turns it into a path that never enters a
 * wall) reaches a goal along a path close to the any-angle shortest path. Goals, walls and unreachable tiles get
 * 0, 0 (and anchor -1 for walls and unreachable tiles).
 *
 * `field` is any field of `grid` (computeField, computeFieldFromSeeds, updateField); the flow follows its costs
 * and directions and must be recomputed when the field changes. Runs in O(tiles): a counting sort of the tiles by
 * cost, then one visit per tile with an O(1) line-of-sight rule, and exact walks where that rule cannot tell
 * (see the package README, "Smooth flows"). The kernel runs in WebAssembly where available and in JavaScript
 * otherwise (a content security policy without 'wasm-unsafe-eval', say); both give the same flows bit for bit.
 * The run options sit in `options`: `out` arrays (each `grid.size` long) are filled in place; `signal` cancels
 * (AbortError: before any work when already aborted, else at the kernel's next look), `onProgress(done, total)`
 * reports, `control` is the worker service's hook.
 * With `repairable`, the flow can be brought up to date after edits by `updateFlow` at a fraction of the cost.
 *
 * The flow returned is frozen (its arrays are not), so that `sampleFlow` checks it once.
 * @throws InvalidOptionError for a field of another size, bad options or control, or `out` arrays that overlap;
 *   OutOfRangeError for a bad radius or wrong-sized out arrays.
 */
export function computeFlow(grid: Grid, field: Field, options?: ComputeFlowOptions): Flow {
  checkGrid(grid);
  checkFieldOf(field, grid.width, grid.height);
  checkSameGrid('field', field.gridId, grid);
  const resolved = resolveFlowOptions(options);
  const outs = ownOptions(ownOptions(options, 'options').out, 'out', 'an object { vx?, vy?, anchor? }');
  const kernelControl = readRunOptions(options, 'flow computation');
  const size = grid.width * grid.height;
  const vx = outArray('vx', outs.vx, size, Float32Array);
  const vy = outArray('vy', outs.vy, size, Float32Array);
  const anchor = outArray('anchor', outs.anchor, size, Int32Array);
  checkSeparate('out', vx, vy, anchor);
  const state = resolved.repairable ? newFlowState(grid.width, grid.height, resolved.weighted) : undefined;
  runFlowKernel({
    width: grid.width,
    height: grid.height,
    passable: grid.passable,
    terrain: resolved.weighted ? grid.terrain : null,
    cost: field.cost,
    dir: field.dir,
    clearance: flowClearance(resolved.radius),
    vx,
    vy,
    anchor,
    control: kernelControl,
    state,
  });
  // Frozen: its fields cannot be changed to lie, so sampleFlow checks it once (see checkFlow).
  const flow = sealFlow({
    width: grid.width,
    height: grid.height,
    vx,
    vy,
    anchor,
    radius: resolved.radius,
    gridVersion: Number.isInteger(field.gridVersion) ? field.gridVersion : -1,
    gridId: grid.id,
  });
  keepStateOf(flow, state);
  return flow;
}
