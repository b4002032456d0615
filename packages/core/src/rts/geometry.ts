import { dHypot } from '../determinism/deterministic-math.js';
import type { DiagonalRule } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';

/**
 * Can a unit's centre move straight from (px, py) to (qx, qy)? Every tile the segment passes through must
 * have the passability code of the start tile, and where the segment crosses a tile corner diagonally both
 * orthogonal tiles must too (the `if-both-free` rule). Sampled every 0.2 tiles; for the short steps of the
 * prediction queue and for line-of-sight checks between waypoints.
 */
export function rtsSegmentClear(grid: Grid, px: number, py: number, qx: number, qy: number): boolean {
  const w = grid.width;
  const h = grid.height;
  const pass = grid.passable;
  let tx = Math.floor(px);
  let ty = Math.floor(py);
  if (tx < 0 || ty < 0 || tx >= w || ty >= h) return false;
  const code = pass[ty * w + tx] as number;
  if (code === 0) return false;
  const len = dHypot(qx - px, qy - py);
  const n = Math.max(1, Math.ceil(len / 0.2));
  for (let k = 1; k <= n; k++) {
    const sx = px + ((qx - px) * k) / n;
    const sy = py + ((qy - py) * k) / n;
    const nx = Math.floor(sx);
    const ny = Math.floor(sy);
    if (nx === tx && ny === ty) continue;
    if (nx < 0 || ny < 0 || nx >= w || ny >= h) return false;
    if (pass[ny * w + nx] !== code) return false;
    if (nx !== tx && ny !== ty) {
      if (pass[ty * w + nx] !== code || pass[ny * w + tx] !== code) return false;
    }
    tx = nx;
    ty = ny;
  }
  return true;
}

/** Is tile (tx, ty) inside the grid and of passability `code` (any walkable code when code is -1)? */
export function rtsTileOpen(grid: Grid, tx: number, ty: number, code = -1): boolean {
  if (tx < 0 || ty < 0 || tx >= grid.width || ty >= grid.height) return false;
  const c = grid.passable[ty * grid.width + tx] as number;
  return code < 0 ? c !== 0 : c === code;
}

/** Octile distance between two tiles. */
export function rtsOctile(ax: number, ay: number, bx: number, by: number): number {
  const dx = Math.abs(ax - bx);
  const dy = Math.abs(ay - by);
  return dx > dy ? dx - dy + Math.SQRT2 * dy : dy - dx + Math.SQRT2 * dx;
}

/**
 * Can a unit step from tile (tx, ty) to the adjacent tile (nx, ny)? The target must have the passability code of
 * (tx, ty); a diagonal step also follows the diagonal `rule` for the two orthogonal tiles it passes.
 */
export function rtsAdjacentOpen(
  grid: Grid,
  rule: DiagonalRule,
  tx: number,
  ty: number,
  nx: number,
  ny: number,
): boolean {
  const code = grid.passable[ty * grid.width + tx] as number;
  if (!rtsTileOpen(grid, nx, ny, code)) return false;
  if (nx !== tx && ny !== ty) {
    if (rule === 'never') return false;
    const a = rtsTileOpen(grid, nx, ty, code);
    const b = rtsTileOpen(grid, tx, ny, code);
    if (rule === 'if-both-free' && !(a && b)) return false;
    if (rule === 'if-one-free' && !(a || b)) return false;
  }
  return true;
}

/** Does a body of radius r (tiles) centred at (x, y) stay off the blocked tiles beside its own tile (4 sides)? */
export function rtsClearOfWalls(grid: Grid, x: number, y: number, r: number): boolean {
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  const code = grid.passable[ty * grid.width + tx] as number;
  const fx = x - tx;
  const fy = y - ty;
  if (fx < r && !rtsTileOpen(grid, tx - 1, ty, code)) return false;
  if (1 - fx < r && !rtsTileOpen(grid, tx + 1, ty, code)) return false;
  if (fy < r && !rtsTileOpen(grid, tx, ty - 1, code)) return false;
  if (1 - fy < r && !rtsTileOpen(grid, tx, ty + 1, code)) return false;
  return true;
}

/**
 * The clearance (a {@link computeRtsClearance} value) a body of hard radius r (tiles) needs: 0 up to half a tile
 * (one tile holds it), else the half-side c of the square of (2c + 1) x (2c + 1) walkable tiles around its tile,
 * with a tenth of a tile to spare (c + 0.5 >= r + 0.1), so that the body also clears the corners of a diagonal
 * step between two such tiles.
 */
export function rtsBodyClearance(r: number): number {
  return r <= 0.5 ? 0 : Math.ceil(r - 0.4 - 1e-9);
}

/**
 * Does a body of radius r (tiles) centred at (x, y) overlap no tile of another passability code than its own
 * tile's (walls included) and stay inside the grid? Exact for discs against tile squares; O(r^2) tiles.
 */
export function rtsBodyClear(grid: Grid, x: number, y: number, r: number): boolean {
  const w = grid.width;
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  if (x - r < 0 || y - r < 0 || x + r > w || y + r > grid.height) return false;
  const code = grid.passable[ty * w + tx] as number;
  if (code === 0) return false;
  const x0 = Math.floor(x - r);
  const x1 = Math.ceil(x + r) - 1;
  const y0 = Math.floor(y - r);
  const y1 = Math.ceil(y + r) - 1;
  const r2 = r * r - 1e-9;
  for (let j = y0; j <= y1; j++) {
    const dy = y < j ? j - y : y > j + 1 ? y - j - 1 : 0;
    for (let i = x0; i <= x1; i++) {
      if (grid.passable[j * w + i] === code) continue;
      const dx = x < i ? i - x : x > i + 1 ? x - i - 1 : 0;
      if (dx * dx + dy * dy < r2) return false;
    }
  }
  return true;
}

/** Distance from point (px, py) to the segment (ax, ay)-(bx, by). */
export function rtsSegmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2)) : 0;
  return dHypot(px - ax - t * dx, py - ay - t * dy);
}
