import { anchorCodeX, anchorCodeY, flowClearance } from './anchor-code.js';
import type { Flow } from './types.js';

/** Below this distance (tiles) from its anchor a point takes its tile's vector instead of the direction to the anchor. */
const AT_ANCHOR = 1e-9;

/**
 * The flow's direction at the continuous position (x, y) in tiles, written into `out[0]` (x) and `out[1]` (y),
 * and `out` returned; no allocation. The rule: the unit vector from (x, y) towards the anchor of the tile that
 * contains the point, tile (floor(x), floor(y)); at the anchor itself (within 1e-9 tiles) the tile's own vector.
 * So every point of a tile heads straight for the same anchor, and the straight segment to it is clear of walls.
 * 0, 0 on goal tiles, walls, unreachable tiles and outside the map.
 */
export function sampleFlow<T extends { [index: number]: number }>(flow: Flow, x: number, y: number, out: T): T {
  const w = flow.width;
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  if (!(tx >= 0 && ty >= 0 && tx < w && ty < flow.height)) {
    out[0] = 0;
    out[1] = 0;
    return out;
  }
  const i = ty * w + tx;
  const code = flow.anchor[i] as number;
  const vx = flow.vx[i] as number;
  const vy = flow.vy[i] as number;
  if (code === -1 || (vx === 0 && vy === 0)) {
    out[0] = 0;
    out[1] = 0;
    return out;
  }
  const clearance = flowClearance(flow.radius);
  const dx = anchorCodeX(code, w, clearance) - x;
  const dy = anchorCodeY(code, w, clearance) - y;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (len < AT_ANCHOR) {
    out[0] = vx;
    out[1] = vy;
  } else {
    out[0] = dx / len;
    out[1] = dy / len;
  }
  return out;
}
