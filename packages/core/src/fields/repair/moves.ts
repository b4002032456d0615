/**
 * The move rules of the field kernels on the unpadded grid, one small function each, for the repair code that
 * touches only a few tiles (the kernels use padded state bytes instead). A move a -> b needs
 * `passable[a] === passable[b] !== 0`; a diagonal move also needs the two orthogonal tiles beside it to carry
 * that code (both, one, or neither, per the diagonal rule).
 */
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
 * True when the move from tile `a` at (x, y) one step in direction `d` is allowed. The rules are symmetric:
 * the move back is allowed too.
 */
export function canMove(rules: MoveRules, a: number, x: number, y: number, d: number): boolean {
  const { width, height, passable } = rules;
  const nx = x + (DX[d] as number);
  const ny = y + (DY[d] as number);
  if (nx < 0 || ny < 0 || nx >= width || ny >= height) return false;
  const code = passable[a] as number;
  if (code === 0 || passable[ny * width + nx] !== code) return false;
  if (d < 4 || rules.rule === RULE_ALWAYS) return true;
  if (rules.rule === RULE_NEVER) return false;
  const sideA = passable[y * width + nx] === code;
  const sideB = passable[ny * width + x] === code;
  return rules.rule === RULE_BOTH_FREE ? sideA && sideB : sideA || sideB;
}

/** Cost of stepping into tile `b` in direction `d` (the move must be allowed), as the kernels compute it. */
export function stepCost(rules: MoveRules, b: number, d: number, straight: number, diagonal: number): number {
  const terrain = rules.terrain;
  if (terrain === null) return d < 4 ? straight : diagonal;
  const t = terrain[b] as number;
  return d < 4 ? t : t * Math.SQRT2;
}
