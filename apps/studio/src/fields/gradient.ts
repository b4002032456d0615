import { DIR_DX, DIR_DY, type DiagonalRule, NO_DIRECTION } from '@fieldmarshal/core';
import type { TileValues } from './heatmap.js';

/** Which way a unit follows a map: down a cost field or safety map, up a scent or flee map. */
export type Climb = 'descend' | 'ascend';

/** Which moves a unit following a map may take. */
export interface MoveRule {
  /** 4 or 8. */
  neighbors: 4 | 8;
  /** When a diagonal move is allowed (with 8 neighbours). */
  diagonal: DiagonalRule;
}

/**
 * Direction index (into core's DIRECTIONS) of the neighbour that is strictly better than tile (x, y) on the
 * map (lowest when descending, highest when ascending), or NO_DIRECTION at a local optimum (a goal, a dead end
 * of the map), on a wall, or on a tile that carries no value (unseen or unreachable). Moves follow the grid's rule: only between tiles of the same passability code, and
 * diagonals only as the diagonal rule allows. Ties go to the first direction in table order (orthogonal first).
 * Computed on demand for one tile: the page calls it only for visible arrows and for moving units.
 */
export function bestNeighbor(
  field: TileValues,
  passable: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
  climb: Climb,
  rule: MoveRule,
): number {
  const i = y * width + x;
  const code = passable[i];
  if (code === undefined || code === 0) return NO_DIRECTION;
  const sign = climb === 'ascend' ? -1 : 1; // compare sign * value: lower is better
  const own = score(field, i, sign);
  // A tile without a value (unseen, unreachable) carries no information about where to go (seed 002).
  if (own === Number.POSITIVE_INFINITY) return NO_DIRECTION;
  let best = own;
  let bestDir = NO_DIRECTION;
  const count = rule.neighbors === 4 ? 4 : 8;
  for (let d = 0; d < count; d++) {
    const dx = DIR_DX[d] as number;
    const dy = DIR_DY[d] as number;
    const nx = x + dx;
    const ny = y + dy;
    if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
    const j = ny * width + nx;
    if (passable[j] !== code) continue;
    if (d >= 4 && !diagonalAllowed(passable, width, x, y, dx, dy, code, rule.diagonal)) continue;
    const s = score(field, j, sign);
    if (s < best) {
      best = s;
      bestDir = d;
    }
  }
  return bestDir;
}

/** sign * value, or +Infinity when the tile carries no value (so it is never chosen). */
function score(field: TileValues, i: number, sign: number): number {
  const v = field.values[i];
  if (v === undefined) return Number.POSITIVE_INFINITY;
  if (field.kind === 'scent') return v >= 0 ? sign * v : Number.POSITIVE_INFINITY;
  return Number.isFinite(v) ? sign * v : Number.POSITIVE_INFINITY;
}

function diagonalAllowed(
  passable: Uint8Array,
  width: number,
  x: number,
  y: number,
  dx: number,
  dy: number,
  code: number,
  rule: DiagonalRule,
): boolean {
  if (rule === 'always') return true;
  if (rule === 'never') return false;
  const a = passable[y * width + x + dx] === code;
  const b = passable[(y + dy) * width + x] === code;
  return rule === 'if-one-free' ? a || b : a && b;
}
