/**
 * The full-field fallback of corridor fields: when the planned corridor covers too much of the map (see
 * `CorridorFieldOptions.fullFieldAbove`), one field over the whole map with `computeField`'s kernels (Dial's
 * buckets in WebAssembly for `steps` and `octile`: several times faster per tile than the corridor's search),
 * copied into the corridor field's per-sector blocks (every sector its own block, block = sector), so that it is
 * read, shared and drawn like any corridor field.
 */
import { computeField } from '../fields/compute-field.js';
import type { KernelControl } from '../fields/types.js';
import type { SectorContext } from './build-phases.js';
import type { CorridorFieldData } from './corridor-field.js';
import { sectorOptionsOf } from './sector-options.js';

/**
 * Fills `field` (every sector a block, block = sector) with the exact field towards its goal under the graph's
 * move rules. Returns the tiles settled. Progress on `control` counts the full field's tiles.
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
    landmarks: 0,
  });
  const size = width * height;
  const cost = new Float64Array(size);
  const dir = new Uint8Array(size);
  computeField(
    grid,
    {
      goals: [{ x: field.goalX, y: field.goalY, value: goal.value }],
      metric: rules.metric,
      neighbors: rules.neighbors,
      diagonal: rules.diagonal,
      maxCost: goal.maxCost,
    },
    { cost, dir },
    control,
  );
  // Row-major into blocks: block b = sector b, slot (b << 2 * shift) | (ly << shift) | lx.
  const side = 1 << shift;
  const out = field.cost;
  const outDir = field.dir;
  const { sectorsX } = field;
  let settled = 0;
  for (let y = 0; y < height; y++) {
    const sy = y >> shift;
    const ly = y & (side - 1);
    const row = y * width;
    for (let sx = 0; sx < sectorsX; sx++) {
      const x0 = sx << shift;
      const w = Math.min(side, width - x0);
      const slot = ((sy * sectorsX + sx) << (2 * shift)) | (ly << shift);
      out.set(cost.subarray(row + x0, row + x0 + w), slot);
      outDir.set(dir.subarray(row + x0, row + x0 + w), slot);
    }
    for (let x = 0; x < width; x++) if ((cost[row + x] as number) < Number.POSITIVE_INFINITY) settled++;
  }
  return settled;
}
