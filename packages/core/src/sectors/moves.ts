/**
 * The move rules and step costs of the fields on the unpadded grid, one small function each, for the sector
 * code that looks at single moves (path assembly, lines, the corridor searches). A move a -> b needs
 * `passable[a] === passable[b] !== 0`; a diagonal also needs its two side tiles to carry that code (both, one
 * or neither, per the diagonal rule). Direction indices follow `DIRECTIONS` (0 N, 1 E, 2 S, 3 W, 4 NE, 5 SE,
 * 6 SW, 7 NW).
 */
import { M_STEPS, R_ALWAYS, R_BOTH_FREE, R_NEVER } from './sector-options.js';

export const DX = Int8Array.of(0, 1, 0, -1, 1, 1, -1, -1);
export const DY = Int8Array.of(-1, 0, 1, 0, -1, 1, 1, -1);
/** The opposite of each direction index. */
export const DIR_OPPOSITE_LOCAL = Uint8Array.of(2, 3, 0, 1, 6, 7, 4, 5);

/** Direction index of the unit step (dx, dy) (each -1, 0 or 1, not both 0). */
export function dirOf(dx: number, dy: number): number {
  return DIR_OF[(dy + 1) * 3 + dx + 1] as number;
}
const DIR_OF = Uint8Array.of(7, 0, 4, 3, 255, 1, 6, 2, 5);

/** True when the step from (x, y) in direction d is legal on the grid. */
export function canStep(
  passable: Uint8Array,
  width: number,
  height: number,
  rule: number,
  x: number,
  y: number,
  d: number,
): boolean {
  const nx = x + (DX[d] as number);
  const ny = y + (DY[d] as number);
  if (nx < 0 || ny < 0 || nx >= width || ny >= height) return false;
  const code = passable[y * width + x] as number;
  if (code === 0 || passable[ny * width + nx] !== code) return false;
  if (d < 4 || rule === R_ALWAYS) return true;
  if (rule === R_NEVER) return false;
  const a = passable[y * width + nx] === code;
  const b = passable[ny * width + x] === code;
  return rule === R_BOTH_FREE ? a && b : a || b;
}

/** Cost of the step into tile `to` in direction d (a legal step), as the fields price it. */
export function stepCost(metric: number, terrain: Float32Array | null, to: number, d: number): number {
  if (metric === M_STEPS) return 1;
  const w = terrain === null ? 1 : (terrain[to] as number);
  return d < 4 ? w : w * Math.SQRT2;
}

/**
 * A lower bound of the cost between two tiles dx, dy apart (both >= 0) that is also the exact cost of a
 * straight walk in the open: Manhattan without diagonals, Chebyshev for `steps`, octile otherwise (terrain is
 * at least 1, so the bound holds for `weighted` too).
 */
export function distanceBound(metric: number, rule: number, dx: number, dy: number): number {
  if (rule === R_NEVER) return dx + dy;
  const lo = Math.min(dx, dy);
  const hi = Math.max(dx, dy);
  return metric === M_STEPS ? hi : hi - lo + lo * Math.SQRT2;
}

/** Exact cost of a path of `straight` straight and `diagonal` diagonal steps in the open (not weighted). */
export function openCost(metric: number, straight: number, diagonal: number): number {
  return metric === M_STEPS ? straight + diagonal : straight + diagonal * Math.SQRT2;
}

/**
 * The A* searches' estimate from (x, y) to (gx, gy): {@link distanceBound} with the rule and metric read once per
 * search (`straight`: no diagonals; `octile`: not `steps`).
 */
export function estimateTo(x: number, y: number, gx: number, gy: number, straight: boolean, octile: boolean): number {
  const dx = x > gx ? x - gx : gx - x;
  const dy = y > gy ? y - gy : gy - y;
  if (straight) return dx + dy;
  return dx > dy ? (octile ? dx - dy + dy * Math.SQRT2 : dx) : octile ? dy - dx + dx * Math.SQRT2 : dy;
}

/** The straight neighbours of tile t at (x, y) that carry `code`: bit d for direction d (N 1, E 2, S 4, W 8). */
export function openStraight(
  passable: Uint8Array,
  t: number,
  x: number,
  y: number,
  width: number,
  height: number,
  code: number,
): number {
  let open = 0;
  if (y > 0 && passable[t - width] === code) open = 1;
  if (x < width - 1 && passable[t + 1] === code) open |= 2;
  if (y < height - 1 && passable[t + width] === code) open |= 4;
  if (x > 0 && passable[t - 1] === code) open |= 8;
  return open;
}

/** The cost of the step in direction d into tile nt: `diagonal` (1 or sqrt 2) without terrain, else its terrain. */
export function stepInto(terrain: Float32Array | null, nt: number, d: number, diagonal: number): number {
  if (terrain === null) return d < 4 ? 1 : diagonal;
  return d < 4 ? (terrain[nt] as number) : (terrain[nt] as number) * Math.SQRT2;
}
