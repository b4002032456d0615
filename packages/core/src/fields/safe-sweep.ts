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
 * PERF: the bounding box rejects most tiles without a division; the slab test multiplies by the inverses.
 */
export function sweepClear(mask: number, fx: number, fy: number, mx: number, my: number, c: number): boolean {
  const g = c - TOUCH;
  // The sweep's bounding box grown by the body (less the touch tolerance).
  const bx0 = (mx < 0 ? fx + mx : fx) - g;
  const bx1 = (mx < 0 ? fx : fx + mx) + g;
  const by0 = (my < 0 ? fy + my : fy) - g;
  const by1 = (my < 0 ? fy : fy + my) + g;
  const slanted = mx !== 0 && my !== 0;
  const ix = slanted ? 1 / mx : 0;
  const iy = slanted ? 1 / my : 0;
  let m = mask;
  while (m !== 0) {
    const low = m & -m;
    m ^= low;
    const k = 31 - Math.clz32(low);
    const col = k % 3;
    const i = col - 1;
    const j = (k - col) / 3 - 1;
    if (!(bx1 > i && bx0 < i + 1 && by1 > j && by0 < j + 1)) continue;
    if (!slanted) return false;
    // The segment against the tile grown by g: entry and exit parameters along x and y.
    let a = (i - g - fx) * ix;
    let b = (i + 1 + g - fx) * ix;
    if (a > b) {
      const t = a;
      a = b;
      b = t;
    }
    let t0 = Math.max(a, 0);
    let t1 = Math.min(b, 1);
    a = (j - g - fy) * iy;
    b = (j + 1 + g - fy) * iy;
    if (a > b) {
      const t = a;
      a = b;
      b = t;
    }
    if (a > t0) t0 = a;
    if (b < t1) t1 = b;
    if (t0 < t1) return false;
  }
  return true;
}
