import { type DiagonalRule, type Grid, NO_DIRECTION } from '@fieldmarshal/core';
import { DIR_DX, DIR_DY } from '@fieldmarshal/core/grid';
import { descendMap } from '@fieldmarshal/core/scent';
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
 * Direction index (into core's DIRECTIONS) of the next step from tile (x, y) by core's `descendMap` (lowest
 * strictly better neighbour when descending, highest when ascending; ties in table order; moves only between
 * tiles of one passability code and diagonals as the rule allows), or NO_DIRECTION at a local optimum or on a
 * wall. The rule on tiles without a value is core's: -1 (no scent) in a scent or flee map reads as 0, so a unit
 * just outside the scent steps in; a non-finite cost is never stepped on, and a unit standing on one moves to
 * any real neighbour. Computed on demand for one tile: the page calls it only for visible arrows and moving units.
 */
export function bestNeighbor(
  field: TileValues,
  grid: Grid,
  x: number,
  y: number,
  climb: Climb,
  rule: MoveRule,
): number {
  if (!grid.isPassable(x, y) || field.values.length !== grid.width * grid.height) return NO_DIRECTION;
  const next = descendMap(grid, field.values, x, y, {
    neighbors: rule.neighbors,
    diagonal: rule.diagonal,
    ascend: climb === 'ascend',
  });
  if (next < 0) return NO_DIRECTION;
  const dx = (next % grid.width) - x;
  const dy = Math.floor(next / grid.width) - y;
  for (let d = 0; d < 8; d++) if (DIR_DX[d] === dx && DIR_DY[d] === dy) return d;
  return NO_DIRECTION;
}
