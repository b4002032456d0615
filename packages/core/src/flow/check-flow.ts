import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { Field } from '../fields/types.js';
import { typedArrayName } from '../util/describe-value.js';
import { type Flow, MAX_FLOW_RADIUS } from './types.js';

/**
 * Cheap checks of the objects the flow functions are handed (O(1): no tile is read): a flow or a field whose
 * sizes lie, or whose arrays are not the engine's own typed arrays (a Proxy, an array, a short array), is refused
 * with a typed error before any kernel reads it. Internal.
 */

/** Throws InvalidOptionError naming `name` unless `value` is a typed array of kind `kind` and length `length`. */
export function checkTypedArray(name: string, value: unknown, kind: string, length: number): void {
  if (typedArrayName(value) !== kind) throw new InvalidOptionError(name, value, `a ${kind}`);
  const n = (value as ArrayLike<number>).length;
  if (n !== length) throw new OutOfRangeError(`${name}.length`, n, `${length} (width x height)`);
}

function checkSide(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 0x7fffffff)
    throw new OutOfRangeError(name, value, 'an integer >= 1');
  return value;
}

/**
 * Throws a typed error unless `flow` looks like a flow made by `computeFlow` (of a `width` x `height` grid when
 * given): integer sides, `vx` and `vy` Float32Arrays and `anchor` an Int32Array of `width * height` slots, and a
 * radius from 0 to MAX_FLOW_RADIUS.
 */
export function checkFlow(flow: unknown, width?: number, height?: number, name = 'flow'): asserts flow is Flow {
  // PERF: a frozen flow that passed once cannot change its fields (its arrays cannot change length): O(1) after
  // the first call, for sampleFlow in game loops (computeFlow and the service return frozen flows).
  if (typeof flow !== 'object' || flow === null) throw new InvalidOptionError(name, flow, 'a flow made by computeFlow');
  if (
    (flow as Branded)[CHECKED] === true &&
    (width === undefined || ((flow as Flow).width === width && (flow as Flow).height === height))
  )
    return;
  const f = flow as Flow;
  const w = checkSide(`${name}.width`, f.width);
  const h = checkSide(`${name}.height`, f.height);
  if (width !== undefined && (w !== width || h !== height))
    throw new InvalidOptionError(name, `a ${w}x${h} flow`, `a flow of this ${width}x${height} grid`);
  const size = w * h;
  checkTypedArray(`${name}.vx`, f.vx, 'Float32Array', size);
  checkTypedArray(`${name}.vy`, f.vy, 'Float32Array', size);
  checkTypedArray(`${name}.anchor`, f.anchor, 'Int32Array', size);
  const r = f.radius;
  if (typeof r !== 'number' || !(r >= 0 && r <= MAX_FLOW_RADIUS))
    throw new OutOfRangeError(`${name}.radius`, r, `tiles, from 0 to ${MAX_FLOW_RADIUS}`);
}

/** The brand of flows made by computeFlow (frozen, so their fields cannot lie): module-private, unforgeable. */
const CHECKED = Symbol('checked flow');
type Branded = { [CHECKED]?: boolean };

/** Freezes a flow made by the package and brands it, so that checkFlow passes it in O(1). */
export function sealFlow(flow: Flow): Flow {
  Object.defineProperty(flow, CHECKED, { value: true });
  return Object.freeze(flow);
}

/**
 * Throws a typed error unless `field` is a field of a `width` x `height` grid: a Float64Array `cost` and a
 * Uint8Array `dir` of `width * height` slots.
 */
export function checkFieldOf(field: unknown, width: number, height: number, name = 'field'): asserts field is Field {
  if (typeof field !== 'object' || field === null)
    throw new InvalidOptionError(name, field, 'a field made by computeField');
  const f = field as Field;
  if (f.width !== width || f.height !== height) {
    throw new InvalidOptionError(
      name,
      `a ${typeof f.width === 'number' ? f.width : '?'}x${typeof f.height === 'number' ? f.height : '?'} field`,
      `a field of this ${width}x${height} grid`,
    );
  }
  checkTypedArray(`${name}.cost`, f.cost, 'Float64Array', width * height);
  checkTypedArray(`${name}.dir`, f.dir, 'Uint8Array', width * height);
}
