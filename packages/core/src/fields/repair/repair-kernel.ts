/**
 * Repairs an exact cost and direction field after some tiles changed, touching only the tiles whose shortest
 * paths changed. The method is the one of dynamic shortest paths (Ramalingam and Reps, "An incremental
 * algorithm for a generalization of the shortest-path problem"; the same idea as LPA* by Koenig, Likhachev
 * and Furcy), specialised to a field whose directions form a tree:
 *
 * 1. Invalidate. A move changes only if a tile it touches changed: its two ends, or for a diagonal move the two
 *    tiles beside it. Every tile whose own move (towards `dir`) touches a changed tile, and every tile whose
 *    path runs through such a tile (its descendants in the direction tree), loses its cost (set to Infinity).
 *    The tiles left keep costs that are still the length of a legal path: upper bounds on the new costs.
 * 2. Seed. Each invalidated tile, and each tile next to a changed tile (a new move may make it cheaper), takes
 *    the best cost offered by its neighbours (and its own goal value) and enters a priority queue.
 * 3. Settle. Dijkstra from that queue, relaxing only improvements. Costs that are upper bounds and locally
 *    consistent everywhere are the exact costs, so the result equals a fresh field (up to ties between equally
 *    cheap directions and the last bits of sums taken in another order).
 *
 * Work is proportional to the tiles invalidated and improved, not to the map: scratch arrays are kept per
 * thread and grow only when a repair needs more. A repair that would touch more than `limit` tiles gives up
 * (returns {@link REPAIR_GAVE_UP}) so the caller recomputes the whole field instead; the arrays are then
 * partly rewritten and must not be used.
 */

import { KeyHeap } from '../../util/key-heap.js';
import { CONTROL_INTERVAL, finishControl, pollControl, startControl } from '../kernels/control.js';
import { METRIC_STEPS, RULE_ALWAYS } from '../options.js';
import type { KernelControl } from '../types.js';
import { canMove, DX, DY, directionCount, type MoveRules, OPPOSITE, stepCost } from './moves.js';

/** Returned by {@link repairField} when the repair would cost more than its limit. */
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
  control: KernelControl | undefined;
}

// Per-thread scratch, grown on demand (PERF: no allocation per call once warm).
let stack = new Int32Array(256);
let invalid = new Int32Array(256);
const heap = new KeyHeap(256);

function grow(a: Int32Array<ArrayBuffer>, need: number): Int32Array<ArrayBuffer> {
  if (need <= a.length) return a;
  const b = new Int32Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/** Repairs `cost` and `dir` in place. Returns the number of tiles settled again, or {@link REPAIR_GAVE_UP}. */
export function repairField(k: RepairInput): number {
  startControl(k.control, k.limit);
  const nInvalid = invalidate(k);
  if (nInvalid < 0) return REPAIR_GAVE_UP;
  seed(k, nInvalid);
  const { cost, dir, width, maxCost, limit, control } = k;
  const dirs = directionCount(k);
  const straight = 1;
  const diagonal = k.metric === METRIC_STEPS ? 1 : Math.SQRT2;
  let settled = 0;
  let budget = CONTROL_INTERVAL;
  while (heap.size > 0) {
    const key = heap.peekKey();
    const u = heap.pop();
    if (key > (cost[u] as number)) continue; // a stale entry: u was improved after this push
    if (++settled > limit) return REPAIR_GAVE_UP;
    if (--budget === 0) {
      budget = CONTROL_INTERVAL;
      pollControl(control, settled);
    }
    const x = u % width;
    const y = (u - x) / width;
    for (let d = 0; d < dirs; d++) {
      if (!canMove(k, u, x, y, d)) continue;
      const v = u + (DY[d] as number) * width + (DX[d] as number);
      // Moving from v into u goes in the opposite direction of d.
      const c = key + stepCost(k, u, OPPOSITE[d] as number, straight, diagonal);
      if (c < (cost[v] as number) && c <= maxCost) {
        cost[v] = c;
        dir[v] = OPPOSITE[d] as number;
        heap.push(c, v);
      }
    }
  }
  let unreachable = 0;
  for (let n = 0; n < nInvalid; n++)
    if ((cost[invalid[n] as number] as number) === Number.POSITIVE_INFINITY) unreachable++;
  finishControl(control, settled + unreachable);
  return settled + unreachable;
}

/**
 * Step 1: sets cost Infinity and dir 255 on every tile whose move touches a changed tile, and on all their
 * descendants; lists them in `invalid`. Returns their number, or REPAIR_GAVE_UP past the limit.
 */
function invalidate(k: RepairInput): number {
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
        if (!((cost[a] as number) < Number.POSITIVE_INFINITY)) continue; // unreachable, or invalidated already
        const d = dir[a] as number;
        if (a !== t) {
          if (d === 255) continue; // a goal: its own cost does not depend on moves
          const px = ax + (DX[d] as number);
          const py = ay + (DY[d] as number);
          const touches =
            (px === tx && py === ty) ||
            (d >= 4 && !alwaysDiagonal && ((px === tx && ay === ty) || (ax === tx && py === ty)));
          if (!touches) continue;
        }
        n = invalidateSubtree(k, a, n);
        if (n > limit) return REPAIR_GAVE_UP;
      }
    }
  }
  return n;
}

/** Invalidates `root` and its descendants (tiles whose `dir` chain leads through it), appending to `invalid`. */
function invalidateSubtree(k: RepairInput, root: number, n: number): number {
  const { cost, dir, width, height, limit } = k;
  const dirs = directionCount(k);
  invalid = grow(invalid, n + 1);
  invalid[n++] = root;
  cost[root] = Number.POSITIVE_INFINITY;
  dir[root] = 255;
  stack[0] = root;
  let top = 1;
  while (top > 0) {
    const t = stack[--top] as number;
    const x = t % width;
    const y = (t - x) / width;
    for (let d = 0; d < dirs; d++) {
      const cx = x + (DX[d] as number);
      const cy = y + (DY[d] as number);
      if (cx < 0 || cy < 0 || cx >= width || cy >= height) continue;
      const c = cy * width + cx;
      if (dir[c] !== OPPOSITE[d]) continue; // c does not step into t
      if (n > limit) return n;
      cost[c] = Number.POSITIVE_INFINITY;
      dir[c] = 255;
      invalid = grow(invalid, n + 1);
      invalid[n++] = c;
      stack = grow(stack, top + 1);
      stack[top++] = c;
    }
  }
  return n;
}

/** Step 2: every invalidated tile and every tile next to a changed one takes its best neighbour offer. */
function seed(k: RepairInput, nInvalid: number): void {
  const { width, height, changed, changedCount } = k;
  heap.size = 0;
  for (let n = 0; n < nInvalid; n++) offer(k, invalid[n] as number);
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
  const dirs = directionCount(k);
  const diagonal = k.metric === METRIC_STEPS ? 1 : Math.SQRT2;
  const x = a % width;
  const y = (a - x) / width;
  let best = k.seeds.valueAt(a);
  let bestDir = 255;
  for (let d = 0; d < dirs; d++) {
    if (!canMove(k, a, x, y, d)) continue;
    const b = a + (DY[d] as number) * width + (DX[d] as number);
    const c = (cost[b] as number) + stepCost(k, b, d, 1, diagonal);
    if (c < best) {
      best = c;
      bestDir = d;
    }
  }
  if (!(best < (cost[a] as number) && best <= maxCost)) return;
  cost[a] = best;
  dir[a] = bestDir;
  heap.push(best, a);
}
