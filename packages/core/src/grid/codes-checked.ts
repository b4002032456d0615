import type { Grid } from './grid.js';

/**
 * The grid versions whose passability codes are known to be valid (0, 1 or 2), per grid buffer (per thread):
 * see fields/kernels/check-codes.ts, which scans a buffer it has not seen or one with unknown edits. The map
 * generators and parsers write only valid codes into a grid nobody else has seen yet, and record it here, so a
 * thread's first field on such a grid does not scan it (about 1 to 4 ms on 1024x1024 while the scan is not
 * optimized yet). Direct writes into `passable` still need `touch()`, which makes the next field scan.
 */
export const codesCheckedVersion = new WeakMap<ArrayBufferLike, number>();

/** Records that `grid`'s codes are valid at its current version (for grids filled only by this library). */
export function markCodesValid(grid: Grid): Grid {
  codesCheckedVersion.set(grid.buffer, grid.version);
  return grid;
}
