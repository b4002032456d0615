/**
 * Entrances of a sector. Along each border it shares with a neighbouring sector, a run is a stretch of positions
 * where the tile on this side and the tile across are walkable with the same passability code (a move across
 * is legal there). A run at least `split` long gets an entrance at each end; a shorter run one in its middle
 * (the rule of HPA*, Botea, Müller and Schaeffer), except that a short run, or the first end of a long one, is
 * skipped when the last entrance kept on this border joins the same two local regions (regions.ts) and lies
 * fewer than `spacing` tiles back: maps with scattered obstacles cut a border into many runs that mostly join
 * the same two regions, and one entrance per `spacing` tiles serves them. (Thinning the first ends of long runs
 * too: random-1024 with 20% walls, 6,748 entrances down to 5,614 and the build about 1.2x faster; on the
 * shipped Moving AI maps 0.000% over optimal on average before and after, random512-10-0 1,768 entrances down
 * to 1,128; far pairs on random-1024 0.068% to 0.075% on average over optimal, worst of 90 pairs 1.59% to
 * 1.94%.) Every pair of regions that meets on a border keeps at least one
 * entrance, so whatever is reachable stays reachable through entrances. Both sectors of a border scan the same
 * pairs with the same labels, so they put their entrances face to face. A corner tile on two borders is one
 * entrance.
 *
 * Diagonal rules that let a diagonal step pass a blocked side tile (`always`, `if-one-free`) allow crossings
 * that no straight pair offers: a diagonal step across a border, or across the corner where four sectors
 * meet. A diagonal crossing joining two regions that no straight entrance of the border joins gets an entrance
 * at both ends, and every legal corner step gets one. (With `if-both-free` a diagonal step across a border
 * always has straight pairs beside it, so straight runs suffice.)
 */
import { R_ALWAYS, R_ONE_FREE } from './sector-options.js';

/** Geometry of the sector grid, as the sector kernels read it. */
export interface SectorGeometry {
  width: number;
  height: number;
  /** log2 of the sector side. */
  shift: number;
  sectorsX: number;
  split: number;
  spacing: number;
  /** Longest stretch of a long run without an entrance (0: entrances at its ends only). */
  gap: number;
  /** Diagonal rule code (sector-options.ts). */
  rule: number;
}

/**
 * Room for the entrances of one sector before repeats are dropped: at most `size + 1` per border from straight
 * runs, `size` from diagonal crossings, and the four corners.
 */
export function maxEntrances(size: number): number {
  return 8 * size + 8;
}

// Region pairs joined by the straight entrances of the border being scanned (per thread).
let pairs = new Int32Array(256);

/** Offsets of the four label rows of a sector in `borderLabel` (4 * size per sector). */
export const LABEL_NORTH = 0;
export const LABEL_SOUTH = 1;
export const LABEL_WEST = 2;
export const LABEL_EAST = 3;

/**
 * Writes the tile indices (`y * width + x`) of sector `s`'s entrances into `out`, sorted and without repeats,
 * and returns their number. `labels` holds every sector's border labels (regions.ts). `out` needs
 * {@link maxEntrances} slots.
 */
export function sectorEntrances(
  passable: Uint8Array,
  g: SectorGeometry,
  labels: Uint16Array,
  s: number,
  out: Int32Array,
): number {
  const { width, height, shift, sectorsX } = g;
  const size = 1 << shift;
  const sx = s % sectorsX;
  const sy = (s - sx) / sectorsX;
  const x0 = sx << shift;
  const y0 = sy << shift;
  const x1 = Math.min(width, x0 + size);
  const y1 = Math.min(height, y0 + size);
  const here = 4 * size * s;
  let n = 0;
  // North and south borders: this side's row, the row across, stepping along x.
  if (y0 > 0) {
    const across = 4 * size * (s - sectorsX) + LABEL_SOUTH * size;
    n = scanBorder(passable, g, y0 * width + x0, -width, 1, x1 - x0, labels, here, across, out, n);
  }
  if (y1 < height) {
    const across = 4 * size * (s + sectorsX) + LABEL_NORTH * size;
    n = scanBorder(passable, g, (y1 - 1) * width + x0, width, 1, x1 - x0, labels, here + size, across, out, n);
  }
  // West and east borders, stepping along y.
  if (x0 > 0) {
    const across = 4 * size * (s - 1) + LABEL_EAST * size;
    n = scanBorder(passable, g, y0 * width + x0, -1, width, y1 - y0, labels, here + 2 * size, across, out, n);
  }
  if (x1 < width) {
    const across = 4 * size * (s + 1) + LABEL_WEST * size;
    n = scanBorder(passable, g, y0 * width + x1 - 1, 1, width, y1 - y0, labels, here + 3 * size, across, out, n);
  }
  if (g.rule === R_ALWAYS || g.rule === R_ONE_FREE) {
    // Corner steps to the diagonal sectors: this corner tile, the tile across the corner, the two side tiles.
    const r = g.rule;
    const nw = y0 * width + x0;
    if (x0 > 0 && y0 > 0 && diagonalOk(passable, r, nw, nw - width - 1, nw - 1, nw - width)) out[n++] = nw;
    const ne = y0 * width + x1 - 1;
    if (x1 < width && y0 > 0 && diagonalOk(passable, r, ne, ne - width + 1, ne + 1, ne - width)) out[n++] = ne;
    const sw = (y1 - 1) * width + x0;
    if (x0 > 0 && y1 < height && diagonalOk(passable, r, sw, sw + width - 1, sw - 1, sw + width)) out[n++] = sw;
    const se = (y1 - 1) * width + x1 - 1;
    if (x1 < width && y1 < height && diagonalOk(passable, r, se, se + width + 1, se + 1, se + width)) out[n++] = se;
  }
  return sortUnique(out, n);
}

/** True when the diagonal step a -> b with side tiles c, d is legal under rule `always` or `if-one-free`. */
function diagonalOk(passable: Uint8Array, rule: number, a: number, b: number, c: number, d: number): boolean {
  const code = passable[a] as number;
  if (code === 0 || passable[b] !== code) return false;
  return rule === R_ALWAYS || passable[c] === code || passable[d] === code;
}

/**
 * Scans `length` positions from tile `first` (this side) in steps of `along`; the tile across is `across` away.
 * The labels of position k are `labels[hereAt + k]` on this side and `labels[acrossAt + k]` across. Appends
 * the entrances to `out` from index `n`; returns the new count.
 */
function scanBorder(
  passable: Uint8Array,
  g: SectorGeometry,
  first: number,
  across: number,
  along: number,
  length: number,
  labels: Uint16Array,
  hereAt: number,
  acrossAt: number,
  out: Int32Array,
  n: number,
): number {
  const { split, spacing, gap } = g;
  let pairCount = 0;
  let runStart = -1;
  let runCode = 0;
  let lastAt = -spacing;
  let lastHere = -1;
  let lastAcross = -1;
  for (let k = 0; k <= length; k++) {
    let code = 0;
    if (k < length) {
      const a = first + k * along;
      const c = passable[a] as number;
      if (c !== 0 && passable[a + across] === c) code = c;
    }
    if (runStart >= 0 && code !== runCode) {
      // The run [runStart, k - 1] ends here.
      const len = k - runStart;
      const lh = labels[hereAt + runStart] as number;
      const la = labels[acrossAt + runStart] as number;
      if (len >= split && len > 1) {
        if (!(lh === lastHere && la === lastAcross && runStart - lastAt < spacing)) out[n++] = first + runStart * along;
        if (gap > 0 && len - 1 > gap) {
          // Entrances inside the run, evenly spaced at most `gap` apart.
          const parts = Math.ceil((len - 1) / gap);
          for (let q = 1; q < parts; q++) out[n++] = first + (runStart + Math.round((q * (len - 1)) / parts)) * along;
        }
        out[n++] = first + (k - 1) * along;
        lastAt = k - 1;
      } else {
        const mid = runStart + ((len - 1) >> 1);
        if (!(lh === lastHere && la === lastAcross && mid - lastAt < spacing)) {
          out[n++] = first + mid * along;
          lastAt = mid;
        }
      }
      if (lh !== lastHere || la !== lastAcross) {
        if (2 * pairCount + 2 > pairs.length) {
          const bigger = new Int32Array(pairs.length * 2);
          bigger.set(pairs);
          pairs = bigger;
        }
        pairs[2 * pairCount] = lh;
        pairs[2 * pairCount + 1] = la;
        pairCount++;
      }
      lastHere = lh;
      lastAcross = la;
      runStart = -1;
    }
    if (code !== 0 && runStart < 0) {
      runStart = k;
      runCode = code;
    }
  }
  if (g.rule !== R_ALWAYS && g.rule !== R_ONE_FREE) return n;
  // Diagonal crossings between positions k and k + 1 whose regions no straight entrance joins yet.
  for (let k = 0; k + 1 < length; k++) {
    const a0 = first + k * along;
    const a1 = a0 + along;
    for (let o = 0; o < 2; o++) {
      // side 0: this side's k to across k + 1; side 1: this side's k + 1 to across k. Both sectors of the border
      // take the two crossings in the same order (the top or left sector's k first), so they keep the same ones.
      const side = across > 0 ? o : 1 - o;
      const here = side === 0 ? a0 : a1;
      const there = (side === 0 ? a1 : a0) + across;
      if (!diagonalOk(passable, g.rule, here, there, side === 0 ? a1 : a0, (side === 0 ? a0 : a1) + across)) continue;
      const lh = labels[hereAt + k + side] as number;
      const la = labels[acrossAt + k + 1 - side] as number;
      let known = false;
      for (let q = 0; q < pairCount && !known; q++) known = pairs[2 * q] === lh && pairs[2 * q + 1] === la;
      if (known) continue;
      if (2 * pairCount + 2 > pairs.length) {
        const bigger = new Int32Array(pairs.length * 2);
        bigger.set(pairs);
        pairs = bigger;
      }
      pairs[2 * pairCount] = lh;
      pairs[2 * pairCount + 1] = la;
      pairCount++;
      out[n++] = here;
    }
  }
  return n;
}

/** Sorts the first `n` entries of `a` ascending, drops repeats, returns the new count. */
function sortUnique(a: Int32Array, n: number): number {
  for (let i = 1; i < n; i++) {
    const v = a[i] as number;
    let j = i - 1;
    while (j >= 0 && (a[j] as number) > v) {
      a[j + 1] = a[j] as number;
      j--;
    }
    a[j + 1] = v;
  }
  let m = 0;
  for (let i = 0; i < n; i++) if (m === 0 || a[i] !== a[m - 1]) a[m++] = a[i] as number;
  return m;
}
