/**
 * The widest clearance at which a path may join two tiles: the largest level L <= `top` such that the start and
 * the goal are joined by 8-neighbour steps over walkable tiles of clearance >= L (the start and the goal tiles
 * themselves always usable, as in the path search). Found in one pass (a bottleneck search by levels): a flood
 * from the start over the tiles of the highest level, then, when the goal is not reached, from the tiles of the
 * next level that the flood touched, and so on down; each tile is queued at most once, so the pass is O(tiles it
 * reaches), with no heap. The floods from both tiles take, at each level, the tile nearest to the other tile first
 * (buckets by distance): where a level holds, they head for each other instead of sweeping all around them.
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
  /** Queued tiles per side by distance to the side's target: the start's at [0, side), the goal's after. */
  buckets = new Int32Array(0);
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

  /** Sizes the scratch for `n` tiles and `buckets` distance buckets, the tiles unmarked. */
  ensure(n: number, buckets: number): void {
    if (this.queued.length < n) {
      this.queued = new Uint8Array(n);
      this.next = new Int32Array(n);
    } else this.queued.fill(0, 0, n);
    if (this.buckets.length < buckets) this.buckets = new Int32Array(buckets);
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
 * The state of a pass: per side (1 the start's flood, 2 the goal's), the tiles queued at the level being flooded,
 * in buckets by their distance to the side's target (the other tile), the smallest bucket that may hold one, and
 * their count.
 */
interface Run {
  best: number;
  start: number;
  goal: number;
  /** Target of each side's flood, tiles: side 1 heads for the goal, side 2 for the start. */
  tx1: number;
  ty1: number;
  tx2: number;
  ty2: number;
  /** First bucket of side 2 in `scratch.buckets` (side 1's start at 0). */
  base2: number;
  min1: number;
  min2: number;
  count1: number;
  count2: number;
}

/**
 * The pass itself (see {@link widestClearance}): two floods by levels, one from the start (mark 1) and one from
 * the goal (mark 2), that take turns tile by tile. A level fails as soon as either flood has no tile left at it:
 * that flood has swept its whole part of the map at that level without meeting the other (so the pass sweeps the
 * smaller part at the levels that fail, and stops where the two meet at the level that holds). Each flood first
 * takes its queued tile nearest (in king's moves) to the other flood's tile (a greedy best-first flood, without a
 * heap: buckets by distance), so at the level that holds the two head for each other instead of sweeping every
 * tile around them; the order of the tiles does not change the level found (each level's answer is whether the
 * two parts meet).
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
  const w = grid.width;
  const n = w * grid.height;
  const side = Math.max(w, grid.height);
  scratch.ensure(n, 2 * side);
  const { queued, next, head, buckets } = scratch;
  // Tiles waiting for a lower level: the start's at head[level], the goal's at head[128 + level].
  head.fill(-1);
  buckets.fill(-1, 0, 2 * side);
  queued[start] = 1;
  queued[goal] = 2;
  next[start] = -1;
  next[goal] = -1;
  head[top] = start;
  head[128 + top] = goal;
  const sx = start % w;
  const gx = goal % w;
  const run: Run = {
    best: -1,
    start,
    goal,
    tx1: gx,
    ty1: (goal - gx) / w,
    tx2: sx,
    ty2: (start - sx) / w,
    base2: side,
    min1: side,
    min2: side,
    count1: 0,
    count2: 0,
  };
  for (let level = top; level > floor; level--) {
    // A tile touched by both floods, usable from this level on, joins them here.
    if (run.best >= level) return level;
    // The tiles waiting for this level join the floods' queues.
    for (let t = head[level] as number; t >= 0; ) {
      const after = next[t] as number;
      enqueue(t, 1, w, scratch, run);
      t = after;
    }
    for (let t = head[128 + level] as number; t >= 0; ) {
      const after = next[t] as number;
      enqueue(t, 2, w, scratch, run);
      t = after;
    }
    for (;;) {
      if (run.count1 === 0) break;
      if (visit(grid, clear, dequeue(1, scratch, run), 1, level, top, scratch, run) === MEET) return level;
      if (run.count2 === 0) break;
      if (visit(grid, clear, dequeue(2, scratch, run), 2, level, top, scratch, run) === MEET) return level;
    }
  }
  return floor;
}

/** Queues tile t on its side's flood at the level being flooded, in the bucket of its distance to the target. */
function enqueue(t: number, side: number, w: number, scratch: WidestScratch, run: Run): void {
  const x = t % w;
  const y = (t - x) / w;
  let dx = x - (side === 1 ? run.tx1 : run.tx2);
  let dy = y - (side === 1 ? run.ty1 : run.ty2);
  if (dx < 0) dx = -dx;
  if (dy < 0) dy = -dy;
  const d = Math.max(dx, dy);
  const b = side === 1 ? d : run.base2 + d;
  scratch.next[t] = scratch.buckets[b] as number;
  scratch.buckets[b] = t;
  if (side === 1) {
    run.count1++;
    if (d < run.min1) run.min1 = d;
  } else {
    run.count2++;
    if (d < run.min2) run.min2 = d;
  }
}

/** Takes the queued tile of a side nearest to its target (the side has one). */
function dequeue(side: number, scratch: WidestScratch, run: Run): number {
  const { buckets, next } = scratch;
  const base = side === 1 ? 0 : run.base2;
  let d = side === 1 ? run.min1 : run.min2;
  while ((buckets[base + d] as number) < 0) d++;
  const t = buckets[base + d] as number;
  buckets[base + d] = next[t] as number;
  if (side === 1) {
    run.min1 = d;
    run.count1--;
  } else {
    run.min2 = d;
    run.count2--;
  }
  return t;
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
  run: Run,
): number {
  const { width: w, height: h, passable } = grid;
  const { queued, next, head } = scratch;
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
      if (c >= level) enqueue(n, side, w, scratch, run);
      else {
        // Usable from a lower level on: it waits there.
        const b = side === 1 ? c : 128 + c;
        next[n] = head[b] as number;
        head[b] = n;
      }
    }
  }
  return 0;
}
