/**
 * The blocked masks of ./safe-step.ts, one small function per way a map says "blocked": a flow's anchors, a
 * field's costs, a corridor field's costs, a grid's passability codes. Each reads only the tiles of the 3 x 3 block
 * that a body of half-side c stepping up to `reach - c` tiles from (fx, fy) in its tile can touch (none in the
 * middle of a tile), so the common case costs no neighbour read. Internal.
 */
import { TOUCH } from './safe-step.js';

/** Which columns (bits 0..2 for -1..1) and rows (bits 3..5) of the 3 x 3 block the body can reach. */
function reachBits(fx: number, fy: number, reach: number): number {
  let bits = 0b010_010;
  if (fx < reach - TOUCH) bits |= 0b000_001;
  if (fx > 1 - reach + TOUCH) bits |= 0b000_100;
  if (fy < reach - TOUCH) bits |= 0b001_000;
  if (fy > 1 - reach + TOUCH) bits |= 0b100_000;
  return bits;
}

/**
 * Mask of the tiles around (tx, ty) that a flow layer (`anchor[base + y * w + x]`) says are blocked: no anchor
 * (walls, unreachable), outside the map, or, with `pass`, of another passability code than `code`. `reach` is the
 * body's half-side plus the step.
 */
export function flowMask(
  anchor: Int32Array,
  base: number,
  w: number,
  h: number,
  tx: number,
  ty: number,
  pass: Uint8Array | null,
  code: number,
  fx: number,
  fy: number,
  reach: number,
): number {
  const bits = reachBits(fx, fy, reach);
  let mask = 0;
  for (let dy = -1; dy <= 1; dy++) {
    if ((bits & (8 << (dy + 1))) === 0) continue;
    const y = ty + dy;
    for (let dx = -1; dx <= 1; dx++) {
      if ((bits & (1 << (dx + 1))) === 0) continue;
      const x = tx + dx;
      const bit = 1 << ((dy + 1) * 3 + dx + 1);
      if (x < 0 || y < 0 || x >= w || y >= h) mask |= bit;
      else {
        const i = y * w + x;
        if (anchor[base + i] === -1 || (pass !== null && pass[i] !== code)) mask |= bit;
      }
    }
  }
  return mask;
}

/** Mask of the tiles around (tx, ty) that a field says are blocked: cost not finite, outside, or another code. */
export function fieldMask(
  cost: Float64Array,
  w: number,
  h: number,
  tx: number,
  ty: number,
  pass: Uint8Array | null,
  code: number,
  fx: number,
  fy: number,
  reach: number,
): number {
  const bits = reachBits(fx, fy, reach);
  let mask = 0;
  for (let dy = -1; dy <= 1; dy++) {
    if ((bits & (8 << (dy + 1))) === 0) continue;
    const y = ty + dy;
    for (let dx = -1; dx <= 1; dx++) {
      if ((bits & (1 << (dx + 1))) === 0) continue;
      const x = tx + dx;
      const bit = 1 << ((dy + 1) * 3 + dx + 1);
      if (x < 0 || y < 0 || x >= w || y >= h) mask |= bit;
      else {
        const i = y * w + x;
        if (!((cost[i] as number) < Number.POSITIVE_INFINITY) || (pass !== null && pass[i] !== code)) mask |= bit;
      }
    }
  }
  return mask;
}

/** Mask of the tiles around (tx, ty) of another passability code than `code` (walls: 0), or outside the map. */
export function passMask(
  pass: Uint8Array,
  w: number,
  h: number,
  tx: number,
  ty: number,
  code: number,
  fx: number,
  fy: number,
  reach: number,
): number {
  const bits = reachBits(fx, fy, reach);
  let mask = 0;
  for (let dy = -1; dy <= 1; dy++) {
    if ((bits & (8 << (dy + 1))) === 0) continue;
    const y = ty + dy;
    for (let dx = -1; dx <= 1; dx++) {
      if ((bits & (1 << (dx + 1))) === 0) continue;
      const x = tx + dx;
      if (x < 0 || y < 0 || x >= w || y >= h || pass[y * w + x] !== code) mask |= 1 << ((dy + 1) * 3 + dx + 1);
    }
  }
  return mask;
}
