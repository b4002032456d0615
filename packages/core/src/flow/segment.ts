/**
 * Straight segments between continuous points against the walls of a grid, with the field's diagonal rules at
 * tile corners. Shared by the follower (`followFlow`), the any-angle reference (`anyAnglePath`) and the tests.
 */

/** Diagonal rules as small integers (as the field kernels): 0 never, 1 always, 2 if-one-free, 3 if-both-free. */
export const SEG_RULE_NEVER = 0;
export const SEG_RULE_ALWAYS = 1;
export const SEG_RULE_ONE_FREE = 2;
export const SEG_RULE_BOTH_FREE = 3;

/** Crossings closer than this (as a fraction of the segment, times its length in tiles) count as one corner. */
const CORNER_TOLERANCE = 1e-12;
/** Coordinates this close to a whole number count as on the grid line. */
const LINE_TOLERANCE = 1e-12;

/**
 * Segment ends for {@link segmentClearAt}: [x0, y0, x1, y1]. PERF: V8 passes numbers to a call that is not inlined as
 * tagged values, so every double argument of a hot call allocates; the kernels hand over coordinates here instead.
 */
export const SEGMENT = new Float64Array(4);

function free(pass: Uint8Array, w: number, h: number, code: number, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < w && y < h && pass[y * w + x] === code;
}

/**
 * True when the straight segment from (x0, y0) to (x1, y1) (tiles) passes through the interior of no tile whose
 * passability code differs from `code` (walls, other codes, outside the map), and passes every tile corner it
 * crosses diagonally as `rule` allows: if-both-free needs both tiles beside the corner to be free, if-one-free
 * and never one of them, always none. A segment that runs along a grid line needs a free tile on one side all
 * the way, and may switch sides at a corner only under `always`. Touching a wall (ending on its edge, grazing a
 * corner without crossing) is allowed. Endpoints within 1e-12 tiles of a grid line count as on it.
 * O(tiles crossed), no allocation.
 */
export function segmentClear(
  pass: Uint8Array,
  w: number,
  h: number,
  code: number,
  rule: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): boolean {
  SEGMENT[0] = x0;
  SEGMENT[1] = y0;
  SEGMENT[2] = x1;
  SEGMENT[3] = y1;
  return segmentClearAt(pass, w, h, code, rule);
}

/** {@link segmentClear} for the segment stored in {@link SEGMENT}. */
export function segmentClearAt(pass: Uint8Array, w: number, h: number, code: number, rule: number): boolean {
  const x0 = SEGMENT[0] as number;
  const y0 = SEGMENT[1] as number;
  const x1 = SEGMENT[2] as number;
  const y1 = SEGMENT[3] as number;
  const dx = x1 - x0;
  const dy = y1 - y0;
  const rx = Math.round(x0);
  const ry = Math.round(y0);
  const onX = Math.abs(x0 - rx) <= LINE_TOLERANCE;
  const onY = Math.abs(y0 - ry) <= LINE_TOLERANCE;
  if (dx === 0 && dy === 0) return onX || onY ? true : free(pass, w, h, code, Math.floor(x0), Math.floor(y0));
  if (dx === 0 && onX) return alongLine(pass, w, h, code, rule, rx, y0, y1, true);
  if (dy === 0 && onY) return alongLine(pass, w, h, code, rule, ry, x0, x1, false);
  const sx = dx > 0 ? 1 : dx < 0 ? -1 : 0;
  const sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
  // The tile the segment starts in (on a grid line: the one it moves into).
  let cx = onX ? (sx > 0 ? rx : sx < 0 ? rx - 1 : rx) : Math.floor(x0);
  let cy = onY ? (sy > 0 ? ry : sy < 0 ? ry - 1 : ry) : Math.floor(y0);
  if (onX && onY && sx !== 0 && sy !== 0) {
    // Starting on a corner and leaving it diagonally: the start is a corner crossing of its own.
    if (!free(pass, w, h, code, cx, cy)) return false;
  } else if (!free(pass, w, h, code, cx, cy)) return false;
  const length = Math.sqrt(dx * dx + dy * dy);
  const tol = CORNER_TOLERANCE / length;
  // PERF: each crossing parameter is computed afresh from the start (no accumulated error, so corners are told
  // apart exactly for lattice points), by multiplying with the inverse; the tolerance covers the rounding.
  const ix = sx === 0 ? 0 : 1 / dx;
  const iy = sy === 0 ? 0 : 1 / dy;
  const nextX = sx > 0 ? 1 : 0;
  const nextY = sy > 0 ? 1 : 0;
  for (;;) {
    const tX = sx === 0 ? Number.POSITIVE_INFINITY : (cx + nextX - x0) * ix;
    const tY = sy === 0 ? Number.POSITIVE_INFINITY : (cy + nextY - y0) * iy;
    if (Math.min(tX, tY) >= 1 - tol) return true;
    if (Math.abs(tX - tY) <= tol) {
      const a = free(pass, w, h, code, cx + sx, cy);
      const b = free(pass, w, h, code, cx, cy + sy);
      if (rule === SEG_RULE_BOTH_FREE ? !(a && b) : rule !== SEG_RULE_ALWAYS && !(a || b)) return false;
      cx += sx;
      cy += sy;
    } else if (tX < tY) cx += sx;
    else cy += sy;
    if (!(cx >= 0 && cy >= 0 && cx < w && cy < h && pass[cy * w + cx] === code)) return false;
  }
}

/** A segment on the grid line `line` (x = line when `vertical`, else y = line) from `from` to `to` along it. */
function alongLine(
  pass: Uint8Array,
  w: number,
  h: number,
  code: number,
  rule: number,
  line: number,
  from: number,
  to: number,
  vertical: boolean,
): boolean {
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  const first = Math.floor(lo + LINE_TOLERANCE);
  const last = Math.ceil(hi - LINE_TOLERANCE) - 1;
  let prevA = false;
  let prevB = false;
  for (let k = first; k <= last; k++) {
    const a = vertical ? free(pass, w, h, code, line - 1, k) : free(pass, w, h, code, k, line - 1);
    const b = vertical ? free(pass, w, h, code, line, k) : free(pass, w, h, code, k, line);
    if (!(a || b)) return false;
    if (k > first && !((a && prevA) || (b && prevB)) && rule !== SEG_RULE_ALWAYS) return false;
    prevA = a;
    prevB = b;
  }
  return true;
}
