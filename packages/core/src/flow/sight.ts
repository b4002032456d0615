/**
 * Lines of sight of the flow kernel, from a tile's centre to an anchor, for a mover of clearance c (a square of
 * half-side c; walls grow by c on every side, tiles outside the map are walls).
 *
 * The local rule (O(1), no line walk), in the frame where the anchor lies at (dx, dy) from the tile's centre with
 * dx >= dy >= 0 (the other octants by symmetry): n1 is the neighbour at (1, 0), n2 the one at (1, 1), s the one
 * at (0, 1).
 * - dy <= 0.5 - c: the ray stays in the tile's row, clear of the rows beside it; past the tile it runs through the
 *   same tiles as n1's ray. The tile sees the anchor when n1 does.
 * - Otherwise the ray crosses the segment between the centres of n1 and n2, and past it lies in the triangle of
 *   those centres and the anchor; no grown wall (wider than a tile) fits in that triangle without crossing the
 *   rays of n1 or n2, so the tile sees the anchor when n1 and n2 do and the ray's first part, which passes the
 *   corner shared with s at a distance that shrinks as dy / dx grows, is clear of s: s free, or
 *   dy / dx <= (0.5 - c) / (0.5 + c).
 * "n sees the anchor" is read as: n holds the same anchor (by induction its centre sees it), or the anchor lies in
 * n's own square (the free part of a tile is star-shaped from its centre), or, a couple of tiles deep, n passes the
 * same rule. The rule is sufficient, not necessary: where it fails the kernel tries an exact walk
 * ({@link seesExactly}).
 *
 * PERF: V8 passes numbers to a call that is not inlined as tagged values, so every double argument of a hot call
 * allocates a heap number; these functions take integers and read coordinates from the anchor table or from
 * {@link SIGHT}, and the clearance from module state ({@link setSightClearance}).
 */
import { anchors } from './anchor-table.js';
import { SEG_RULE_BOTH_FREE, SEGMENT, segmentClearAt } from './segment.js';

let clearance = 0;

/** Sets the clearance (tiles) the sight tests of this thread use. */
export function setSightClearance(c: number): void {
  clearance = c;
}

/** Depth of the local rule's look through neighbours that hold another anchor (see {@link seesByNeighbours}). */
const RULE_DEPTH = 2;

/**
 * True when the centre of tile i (at x, y) sees anchor `id` by the local rule. A neighbour the rule reads that
 * holds another anchor is itself tested by the rule, up to {@link RULE_DEPTH} tiles deep (still O(1)).
 */
export function seesByNeighbours(
  ids: Int32Array,
  pass: Uint8Array,
  terr: Float32Array | null,
  w: number,
  i: number,
  x: number,
  y: number,
  id: number,
): boolean {
  return seesAt(ids, pass, terr, w, i, x, y, id, pass[i] as number, RULE_DEPTH);
}

function seesAt(
  ids: Int32Array,
  pass: Uint8Array,
  terr: Float32Array | null,
  w: number,
  i: number,
  x: number,
  y: number,
  id: number,
  code: number,
  depth: number,
): boolean {
  const dx = (anchors.x[id] as number) - x - 0.5;
  const dy = (anchors.y[id] as number) - y - 0.5;
  const adx = dx < 0 ? -dx : dx;
  const ady = dy < 0 ? -dy : dy;
  let n1: number;
  let major: number;
  let minor: number;
  let side: number;
  let sx: number;
  let sy: number;
  if (adx >= ady) {
    if (adx <= 0.5) return true; // the anchor lies in the tile's own square
    sx = dx > 0 ? 1 : -1;
    sy = dy > 0 ? 1 : -1;
    n1 = i + sx;
    major = adx;
    minor = ady;
    side = sy * w;
  } else {
    if (ady <= 0.5) return true;
    sx = dx > 0 ? 1 : -1;
    sy = dy > 0 ? 1 : -1;
    n1 = i + sy * w;
    major = ady;
    minor = adx;
    side = sx;
  }
  const tv = terr === null ? 0 : (terr[i] as number);
  // PERF: the neighbours read here lie towards the anchor, so inside the map: no bounds checks.
  if (
    ids[n1] !== id &&
    !(
      pass[n1] === code &&
      (terr === null || terr[n1] === tv) &&
      ((major <= 1.5 && minor <= 0.5) ||
        (depth > 0 &&
          seesAt(ids, pass, terr, w, n1, adx >= ady ? x + sx : x, adx >= ady ? y : y + sy, id, code, depth - 1)))
    )
  )
    return false;
  const c = clearance;
  if (minor <= 0.5 - c) return true;
  const n2 = n1 + side;
  if (
    ids[n2] !== id &&
    !(
      pass[n2] === code &&
      (terr === null || terr[n2] === tv) &&
      ((major <= 1.5 && minor <= 1.5) ||
        (depth > 0 && seesAt(ids, pass, terr, w, n2, x + sx, y + sy, id, code, depth - 1)))
    )
  )
    return false;
  if (minor * (0.5 + c) <= major * (0.5 - c)) return true;
  const s = i + side;
  return pass[s] === code && (terr === null || terr[s] === tv);
}

/**
 * False when the ray from the centre of tile i (at x, y) to (ax, ay) surely meets a wall: it leaves the tile into
 * the neighbour one step along its major axis (when the point lies beyond the tile), and that neighbour is a wall.
 * True means "maybe". A cheap test before an exact walk.
 */
export function firstStepOpen(pass: Uint8Array, w: number, i: number, x: number, y: number): boolean {
  const dx = (SIGHT[2] as number) - x - 0.5;
  const dy = (SIGHT[3] as number) - y - 0.5;
  const adx = dx < 0 ? -dx : dx;
  const ady = dy < 0 ? -dy : dy;
  if (adx <= 0.5 && ady <= 0.5) return true;
  const n1 = adx >= ady ? (dx > 0 ? i + 1 : i - 1) : dy > 0 ? i + w : i - w;
  return pass[n1] === pass[i];
}

/** The two ends for {@link seesExactly}: [fromX, fromY, toX, toY]. */
export const SIGHT = new Float64Array(4);

/**
 * Exact test that a square of half-side c can slide from SIGHT[0..1] to SIGHT[2..3] without overlapping a tile of
 * another code than `code` (touching allowed): walks the two edges of the swept area (no wall fits between them),
 * each corner they pass needing both tiles beside it free. O(distance).
 */
export function seesExactly(pass: Uint8Array, w: number, h: number, code: number): boolean {
  return sweptClear(pass, w, h, code, clearance);
}

/** {@link seesExactly} with the clearance `c` given (for the follower, whose clearance is its flow's). */
export function sweptClear(pass: Uint8Array, w: number, h: number, code: number, c: number): boolean {
  const fx = SIGHT[0] as number;
  const fy = SIGHT[1] as number;
  const tx = SIGHT[2] as number;
  const ty = SIGHT[3] as number;
  // The swept square's edges run from its two corners farthest from the line of motion.
  const ox = c;
  const oy = (tx - fx) * (ty - fy) >= 0 ? -c : c;
  SEGMENT[0] = fx + ox;
  SEGMENT[1] = fy + oy;
  SEGMENT[2] = tx + ox;
  SEGMENT[3] = ty + oy;
  if (!segmentClearAt(pass, w, h, code, SEG_RULE_BOTH_FREE)) return false;
  SEGMENT[0] = fx - ox;
  SEGMENT[1] = fy - oy;
  SEGMENT[2] = tx - ox;
  SEGMENT[3] = ty - oy;
  return segmentClearAt(pass, w, h, code, SEG_RULE_BOTH_FREE);
}

/** Euclidean length of (dx, dy). PERF: Math.hypot is several times slower in V8. */
export function dist(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}
