import type { Grid } from '@fieldmarshal/core';

/**
 * `count` unit starts as x, y pairs: the start tile first, then walkable tiles scattered (deterministically)
 * within `radius` tiles of it. Fewer when the area has fewer walkable tiles than asked for after 50 tries each.
 */
export function crowdStarts(grid: Grid, x: number, y: number, count: number, radius: number): Int32Array {
  const out = new Int32Array(2 * count);
  out[0] = x;
  out[1] = y;
  let n = 1;
  let s = (x * 73856093) ^ (y * 19349663) ^ 0x9e3779b9;
  const random = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  for (let tries = 0; n < count && tries < 50 * count; tries++) {
    const tx = Math.round(x + (random() * 2 - 1) * radius);
    const ty = Math.round(y + (random() * 2 - 1) * radius);
    if (!grid.inBounds(tx, ty) || !grid.isPassable(tx, ty)) continue;
    out[2 * n] = tx;
    out[2 * n + 1] = ty;
    n++;
  }
  return out.subarray(0, 2 * n);
}
