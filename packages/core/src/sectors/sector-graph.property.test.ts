import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeField } from '../fields/compute-field.js';
import { Grid } from '../grid/grid.js';
import { ROUTE_WEIGHT } from './abstract-search.js';
import { buildSectorGraph } from './build.js';
import { Endpoint } from './endpoints.js';
import { DIR_OPPOSITE_LOCAL, dirOf } from './moves.js';
import type { SectorGraph } from './sector-graph.js';
import {
  exactCosts,
  type Rules,
  randomGrid,
  referencePathCost,
  referenceRouteCost,
  rulesArb,
} from './sectors.test-util.js';

const INF = Number.POSITIVE_INFINITY;

const mapArb = fc.record({
  width: fc.integer({ min: 9, max: 44 }),
  height: fc.integer({ min: 9, max: 44 }),
  density: fc.double({ min: 0, max: 0.42, noNaN: true }),
  seed: fc.integer({ min: 1, max: 2 ** 30 }),
  water: fc.boolean(),
  sectorSize: fc.constantFrom(8, 16),
  split: fc.constantFrom(1, 3, 6),
  spacing: fc.constantFrom(1, 4, 16),
  gap: fc.constantFrom(0, 2, 5, 32),
});

type MapCase = typeof mapArb extends fc.Arbitrary<infer T> ? T : never;

function build(m: MapCase, rules: Rules): { grid: Grid; graph: SectorGraph } {
  const grid = randomGrid(m.width, m.height, m.density, m.seed, {
    water: m.water,
    terrain: rules.metric === 'weighted',
  });
  const graph = buildSectorGraph(grid, {
    ...rules,
    sectorSize: m.sectorSize,
    entranceSplit: m.split,
    entranceSpacing: m.spacing,
    entranceGap: m.gap,
  });
  return { grid, graph };
}

/** Up to `n` pairs of walkable tiles, deterministic from the seed. */
function pairs(grid: Grid, n: number, seed: number): number[][] {
  const tiles: number[] = [];
  for (let i = 0; i < grid.size; i++) if (grid.passable[i] !== 0) tiles.push(i);
  if (tiles.length === 0) return [];
  let s = seed;
  const pick = (): number => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return tiles[s % tiles.length] as number;
  };
  const out: number[][] = [];
  for (let k = 0; k < n; k++) {
    const a = pick();
    const b = pick();
    out.push([a % grid.width, (a / grid.width) | 0, b % grid.width, (b / grid.width) | 0]);
  }
  return out;
}

const close = (a: number, b: number, rel: number): boolean => Math.abs(a - b) <= rel * Math.max(1, Math.abs(b));

describe('sector graph against the exact field (fast-check)', () => {
  it('answers null exactly for unreachable goals; paths are legal, start at the start and end at the goal', () => {
    fc.assert(
      fc.property(mapArb, rulesArb, (m, rules) => {
        const { grid, graph } = build(m, rules);
        for (const [sx, sy, gx, gy] of pairs(grid, 10, m.seed) as [number, number, number, number][]) {
          const exact = exactCosts(grid, gx, gy, rules)[sy * grid.width + sx] as number;
          for (const refine of ['auto', 'corridor', 'windows', 'sectors'] as const) {
            const found = graph.findPath({ x: sx, y: sy }, { x: gx, y: gy }, { refine });
            if (!(exact < INF)) {
              expect(found).toBeNull();
              continue;
            }
            expect(found).not.toBeNull();
            const { cost, points: path } = found as { cost: number; points: Int32Array };
            expect([path[0], path[1], path.at(-2), path.at(-1)]).toEqual([sx, sy, gx, gy]);
            const walked = referencePathCost(grid, path, rules);
            expect(close(walked, cost, 1e-12)).toBe(true);
            // Never below the optimum.
            expect(cost).toBeGreaterThanOrEqual(exact - 1e-9 * Math.max(1, exact));
          }
        }
      }),
      { numRuns: 120 },
    );
  });

  it('sectors refinement costs exactly the route through entrances; corridor and windows refinements never more', () => {
    fc.assert(
      fc.property(mapArb, rulesArb, (m, rules) => {
        const { grid, graph } = build(m, rules);
        for (const [sx, sy, gx, gy] of pairs(grid, 10, m.seed + 1) as [number, number, number, number][]) {
          const route = graph.route({ x: sx, y: sy }, { x: gx, y: gy });
          const bySectors = graph.findPath({ x: sx, y: sy }, { x: gx, y: gy }, { refine: 'sectors' });
          const byCorridor = graph.findPath({ x: sx, y: sy }, { x: gx, y: gy }, { refine: 'corridor', margin: 0 });
          const byWindows = graph.findPath({ x: sx, y: sy }, { x: gx, y: gy }, { refine: 'windows', margin: 0 });
          if (route === null) {
            expect(bySectors).toBeNull();
            continue;
          }
          // Intra costs are stored as 32-bit floats: the route's cost is exact to about 1e-7.
          expect(close((bySectors as { cost: number }).cost, route.cost, 1e-5)).toBe(true);
          expect((byCorridor as { cost: number }).cost).toBeLessThanOrEqual(route.cost * (1 + 1e-5) + 1e-9);
          expect((byWindows as { cost: number }).cost).toBeLessThanOrEqual(route.cost * (1 + 1e-5) + 1e-9);
        }
      }),
      { numRuns: 120 },
    );
  });

  it('the route costs at most ROUTE_WEIGHT times the cheapest through entrances (landmarks or not)', () => {
    fc.assert(
      fc.property(mapArb, rulesArb, fc.constantFrom(0, 1, 8), (m, rules, landmarks) => {
        const grid = randomGrid(m.width, m.height, m.density, m.seed, {
          water: m.water,
          terrain: rules.metric === 'weighted',
        });
        const graph = buildSectorGraph(grid, {
          ...rules,
          sectorSize: m.sectorSize,
          entranceSpacing: m.spacing,
          entranceGap: m.gap,
          landmarks,
        });
        const start = new Endpoint();
        const goal = new Endpoint();
        for (const [sx, sy, gx, gy] of pairs(grid, 10, m.seed + 4) as [number, number, number, number][]) {
          if (sx === gx && sy === gy) continue;
          const direct = start.load(graph.ctx, sx, sy, false, gy * grid.width + gx);
          goal.load(graph.ctx, gx, gy, true, -1);
          const viaEntrances = referenceRouteCost(graph, start.sector, start.cost, goal.sector, goal.cost, rules);
          const want = Math.min(direct, viaEntrances);
          const route = graph.route({ x: sx, y: sy }, { x: gx, y: gy });
          // Intra costs are 32-bit floats: sums over other equally cheap routes differ by about 1e-7.
          if (!(want < INF)) {
            expect(route).toBeNull();
            continue;
          }
          const cost = (route as { cost: number }).cost;
          expect(cost).toBeGreaterThanOrEqual(want * (1 - 1e-6));
          expect(cost).toBeLessThanOrEqual(want * ROUTE_WEIGHT * (1 + 1e-6));
        }
      }),
      { numRuns: 120 },
    );
  });

  it('corridor refinement over the whole map is exact', () => {
    fc.assert(
      fc.property(mapArb, rulesArb, (m, rules) => {
        const { grid, graph } = build(m, rules);
        for (const [sx, sy, gx, gy] of pairs(grid, 10, m.seed + 2) as [number, number, number, number][]) {
          const exact = exactCosts(grid, gx, gy, rules)[sy * grid.width + sx] as number;
          const found = graph.findPath({ x: sx, y: sy }, { x: gx, y: gy }, { refine: 'corridor', margin: 8 });
          if (!(exact < INF)) expect(found).toBeNull();
          else expect(close((found as { cost: number }).cost, exact, 1e-9)).toBe(true);
        }
      }),
      { numRuns: 120 },
    );
  });

  it('the costs between the entrances of each sector are the exact costs inside the sector', () => {
    fc.assert(
      fc.property(mapArb, rulesArb, (m, rules) => {
        const { grid, graph } = build(m, rules);
        const d = graph.data;
        const size = graph.sectorSize;
        for (let s = 0; s < d.sectorNodeFirst.length; s++) {
          const k = d.sectorNodeCount[s] as number;
          if (k === 0) continue;
          const first = d.sectorNodeFirst[s] as number;
          const at = d.sectorMatrixFirst[s] as number;
          const x0 = (s % graph.sectorsX) * size;
          const y0 = Math.floor(s / graph.sectorsX) * size;
          const w = Math.min(size, grid.width - x0);
          const h = Math.min(size, grid.height - y0);
          // The sector cut out as its own grid.
          const sub = Grid.create(w, h, { terrain: grid.terrain !== null, shared: false });
          for (let y = 0; y < h; y++) {
            for (let x = 0; x < w; x++) {
              sub.passable[y * w + x] = grid.passable[(y0 + y) * grid.width + x0 + x] as number;
              if (sub.terrain) sub.terrain[y * w + x] = grid.terrainAt(x0 + x, y0 + y);
            }
          }
          const local = (n: number): number => {
            const t = d.nodeTile[n] as number;
            return (Math.floor(t / grid.width) - y0) * w + ((t % grid.width) - x0);
          };
          for (let j = 0; j < k; j++) {
            const lj = local(first + j);
            const field = computeField(sub, { goals: [{ x: lj % w, y: Math.floor(lj / w) }], ...rules });
            for (let i = 0; i < k; i++) {
              const want = Math.fround(field.cost[local(first + i)] as number);
              const got = d.intra[at + i * k + j] as number;
              if (!(want < INF)) expect(got).toBe(INF);
              else expect(close(got, want, 1e-6)).toBe(true);
            }
          }
        }
      }),
      { numRuns: 80 },
    );
  });

  it('firstMove is the first step of the route and needs no path', () => {
    fc.assert(
      fc.property(mapArb, rulesArb, (m, rules) => {
        const { grid, graph } = build(m, rules);
        for (const [sx, sy, gx, gy] of pairs(grid, 10, m.seed + 3) as [number, number, number, number][]) {
          const move = graph.firstMove(sx, sy, gx, gy);
          const path = graph.findPath({ x: sx, y: sy }, { x: gx, y: gy }, { refine: 'sectors' });
          if (path === null || (sx === gx && sy === gy)) {
            expect(move).toBe(255);
            continue;
          }
          const d = dirOf((path.points[2] as number) - sx, (path.points[3] as number) - sy);
          expect(move).toBe(d);
          expect(DIR_OPPOSITE_LOCAL[DIR_OPPOSITE_LOCAL[move] as number]).toBe(move);
        }
      }),
      { numRuns: 80 },
    );
  });
});
