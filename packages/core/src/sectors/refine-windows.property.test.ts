/**
 * The weighted windows refinement (refine-windows.ts) against the exact field on random maps (fast-check): with
 * any weight on the windows' estimate, every path is legal, never below the optimum and never dearer than the
 * route; the weighted corridor A* (refine-corridor.ts) costs at most its weight times the exact search. The
 * route bound is real work for the refinement: with a big weight, weighted windows cost more than their bound
 * and are searched again (`retried`), so a refinement without that check would break the bound. Each window is
 * first searched in a tube around its stretch of the route (tube-astar.ts): with any radius and weight the same
 * holds, some windows take the tube's path and some fall back to whole sectors; the tube search alone stays
 * among the tube's tiles and costs at most its documented bound over the cheapest path (one bucket per step).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSectorGraph } from './build.js';
import { Corridor } from './corridor.js';
import type { PathQuery } from './find-path.js';
import { PathBuffer } from './path-buffer.js';
import { CorridorAStar } from './refine-corridor.js';
import { TUBE_RADIUS, WINDOW_KEEP, WINDOW_WEIGHT } from './refine-windows.js';
import type { SectorGraph } from './sector-graph.js';
import { exactCosts, type Rules, randomGrid, referencePathCost, rulesArb } from './sectors.test-util.js';
import { TUBE_BUCKET, TubeAStar } from './tube-astar.js';

const INF = Number.POSITIVE_INFINITY;

const mapArb = fc.record({
  width: fc.integer({ min: 16, max: 48 }),
  height: fc.integer({ min: 16, max: 48 }),
  density: fc.double({ min: 0, max: 0.4, noNaN: true }),
  seed: fc.integer({ min: 1, max: 2 ** 30 }),
  water: fc.boolean(),
  sectorSize: fc.constantFrom(8, 16),
});

/** A random map of the case and its sector graph (default options but the sector size). */
function build(m: typeof mapArb extends fc.Arbitrary<infer T> ? T : never, rules: Rules) {
  const grid = randomGrid(m.width, m.height, m.density, m.seed, {
    water: m.water,
    terrain: rules.metric === 'weighted',
  });
  return { grid, graph: buildSectorGraph(grid, { ...rules, sectorSize: m.sectorSize }) };
}

/** The windows refiner of a graph's path queries. */
function refinerOf(graph: SectorGraph) {
  return (graph as unknown as { pathQuery(): PathQuery }).pathQuery().windows;
}

/**
 * The windows refinement's path from (sx, sy) to (gx, gy) against the exact field: null exactly when unreachable,
 * else legal, its own cost, never below the optimum, never dearer than the route. False when unreachable.
 */
function checkWindows(
  grid: ReturnType<typeof build>['grid'],
  graph: SectorGraph,
  rules: Rules,
  sx: number,
  sy: number,
  gx: number,
  gy: number,
): boolean {
  const exact = exactCosts(grid, gx, gy, rules)[sy * grid.width + sx] as number;
  const found = graph.findPath({ x: sx, y: sy }, { x: gx, y: gy }, { refine: 'windows', margin: 0 });
  if (!(exact < INF)) {
    expect(found).toBeNull();
    return false;
  }
  const route = graph.route({ x: sx, y: sy }, { x: gx, y: gy });
  const { cost, points } = found as { cost: number; points: Int32Array };
  expect([points[0], points[1], points.at(-2), points.at(-1)]).toEqual([sx, sy, gx, gy]);
  expect(Math.abs(referencePathCost(grid, points, rules) - cost)).toBeLessThanOrEqual(1e-9 * Math.max(1, cost));
  expect(cost).toBeGreaterThanOrEqual(exact * (1 - 1e-9));
  expect(cost).toBeLessThanOrEqual((route as { cost: number }).cost * (1 + 1e-5) + 1e-9);
  return true;
}

/** A start and a goal: sx, sy, gx, gy. */
type Pair = [number, number, number, number];

/** Far pairs of walkable tiles (at least a third of the map apart), deterministic from the seed. */
function farPairs(width: number, height: number, passable: Uint8Array, n: number, seed: number): Pair[] {
  const tiles: number[] = [];
  for (let i = 0; i < passable.length; i++) if (passable[i] !== 0) tiles.push(i);
  const out: Pair[] = [];
  if (tiles.length < 2) return out;
  let s = seed;
  const pick = (): number => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return tiles[s % tiles.length] as number;
  };
  for (let k = 0; k < 20 * n && out.length < n; k++) {
    const a = pick();
    const b = pick();
    const ax = a % width;
    const ay = (a / width) | 0;
    const bx = b % width;
    const by = (b / width) | 0;
    if (Math.max(Math.abs(ax - bx), Math.abs(ay - by)) * 3 >= Math.min(width, height)) out.push([ax, ay, bx, by]);
  }
  return out;
}

describe('weighted windows against the exact field (fast-check)', () => {
  it('documents its defaults: a weight a little above 1, two thirds of each window kept', () => {
    expect(WINDOW_WEIGHT).toBe(1.02);
    expect(WINDOW_KEEP).toBeCloseTo(2 / 3, 12);
    expect(TUBE_RADIUS).toBe(8);
    expect(TUBE_BUCKET).toBe(1 / 8);
  });

  it('with tubes of any radius and bucket width: legal paths, never below the optimum, never dearer than the route', () => {
    let tubed = 0;
    let fellBack = 0;
    fc.assert(
      fc.property(
        mapArb,
        rulesArb,
        fc.constantFrom(1, 2, TUBE_RADIUS),
        fc.constantFrom(TUBE_BUCKET, 1, 8),
        (m, rules, radius, bucket) => {
          const { grid, graph } = build(m, rules);
          const windows = refinerOf(graph);
          windows.tube = radius;
          (windows as unknown as { tubeSearch: TubeAStar }).tubeSearch.bucketWidth = bucket;
          for (const [sx, sy, gx, gy] of farPairs(grid.width, grid.height, grid.passable, 6, m.seed)) {
            if (!checkWindows(grid, graph, rules, sx, sy, gx, gy)) continue;
            tubed += windows.tubed;
            fellBack += windows.windows - windows.tubed;
          }
        },
      ),
      { numRuns: 80 },
    );
    // Both ways were taken: windows by the tube, and windows (or straight walks) without it.
    expect(tubed).toBeGreaterThan(0);
    expect(fellBack).toBeGreaterThan(0);
  });

  it('the tube search: within one bucket per step of the cheapest path, never leaving the tube', () => {
    fc.assert(
      fc.property(
        mapArb,
        rulesArb,
        fc.constantFrom(1, 3, 64),
        fc.constantFrom(TUBE_BUCKET, 1),
        (m, rules, radius, bucket) => {
          const { grid, graph } = build(m, rules);
          const { width, height } = grid;
          const tube = new TubeAStar();
          tube.bucketWidth = bucket;
          const out = new PathBuffer();
          for (const [sx, sy, gx, gy] of farPairs(width, height, grid.passable, 4, m.seed + 2)) {
            // The tube around the segment from start to goal, marked in two halves through a bend point.
            const mx = (m.seed >> 3) % width;
            const my = (m.seed >> 9) % height;
            tube.begin(
              graph.ctx,
              Math.min(sx, gx, mx),
              Math.min(sy, gy, my),
              Math.max(sx, gx, mx),
              Math.max(sy, gy, my),
              radius,
            );
            tube.markSegment(sx, sy, mx, my);
            tube.markSegment(mx, my, gx, gy);
            out.clear();
            const cost = tube.run(graph.ctx, sx, sy, gx, gy, out);
            const exact = exactCosts(grid, gx, gy, rules)[sy * width + sx] as number;
            const near = (x: number, y: number, ax: number, ay: number, bx: number, by: number): boolean => {
              const n = Math.max(Math.abs(bx - ax), Math.abs(by - ay), 1);
              for (let k = 0; k <= n; k++) {
                const px = ax + Math.round(((bx - ax) * k) / n);
                const py = ay + Math.round(((by - ay) * k) / n);
                if (Math.max(Math.abs(px - x), Math.abs(py - y)) <= radius) return true;
              }
              return false;
            };
            const inTube = (x: number, y: number): boolean => near(x, y, sx, sy, mx, my) || near(x, y, mx, my, gx, gy);
            if (radius < 64) {
              // The cheapest path over the tube's tiles alone (the rest walled: no cheaper than the tube's best).
              const masked = randomGrid(width, height, 0, 1, { terrain: grid.terrain !== null });
              for (let i = 0; i < grid.size; i++) {
                masked.passable[i] = inTube(i % width, (i / width) | 0) ? (grid.passable[i] as number) : 0;
                if (masked.terrain && grid.terrain) masked.terrain[i] = grid.terrain[i] as number;
              }
              const best = exactCosts(masked, gx, gy, rules)[sy * width + sx] as number;
              if (best < INF) expect(cost).toBeLessThanOrEqual(best * (1 + bucket) + 1e-9);
            }
            if (radius >= 64) {
              // Every tile of the map is in the tube: the search is over the whole map.
              if (!(exact < INF)) {
                expect(cost).toBe(INF);
                continue;
              }
              // At most one bucket per step of the cheapest path, and a step costs at least 1.
              expect(cost).toBeLessThanOrEqual(exact * (1 + bucket) + 1e-9);
            }
            if (!(cost < INF)) continue;
            const path = out.toArray();
            expect(Math.abs(referencePathCost(grid, path, rules) - cost)).toBeLessThanOrEqual(1e-9 * Math.max(1, cost));
            expect(cost).toBeGreaterThanOrEqual(exact * (1 - 1e-9));
            // Every tile of the path lies within the radius of the two segments' tiles.
            for (let i = 0; i < path.length; i += 2) {
              const x = path[i] as number;
              const y = path[i + 1] as number;
              expect(inTube(x, y)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('with any weight: legal paths, never below the optimum, never dearer than the route', () => {
    let retried = 0;
    fc.assert(
      fc.property(
        mapArb,
        rulesArb,
        fc.constantFrom(WINDOW_WEIGHT, 1.2, 4),
        fc.constantFrom(0.5, WINDOW_KEEP, 1),
        (m, rules, weight, keep) => {
          const { grid, graph } = build(m, rules);
          const windows = refinerOf(graph);
          windows.weight = weight;
          windows.keep = keep;
          // The windows over whole sectors (no tube first): their check against the bound.
          windows.tube = 0;
          for (const [sx, sy, gx, gy] of farPairs(grid.width, grid.height, grid.passable, 6, m.seed)) {
            if (!checkWindows(grid, graph, rules, sx, sy, gx, gy)) continue;
            retried += windows.retried;
          }
        },
      ),
      { numRuns: 80 },
    );
    // The check against the bound did work: big weights find windows dearer than their bound.
    expect(retried).toBeGreaterThan(0);
  });

  it('weighted corridor A* costs at most its weight times the exact search, and never less', () => {
    fc.assert(
      fc.property(mapArb, rulesArb, fc.constantFrom(1.02, 1.5, 3), (m, rules, weight) => {
        const { grid, graph } = build(m, rules);
        const corridor = new Corridor();
        corridor.reset(graph.sectorsX * graph.sectorsY);
        for (let s = 0; s < graph.sectorsX * graph.sectorsY; s++) corridor.add(s);
        const astar = new CorridorAStar();
        const out = new PathBuffer();
        for (const [sx, sy, gx, gy] of farPairs(grid.width, grid.height, grid.passable, 6, m.seed + 1)) {
          const exact = exactCosts(grid, gx, gy, rules)[sy * grid.width + sx] as number;
          out.clear();
          const cost = astar.run(graph.ctx, corridor, sx, sy, gx, gy, out, INF, weight);
          if (!(exact < INF)) {
            expect(cost).toBe(INF);
            continue;
          }
          expect(Math.abs(referencePathCost(grid, out.toArray(), rules) - cost)).toBeLessThanOrEqual(
            1e-9 * Math.max(1, cost),
          );
          expect(cost).toBeGreaterThanOrEqual(exact * (1 - 1e-9));
          expect(cost).toBeLessThanOrEqual(exact * weight * (1 + 1e-9));
        }
      }),
      { numRuns: 60 },
    );
  });
});
