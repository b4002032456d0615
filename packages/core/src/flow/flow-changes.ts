/**
 * What changed since a repairable flow's snapshot (./flow-state.ts): the tiles whose passability or terrain
 * changed, those whose cost or direction changed, and the range of the new costs. The first step of
 * `updateFlow` (./repair-flow.ts), and on big maps most of its time: it reads every tile. Internal.
 */
import { finiteRange, RANGE } from './flow-order.js';
import { type FlowState, StateSlot } from './flow-state.js';

/** What {@link scanChanges} found: [edited tiles, tiles of changed cost or direction, least cost, largest cost]. */
export const SCAN = new Float64Array(4);

/** A view of `a`'s bytes as 32-bit words (its length rounded down), or null where `a` is not 4-byte aligned. */
function words(a: Uint8Array): Int32Array | null {
  return a.byteOffset % 4 === 0 ? new Int32Array(a.buffer, a.byteOffset, a.length >> 2) : null;
}

/**
 * Lists in `edits` the tiles whose passability or terrain changed since the state's snapshot, in `keyed` those
 * whose cost or direction changed, and finds the range of the finite costs (see {@link SCAN}).
 * PERF: groups of 4 tiles are compared at once (codes and directions as one word each), and only the groups that
 * differ tile by tile (3x faster on unchanged maps); the cost range is brought up to date from the changed tiles,
 * and read from every tile only when a changed tile held the old least or largest cost.
 */
export function scanChanges(
  size: number,
  pass: Uint8Array,
  terr: Float32Array | null,
  cost: Float64Array,
  dir: Uint8Array,
  state: FlowState,
  edits: Int32Array,
  keyed: Int32Array,
): void {
  const { cost: sCost, dir: sDir, pass: sPass, terr: sTerr } = state;
  const p32 = words(pass);
  const sp32 = words(sPass);
  const d32 = words(dir);
  const sd32 = words(sDir);
  const grouped = p32 !== null && sp32 !== null && d32 !== null && sd32 !== null;
  const whole = size & ~3;
  let nEdit = 0;
  let nKey = 0;
  for (let t = 0; t < size; t += 4) {
    if (
      grouped &&
      t < whole &&
      p32[t >> 2] === sp32[t >> 2] &&
      d32[t >> 2] === sd32[t >> 2] &&
      cost[t] === sCost[t] &&
      cost[t + 1] === sCost[t + 1] &&
      cost[t + 2] === sCost[t + 2] &&
      cost[t + 3] === sCost[t + 3]
    )
      continue;
    for (let u = t, end = Math.min(size, t + 4); u < end; u++) {
      if (pass[u] !== sPass[u]) edits[nEdit++] = u;
      if (cost[u] !== sCost[u] || dir[u] !== sDir[u]) keyed[nKey++] = u;
    }
  }
  if (terr !== null) {
    for (let t = 0; t < size; t++) if (terr[t] !== sTerr[t] && pass[t] === sPass[t]) edits[nEdit++] = t;
  }
  SCAN[0] = nEdit;
  SCAN[1] = nKey;
  costRange(size, cost, sCost, keyed, nKey, state.info);
}

/** Sets SCAN[2], SCAN[3] to the least and largest finite cost of `cost`, from the kept range when it still holds. */
function costRange(
  size: number,
  cost: Float64Array,
  sCost: Float64Array,
  keyed: Int32Array,
  nKey: number,
  info: Float64Array,
): void {
  const oldMin = info[StateSlot.min] as number;
  const oldMax = info[StateSlot.max] as number;
  let min = oldMin;
  let max = oldMax;
  let lost = !(oldMin <= oldMax);
  for (let k = 0; k < nKey && !lost; k++) {
    const t = keyed[k] as number;
    const old = sCost[t] as number;
    // The tile that held the old least or largest cost changed: the range is read again from every tile.
    if (old === oldMin || old === oldMax) lost = true;
    const c = cost[t] as number;
    if (c < Number.POSITIVE_INFINITY) {
      if (c < min) min = c;
      if (c > max) max = c;
    }
  }
  if (lost) {
    finiteRange(cost, size);
    min = RANGE[0] as number;
    max = RANGE[1] as number;
  }
  SCAN[2] = min;
  SCAN[3] = max;
}
