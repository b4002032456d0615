import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSectorGraph } from './build.js';
import { contextOf } from './build-phases.js';
import { landmarkCosts, pickLandmarks } from './landmarks.js';
import { MATES, type SectorGraphData } from './sector-data.js';
import { randomGrid } from './sectors.test-util.js';

/** Costs from `source` over the entrance graph by Bellman-Ford relaxation rounds (the slow reference). */
function referenceCosts(data: SectorGraphData, sectorOf: (node: number) => number, source: number, wd: number) {
  const n = data.nodeTile.length;
  const dist = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  dist[source] = 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (let u = 0; u < n; u++) {
      const c = dist[u] as number;
      if (c === Number.POSITIVE_INFINITY) continue;
      const s = sectorOf(u);
      const first = data.sectorNodeFirst[s] as number;
      const k = data.sectorNodeCount[s] as number;
      const edges: [number, number][] = [];
      for (let j = 0; j < k; j++)
        edges.push([first + j, data.intra[(data.sectorMatrixFirst[s] as number) + (u - first) * k + j] as number]);
      for (let d = 0; d < MATES; d++) {
        const v = data.nodeMates[u * MATES + d] as number;
        if (v >= 0) edges.push([v, d < 4 ? 1 : wd]);
      }
      for (const [v, w] of edges) {
        if (c + w < (dist[v] as number)) {
          dist[v] = c + w;
          changed = true;
        }
      }
    }
  }
  return Float32Array.from(dist);
}

describe('landmarkCosts', () => {
  it('gives the costs of a Bellman-Ford reference over the entrances, bit for bit', () => {
    fc.assert(
      fc.property(
        fc.record({
          width: fc.integer({ min: 9, max: 60 }),
          height: fc.integer({ min: 9, max: 60 }),
          density: fc.double({ min: 0, max: 0.4, noNaN: true }),
          seed: fc.integer({ min: 1, max: 2 ** 30 }),
          water: fc.boolean(),
          metric: fc.constantFrom('steps' as const, 'octile' as const),
          diagonal: fc.constantFrom(
            'never' as const,
            'always' as const,
            'if-one-free' as const,
            'if-both-free' as const,
          ),
          pick: fc.nat(),
        }),
        (c) => {
          const grid = randomGrid(c.width, c.height, c.density, c.seed, { water: c.water });
          const graph = buildSectorGraph(grid, { metric: c.metric, diagonal: c.diagonal, sectorSize: 8, landmarks: 0 });
          const data = graph.data;
          const last = data.sectorNodeFirst.length - 1;
          const n = (data.sectorNodeFirst[last] as number) + (data.sectorNodeCount[last] as number);
          if (n === 0) return;
          const sectorOf = (node: number) => {
            const t = data.nodeTile[node] as number;
            return graph.sectorOf(t % c.width, Math.floor(t / c.width));
          };
          const source = c.pick % n;
          const out = new Float32Array(data.nodeTile.length);
          landmarkCosts(contextOf(grid, data), source, out, 0, 1);
          const want = referenceCosts(data, sectorOf, source, c.metric === 'steps' ? 1 : Math.SQRT2);
          expect(out.subarray(0, n)).toEqual(want.subarray(0, n));
          // Node by node: slot 1 of 3 per node, the other slots untouched.
          const strided = new Float32Array(3 * data.nodeTile.length).fill(-1);
          landmarkCosts(contextOf(grid, data), source, strided, 1, 3);
          for (let v = 0; v < n; v++) {
            expect(strided[3 * v + 1]).toBe(out[v]);
            expect([strided[3 * v], strided[3 * v + 2]]).toEqual([-1, -1]);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

/**
 * The landmarks' pick written plainly (the slow reference): the largest component, then for each spot on the
 * outline the nearest of its live entrances not picked yet (Manhattan distance), the first in sector order among
 * equals.
 */
function referencePick(data: SectorGraphData, width: number, height: number, count: number): number[] {
  const live: number[] = [];
  for (let s = 0; s < data.sectorNodeFirst.length; s++)
    for (let j = 0; j < (data.sectorNodeCount[s] as number); j++) live.push((data.sectorNodeFirst[s] as number) + j);
  const sizes = new Map<number, number>();
  let best = -1;
  for (const n of live) {
    const c = data.nodeComp[n] as number;
    sizes.set(c, (sizes.get(c) ?? 0) + 1);
    if (best < 0 || (sizes.get(c) as number) > (sizes.get(best) as number)) best = c;
  }
  const picked: number[] = [];
  if (best < 0) return picked;
  const perimeter = 2 * (width + height);
  for (let l = 0; l < count; l++) {
    const p = Math.floor(((l + 0.5) * perimeter) / count);
    const spot =
      p < width
        ? [p, 0]
        : p < width + height
          ? [width - 1, p - width]
          : p < 2 * width + height
            ? [2 * width + height - 1 - p, height - 1]
            : [0, perimeter - 1 - p];
    let nearest = -1;
    let nearestD = Number.POSITIVE_INFINITY;
    for (const n of live) {
      if (data.nodeComp[n] !== best || picked.includes(n)) continue;
      const t = data.nodeTile[n] as number;
      const d = Math.abs((t % width) - (spot[0] as number)) + Math.abs(Math.floor(t / width) - (spot[1] as number));
      if (d < nearestD) {
        nearest = n;
        nearestD = d;
      }
    }
    if (nearest >= 0) picked.push(nearest);
  }
  return picked;
}

describe('pickLandmarks', () => {
  it('picks what the plain reference picks, also after edits have left dead entrance slots', () => {
    fc.assert(
      fc.property(
        fc.record({
          width: fc.integer({ min: 9, max: 70 }),
          height: fc.integer({ min: 9, max: 70 }),
          density: fc.double({ min: 0, max: 0.45, noNaN: true }),
          seed: fc.integer({ min: 1, max: 2 ** 30 }),
          count: fc.integer({ min: 1, max: 32 }),
          edits: fc.array(fc.nat(), { maxLength: 6 }),
        }),
        (c) => {
          const grid = randomGrid(c.width, c.height, c.density, c.seed);
          const graph = buildSectorGraph(grid, { sectorSize: 8, landmarks: 0 });
          for (const e of c.edits) {
            const t = e % grid.size;
            grid.setPassable(t % c.width, Math.floor(t / c.width), grid.passable[t] === 0);
          }
          if (c.edits.length > 0) graph.update();
          const data = graph.data;
          const got = Array.from(pickLandmarks(contextOf(grid, data), c.count));
          expect(got).toEqual(referencePick(data, c.width, c.height, c.count));
        },
      ),
      { numRuns: 200 },
    );
  });
});
