/**
 * The move rules of the field kernels on the unpadded grid, one small function each, for the repair code that
 * touches only a few tiles (the kernels use padded state bytes instead). A move a -> b needs
 * `passable[a] === passable[b] !== 0`; a diagonal move also needs the two orthogonal tiles beside it to carry
 * that code (both, one, or neither, per the diagonal rule).
 */
import { diagonalsAllowed } from '../../util/diagonals.js';
import { RULE_ALWAYS, RULE_BOTH_FREE, RULE_NEVER, RULE_ONE_FREE } from '../options.js';

/** x and y steps of the direction indices (the order of `DIRECTIONS`). */
export const DX = Int8Array.of(0, 1, 0, -1, 1, 1, -1, -1);
export const DY = Int8Array.of(-1, 0, 1, 0, -1, 1, 1, -1);
/** The opposite direction of each direction index. */
export const OPPOSITE = Uint8Array.of(2, 3, 0, 1, 6, 7, 4, 5);

/** The grid and rules the repair works with. */
export interface MoveRules {
  width: number;
  height: number;
  passable: Uint8Array;
  /** Terrain per tile for the weighted metric, or null (cost 1 everywhere, or another metric). */
  terrain: Float32Array | null;
  /** METRIC_* of options.ts. */
  metric: number;
  /** RULE_* of options.ts (RULE_NEVER also for 4 neighbours). */
  rule: number;
}

/** Number of directions to try: 4 when no diagonal move is ever allowed. */
export function directionCount(rules: MoveRules): number {
  return rules.rule === RULE_NEVER ? 4 : 8;
}

/**
 * The moves allowed per diagonal rule and per mask of the neighbours that carry the tile's code (bit d for
 * direction d): `MOVES[(rule << 8) | same]`, one bit per direction index.
 */
const MOVES = allowedMoves();

function allowedMoves(): Uint8Array {
  const table = new Uint8Array(4 << 8);
  for (const rule of [RULE_NEVER, RULE_ALWAYS, RULE_ONE_FREE, RULE_BOTH_FREE]) {
    for (let same = 0; same < 256; same++) {
      let mask = same & 15;
      if (rule !== RULE_NEVER) {
        const f = (d: number) => (same & (1 << d)) !== 0;
        const corners = diagonalsAllowed(rule === RULE_BOTH_FREE, rule === RULE_ALWAYS, f(0), f(1), f(2), f(3));
        mask |= same & (corners << 4);
      }
      table[(rule << 8) | same] = mask;
    }
  }
  return table;
}

/**
 * The moves allowed from tile `a` at (x, y), one bit per direction index (bit d for direction d). The rules are
 * symmetric: the move back is allowed too. PERF: reads the 3 x 3 block once, with no bounds checks inside the
 * map's border, and takes the diagonal rule from a table (the repair's loops used to test each direction on its
 * own, reading the side tiles of each diagonal again).
 */
export function moveMask(rules: MoveRules, a: number, x: number, y: number): number {
  const { width, height, passable } = rules;
  const code = passable[a] as number;
  if (code === 0) return 0;
  let same = 0;
  if (x > 0 && y > 0 && x < width - 1 && y < height - 1) {
    const n = a - width;
    const s = a + width;
    same =
      (passable[n] === code ? 1 : 0) |
      (passable[a + 1] === code ? 2 : 0) |
      (passable[s] === code ? 4 : 0) |
      (passable[a - 1] === code ? 8 : 0) |
      (passable[n + 1] === code ? 16 : 0) |
      (passable[s + 1] === code ? 32 : 0) |
      (passable[s - 1] === code ? 64 : 0) |
      (passable[n - 1] === code ? 128 : 0);
  } else {
    for (let d = 0; d < 8; d++) {
      const nx = x + (DX[d] as number);
      const ny = y + (DY[d] as number);
      if (nx >= 0 && ny >= 0 && nx < width && ny < height && passable[ny * width + nx] === code) same |= 1 << d;
    }
  }
  return MOVES[(rules.rule << 8) | same] as number;
}

/** Cost of stepping into tile `b` in direction `d` (the move must be allowed), as the kernels compute it. */
export function stepCost(rules: MoveRules, b: number, d: number, straight: number, diagonal: number): number {
  const terrain = rules.terrain;
  if (terrain === null) return d < 4 ? straight : diagonal;
  const t = terrain[b] as number;
  return d < 4 ? t : t * Math.SQRT2;
}
