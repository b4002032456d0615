import { InvalidOptionError } from '../errors.js';
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import { assertSetsMatch, type ConvexSets } from '../sets/convex-sets.js';
import type { SetFields } from '../sets/set-fields.js';
import { typedArrayName } from '../util/describe-value.js';
import { recordOf } from '../util/own-options.js';

/** Throws InvalidOptionError unless `sets` holds Int32Array `setOf` and `rects` that match the grid. */
export function checkSetsArg(grid: Grid, sets: unknown): asserts sets is ConvexSets {
  const s = recordOf<ConvexSets>(sets, 'sets', 'convex sets (decomposeConvexSets)');
  if (
    typedArrayName(s.setOf) !== 'Int32Array' ||
    typedArrayName(s.rects) !== 'Int32Array' ||
    !Number.isSafeInteger(s.count)
  )
    throw new InvalidOptionError('sets', sets, 'convex sets (decomposeConvexSets): { count, setOf, rects }');
  assertSetsMatch(grid, s);
}

/** Throws InvalidOptionError naming `name` unless `fields` are per-set fields of these sets on this grid. */
export function checkSetFields(
  grid: Grid,
  sets: ConvexSets,
  fields: unknown,
  name: string,
): asserts fields is SetFields {
  const f = recordOf<SetFields>(fields, name, 'per-set fields (buildSetFields)');
  const size = grid.width * grid.height;
  const entries = sets.count * size;
  const costType = typedArrayName(f.cost);
  if (
    f.count !== sets.count ||
    f.size !== size ||
    f.width !== grid.width ||
    f.height !== grid.height ||
    (costType !== 'Uint16Array' && costType !== 'Int32Array') ||
    f.cost.length < entries ||
    typedArrayName(f.dir) !== 'Uint8Array' ||
    f.dir.length < entries
  )
    throw new InvalidOptionError(name, fields, `per-set fields of these ${sets.count} sets (buildSetFields)`);
}

/** A tile point read once: its x and y (a getter or a Proxy cannot change them between the check and the use). */
export function readTilePoint(point: unknown, name: string): Point {
  const p = recordOf<Point>(point, name, '{ x, y }');
  return { x: p.x, y: p.y };
}
