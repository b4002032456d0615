/**
 * One `updateField` call on the arguments remembered in a {@link RepairCallMemo}: the comparison with them, the
 * grid's versions, the changed tiles read from the edit log, and the repair (steps 1 and 2 of repair-kernel.ts,
 * then step 3, the settling loop, here), in one function.
 *
 * PERF: V8 optimizes a function once it has run enough of its own bytecode (loops count each turn). Checks that
 * run once per call, in a function of their own, stay in the interpreter and the baseline compiler for the first
 * thousand or two calls (a game's first minute at one repair a frame), where each read, call and builtin costs
 * microseconds when caches are cold. Here they share a function with the settling loop, which the larger repairs
 * among the first few dozen turn thousands of times, so V8 optimizes the checks with it. Code that first runs
 * after that (a path with no type feedback yet) makes V8 drop the optimized code for a few hundred calls, so
 * common paths here run from the first calls on (see the ring's wrap below). Random-1024, one full field of
 * another goal between one-tile edits, a fresh process's first 600 calls (runRepairLoop alone, alternating
 * processes, load 2-4): median 62-68 -> 44-62 us; in `pnpm bench --suite repair`, where the repair table's
 * calls come first, 49-51 -> 41-49 us.
 */
import { AbortError } from '../../errors.js';
import { H_LOG_COUNT, H_LOG_HEAD, W_LOG_FLOOR, W_UNKNOWN } from '../../grid/edit-log.js';
import type { Grid } from '../../grid/grid.js';
import { HIGH, LOW } from '../../grid/wide-load.js';
import { readRunOptions } from '../../util/run-options.js';
import { CONTROL_INTERVAL, finishControl, pollControl, startControl } from '../kernels/control.js';
import { METRIC_STEPS } from '../options.js';
import type { Field, FieldOptions } from '../types.js';
import type { RepairCallMemo } from './call-memo.js';
import { moveMask, OPPOSITE, stepCost } from './moves.js';
import { invalidate, lowestBit, offsets, type RepairInput, scratch, seed } from './repair-kernel.js';

/** {@link repairCall}: the arguments are not the remembered ones (or changed); check them in full first. */
export const NOT_REMEMBERED = -2;
/** {@link repairCall}: the edits are not known, or a repair would cost too much; recompute the field in full. */
export const RECOMPUTE = -3;

/** What an abort says was aborted. */
export const WHAT = 'field computation';

const hasOwn = Object.hasOwn;
// Module-local copies of the log's slots (V8 checks an imported binding's module cell on every use).
const H_COUNT = H_LOG_COUNT;
const H_HEAD = H_LOG_HEAD;
const W_UNKNOWN_SLOT = W_UNKNOWN;
const W_FLOOR_SLOT = W_LOG_FLOOR;
const LOW_HALF = LOW;
const HIGH_HALF = HIGH;

/**
 * The value of 64-bit slot `slot` of `words` (an Int32Array over BigInt64 slots that only grow) when its low half
 * was read, or more: the low half read first, then the high half. PERF: small, so that V8 inlines it.
 */
function wideAtLeast(words: Int32Array, slot: number): number {
  const lo = Atomics.load(words, 2 * slot + LOW_HALF);
  return Atomics.load(words, 2 * slot + HIGH_HALF) * 0x1_0000_0000 + (lo >>> 0);
}

/**
 * Brings `field` up to the grid's version when `grid`, `field` and `options` are the arguments `memo` remembers
 * and every value its checks read is unchanged (the same arrays of the same length, the same own option values,
 * the same goal objects at the same tiles with the same values, every goal tile still walkable, no unknown edit
 * since the codes were checked); `checked` skips the comparisons, for the call that just remembered them.
 * Returns the tiles settled again, {@link NOT_REMEMBERED} (nothing done) or {@link RECOMPUTE} (`field.gridId`
 * set, the field's arrays maybe partly rewritten).
 *
 * @throws AbortError when the run options abort (the field's version is then -1 if the repair had started);
 *   InvalidOptionError for invalid run options.
 */
export function repairCall(
  memo: RepairCallMemo,
  grid: Grid,
  field: Field,
  options: FieldOptions,
  checked: boolean,
): number {
  const width = memo.width;
  const cost = memo.cost as Float64Array;
  const dir = memo.dir as Uint8Array;
  const o = options as unknown as Record<string, unknown>;
  // The comparison with the remembered arguments (the call that just remembered them skips it: a plain read
  // of an option that is not the options' own may give an inherited value).
  if (!checked) {
    if (grid !== memo.grid || field !== memo.field || options !== memo.options) return NOT_REMEMBERED;
    const size = memo.size;
    if (field.cost !== cost || field.dir !== dir || field.width !== width || field.height !== memo.height)
      return NOT_REMEMBERED;
    // A transferred buffer leaves its arrays empty.
    if (cost.length !== size || dir.length !== size) return NOT_REMEMBERED;
    // Plain reads: one that gives undefined gives the own value too; one equal to a defined value remembered may
    // come from a prototype (the own option deleted since), so those keys are asked once more (hasOwn).
    const goals = o.goals;
    if (
      o.metric !== memo.metric ||
      o.neighbors !== memo.neighbors ||
      o.diagonal !== memo.diagonal ||
      o.maxCost !== memo.maxCost ||
      goals !== memo.goals
    )
      return NOT_REMEMBERED;
    const defined = memo.definedKeys;
    for (let i = 0; i < defined.length; i++) if (!hasOwn(options, defined[i] as string)) return NOT_REMEMBERED;
    // (The same array as remembered, so an array still.)
    const objects = memo.goalObjects;
    if ((goals as unknown[]).length !== objects.length) return NOT_REMEMBERED;
    const values = memo.goalValues;
    const passable = grid.passable;
    for (let g = 0; g < objects.length; g++) {
      const goal = (goals as unknown[])[g] as { x: unknown; y: unknown; value?: unknown };
      if (goal !== objects[g]) return NOT_REMEMBERED;
      const x = goal.x;
      const y = goal.y;
      const value = goal.value;
      if (x !== values[3 * g] || y !== values[3 * g + 1]) return NOT_REMEMBERED;
      const remembered = values[3 * g + 2] as number;
      if (value === undefined) {
        if (!Number.isNaN(remembered)) return NOT_REMEMBERED;
      } else if (value !== remembered || !hasOwn(goal, 'value')) return NOT_REMEMBERED;
      if (passable[(y as number) * width + (x as number)] === 0) return NOT_REMEMBERED;
    }
  }
  const gridId: unknown = field.gridId;
  const since: unknown = field.gridVersion;
  const version = grid.version;
  if (
    (gridId !== undefined && gridId !== memo.gridId) ||
    typeof since !== 'number' ||
    since % 1 !== 0 ||
    since > version ||
    // Codes valid at the version last checked stay valid until an unknown edit (touch()) comes after it. (Read
    // as below, low half first: a value read too high only takes the checked path.)
    wideAtLeast(memo.logHeader, W_UNKNOWN_SLOT) > memo.codesVersion
  )
    return NOT_REMEMBERED;
  // (A read that gives undefined gives the own value too, as readRunOptions reads it; an inherited one is read
  // again there.)
  const control =
    o.signal === undefined && o.onProgress === undefined && o.control === undefined
      ? undefined
      : readRunOptions(options, WHAT);
  field.gridId = grid.id;
  if (since === version) return 0;
  const k = memo.input as RepairInput;
  // The tiles changed by the edits of versions in (since, version], newest first, as EditLog.read copies them
  // (see there), or -1 when they are not all in the log. PERF: in this function, not a call of read, which V8
  // would not optimize for the first thousands of calls (random-1024, a field between one-tile edits: 7.5-9.1
  // -> 1.8-1.9 us). The 64-bit slots are read low half first, then high: as they only grow, that gives the value
  // when the low half was read, or more (when the high half grew meanwhile). More is safe here: a floor or
  // unknown version read too high only recomputes the field in full, and an entry's version read too high (its
  // slot overwritten by a newer edit as the ring wraps) at worst adds a tile to the changed ones (a repair of
  // tiles that did not change leaves them as they are).
  let count = -1;
  if (since >= 0) {
    const header = memo.logHeader;
    if (wideAtLeast(header, W_UNKNOWN_SLOT) <= since && wideAtLeast(header, W_FLOOR_SLOT) <= since) {
      const words = memo.logVersions;
      const tiles = memo.logTiles;
      const capacity = tiles.length;
      const out = k.changed;
      const entries = Atomics.load(header, H_COUNT);
      let at = Atomics.load(header, H_HEAD);
      count = 0;
      for (let e = 0; e < entries; e++) {
        // (One subtraction for both cases: code that ran only before the ring wrapped would have no type
        // feedback, and V8 would drop this function's optimized code when the ring first wraps.)
        at = (at === 0 ? capacity : at) - 1;
        const entry = wideAtLeast(words, at);
        if (entry <= since) break;
        if (entry > version) continue;
        if (count === out.length) {
          count = -1;
          break;
        }
        out[count++] = Atomics.load(tiles, at);
      }
      // The ring may have wrapped over entries we needed while we copied.
      if (wideAtLeast(header, W_FLOOR_SLOT) > since) count = -1;
    }
  }
  if (count < 0 || count > k.limit) return RECOMPUTE;
  k.changedCount = count;
  try {
    if (control !== undefined) startControl(control, k.limit);
    const nInvalid = invalidate(k);
    if (nInvalid < 0) return RECOMPUTE;
    seed(k, nInvalid);
    // Step 3 of repair-kernel.ts: Dijkstra from the seeds, relaxing only improvements.
    const { maxCost, limit } = k;
    const straight = 1;
    const diagonal = k.metric === METRIC_STEPS ? 1 : Math.SQRT2;
    const offset = offsets(width);
    let settled = 0;
    let budget = CONTROL_INTERVAL;
    const queue = scratch.queue;
    queue.start();
    for (let u = queue.pop(); u >= 0; u = queue.pop()) {
      const key = queue.lastKey;
      if (key > (cost[u] as number)) continue; // a stale entry: u was improved after this push
      if (++settled > limit) return RECOMPUTE;
      if (--budget === 0) {
        budget = CONTROL_INTERVAL;
        // (No call without a control: a first call here would drop the optimized code, as above.)
        if (control !== undefined) pollControl(control, settled);
      }
      const x = u % width;
      const y = (u - x) / width;
      // Moving from a neighbour into u: the same cost for the four straight steps, and for the four diagonal ones.
      const costStraight = key + stepCost(k, u, 0, straight, diagonal);
      const costDiagonal = key + stepCost(k, u, 4, straight, diagonal);
      for (let m = moveMask(k, u, x, y); m !== 0; m &= m - 1) {
        const d = lowestBit(m);
        const v = u + (offset[d] as number);
        const c = d < 4 ? costStraight : costDiagonal;
        if (c < (cost[v] as number) && c <= maxCost) {
          cost[v] = c;
          dir[v] = OPPOSITE[d] as number;
          queue.push(c, v);
        }
      }
    }
    let unreachable = 0;
    const invalid = scratch.list;
    for (let n = 0; n < nInvalid; n++)
      if ((cost[invalid[n] as number] as number) === Number.POSITIVE_INFINITY) unreachable++;
    if (control !== undefined) finishControl(control, settled + unreachable);
    field.gridVersion = version;
    return settled + unreachable;
  } catch (error) {
    if (error instanceof AbortError) field.gridVersion = -1;
    throw error;
  }
}
