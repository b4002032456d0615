import { describe, expect, it } from 'vitest';
import { computeField } from '../fields/compute-field.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { computeFlow } from './compute-flow.js';
import { sampleFlow } from './sample-flow.js';
import { FLOW_MIN_CLEARANCE } from './types.js';

const block = `
............
............
...##.......
...##.......
............
............
`;

describe('sampleFlow', () => {
  const grid = parseAsciiMap(block);
  const field = computeField(grid, { goals: [{ x: 8, y: 1 }] });
  const flow = computeFlow(grid, field);

  it('points from the position itself at the anchor of the tile it lies in', () => {
    const out = new Float64Array(2);
    expect(sampleFlow(flow, 0.25, 0.75, out)).toBe(out);
    const len = Math.hypot(8.25, 0.75);
    expect(out[0]).toBeCloseTo(8.25 / len, 12);
    expect(out[1]).toBeCloseTo(0.75 / len, 12);
    // Two points of one tile behind the block head for the same corner, from where each stands.
    const e = FLOW_MIN_CLEARANCE;
    for (const [x, y] of [
      [0.1, 5.9],
      [0.9, 5.1],
    ] as const) {
      sampleFlow(flow, x, y, out);
      const l = Math.hypot(5 + e - x, 4 + e - y);
      expect(out[0]).toBeCloseTo((5 + e - x) / l, 12);
      expect(out[1]).toBeCloseTo((4 + e - y) / l, 12);
    }
  });

  it('writes the distance to the anchor into a third slot, 0 where it gives no direction', () => {
    const out = [0, 0, -1];
    sampleFlow(flow, 0.5, 0.5, out);
    expect(out[2]).toBeCloseTo(Math.hypot(8, 1), 12);
    sampleFlow(flow, 8.5, 1.5, out);
    expect(out).toEqual([0, 0, 0]);
  });

  it('gives the tile vector at the anchor itself and 0, 0 on goals, walls and outside the map', () => {
    const out: [number, number] = [9, 9];
    // The goal's neighbour at (9, 1): its anchor is the goal's centre, from which the tile's own vector is used.
    sampleFlow(flow, 8.5, 1.5, out);
    expect(out).toEqual([0, 0]);
    sampleFlow(flow, 3.5, 2.5, out);
    expect(out).toEqual([0, 0]);
    sampleFlow(flow, -0.5, 2.5, out);
    expect(out).toEqual([0, 0]);
    sampleFlow(flow, 12, 2.5, out);
    expect(out).toEqual([0, 0]);
    const open = Grid.open(3, 1, { shared: false });
    const f = computeFlow(open, computeField(open, { goals: [{ x: 2, y: 0 }] }));
    // (2.5, 0.5) lies in the goal tile: 0, 0. A point of tile 1 exactly at the goal's centre cannot happen; the
    // tile's own vector is used within 1e-9 of the anchor.
    sampleFlow(f, 1.999999, 0.5, out);
    expect(out[0]).toBeCloseTo(1, 9);
    expect(out[1]).toBeCloseTo(0, 9);
  });
});
