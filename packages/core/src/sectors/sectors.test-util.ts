/**
 * Test helpers for sector graphs: path legality and cost written from the rules' text (fields'
 * reference.test-util.ts), the exact cost of every tile to a goal (computeField), a canonical picture of a graph
 * to compare an updated graph with a fresh build, and random maps for the property tests.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { computeField } from '../fields/compute-field.js';
import { referenceMoveAllowed, referenceMoveCost } from '../fields/reference.test-util.js';
import type { Metric } from '../fields/types.js';
import type { DiagonalRule } from '../grid/directions.js';
import { Grid } from '../grid/grid.js';
import { buildSectorGraph } from './build.js';
import { setSectorWasmEnabled } from './cost-dial-wasm.js';
import { MATES } from './sector-data.js';
import type { SectorGraph } from './sector-graph.js';

export interface Rules {
  metric: Metric;
  neighbors: 4 | 8;
  diagonal: DiagonalRule;
}

/** The cost of `path` (x, y pairs) under the rules, or NaN when a step is not a legal move. */
export function referencePathCost(grid: Grid, path: Int32Array, rules: Rules): number {
  let cost = 0;
  for (let i = 2; i + 1 < path.length; i += 2) {
    const ax = path[i - 2] as number;
    const ay = path[i - 1] as number;
    const bx = path[i] as number;
    const by = path[i + 1] as number;
    if (!referenceMoveAllowed(grid, ax, ay, bx, by, rules.neighbors, rules.diagonal)) return Number.NaN;
    cost += referenceMoveCost(grid, bx, by, ax !== bx && ay !== by, rules.metric);
  }
  return cost;
}

/** Exact cost from every tile to (gx, gy) under the rules. */
export function exactCosts(grid: Grid, gx: number, gy: number, rules: Rules): Float64Array {
  return computeField(grid, { goals: [{ x: gx, y: gy }], ...rules }).cost;
}

/**
 * A canonical description of a graph: per sector its entrance tiles, the costs between them, each entrance's
 * mates (as tiles), and the components as "smallest entrance tile of my component". Equal for two graphs with
 * the same content whatever their slot layout.
 */
export function graphPicture(graph: SectorGraph): string[] {
  const d = graph.data;
  const sectors = d.sectorNodeFirst.length;
  const smallest = new Map<number, number>();
  for (let s = 0; s < sectors; s++) {
    const first = d.sectorNodeFirst[s] as number;
    for (let n = first; n < first + (d.sectorNodeCount[s] as number); n++) {
      const c = d.nodeComp[n] as number;
      const t = d.nodeTile[n] as number;
      smallest.set(c, Math.min(smallest.get(c) ?? t, t));
    }
  }
  const out: string[] = [];
  for (let s = 0; s < sectors; s++) {
    const first = d.sectorNodeFirst[s] as number;
    const k = d.sectorNodeCount[s] as number;
    const at = d.sectorMatrixFirst[s] as number;
    const tiles: number[] = [];
    const mates: string[] = [];
    const comps: number[] = [];
    for (let n = first; n < first + k; n++) {
      tiles.push(d.nodeTile[n] as number);
      comps.push(smallest.get(d.nodeComp[n] as number) as number);
      for (let m = 0; m < MATES; m++) {
        const v = d.nodeMates[n * MATES + m] as number;
        mates.push(v < 0 ? '-' : String(d.nodeTile[v]));
      }
    }
    const costs = Array.from(d.intra.subarray(at, at + k * k), (c) => (c === Number.POSITIVE_INFINITY ? 'inf' : c));
    out.push(`${s}: tiles ${tiles} costs ${costs} mates ${mates} comps ${comps}`);
  }
  return out;
}

/** A random grid: `density` walls, optionally water patches and terrain costs. */
export function randomGrid(
  width: number,
  height: number,
  density: number,
  seed: number,
  options: { water?: boolean; terrain?: boolean } = {},
): Grid {
  const grid = Grid.create(width, height, { terrain: options.terrain ?? false, shared: false });
  let s = seed >>> 0 || 1;
  const next = (): number => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  for (let i = 0; i < grid.size; i++) {
    const r = next();
    grid.passable[i] = r < density ? 0 : options.water && r < density + 0.1 ? 2 : 1;
    if (grid.terrain) grid.terrain[i] = 1 + Math.floor(next() * 4);
  }
  return grid;
}

/** fast-check arbitrary of the move rules. */
export const rulesArb: fc.Arbitrary<Rules> = fc.record({
  metric: fc.constantFrom<Metric>('steps', 'octile', 'weighted'),
  neighbors: fc.constantFrom<4 | 8>(4, 8, 8),
  diagonal: fc.constantFrom<DiagonalRule>('never', 'always', 'if-one-free', 'if-both-free'),
});

/** Walkable tiles of a grid, as indices. */
export function walkable(grid: Grid): number[] {
  const out: number[] = [];
  for (let i = 0; i < grid.size; i++) if (grid.passable[i] !== 0) out.push(i);
  return out;
}

/**
 * The cheapest route cost through entrances, by plain Dijkstra over an explicit copy of the graph's edges (intra
 * costs, mates), from the start's entrance costs to the goal's: `startCost[j]` / `goalCost[j]` per local index
 * of the start's and goal's sectors. Slow and obvious: for tests only.
 */
export function referenceRouteCost(
  graph: SectorGraph,
  startSector: number,
  startCost: ArrayLike<number>,
  goalSector: number,
  goalCost: ArrayLike<number>,
  rules: Rules,
): number {
  const d = graph.data;
  const width = graph.width;
  const edges = new Map<number, [number, number][]>();
  const sectors = d.sectorNodeFirst.length;
  for (let s = 0; s < sectors; s++) {
    const first = d.sectorNodeFirst[s] as number;
    const k = d.sectorNodeCount[s] as number;
    const at = d.sectorMatrixFirst[s] as number;
    for (let i = 0; i < k; i++) {
      const list: [number, number][] = [];
      for (let j = 0; j < k; j++) {
        const c = d.intra[at + i * k + j] as number;
        if (j !== i && c < Number.POSITIVE_INFINITY) list.push([first + j, c]);
      }
      for (let m = 0; m < MATES; m++) {
        const v = d.nodeMates[(first + i) * MATES + m] as number;
        if (v < 0) continue;
        const t = d.nodeTile[v] as number;
        const len = m < 4 ? 1 : Math.SQRT2;
        const w =
          rules.metric === 'steps'
            ? 1
            : rules.metric === 'octile'
              ? len
              : graph.grid.terrainAt(t % width, Math.floor(t / width)) * len;
        list.push([v, w]);
      }
      edges.set(first + i, list);
    }
  }
  const dist = new Map<number, number>();
  const f0 = d.sectorNodeFirst[startSector] as number;
  for (let j = 0; j < (d.sectorNodeCount[startSector] as number); j++) {
    if ((startCost[j] as number) < Number.POSITIVE_INFINITY) dist.set(f0 + j, startCost[j] as number);
  }
  const done = new Set<number>();
  for (;;) {
    let u = -1;
    let du = Number.POSITIVE_INFINITY;
    for (const [n, c] of dist) if (!done.has(n) && c < du) [u, du] = [n, c];
    if (u < 0) break;
    done.add(u);
    for (const [v, w] of edges.get(u) ?? [])
      if (du + w < (dist.get(v) ?? Number.POSITIVE_INFINITY)) dist.set(v, du + w);
  }
  const f1 = d.sectorNodeFirst[goalSector] as number;
  let best = Number.POSITIVE_INFINITY;
  for (let j = 0; j < (d.sectorNodeCount[goalSector] as number); j++) {
    best = Math.min(best, (dist.get(f1 + j) ?? Number.POSITIVE_INFINITY) + (goalCost[j] as number));
  }
  return best;
}

/**
 * Builds a cluttered map with water (150 x 130, sectors of 32) under every diagonal rule and metric, with the
 * WebAssembly kernels and without, and expects the same entrances, costs and landmarks (leaves WebAssembly on).
 */
export function expectWasmGraphsMatchJs(): void {
  const grid = randomGrid(150, 130, 0.25, 7, { water: true });
  for (const diagonal of ['never', 'always', 'if-one-free', 'if-both-free'] as const) {
    for (const metric of ['steps', 'octile'] as const) {
      const options = { metric, diagonal, sectorSize: 32 };
      setSectorWasmEnabled(true);
      const a = buildSectorGraph(grid, options).data;
      setSectorWasmEnabled(false);
      const b = buildSectorGraph(grid, options).data;
      setSectorWasmEnabled(true);
      expect(a.nodeTile).toEqual(b.nodeTile);
      expect(a.intra).toEqual(b.intra);
      expect(a.landmarkCost).toEqual(b.landmarkCost);
    }
  }
}
