import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { type Field, type KernelControl, METRICS, type Metric } from '../fields/index.js';
import { Grid } from '../grid/grid.js';
import { flowClearance } from './anchor-code.js';
import { runFlowKernel } from './flow-kernel.js';
import { DEFAULT_FLOW_RADIUS, type Flow, type FlowOptions, type FlowOut, MAX_FLOW_RADIUS } from './types.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Throws a typed error unless `field` is a field of `grid`'s size. */
function assertField(grid: Grid, field: unknown): asserts field is Field {
  if (!isObject(field)) throw new InvalidOptionError('field', field, 'a field made by computeField');
  const { width, height, cost, dir } = field;
  if (!(cost instanceof Float64Array)) throw new InvalidOptionError('field.cost', cost, 'a Float64Array');
  if (!(dir instanceof Uint8Array)) throw new InvalidOptionError('field.dir', dir, 'a Uint8Array');
  if (width !== grid.width || height !== grid.height) {
    throw new InvalidOptionError(
      'field',
      `a ${String(width)}x${String(height)} field`,
      `a field of this ${grid.width}x${grid.height} grid`,
    );
  }
  const size = grid.width * grid.height;
  if (cost.length !== size) throw new OutOfRangeError('field.cost.length', cost.length, `${size} (grid size)`);
  if (dir.length !== size) throw new OutOfRangeError('field.dir.length', dir.length, `${size} (grid size)`);
}

/** Validated flow options. */
export interface ResolvedFlowOptions {
  /** Mover radius in tiles ({@link FlowOptions.radius}). */
  radius: number;
  /** True for the `weighted` metric. */
  weighted: boolean;
}

/** Checks the options of computeFlow; throws InvalidOptionError / OutOfRangeError naming the bad one. */
export function resolveFlowOptions(options: FlowOptions | undefined): ResolvedFlowOptions {
  if (options !== undefined && !isObject(options)) throw new InvalidOptionError('options', options, 'an object');
  const radius = options?.radius ?? DEFAULT_FLOW_RADIUS;
  if (typeof radius !== 'number' || !(radius >= 0 && radius <= MAX_FLOW_RADIUS))
    throw new OutOfRangeError('radius', radius, `tiles, from 0 to ${MAX_FLOW_RADIUS}`);
  const metric: unknown = options?.metric ?? 'octile';
  if (!METRICS.includes(metric as Metric)) throw new InvalidOptionError('metric', metric, METRICS.join(', '));
  return { radius, weighted: metric === 'weighted' };
}

function outArray<T extends Float32Array | Int32Array>(
  name: string,
  given: unknown,
  size: number,
  make: new (n: number) => T,
): T {
  if (given === undefined) return new make(size);
  if (!(given instanceof make)) throw new InvalidOptionError(`out.${name}`, given, `a ${make.name}`);
  if (given.length !== size) throw new OutOfRangeError(`out.${name}.length`, given.length, `${size} (grid size)`);
  return given;
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
 * (see the package README, "Smooth flows").
 * `out` arrays (each `grid.size` long) are filled in place; `control` reports progress and cancels (AbortError).
 *
 * @throws InvalidOptionError for a field of another size or bad options; OutOfRangeError for a bad radius or
 *   wrong-sized out arrays.
 */
export function computeFlow(
  grid: Grid,
  field: Field,
  options?: FlowOptions,
  out?: FlowOut,
  control?: KernelControl,
): Flow {
  if (!(grid instanceof Grid)) throw new InvalidOptionError('grid', grid, 'a Grid');
  assertField(grid, field);
  const resolved = resolveFlowOptions(options);
  if (out !== undefined && !isObject(out)) throw new InvalidOptionError('out', out, 'an object { vx?, vy?, anchor? }');
  const size = grid.width * grid.height;
  const vx = outArray('vx', out?.vx, size, Float32Array);
  const vy = outArray('vy', out?.vy, size, Float32Array);
  const anchor = outArray('anchor', out?.anchor, size, Int32Array);
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
    control,
  });
  return {
    width: grid.width,
    height: grid.height,
    vx,
    vy,
    anchor,
    radius: resolved.radius,
    gridVersion: Number.isInteger(field.gridVersion) ? field.gridVersion : -1,
  };
}
