import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSectorGraph } from './build.js';
import { joinComponents, labelComponents, startComponents } from './pool-components.js';
import { MATES, type SectorGraphData } from './sector-data.js';
import { randomGrid } from './sectors.test-util.js';

/** Runs of sectors [from, to) covering 0..sectors, cut at `cuts`, in the order `order` gives (a permutation). */
function runs(sectors: number, cuts: number[], order: number[]): [number, number][] {
  const ends = [...new Set([0, ...cuts.map((c) => c % (sectors + 1)), sectors])].sort((a, b) => a - b);
  const pieces: [number, number][] = [];
  for (let i = 0; i + 1 < ends.length; i++) pieces.push([ends[i] as number, ends[i + 1] as number]);
  const keyed = pieces.map((p, i) => [order[i % Math.max(1, order.length)] ?? i, i, p] as const);
  keyed.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return keyed.map((k) => k[2]);
}

/**
 * The reference labels: each live entrance labelled with the smallest live entrance it reaches through its region
 * (its sector's entrances of the same region) and its mates, by relaxing labels to a fixed point; the slots of no
 * sector keep what they hold.
 */
function referenceLabels(data: SectorGraphData): number[] {
  const label = Array.from(data.nodeComp);
  const live: number[] = [];
  const region: number[] = [];
  for (let s = 0; s < data.sectorNodeFirst.length; s++) {
    const first = data.sectorNodeFirst[s] as number;
    for (let n = first; n < first + (data.sectorNodeCount[s] as number); n++) {
      live.push(n);
      region.push(first + (data.nodeRegion[n] as number));
      label[n] = n;
    }
  }
  for (let changed = true; changed; ) {
    changed = false;
    const lower = (a: number, b: number) => {
      const m = Math.min(label[a] as number, label[b] as number);
      if (label[a] !== m || label[b] !== m) {
        label[a] = m;
        label[b] = m;
        changed = true;
      }
    };
    live.forEach((n, i) => {
      lower(n, region[i] as number);
      for (let d = 0; d < MATES; d++) {
        const m = data.nodeMates[n * MATES + d] as number;
        if (m >= 0) lower(n, m);
      }
    });
  }
  return label;
}

describe('the components of a pool build, started, joined and labelled over runs of sectors', () => {
  it('labels every entrance with the smallest entrance of its component (as the build does), whatever runs of sectors each stage takes in any order', () => {
    fc.assert(
      fc.property(
        fc.record({
          width: fc.integer({ min: 9, max: 80 }),
          height: fc.integer({ min: 9, max: 80 }),
          density: fc.double({ min: 0, max: 0.45, noNaN: true }),
          seed: fc.integer({ min: 1, max: 2 ** 30 }),
          size: fc.constantFrom(8, 16),
          edits: fc.array(fc.nat(), { maxLength: 6 }),
          cuts: fc.array(fc.array(fc.nat(), { maxLength: 12 }), { minLength: 3, maxLength: 3 }),
          orders: fc.array(fc.array(fc.nat(), { maxLength: 12 }), { minLength: 3, maxLength: 3 }),
        }),
        (c) => {
          const grid = randomGrid(c.width, c.height, c.density, c.seed);
          const graph = buildSectorGraph(grid, { sectorSize: c.size, landmarks: 0 });
          for (const e of c.edits) {
            const t = e % grid.size;
            grid.setPassable(t % c.width, Math.floor(t / c.width), grid.passable[t] === 0);
          }
          // After edits, an updated graph's sectors may sit out of order in the node arrays.
          if (c.edits.length > 0) graph.update();
          const data = graph.data;
          const sectors = data.sectorNodeFirst.length;
          const expected = referenceLabels(data);
          expect(Array.from(data.nodeComp)).toEqual(expected);
          // Junk in the live slots: each must be written again.
          for (let s = 0; s < sectors; s++) {
            const first = data.sectorNodeFirst[s] as number;
            data.nodeComp.fill(-5, first, first + (data.sectorNodeCount[s] as number));
          }
          const stages = [startComponents, joinComponents, labelComponents];
          for (const [i, stage] of stages.entries())
            for (const [from, to] of runs(sectors, c.cuts[i] as number[], c.orders[i] as number[]))
              stage(data, from, to);
          expect(Array.from(data.nodeComp)).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});
