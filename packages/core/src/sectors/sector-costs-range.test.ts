import { describe, expect, it } from 'vitest';
import { computeField } from '../fields/compute-field.js';
import { Grid } from '../grid/grid.js';
import { buildSectorGraph } from './build.js';

/**
 * A 24x1 weighted grid with four tiles of terrain 1e38 (the case: valid terrain) in the middle sector
 * of three 8-tile sectors, so that the cost between that sector's two entrances is past 3.4e38.
 */
function dearGrid(): Grid {
  const grid = Grid.open(24, 1, { terrain: true });
  for (const x of [9, 10, 11, 12]) grid.setTerrain(x, 0, 1e38);
  return grid;
}

describe('sector costs past the Float32 range (issue 35)', () => {
  it.each([8, 16])('sector size %d: findPath, firstMove and route reach the goal at the field cost', (sectorSize) => {
    const grid = dearGrid();
    const graph = buildSectorGraph(grid, { metric: 'weighted', sectorSize });
    const exact = computeField(grid, { goals: [{ x: 23, y: 0 }], metric: 'weighted' }).cost[0] as number;
    expect(exact).toBeGreaterThan(3.5e38); // past the largest Float32
    expect(exact).toBeLessThan(Number.POSITIVE_INFINITY);
    for (const refine of ['auto', 'corridor', 'sectors'] as const) {
      const found = graph.findPath({ x: 0, y: 0 }, { x: 23, y: 0 }, { refine });
      expect(found, refine).not.toBeNull();
      expect(found?.cost).toBe(exact);
    }
    expect(graph.firstMove(0, 0, 23, 0)).not.toBe(255);
    expect(graph.route({ x: 0, y: 0 }, { x: 23, y: 0 })?.cost).toBe(exact);
    const corridor = graph.corridorField({ x: 23, y: 0 }, [0, 0]);
    expect(corridor.costAt(0, 0)).toBe(exact);
  });

  it('an update through the dear tiles keeps the costs (repaired sectors are a fresh build)', () => {
    const grid = dearGrid();
    const graph = buildSectorGraph(grid, { metric: 'weighted', sectorSize: 8 });
    grid.setTerrain(13, 0, 1e38);
    graph.update();
    const exact = computeField(grid, { goals: [{ x: 23, y: 0 }], metric: 'weighted' }).cost[0] as number;
    expect(graph.findPath({ x: 0, y: 0 }, { x: 23, y: 0 })?.cost).toBe(exact);
    const fresh = buildSectorGraph(grid, { metric: 'weighted', sectorSize: 8 });
    expect(graph.data.intra.subarray(0, 4)).toEqual(fresh.data.intra.subarray(0, 4));
    expect(graph.data.intra).toBeInstanceOf(Float64Array);
  });
});
