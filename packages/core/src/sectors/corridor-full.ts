/**
 * The full-field fallback of corridor fields: when the planned corridor covers too much of the map (see
 * `CorridorFieldOptions.fullFieldAbove`), one field over the whole map with `computeField`'s kernels (Dial's
 * buckets in WebAssembly for `steps` and `octile`: several times faster per tile than the corridor's search),
 * written straight into the corridor field's arrays, laid out as a `Field` (`CorridorFieldData.full`).
 */
import { computeField } from '../fields/compute-field.js';
import type { KernelControl } from '../fields/types.js';
import type { SectorContext } from './build-phases.js';
import type { CorridorFieldData } from './corridor-data.js';
import { sectorOptionsOf } from './sector-options.js';

/**
 * Fills `field` (a full one: `width * height` slots, row by row) with the exact field towards its goal under the
 * graph's move rules. Returns the tiles reached. Progress on `control` counts the full field's tiles.
 */
export function fillFullField(
  ctx: SectorContext,
  field: CorridorFieldData,
  goal: { value: number; maxCost: number },
  control?: KernelControl,
): number {
  const { grid, width, height, shift } = ctx;
  const rules = sectorOptionsOf({
    metric: ctx.metric,
    rule: ctx.rule,
    size: 1 << shift,
    shift,
    split: 0,
    spacing: 0,
    gap: 0,
    landmarks: 0,
  });
  computeField(grid, {
    goals: [{ x: field.goalX, y: field.goalY, value: goal.value }],
    metric: rules.metric,
    neighbors: rules.neighbors,
    diagonal: rules.diagonal,
    maxCost: goal.maxCost,
    out: { cost: field.cost, dir: field.dir },
    control,
  });
  const cost = field.cost;
  const size = width * height;
  let settled = 0;
  for (let t = 0; t < size; t++) if ((cost[t] as number) < Number.POSITIVE_INFINITY) settled++;
  return settled;
}
