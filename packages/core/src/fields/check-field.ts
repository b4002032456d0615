import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { MAX_GRID_SIDE } from '../grid/grid.js';
import { typedArrayName } from '../util/describe-value.js';
import type { Field } from './types.js';

/**
 * Throws a typed error unless `field` looks like a field made by `computeField`: an object with whole `width`
 * and `height` (each 1 to {@link MAX_GRID_SIDE}), a Float64Array `cost` and a Uint8Array `dir` of
 * `width * height` each (real typed arrays: a Proxy is refused). The one check the functions that read a field
 * start with; O(1).
 * @throws InvalidOptionError naming `name` (or `name.cost`, `name.dir`), OutOfRangeError for a wrong size.
 */
export function checkField(field: unknown, name = 'field'): asserts field is Field {
  if (field === null || typeof field !== 'object')
    throw new InvalidOptionError(name, field, 'a field made by computeField');
  const { width, height, cost, dir } = field as Partial<Field>;
  if (typeof width !== 'number' || !Number.isInteger(width) || width < 1 || width > MAX_GRID_SIDE)
    throw new OutOfRangeError(`${name}.width`, width, `an integer from 1 to ${MAX_GRID_SIDE}`);
  if (typeof height !== 'number' || !Number.isInteger(height) || height < 1 || height > MAX_GRID_SIDE)
    throw new OutOfRangeError(`${name}.height`, height, `an integer from 1 to ${MAX_GRID_SIDE}`);
  const size = width * height;
  if (typedArrayName(cost) !== 'Float64Array') throw new InvalidOptionError(`${name}.cost`, cost, 'a Float64Array');
  if (typedArrayName(dir) !== 'Uint8Array') throw new InvalidOptionError(`${name}.dir`, dir, 'a Uint8Array');
  if ((cost as Float64Array).length !== size)
    throw new OutOfRangeError(`${name}.cost.length`, (cost as Float64Array).length, `${size} (width x height)`);
  if ((dir as Uint8Array).length !== size)
    throw new OutOfRangeError(`${name}.dir.length`, (dir as Uint8Array).length, `${size} (width x height)`);
}
