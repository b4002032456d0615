import { InvalidOptionError } from '../errors.js';
import { checkGrid } from '../grid/check-grid.js';
import type { Grid } from '../grid/grid.js';
import { typedArrayName } from '../util/describe-value.js';
import { ownOptions } from '../util/own-options.js';

/** Options of {@link computeRtsClearance}. */
export interface RtsClearanceOptions {
  /**
   * Written into when its length is the grid's tile count (else a new array is returned).
   * @defaultValue undefined (meaning a new Int8Array)
   */
  out?: Int8Array;
}

/**
 * Clearance per tile: the largest radius r (in tiles) such that the (2r+1) x (2r+1) square centred on the tile
 * holds only walkable tiles and lies inside the grid; -1 on blocked tiles. A unit that needs a square of side
 * 2r+1 may stand on tiles with clearance >= r. Capped at 126. Ignores the ground/water distinction (only code 0
 * blocks). Two chamfer passes, O(width x height), no allocation when `options.out` is given.
 */
export function computeRtsClearance(grid: Grid, options?: RtsClearanceOptions): Int8Array {
  checkGrid(grid);
  const out = ownOptions(options, 'options', '{ out? }').out;
  const { width: w, height: h, passable } = grid;
  const n = w * h;
  if (out !== undefined && typedArrayName(out) !== 'Int8Array')
    throw new InvalidOptionError('out', out, 'an Int8Array');
  const d = out && out.length === n ? out : new Int8Array(n);
  // Chebyshev distance to the nearest blocked tile or to the outside, computed with two 8-neighbour passes.
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (passable[i] === 0) {
        d[i] = 0;
        continue;
      }
      let v = Math.min(x + 1, y + 1, w - x, h - y, 127);
      if (x > 0) v = Math.min(v, (d[i - 1] as number) + 1);
      if (y > 0) {
        v = Math.min(v, (d[i - w] as number) + 1);
        if (x > 0) v = Math.min(v, (d[i - w - 1] as number) + 1);
        if (x < w - 1) v = Math.min(v, (d[i - w + 1] as number) + 1);
      }
      d[i] = v;
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      let v = d[i] as number;
      if (v === 0) continue;
      if (x < w - 1) v = Math.min(v, (d[i + 1] as number) + 1);
      if (y < h - 1) {
        v = Math.min(v, (d[i + w] as number) + 1);
        if (x < w - 1) v = Math.min(v, (d[i + w + 1] as number) + 1);
        if (x > 0) v = Math.min(v, (d[i + w - 1] as number) + 1);
      }
      d[i] = v;
    }
  }
  for (let i = 0; i < n; i++) d[i] = (d[i] as number) - 1;
  return d;
}
