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
  /** Waiting tiles per level: the start's flood's at [0, 127), the goal's at [128, 255). */
  head = new Int32Array(256);
  /**
   * The last answers (a formation's route asks again when the end of its march moves by less than a tile): the
   * grid, its version and the clearance map they were found on, then start, goal, top and floor (`top * 256 + floor + 1`) and the level, per entry.
   */
  private readonly kept: { grid: Grid; clear: Int8Array; key: Float64Array }[] = [];
  private nextKept = 0;

  /** A kept answer for these inputs, or -2 when none is kept. */
  find(grid: Grid, clear: Int8Array, start: number, goal: number, bounds: number): number {
    const version = grid.version;
    for (const e of this.kept) {
      const k = e.key;
      if (
        e.grid === grid &&
        e.clear === clear &&
        k[0] === version &&
        k[1] === start &&
        k[2] === goal &&
        k[3] === bounds
      )
        return k[4] as number;
    }
    return -2;
  }

  /** Keeps an answer (the two newest are kept). */
  keep(grid: Grid, clear: Int8Array, start: number, goal: number, bounds: number, level: number): void {
    const entry = { grid, clear, key: Float64Array.of(grid.version, start, goal, bounds, level) };
    if (this.kept.length < 2) this.kept.push(entry);
    else this.kept[this.nextKept] = entry;
    this.nextKept = (this.nextKept + 1) % 2;
  }

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
 * With a `floor` (an integer -1..top), a level at or below the floor is not told apart: the answer is then
 * `floor` (the levels below it are not flooded; a caller that searches no lower than the floor searches the
 * floor next, and learns from that search whether a path joins the tiles).
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
  floor = -1,
): number {
  const w = grid.width;
  const start = sy * w + sx;
  const goal = gy * w + gx;
  if (start === goal || floor >= top) return top;
  // The grid's version is the key of its contents (and of the clearance map computed from them).
  const bounds = top * 256 + floor + 1;
  const known = scratch.find(grid, clear, start, goal, bounds);
  if (known !== -2) return known;
  const level = flood(grid, clear, start, goal, top, floor, scratch);
  scratch.keep(grid, clear, start, goal, bounds, level);
  return level;
}

/** {@link visit}: the two tiles' floods met at the level being flooded. */
const MEET = -2;

/**
 * The pass itself (see {@link widestClearance}): two floods by levels, one from the start (mark 1) and one from
 * the goal (mark 2), that take turns tile by tile. A level fails as soon as either flood has no tile left at it:
 * that flood has swept its whole part of the map at that level without meeting the other (so the pass sweeps the
 * smaller part at the levels that fail, and stops where the two meet at the level that holds). The start's
 * queue grows up from the front of `queue`, the goal's down from its end (each tile is queued once, by one side).
 */
function flood(
  grid: Grid,
  clear: Int8Array,
  start: number,
  goal: number,
  top: number,
  floor: number,
  scratch: WidestScratch,
): number {
  const n = grid.width * grid.height;
  scratch.ensure(n);
  const { queued, next, queue, head } = scratch;
  // Buckets of the tiles waiting for a lower level: the start's at head[level], the goal's at head[128 + level].
  head.fill(-1);
  queued[start] = 1;
  queued[goal] = 2;
  next[start] = -1;
  next[goal] = -1;
  head[top] = start;
  head[128 + top] = goal;
  const run = { best: -1, sTail: 0, gTail: n - 1, start, goal };
  let sHead = 0;
  let gHead = n - 1;
  for (let level = top; level > floor; level--) {
    // A tile touched by both floods, usable from this level on, joins them here.
    if (run.best >= level) return level;
    for (let t = head[level] as number; t >= 0; t = next[t] as number) queue[run.sTail++] = t;
    for (let t = head[128 + level] as number; t >= 0; t = next[t] as number) queue[run.gTail--] = t;
    for (;;) {
      if (sHead === run.sTail) break;
      if (visit(grid, clear, queue[sHead++] as number, 1, level, top, scratch, run) === MEET) return level;
      if (gHead === run.gTail) break;
      if (visit(grid, clear, queue[gHead--] as number, 2, level, top, scratch, run) === MEET) return level;
    }
  }
  return floor;
}

/**
 * Expands tile t of the flood `side` (1 from the start, 2 from the goal) at `level`: its walkable neighbours not
 * touched yet join the side's queue (usable at this level) or wait in its bucket of their level; a neighbour
 * touched by the other flood joins the two at this level when usable at it (or is the other flood's own tile),
 * else at its own level (`run.best`). Returns {@link MEET} when they join at this level, else 0.
 */
function visit(
  grid: Grid,
  clear: Int8Array,
  t: number,
  side: number,
  level: number,
  top: number,
  scratch: WidestScratch,
  run: { best: number; sTail: number; gTail: number; start: number; goal: number },
): number {
  const { width: w, height: h, passable } = grid;
  const { queued, next, queue, head } = scratch;
  const ty = (t / w) | 0;
  const tx = t - ty * w;
  for (let dy = -1; dy <= 1; dy++) {
    const ny = ty + dy;
    if (ny < 0 || ny >= h) continue;
    for (let dx = -1; dx <= 1; dx++) {
      const nx = tx + dx;
      if (nx < 0 || nx >= w || (dx === 0 && dy === 0)) continue;
      const n = ny * w + nx;
      const mark = queued[n] as number;
      if (mark === side || passable[n] === 0) continue;
      const c = Math.min(top, clear[n] as number);
      if (mark !== 0) {
        // The other flood's: its own start or goal (usable at every level), or a tile usable from level c.
        if (c >= level || n === (side === 1 ? run.goal : run.start)) return MEET;
        if (c > run.best) run.best = c;
        continue;
      }
      queued[n] = side;
      if (c < 0) continue;
      if (c >= level) {
        if (side === 1) queue[run.sTail++] = n;
        else queue[run.gTail--] = n;
      } else {
        // Usable from a lower level on: it waits there.
        const b = side === 1 ? c : 128 + c;
        next[n] = head[b] as number;
        head[b] = n;
      }
    }
  }
  return 0;
}
