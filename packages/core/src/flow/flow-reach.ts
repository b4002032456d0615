/**
 * The reach of a repairable flow's blocks: per square block of tiles, a box that holds the block's tiles and the
 * anchors of all of them, so (boxes being convex) every straight way from one of its tiles to its anchor.
 * `updateFlow` tests the ways of a block's tiles against the edits only when the block's box meets them
 * (./repair-flow.ts), instead of testing every tile of the map. Boxes are integers (anchor coordinates rounded
 * outwards) and only grow while repairs give tiles new anchors: they stay bounds, maybe loose ones. Internal.
 */
import { anchorCodeX, anchorCodeY } from './anchor-code.js';

/** Side (tiles) of the square blocks. */
export const REACH_BLOCK = 32;

/** Blocks over a `width` x `height` grid, row by row. */
export function reachBlocks(width: number, height: number): number {
  return Math.ceil(width / REACH_BLOCK) * Math.ceil(height / REACH_BLOCK);
}

/** Blocks per row of a grid `width` tiles wide. */
export function reachRow(width: number): number {
  return Math.ceil(width / REACH_BLOCK);
}

/** Grows the box of the block holding tile (x, y) (`row` blocks per row) to hold the point (ax, ay). */
export function extendReach(reach: Int32Array, row: number, x: number, y: number, ax: number, ay: number): void {
  const b = 4 * (((y / REACH_BLOCK) | 0) * row + ((x / REACH_BLOCK) | 0));
  const fx = Math.floor(ax);
  const fy = Math.floor(ay);
  const cx = Math.ceil(ax);
  const cy = Math.ceil(ay);
  if (fx < (reach[b] as number)) reach[b] = fx;
  if (fy < (reach[b + 1] as number)) reach[b + 1] = fy;
  if (cx > (reach[b + 2] as number)) reach[b + 2] = cx;
  if (cy > (reach[b + 3] as number)) reach[b + 3] = cy;
}

/**
 * Sets every block's box to its tiles' square and the anchors (decoded from their codes) of the tiles that hold
 * one (`ids`: -1 for none).
 */
export function measureReach(
  ids: Int32Array,
  code: Int32Array,
  reach: Int32Array,
  width: number,
  height: number,
  clearance: number,
): void {
  const row = reachRow(width);
  const rows = Math.ceil(height / REACH_BLOCK);
  for (let by = 0, b = 0; by < rows; by++) {
    for (let bx = 0; bx < row; bx++, b += 4) {
      reach[b] = bx * REACH_BLOCK;
      reach[b + 1] = by * REACH_BLOCK;
      reach[b + 2] = Math.min(width, (bx + 1) * REACH_BLOCK);
      reach[b + 3] = Math.min(height, (by + 1) * REACH_BLOCK);
    }
  }
  // Neighbours mostly share an anchor: it is decoded once per run of tiles holding it.
  let last = -1;
  let ax = 0;
  let ay = 0;
  for (let y = 0, t = 0; y < height; y++) {
    for (let x = 0; x < width; x++, t++) {
      const id = ids[t] as number;
      if (id < 0) continue;
      if (id !== last) {
        last = id;
        const c = code[id] as number;
        ax = anchorCodeX(c, width, clearance);
        ay = anchorCodeY(c, width, clearance);
      }
      extendReach(reach, row, x, y, ax, ay);
    }
  }
}
