/**
 * The exact sweep test of the safe rule (./safe-step.ts): does a square body swept along a short segment overlap
 * a blocked tile of the 3 x 3 block? Internal.
 *
 * PERF: the segment and the body go in through {@link SWEEP}, the box of {@link boxEntry} through {@link BOX}, the
 * interval through SPAN: V8 passes a double to a call it does not inline as a new heap number, and these
 * run several times per sample of every unit.
 */

/** Overlaps thinner than this (tiles) count as touching: a body clamped against a wall is outside it. */
export const TOUCH = 1e-9;

/**
 * In: [0] fx, [1] fy (the segment's start, relative to the middle tile's corner), [2] mx, [3] my (the move),
 * [4] c (the body's half-side). Out of {@link sweepEntry}: [5] the parameter of the first overlap.
 */
export const SWEEP = new Float64Array(6);

/** The open box [BOX[0], BOX[2]] x [BOX[1], BOX[3]] that {@link boxEntry} tests. */
export const BOX = new Float64Array(4);

/** The parameter interval [SPAN[0], SPAN[1]] that {@link narrowTo} narrows. */
const SPAN = new Float64Array(2);

/**
 * The 9-bit block mask (bit (dy + 1) * 3 + dx + 1) of the tiles in a set of the block's columns (bits 0..2 for dx
 * -1..1) and rows (bits 3..5 for dy -1..1): the tiles in both.
 */
export const BLOCK_OF_LINES = new Int32Array(64);
for (let bits = 0; bits < 64; bits++) {
  let mask = 0;
  for (let k = 0; k < 9; k++) if ((bits & (1 << (k % 3))) !== 0 && (bits & (8 << ((k / 3) | 0))) !== 0) mask |= 1 << k;
  BLOCK_OF_LINES[bits] = mask;
}

/** The column (dx, -1..1) and row (dy) of each bit of a block mask. */
export const BIT_DX = Int8Array.from({ length: 9 }, (_, k) => (k % 3) - 1);
export const BIT_DY = Int8Array.from({ length: 9 }, (_, k) => Math.floor(k / 3) - 1);

/**
 * True when the square of half-side SWEEP[4] swept from (SWEEP[0], SWEEP[1]) by (SWEEP[2], SWEEP[3]) overlaps (by
 * more than {@link TOUCH}) no tile of `mask` (tiles of the 3 x 3 block, coordinates relative to the middle tile's
 * corner). Each tile grown by c is an open box; the sweep's bounding box must overlap it (exact for a move along an
 * axis), and for a slanted move the segment must meet it: the parameter ranges inside its two slabs overlap
 * (Liang-Barsky). PERF: the bounding box rejects most tiles without a division.
 */
export function sweepClear(mask: number): boolean {
  return sweepScan(mask, true);
}

/**
 * As {@link sweepClear}, and writes to SWEEP[5] the parameter in [0, 1] at which the sweep first overlaps a tile of
 * `mask` (Infinity when it is clear).
 */
export function sweepEntry(mask: number): boolean {
  return sweepScan(mask, false);
}

/** The sweep test of {@link sweepClear} and {@link sweepEntry}: with `any`, false at the first tile met. */
function sweepScan(mask: number, any: boolean): boolean {
  const fx = SWEEP[0] as number;
  const fy = SWEEP[1] as number;
  const mx = SWEEP[2] as number;
  const my = SWEEP[3] as number;
  const g = (SWEEP[4] as number) - TOUCH;
  // The sweep's bounding box grown by the body (less the touch tolerance).
  const bx0 = (mx < 0 ? fx + mx : fx) - g;
  const bx1 = (mx < 0 ? fx : fx + mx) + g;
  const by0 = (my < 0 ? fy + my : fy) - g;
  const by1 = (my < 0 ? fy : fy + my) + g;
  const slanted = mx !== 0 && my !== 0;
  // PERF: the tiles whose column and row the bounding box overlaps (column i when bx1 > i and bx0 < i + 1), at
  // once, rather than a test per blocked tile.
  const cols = (bx1 > -1 && bx0 < 0 ? 1 : 0) | (bx1 > 0 && bx0 < 1 ? 2 : 0) | (bx1 > 1 && bx0 < 2 ? 4 : 0);
  const rows = (by1 > -1 && by0 < 0 ? 8 : 0) | (by1 > 0 && by0 < 1 ? 16 : 0) | (by1 > 1 && by0 < 2 ? 32 : 0);
  let m = mask & (BLOCK_OF_LINES[cols | rows] as number);
  // The bounding box of a move along an axis (or of none) is the sweep itself.
  if (m !== 0 && any && !slanted) return false;
  let first = Number.POSITIVE_INFINITY;
  while (m !== 0) {
    const low = m & -m;
    m ^= low;
    const k = 31 - Math.clz32(low);
    const i = BIT_DX[k] as number;
    const j = BIT_DY[k] as number;
    // The segment against the tile grown by g: the parameters inside both of its slabs.
    BOX[0] = i - g;
    BOX[1] = j - g;
    BOX[2] = i + 1 + g;
    BOX[3] = j + 1 + g;
    if (boxEntry()) {
      if (any) return false;
      if ((SPAN[0] as number) < first) first = SPAN[0] as number;
    }
  }
  SWEEP[5] = first;
  return first === Number.POSITIVE_INFINITY;
}

/**
 * Narrows SPAN to the parameters t at which f + t * m lies strictly between lo and hi (one slab of Liang-Barsky);
 * for m = 0, to nothing unless f does. False when the interval is empty.
 */
function narrowTo(f: number, m: number, lo: number, hi: number): boolean {
  if (m === 0) return f > lo && f < hi;
  let a = (lo - f) / m;
  let b = (hi - f) / m;
  if (a > b) {
    const t = a;
    a = b;
    b = t;
  }
  if (a > (SPAN[0] as number)) SPAN[0] = a;
  if (b < (SPAN[1] as number)) SPAN[1] = b;
  return (SPAN[0] as number) < (SPAN[1] as number);
}

/**
 * True when the segment from (SWEEP[0], SWEEP[1]) by (SWEEP[2], SWEEP[3]) enters the open box {@link BOX} for a
 * parameter in [0, 1] (Liang-Barsky); then {@link boxEntryAt} is the parameter at which it enters.
 */
export function boxEntry(): boolean {
  SPAN[0] = 0;
  SPAN[1] = 1;
  return (
    narrowTo(SWEEP[0] as number, SWEEP[2] as number, BOX[0] as number, BOX[2] as number) &&
    narrowTo(SWEEP[1] as number, SWEEP[3] as number, BOX[1] as number, BOX[3] as number)
  );
}

/** The parameter at which the last {@link boxEntry} that returned true entered its box. */
export function boxEntryAt(): number {
  return SPAN[0] as number;
}
