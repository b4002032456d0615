import { InvalidOptionError } from '../errors.js';
import type { Field } from '../fields/types.js';
import { Grid } from '../grid/grid.js';

/**
 * True when `field` no longer describes `grid`: the grid was edited after the field was computed (its version
 * moved past `field.gridVersion`), the sizes differ, or the field was computed on another grid (its `gridId`).
 * A stale field is still consistent (never half-written), just out of date; recompute it.
 */
export function isFieldStale(field: Pick<Field, 'width' | 'height' | 'gridVersion' | 'gridId'>, grid: Grid): boolean {
  if (!(grid instanceof Grid)) throw new InvalidOptionError('grid', grid, 'a Grid');
  if (typeof field !== 'object' || field === null) {
    throw new InvalidOptionError('field', field, 'a field { width, height, gridVersion }');
  }
  return (
    field.gridVersion !== grid.version ||
    field.width !== grid.width ||
    field.height !== grid.height ||
    (field.gridId !== undefined && field.gridId !== grid.id)
  );
}
