/**
 * The move rules of the field kernels on the unpadded grid, one small function each, for the repair code that
 * touches only a few tiles (the kernels use padded state bytes instead). A move a -> b needs
 * `passable[a] === passable[b] !== 0`; a diagonal move also needs the two orthogonal tiles beside it to carry
 * that code (both, one, or neither, per the diagonal rule).
 */
import { diagonalsAllowed } from '../../util/diagonals.js';
import { RULE_ALWAYS, RULE_BOTH_FREE, RULE_NEVER } from '../options.js';

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
 * The moves allowed from tile `a` at (x, y), one bit per direction index (bit d for direction d). The rules are
 * symmetric: the move back is allowed too. PERF: reads the 3 x 3 block once (the repair's loops used to test
 * each direction on its own, reading the side tiles of each diagonal again).
 */
export function moveMask(rules: MoveRules, a: number, x: number, y: number): number {
  const { width, height, passable, rule } = rules;
  const code = passable[a] as number;
  if (code === 0) return 0;
  const inN = y > 0;
  const inE = x < width - 1;
  const inS = y < height - 1;
  const inW = x > 0;
  const fN = inN && passable[a - width] === code;
  const fE = inE && passable[a + 1] === code;
  const fS = inS && passable[a + width] === code;
  const fW = inW && passable[a - 1] === code;
  let mask = (fN ? 1 : 0) | (fE ? 2 : 0) | (fS ? 4 : 0) | (fW ? 8 : 0);
  if (rule === RULE_NEVER) return mask;
  const corners = diagonalsAllowed(rule === RULE_BOTH_FREE, rule === RULE_ALWAYS, fN, fE, fS, fW);
  if ((corners & 1) !== 0 && inN && inE && passable[a - width + 1] === code) mask |= 16;
  if ((corners & 2) !== 0 && inS && inE && passable[a + width + 1] === code) mask |= 32;
  if ((corners & 4) !== 0 && inS && inW && passable[a + width - 1] === code) mask |= 64;
  if ((corners & 8) !== 0 && inN && inW && passable[a - width - 1] === code) mask |= 128;
  return mask;
}

/** Cost of stepping into tile `b` in direction `d` (the move must be allowed), as the kernels compute it. */
export function stepCost(rules: MoveRules, b: number, d: number, straight: number, diagonal: number): number {
  const terrain = rules.terrain;
  if (terrain === null) return d < 4 ? straight : diagonal;
  const t = terrain[b] as number;
  return d < 4 ? t : t * Math.SQRT2;
}
