/**
 * Repairs an exact cost and direction field after some tiles changed, touching only the tiles whose shortest
 * paths changed. The method is the one of dynamic shortest paths (Ramalingam and Reps, "An incremental
 * algorithm for a generalization of the shortest-path problem"; the same idea as LPA* by Koenig, Likhachev
 * and Furcy), specialised to a field whose directions form a tree:
 *
 * 1. Invalidate. A move changes only if a tile it touches changed: its two ends, or for a diagonal move the two
 *    tiles beside it. Every tile whose own move (towards `dir`) touches a changed tile, and every tile whose
 *    path runs through such a tile (its descendants in the direction tree), is a candidate. The candidates are
 *    then taken parents first: one whose parent kept its path keeps its own, and one that lost its move or its
 *    parent keeps its cost when a neighbour outside the candidates (or kept already) offers exactly that cost by
 *    a legal move, its direction turned to that neighbour (octile maps are full of equally cheap paths, so most
 *    of a large subtree is kept this way: random-1024, one-tile walls, the tiles settled again at the 95th
 *    percentile from 1,345 to 417). The others lose their cost (set to Infinity). The tiles left keep costs that
 *    are still the length of a legal path: upper bounds on the new costs.
 * 2. Seed. Each invalidated tile, and each tile next to a changed tile (a new move may make it cheaper), takes
 *    the best cost offered by its neighbours (and its own goal value) and enters a priority queue.
 * 3. Settle. Dijkstra from that queue, relaxing only improvements (the queue is a bucket queue, Dial's
 *    algorithm: every step costs at least 1; see bucket-queue.ts). Costs that are upper bounds and locally
 *    consistent everywhere are the exact costs, so the result equals a fresh field (up to ties between equally
 *    cheap directions and the last bits of sums taken in another order).
 *
 * Work is proportional to the tiles invalidated and improved, not to the map: scratch arrays are kept per
 * thread and grow only when a repair needs more. A repair that would touch more than `limit` tiles gives up
 * (returns {@link REPAIR_GAVE_UP}) so the caller recomputes the whole field instead; the arrays are then
 * partly rewritten and must not be used.
 *
 * Steps 1 and 2 are here; step 3's loop is in `repairCall` (repair-call.ts), in one function with the checks of
 * an `updateField` call, so that V8 optimizes those checks as soon as it optimizes that loop (see there).
 */

import { sortByKey } from '../../util/sort-by-key.js';
import { METRIC_STEPS, RULE_ALWAYS } from '../options.js';
import { MIN_TILES, orderByCost } from './cost-order.js';
import { DX, DY, directionCount, type MoveRules, moveMask, OPPOSITE, stepCost } from './moves.js';
import { RepairScratch } from './repair-scratch.js';

/** Returned by the repair's steps (and `repairCall`) when the repair would cost more than its limit. */
export const REPAIR_GAVE_UP = -1;

/** Starting value per tile: a goal's value, or Infinity for tiles that are not goals. */
export interface SeedValues {
  valueAt(tile: number): number;
}

export interface RepairInput extends MoveRules {
  maxCost: number;
  cost: Float64Array;
  dir: Uint8Array;
  /** Tiles whose passability, terrain or seed value changed (repeats allowed). */
  changed: Int32Array;
  changedCount: number;
  seeds: SeedValues;
  /** Most tiles the repair may invalidate, and most it may settle, before it gives up. */
  limit: number;
}

/**
 * Per-thread scratch in one small buffer, grown on demand (PERF: no allocation per call once warm; see
 * repair-scratch.ts for why one buffer). Its list starts with the tiles {@link invalidate} dropped, and its
 * queue holds what {@link seed} queued, for step 3.
 */
export const scratch = new RepairScratch();

/** Tile index steps of the eight directions on the current map (set by {@link offsets}). */
const OFFSET = new Int32Array(8);
let offsetWidth = -1;

/** {@link OFFSET} for a map `width` tiles wide. */
export function offsets(width: number): Int32Array {
  if (width !== offsetWidth) {
    for (let d = 0; d < 8; d++) OFFSET[d] = (DY[d] as number) * width + (DX[d] as number);
    offsetWidth = width;
  }
  return OFFSET;
}

/** Index of the lowest set bit of a non-zero mask. */
export function lowestBit(m: number): number {
  return 31 - Math.clz32(m & -m);
}

/** Marks on `dir` during step 1 (directions are 0 to 7, 255 for none): a candidate, and one whose move changed. */
const CANDIDATE = 0x80;
const ROOT = 0x40;
/**
 * Relative difference within which two costs are the same path length summed in another order (the steps of a
 * path number at most a few million: each addition rounds by at most 1.1e-16 of the sum).
 */
const SAME_COST = 1e-12;

/**
 * Step 1: marks every tile whose move touches a changed tile, and all their descendants, as candidates (listed
 * in `invalid`, parents first), then keeps the candidates that still have a path of the same cost and sets cost
 * Infinity and dir 255 on the others. Returns the number of tiles that lost their cost (the first entries of
 * `invalid`), or REPAIR_GAVE_UP past the limit.
 */
export function invalidate(k: RepairInput): number {
  const n = markCandidates(k);
  if (n < 0) return REPAIR_GAVE_UP;
  // PERF: no call for no candidates (a wall taken away, half the one-tile edits of a game): each call of a
  // function V8 has not optimized yet costs a microsecond or more when caches are cold.
  if (n === 0) return 0;
  // Cheapest first: every neighbour that could offer a candidate its cost is decided before it. A few by
  // insertion (PERF: in their own list, where the heap would touch its arrays too: more cache misses when caches
  // are cold; equal costs in any order, since a neighbour that can offer a candidate its cost is cheaper by a
  // whole step), more by counting when the costs allow it (cost-order.ts), else by the heap.
  if (n < 2) {
    // (One candidate is in order.)
  } else if (n < MIN_TILES) sortByKey(k.cost, scratch.list, n);
  else if (orderByCost(k.cost, scratch.list, scratch.stack, n)) scratch.swapLists();
  else {
    scratch.size = 0;
    for (let i = 0; i < n; i++) scratch.push(k.cost[scratch.list[i] as number] as number, scratch.list[i] as number);
    for (let i = 0; i < n; i++) scratch.list[i] = scratch.pop();
  }
  return keepOrDrop(k, n);
}

/** Lists the candidates of step 1 in `invalid` (each after its parent), marked on `dir`. */
function markCandidates(k: RepairInput): number {
  const { cost, dir, width, height, changed, changedCount, limit } = k;
  // With corner cutting always allowed, the tiles beside a diagonal move do not matter.
  const alwaysDiagonal = k.rule === RULE_ALWAYS;
  let n = 0;
  for (let e = 0; e < changedCount; e++) {
    const t = changed[e] as number;
    const tx = t % width;
    const ty = (t - tx) / width;
    for (let ay = Math.max(0, ty - 1); ay <= Math.min(height - 1, ty + 1); ay++) {
      for (let ax = Math.max(0, tx - 1); ax <= Math.min(width - 1, tx + 1); ax++) {
        const a = ay * width + ax;
        if (!((cost[a] as number) < Number.POSITIVE_INFINITY)) continue; // unreachable
        const raw = dir[a] as number;
        if (a !== t) {
          if (raw === 255) continue; // a goal: its own cost does not depend on moves
          const d = raw & 7;
          const px = ax + (DX[d] as number);
          const py = ay + (DY[d] as number);
          const touches =
            (px === tx && py === ty) ||
            (d >= 4 && !alwaysDiagonal && ((px === tx && ay === ty) || (ax === tx && py === ty)));
          if (!touches) continue;
        }
        if (raw !== 255 && raw >= CANDIDATE) {
          dir[a] = raw | ROOT; // a candidate already, whose own move changed too
          continue;
        }
        n = markSubtree(k, a, n);
        if (n > limit) return REPAIR_GAVE_UP;
      }
    }
  }
  return n;
}

/** Marks `root` (its move changed) and its descendants (tiles whose `dir` chain leads through it) in `invalid`. */
function markSubtree(k: RepairInput, root: number, n: number): number {
  const { dir, width, height, limit } = k;
  const dirs = directionCount(k);
  scratch.ensure(n + 1);
  scratch.list[n++] = root;
  if (dir[root] !== 255) dir[root] = (dir[root] as number) | CANDIDATE | ROOT;
  scratch.stack[0] = root;
  let top = 1;
  while (top > 0) {
    const t = scratch.stack[--top] as number;
    const x = t % width;
    const y = (t - x) / width;
    for (let d = 0; d < dirs; d++) {
      const cx = x + (DX[d] as number);
      const cy = y + (DY[d] as number);
      if (cx < 0 || cy < 0 || cx >= width || cy >= height) continue;
      const c = cy * width + cx;
      if (dir[c] !== OPPOSITE[d]) continue; // c does not step into t (or is marked already)
      if (n > limit) return n;
      dir[c] = (OPPOSITE[d] as number) | CANDIDATE;
      // The stack never holds more entries than the list.
      scratch.ensure(n + 1);
      scratch.list[n++] = c;
      scratch.stack[top++] = c;
    }
  }
  return n;
}

/** True when tile `b` holds a path that no change passed by: reachable, and no candidate or a kept one. */
function settledPath(cost: Float64Array, dir: Uint8Array, b: number): boolean {
  const db = dir[b] as number;
  return (db === 255 || db < CANDIDATE) && (cost[b] as number) < Number.POSITIVE_INFINITY;
}

/**
 * Takes the `count` candidates of `invalid` parents first. A candidate whose own move did not change and whose
 * parent kept its path keeps its own; any other keeps its cost if a neighbour that is no candidate (or was kept)
 * offers exactly that cost by a legal move (its `dir` then points there; such a neighbour costs less than the
 * candidate, so it is none of its descendants). The others lose their cost and are moved to the front of
 * `invalid`. Returns their number.
 */
function keepOrDrop(k: RepairInput, count: number): number {
  const { cost, dir, width } = k;
  const diagonal = k.metric === METRIC_STEPS ? 1 : Math.SQRT2;
  const offset = offsets(width);
  const invalid = scratch.list;
  let dropped = 0;
  for (let i = 0; i < count; i++) {
    const a = invalid[i] as number;
    const raw = dir[a] as number;
    if (raw !== 255) {
      const d = raw & 7;
      if ((raw & ROOT) === 0 && settledPath(cost, dir, a + (DY[d] as number) * width + (DX[d] as number))) {
        dir[a] = d;
        continue;
      }
      const x = a % width;
      const y = (a - x) / width;
      const c = cost[a] as number;
      let kept = 255;
      for (let m = moveMask(k, a, x, y); m !== 0; m &= m - 1) {
        const e = lowestBit(m);
        const b = a + (offset[e] as number);
        if (!settledPath(cost, dir, b)) continue;
        // Equally cheap paths may sum their steps in another order: equal to the last bits.
        const via = (cost[b] as number) + stepCost(k, b, e, 1, diagonal);
        if (via - c <= c * SAME_COST && c - via <= c * SAME_COST) {
          kept = e;
          break;
        }
      }
      if (kept !== 255) {
        dir[a] = kept;
        continue;
      }
    }
    // (A goal whose own tile changed is dropped too: step 2 gives it its value back.)
    cost[a] = Number.POSITIVE_INFINITY;
    dir[a] = 255;
    invalid[dropped++] = a;
  }
  return dropped;
}

/** Step 2: every invalidated tile and every tile next to a changed one takes its best neighbour offer. */
export function seed(k: RepairInput, nInvalid: number): void {
  const { width, height, changed, changedCount } = k;
  scratch.queue.clear();
  for (let n = 0; n < nInvalid; n++) offer(k, scratch.list[n] as number);
  for (let e = 0; e < changedCount; e++) {
    const t = changed[e] as number;
    const tx = t % width;
    const ty = (t - tx) / width;
    for (let ay = Math.max(0, ty - 1); ay <= Math.min(height - 1, ty + 1); ay++) {
      for (let ax = Math.max(0, tx - 1); ax <= Math.min(width - 1, tx + 1); ax++) offer(k, ay * width + ax);
    }
  }
}

/** Lowers tile a's cost to the best of its goal value and its neighbours' offers; queues it if it improved. */
function offer(k: RepairInput, a: number): void {
  const { cost, dir, width, passable, maxCost } = k;
  if (passable[a] === 0) {
    // A wall: no cost. (A wall with a cost was a reachable tile before the edit and is invalidated.)
    return;
  }
  const diagonal = k.metric === METRIC_STEPS ? 1 : Math.SQRT2;
  const offset = offsets(width);
  const x = a % width;
  const y = (a - x) / width;
  let best = k.seeds.valueAt(a);
  let bestDir = 255;
  for (let m = moveMask(k, a, x, y); m !== 0; m &= m - 1) {
    const d = lowestBit(m);
    const b = a + (offset[d] as number);
    const c = (cost[b] as number) + stepCost(k, b, d, 1, diagonal);
    if (c < best) {
      best = c;
      bestDir = d;
    }
  }
  if (!(best < (cost[a] as number) && best <= maxCost)) return;
  cost[a] = best;
  dir[a] = bestDir;
  scratch.queue.seed(best, a);
}
