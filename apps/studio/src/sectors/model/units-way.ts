import { NO_DIRECTION } from '@fieldmarshal/core';
import { DIR_DX, DIR_DY } from '@fieldmarshal/core/grid';
import type { CorridorField } from '@fieldmarshal/core/sectors';

/** The way the units take from a tile: down the corridor field's directions to the goal. */
export interface UnitsWay {
  /** Tiles as x, y pairs, from the start to where the directions end (the goal, when reached). */
  tiles: Int32Array;
  /** The corridor field's cost at the start: the length of this way, in the field's cost units. */
  cost: number;
  /** True when the directions lead all the way to the goal. */
  arrives: boolean;
}

/**
 * Follows the field's directions from (x, y) as the units do (`dirAt`, one tile per step) until they end; at
 * most one step per tile of the map, so a field whose directions loop cannot hang the page.
 */
export function unitsWay(field: CorridorField, x: number, y: number): UnitsWay {
  const out: number[] = [x, y];
  let tx = x;
  let ty = y;
  for (let guard = field.width * field.height; guard > 0; guard--) {
    const d = field.dirAt(tx, ty);
    if (d === NO_DIRECTION) break;
    tx += DIR_DX[d] as number;
    ty += DIR_DY[d] as number;
    out.push(tx, ty);
  }
  return {
    tiles: Int32Array.from(out),
    cost: field.costAt(x, y),
    arrives: tx === field.data.goalX && ty === field.data.goalY,
  };
}
