/**
 * The blocked masks of ./safe-step.ts, one small function per way a map says "blocked": a flow's anchors, a
 * field's costs, a corridor field's costs, a grid's passability codes. Each reads only the tiles of the 3 x 3 block
 * that a body of half-side c stepping up to `reach - c` tiles from (fx, fy) in its tile can touch (none in the
 * middle of a tile), so the common case costs no neighbour read. Internal.
 */
import * as safeSweep from './safe-sweep.js';

// PERF: module-local copies of the imported names (V8 checks an imported binding's module cell on every use; a
// local const costs nothing; see ../followers/followers-step.ts).
const { BLOCK_OF_LINES, TOUCH } = safeSweep;

/** Which columns (bits 0..2 for -1..1) and rows (bits 3..5) of the 3 x 3 block the body can reach. */
function reachBits(fx: number, fy: number, reach: number): number {
  let bits = 0b010_010;
  if (fx < reach - TOUCH) bits |= 0b000_001;
  if (fx > 1 - reach + TOUCH) bits |= 0b000_100;
  if (fy < reach - TOUCH) bits |= 0b001_000;
  if (fy > 1 - reach + TOUCH) bits |= 0b100_000;
  return bits;
}

/** The 9-bit block mask (bit (dy + 1) * 3 + dx + 1) of each value of {@link reachBits}'s columns and rows. */
const REACH_MASK = BLOCK_OF_LINES;

/**
 * The tiles of the 3 x 3 block that {@link blockedMask} reads for (fx, fy, reach), as a mask: a mask of the whole
 * block (read with a `reach` of 1 or more) ANDed with it is the mask that call gives.
 */
export function reachMask(fx: number, fy: number, reach: number): number {
  return REACH_MASK[reachBits(fx, fy, reach)] as number;
}

/** What {@link blockedMask} reads: a flow layer's anchors (-1: blocked), a field's costs (not finite: blocked). */
export const MASK_ANCHORS = 0;
export const MASK_COSTS = 1;
export const MASK_PASS_ONLY = 2;

/**
 * Mask of the tiles around (tx, ty) that are blocked: outside the map; of another passability code than `code`
 * when `pass` is given; and by `kind`, a flow layer without an anchor there (`anchors[base + y * w + x] === -1`),
 * or a field without a finite cost (`costs[y * w + x]`). Only the tiles a body of half-side c stepping up to
 * `reach - c` tiles from (fx, fy) can touch are read. PERF: one loop with a switch on `kind` (predictable per
 * call) rather than a callback per tile.
 */
export function blockedMask(
  kind: number,
  anchors: Int32Array | null,
  costs: Float64Array | null,
  base: number,
  w: number,
  h: number,
  tx: number,
  ty: number,
  pass: Uint8Array | null,
  code: number,
  fx: number,
  fy: number,
  reach: number,
): number {
  const bits = reachBits(fx, fy, reach);
  let mask = 0;
  for (let dy = -1; dy <= 1; dy++) {
    if ((bits & (8 << (dy + 1))) === 0) continue;
    const y = ty + dy;
    for (let dx = -1; dx <= 1; dx++) {
      if ((bits & (1 << (dx + 1))) === 0) continue;
      const x = tx + dx;
      const bit = 1 << ((dy + 1) * 3 + dx + 1);
      if (x < 0 || y < 0 || x >= w || y >= h) {
        mask |= bit;
        continue;
      }
      const i = y * w + x;
      if (pass !== null && pass[i] !== code) mask |= bit;
      else if (
        kind === MASK_ANCHORS
          ? (anchors as Int32Array)[base + i] === -1
          : kind === MASK_COSTS && !(((costs as Float64Array)[i] as number) < Number.POSITIVE_INFINITY)
      )
        mask |= bit;
    }
  }
  return mask;
}

/** {@link blockedMask} over a flow layer. */
export function flowMask(
  anchor: Int32Array,
  base: number,
  w: number,
  h: number,
  tx: number,
  ty: number,
  pass: Uint8Array | null,
  code: number,
  fx: number,
  fy: number,
  reach: number,
): number {
  return blockedMask(MASK_ANCHORS, anchor, null, base, w, h, tx, ty, pass, code, fx, fy, reach);
}

/** {@link blockedMask} over a field's costs. */
export function fieldMask(
  cost: Float64Array,
  w: number,
  h: number,
  tx: number,
  ty: number,
  pass: Uint8Array | null,
  code: number,
  fx: number,
  fy: number,
  reach: number,
): number {
  return blockedMask(MASK_COSTS, null, cost, 0, w, h, tx, ty, pass, code, fx, fy, reach);
}

/** {@link blockedMask} over a grid's codes only (walls: 0). */
export function passMask(
  pass: Uint8Array,
  w: number,
  h: number,
  tx: number,
  ty: number,
  code: number,
  fx: number,
  fy: number,
  reach: number,
): number {
  return blockedMask(MASK_PASS_ONLY, null, null, 0, w, h, tx, ty, pass, code, fx, fy, reach);
}
