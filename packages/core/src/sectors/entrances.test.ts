import { describe, expect, it } from 'vitest';
import { generateOpen } from '../grid/generate.js';
import { buildSectorGraph } from './build.js';

/** The entrances of `graph` on the column x (y values, sorted). */
function entrancesAt(entrances: Int32Array, x: number): number[] {
  const ys: number[] = [];
  for (let i = 0; i < entrances.length; i += 2) if (entrances[i] === x) ys.push(entrances[i + 1] as number);
  return ys.sort((a, b) => a - b);
}

describe('entrances inside long runs (entranceGap)', () => {
  // Two 16x16 sectors side by side on open ground: their border (x = 15 | 16) is one run of 16 tiles.
  const grid = generateOpen(32, 16);

  it('a long run gets entrances at its ends only with gap 0, and at most `gap` tiles apart otherwise', () => {
    const ends = buildSectorGraph(grid, { sectorSize: 16, entranceGap: 0 }).entrances();
    expect(entrancesAt(ends, 15)).toEqual([0, 15]);
    expect(entrancesAt(ends, 16)).toEqual([0, 15]);
    const gapped = buildSectorGraph(grid, { sectorSize: 16, entranceGap: 5 }).entrances();
    // 15 tiles from end to end in three stretches of 5: both sectors put them face to face.
    expect(entrancesAt(gapped, 15)).toEqual([0, 5, 10, 15]);
    expect(entrancesAt(gapped, 16)).toEqual([0, 5, 10, 15]);
    // A gap at least as long as the run adds nothing.
    expect(entrancesAt(buildSectorGraph(grid, { sectorSize: 16, entranceGap: 15 }).entrances(), 15)).toEqual([0, 15]);
  });

  it('makes the route across an open border as cheap as the best path', () => {
    // From (7, 1) to (23, 15) the cheapest paths cross the border at y = 7 to 9; ends at 0 and 15 are far off.
    const optimal = 14 * Math.SQRT2 + 2;
    const ends = buildSectorGraph(grid, { sectorSize: 16, entranceGap: 0 }).route({ x: 7, y: 1 }, { x: 23, y: 15 });
    const gapped = buildSectorGraph(grid, { sectorSize: 16, entranceGap: 2 }).route({ x: 7, y: 1 }, { x: 23, y: 15 });
    expect(ends?.cost).toBeGreaterThan(optimal + 3);
    expect(gapped?.cost).toBeCloseTo(optimal, 9);
    expect(Array.from(gapped?.points ?? [])).toEqual([7, 1, 15, 9, 16, 9, 23, 15]);
  });
});
