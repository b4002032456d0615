/**
 * Straight walks inside a loaded sector (padded codes of {@link LocalSearch}): a walk that only steps towards
 * the target, with as many diagonal steps as the smaller of |dx| and |dy|, costs exactly the distance bound of
 * moves.ts (octile, Chebyshev or Manhattan), so when one is legal it is a shortest path and no search is needed.
 * Three shapes are tried: a Bresenham line, diagonals first, straights first (without diagonal moves a
 * diagonal becomes an x step then a y step, giving a staircase and the two L shapes).
 */
import { R_ALWAYS, R_BOTH_FREE, R_NEVER } from './sector-options.js';

/** True when the step from padded index p in direction d is legal in `st`. */
function legal(st: Uint8Array, off: Int32Array, rule: number, p: number, d: number): boolean {
  const pu = st[p] as number;
  if (st[p + (off[d] as number)] !== pu) return false;
  if (d < 4 || rule === R_ALWAYS) return true;
  // Side tiles of NE, SE, SW, NW: (N, E), (S, E), (S, W), (N, W).
  const a = st[p + (off[d === 4 || d === 7 ? 0 : 2] as number)] === pu;
  const b = st[p + (off[d === 4 || d === 5 ? 1 : 3] as number)] === pu;
  return rule === R_BOTH_FREE ? a && b : a || b;
}

/** Direction index per (sx + 1) + 3 (sy + 1) of a unit step. */
const DIR_OF = Uint8Array.of(7, 0, 4, 3, 255, 1, 6, 2, 5);

/**
 * One step from padded index p in direction d (without diagonal moves, a diagonal becomes an x step then a y
 * step), recording the directions at `dirs[n..]` when given. Returns the new index, or -1 when illegal.
 */
function stepFrom(
  st: Uint8Array,
  off: Int32Array,
  rule: number,
  p: number,
  d: number,
  xDir: number,
  yDir: number,
  dirs: Uint8Array | null,
  n: number,
): number {
  if (d >= 4 && rule === R_NEVER) {
    if (!legal(st, off, rule, p, xDir)) return -1;
    if (dirs !== null) dirs[n++] = xDir;
    p += off[xDir] as number;
    d = yDir;
  }
  if (!legal(st, off, rule, p, d)) return -1;
  if (dirs !== null) dirs[n] = d;
  return p + (off[d] as number);
}

/**
 * Walks from (x0, y0) to (x1, y1) (padded coordinates) in `shape` 0 (Bresenham), 1 (diagonals first) or
 * 2 (straights first). Returns the number of steps when every step is legal (writing the direction of each
 * step into `dirs` when given), or -1.
 */
export function straightWalk(
  st: Uint8Array,
  stride: number,
  off: Int32Array,
  rule: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  shape: number,
  dirs: Uint8Array | null,
): number {
  const dx = Math.abs(x1 - x0);
  const dy = Math.abs(y1 - y0);
  const sx = x1 > x0 ? 1 : x1 < x0 ? -1 : 0;
  const sy = y1 > y0 ? 1 : y1 < y0 ? -1 : 0;
  const diag = DIR_OF[sx + 1 + 3 * (sy + 1)] as number;
  const xDir = DIR_OF[sx + 1 + 3] as number;
  const yDir = DIR_OF[1 + 3 * (sy + 1)] as number;
  const major = dx >= dy ? xDir : yDir;
  const lo = Math.min(dx, dy);
  const hi = Math.max(dx, dy);
  const twoSteps = rule === R_NEVER ? 2 : 1;
  let p = y0 * stride + x0;
  if (rule !== R_NEVER) return diagonalWalk(st, off, rule, p, dx, dy, xDir, yDir, diag, major, shape, dirs);
  let n = 0;
  if (shape === 0) {
    // Bresenham: hi steps along the major axis, lo of them diagonal, spread evenly.
    let err = hi >> 1;
    for (let k = 0; k < hi; k++) {
      err += lo;
      let d = major;
      if (err >= hi) {
        err -= hi;
        d = diag;
      }
      p = stepFrom(st, off, rule, p, d, xDir, yDir, dirs, n);
      if (p < 0) return -1;
      n += d >= 4 ? twoSteps : 1;
    }
  } else {
    const first = shape === 1 ? diag : major;
    const firstCount = shape === 1 ? lo : hi - lo;
    const second = shape === 1 ? major : diag;
    for (let k = 0; k < hi; k++) {
      const d = k < firstCount ? first : second;
      p = stepFrom(st, off, rule, p, d, xDir, yDir, dirs, n);
      if (p < 0) return -1;
      n += d >= 4 ? twoSteps : 1;
    }
  }
  return n;
}

/**
 * {@link straightWalk} with diagonal moves allowed (every step one move), the same steps and result.
 * PERF: the offsets of the two moves and of a diagonal's side tiles are read once, and the code once (a legal
 * step keeps it): city-8192, the straight walks of `findPath`'s windows take about 0.6x the time of the
 * per-step checks of `stepFrom`.
 */
function diagonalWalk(
  st: Uint8Array,
  off: Int32Array,
  rule: number,
  p: number,
  dx: number,
  dy: number,
  xDir: number,
  yDir: number,
  diag: number,
  major: number,
  shape: number,
  dirs: Uint8Array | null,
): number {
  const lo = Math.min(dx, dy);
  const hi = Math.max(dx, dy);
  const code = st[p] as number;
  const offMajor = off[major] as number;
  // Without a diagonal step (lo = 0) the diagonal and its sides are never read (xDir or yDir is then 255).
  const offDiag = lo > 0 ? (off[diag] as number) : 0;
  const offX = lo > 0 ? (off[xDir] as number) : 0;
  const offY = lo > 0 ? (off[yDir] as number) : 0;
  const both = rule === R_BOTH_FREE;
  const always = rule === R_ALWAYS;
  let err = hi >> 1;
  const firstCount = shape === 1 ? lo : hi - lo;
  for (let k = 0; k < hi; k++) {
    let isDiag: boolean;
    if (shape === 0) {
      err += lo;
      isDiag = err >= hi;
      if (isDiag) err -= hi;
    } else isDiag = k < firstCount ? shape === 1 : shape !== 1;
    if (isDiag) {
      if (st[p + offDiag] !== code) return -1;
      if (!always) {
        const a = st[p + offY] === code;
        const b = st[p + offX] === code;
        if (both ? !(a && b) : !(a || b)) return -1;
      }
      if (dirs !== null) dirs[k] = diag;
      p += offDiag;
    } else {
      if (st[p + offMajor] !== code) return -1;
      if (dirs !== null) dirs[k] = major;
      p += offMajor;
    }
  }
  return hi;
}

/** True when some straight walk (of the three shapes) joins the two padded tiles. */
export function straightWalkExists(
  st: Uint8Array,
  stride: number,
  off: Int32Array,
  rule: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): boolean {
  for (let shape = 0; shape < 3; shape++)
    if (straightWalk(st, stride, off, rule, x0, y0, x1, y1, shape, null) >= 0) return true;
  return false;
}
