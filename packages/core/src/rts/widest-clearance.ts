/**
 * The widest clearance at which a path may join two tiles: the largest level L <= `top` such that the start and
 * the goal are joined by 8-neighbour steps over walkable tiles of clearance >= L (the start and the goal tiles
 * themselves always usable, as in the path search). Found in one pass (a bottleneck search by levels): a flood
 * from the start over the tiles of the highest level, then, when the goal is not reached, from the tiles of the
 * next level that the flood touched, and so on down; each tile is queued at most once, so the pass is O(tiles it
 * reaches), with no heap.
 *
 * The steps ignore corner rules and passability codes, so the level is an upper bound of the clearance at which
 * {@link RtsPathfinder.findPath} finds a path: a formation's route starts its search there instead of at its own
 * width, and skips the levels whose search would fail after sweeping every tile it can reach. Internal.
 */
import type { Grid } from '../grid/grid.js';

/** Scratch of {@link widestClearance}, grown to the grid (one per caller). */
export class WidestScratch {
  queued = new Uint8Array(0);
  next = new Int32Array(0);
  queue = new Int32Array(0);
  head = new Int32Array(128);

  ensure(n: number): void {
    if (this.queued.length < n) {
      this.queued = new Uint8Array(n);
      this.next = new Int32Array(n);
      this.queue = new Int32Array(n);
    } else this.queued.fill(0, 0, n);
  }
}

/**
 * The level (see the file's comment) from tile (sx, sy) to (gx, gy), between 0 and `top` (an integer 0..126),
 * or -1 when no path of walkable tiles joins them. `clear` is the grid's clearance map (computeRtsClearance).
 */
export function widestClearance(
  grid: Grid,
  clear: Int8Array,
  sx: number,
  sy: number,
  gx: number,
  gy: number,
  top: number,
  scratch: WidestScratch,
): number {
  const { width: w, height: h, passable } = grid;
  const start = sy * w + sx;
  const goal = gy * w + gx;
  if (start === goal) return top;
  scratch.ensure(w * h);
  const { queued, next, queue, head } = scratch;
  head.fill(-1, 0, top + 1);
  // The start is usable at every level: the flood begins at the top.
  queued[start] = 1;
  next[start] = -1;
  head[top] = start;
  for (let level = top; level >= 0; level--) {
    // Flood level `level` from the tiles waiting at it (touched by the floods above, or the start).
    let qn = 0;
    for (let t = head[level] as number; t >= 0; t = next[t] as number) queue[qn++] = t;
    for (let qi = 0; qi < qn; qi++) {
      const t = queue[qi] as number;
      const ty = (t / w) | 0;
      const tx = t - ty * w;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = ty + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = tx + dx;
          if (nx < 0 || nx >= w || (dx === 0 && dy === 0)) continue;
          const n = ny * w + nx;
          if (queued[n] !== 0 || passable[n] === 0) continue;
          if (n === goal) return level;
          queued[n] = 1;
          const c = Math.min(top, clear[n] as number);
          if (c < 0) continue;
          if (c >= level) queue[qn++] = n;
          else {
            // Usable from a lower level on: it waits there.
            next[n] = head[c] as number;
            head[c] = n;
          }
        }
      }
    }
  }
  return -1;
}
