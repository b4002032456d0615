/**
 * The safe rule of ../fields/safe-step.ts on a flow: the one helper through which sampleFlow, followFlow, the
 * followers and the crowd read a flow. Internal.
 */
import * as safeMask from '../fields/safe-mask.js';
import * as safeStep from '../fields/safe-step.js';
import * as anchorCode from './anchor-code.js';

// PERF: module-local copies of the imported names (V8 checks an imported binding's module cell on every use; a
// local const costs nothing; see ../followers/followers-step.ts).
const { flowMask, reachMask } = safeMask;
const { SAFE, SAFE_STEP, safeDirection } = safeStep;
const { CORNER_EXACT, CORNER_PLUS_X, CORNER_PLUS_Y } = anchorCode;

/**
 * The direction at the point (SAFE[0], SAFE[1]) (tiles, inside the map) for a body of half-side SAFE[4], on the
 * flow layer `anchor[base + y * w + x]` (the tile's own vector from `vx`, `vy` when given, used at the anchor
 * itself); `pass` and `code` (or null) add the tiles of another passability code to the blocked ones. Writes
 * SAFE[0..2] (direction, how far it may be followed); returns the rule (RULE_* of safe-step.ts), RULE_STILL on a
 * tile without an anchor. `corners` false leaves out the corner rule. `whole`, when not negative, is the flow's blocked
 * mask of the whole 3 x 3 block (`flowMask` with a reach of 1 or more) for a caller that has read it already.
 */
export function flowDirection(
  anchor: Int32Array,
  base: number,
  vx: Float32Array | null,
  vy: Float32Array | null,
  w: number,
  h: number,
  pass: Uint8Array | null,
  code: number,
  corners = true,
  whole = -1,
): number {
  const x = SAFE[0] as number;
  const y = SAFE[1] as number;
  const c = SAFE[4] as number;
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  const i = ty * w + tx;
  const a = anchor[base + i] as number;
  if (a === -1) {
    SAFE[0] = 0;
    SAFE[1] = 0;
    SAFE[2] = 0;
    return 0;
  }
  const fx = x - tx;
  const fy = y - ty;
  // The anchor relative to the tile's corner (anchorCodeX / anchorCodeY, with one division for both).
  let ax: number;
  let ay: number;
  if (a >= 0) {
    const v = a >> 3;
    const kind = a & 7;
    const vy = Math.floor(v / (w + 1));
    const vx = v - vy * (w + 1);
    ax = kind === CORNER_EXACT ? vx : (kind & CORNER_PLUS_X) !== 0 ? vx + c : vx - c;
    ay = kind === CORNER_EXACT ? vy : (kind & CORNER_PLUS_Y) !== 0 ? vy + c : vy - c;
  } else {
    const j = -2 - a;
    const jy = Math.floor(j / w);
    ax = j - jy * w + 0.5;
    ay = jy + 0.5;
  }
  ax -= tx;
  ay -= ty;
  SAFE[0] = fx;
  SAFE[1] = fy;
  SAFE[2] = ax;
  SAFE[3] = ay;
  // PERF: the tile's own vector is read only where it is used (at the anchor itself): two fewer reads per call.
  const ex = ax - fx;
  const ey = ay - fy;
  const near = ex * ex + ey * ey < 1e-17;
  SAFE[5] = vx === null || !near ? 0 : (vx[i] as number);
  SAFE[6] = vy === null || !near ? 0 : (vy[i] as number);
  SAFE[7] = SAFE_STEP;
  const reach = c + SAFE_STEP;
  const mask =
    whole < 0 ? flowMask(anchor, base, w, h, tx, ty, pass, code, fx, fy, reach) : whole & reachMask(fx, fy, reach);
  return safeDirection(mask, corners);
}
