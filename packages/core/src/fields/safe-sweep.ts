/**
 * The exact sweep test of the safe rule (./safe-step.ts): does a square body swept along a short segment overlap
 * a blocked tile of the 3 x 3 block? Internal.
 */

/** Overlaps thinner than this (tiles) count as touching: a body clamped against a wall is outside it. */
export const TOUCH = 1e-9;

/**
 * True when the square of half-side c swept from (fx, fy) by (mx, my) overlaps (by more than {@link TOUCH}) no
 * tile of `mask` (tiles of the 3 x 3 block, coordinates relative to the middle tile's corner). Each tile grown by
 * c is an open box; the sweep's bounding box must overlap it (exact for a move along an axis), and for a slanted
 * move the segment must meet it: the parameter ranges inside its two slabs overlap (Liang-Barsky).
 * PERF: the bounding box rejects most tiles without a division.
 */
export function sweepClear(mask: number, fx: number, fy: number, mx: number, my: number, c: number): boolean {
  return sweepScan(mask, fx, fy, mx, my, c, true) > 1;
}

/**
 * The parameter in [0, 1] at which the square of half-side c swept from (fx, fy) by (mx, my) first overlaps (by
 * more than {@link TOUCH}) a tile of `mask`, or Infinity when the whole sweep is clear (as {@link sweepClear}).
 */
export function sweepEntry(mask: number, fx: number, fy: number, mx: number, my: number, c: number): number {
  return sweepScan(mask, fx, fy, mx, my, c, false);
}

/** The sweep test of {@link sweepClear} and {@link sweepEntry}: with `any`, 0 at the first tile met. */
function sweepScan(mask: number, fx: number, fy: number, mx: number, my: number, c: number, any: boolean): number {
  const g = c - TOUCH;
  // The sweep's bounding box grown by the body (less the touch tolerance).
  const bx0 = (mx < 0 ? fx + mx : fx) - g;
  const bx1 = (mx < 0 ? fx : fx + mx) + g;
  const by0 = (my < 0 ? fy + my : fy) - g;
  const by1 = (my < 0 ? fy : fy + my) + g;
  const slanted = mx !== 0 && my !== 0;
  let first = Number.POSITIVE_INFINITY;
  let m = mask;
  while (m !== 0) {
    const low = m & -m;
    m ^= low;
    const k = 31 - Math.clz32(low);
    const col = k % 3;
    const i = col - 1;
    const j = (k - col) / 3 - 1;
    if (!(bx1 > i && bx0 < i + 1 && by1 > j && by0 < j + 1)) continue;
    if (any && !slanted) return 0;
    // The segment against the tile grown by g: the parameters inside both of its slabs.
    const t = slabsEntry(fx, fy, mx, my, i - g, j - g, i + 1 + g, j + 1 + g);
    if (t <= 1) {
      if (any) return t;
      if (t < first) first = t;
    }
  }
  return first;
}

/** The parameter interval that {@link narrowTo} narrows. */
let spanLo = 0;
let spanHi = 1;

/**
 * Narrows [spanLo, spanHi] to the parameters t at which f + t * m lies strictly between lo and hi (one slab of
 * Liang-Barsky); for m = 0, to nothing unless f does. False when the interval is empty.
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
  if (a > spanLo) spanLo = a;
  if (b < spanHi) spanHi = b;
  return spanLo < spanHi;
}

/**
 * The parameter in [0, 1] at which the segment from (fx, fy) by (mx, my) enters the open box [x0, x1] x [y0, y1]
 * (Liang-Barsky), or Infinity when it does not enter it.
 */
export function slabsEntry(
  fx: number,
  fy: number,
  mx: number,
  my: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): number {
  spanLo = 0;
  spanHi = 1;
  return narrowTo(fx, mx, x0, x1) && narrowTo(fy, my, y0, y1) ? spanLo : Number.POSITIVE_INFINITY;
}
