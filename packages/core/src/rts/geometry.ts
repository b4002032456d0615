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
  const len = Math.hypot(qx - px, qy - py);
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
