import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Grid } from '../grid/grid.js';
import { buildSectorGraph } from './build.js';
import { exactCosts, graphPicture, randomGrid, rulesArb } from './sectors.test-util.js';

const INF = Number.POSITIVE_INFINITY;

/** One edit: a tile set to a code, a rectangle filled, or a terrain cost changed. */
const editArb = fc.oneof(
  fc.record({ kind: fc.constant('tile' as const), x: fc.nat(), y: fc.nat(), code: fc.constantFrom(0, 0, 1, 1, 2) }),
  fc.record({
    kind: fc.constant('rect' as const),
    x: fc.nat(),
    y: fc.nat(),
    w: fc.integer({ min: 1, max: 6 }),
    h: fc.integer({ min: 1, max: 6 }),
    code: fc.constantFrom(0, 1, 2),
  }),
  fc.record({ kind: fc.constant('terrain' as const), x: fc.nat(), y: fc.nat(), cost: fc.integer({ min: 1, max: 5 }) }),
);

type Edit = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

function apply(grid: Grid, e: Edit): void {
  const x = e.x % grid.width;
  const y = e.y % grid.height;
  if (e.kind === 'tile') grid.setPassable(x, y, e.code);
  else if (e.kind === 'rect')
    grid.fillPassable(x, y, Math.min(e.w, grid.width - x), Math.min(e.h, grid.height - y), e.code);
  else if (grid.terrain) grid.setTerrain(x, y, e.cost);
}

describe('SectorGraph.update', () => {
  it('after random edits equals a fresh build (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 12, max: 40 }),
        fc.integer({ min: 12, max: 40 }),
        fc.double({ min: 0, max: 0.4, noNaN: true }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        rulesArb,
        fc.constantFrom(8, 16),
        fc.array(fc.array(editArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        (width, height, density, seed, rules, sectorSize, rounds) => {
          const grid = randomGrid(width, height, density, seed, { water: true, terrain: rules.metric === 'weighted' });
          const options = { ...rules, sectorSize, entranceSpacing: 4 };
          const graph = buildSectorGraph(grid, options);
          for (const round of rounds) {
            grid.batch(() => {
              for (const e of round) apply(grid, e);
            });
            const result = graph.update();
            expect(graph.gridVersion).toBe(grid.version);
            expect(result.sectors).toBeGreaterThanOrEqual(0);
            expect(graphPicture(graph)).toEqual(graphPicture(buildSectorGraph(grid, options)));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('queries after edits see the edited grid (they update the graph first)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), rulesArb, (seed, rules) => {
        const grid = randomGrid(33, 27, 0.25, seed, { terrain: rules.metric === 'weighted' });
        const graph = buildSectorGraph(grid, { ...rules, sectorSize: 8 });
        let s = seed;
        const next = (n: number): number => {
          s = (Math.imul(s, 1103515245) + 12345) >>> 0;
          return s % n;
        };
        for (let round = 0; round < 6; round++) {
          for (let k = 0; k < 5; k++) grid.setPassable(next(33), next(27), next(3) === 0 ? 0 : 1);
          const sx = next(33);
          const sy = next(27);
          const gx = next(33);
          const gy = next(27);
          if (!grid.isPassable(sx, sy) || !grid.isPassable(gx, gy)) continue;
          const exact = exactCosts(grid, gx, gy, rules)[sy * 33 + sx] as number;
          const found = graph.findPath({ x: sx, y: sy }, { x: gx, y: gy }, { margin: 8 });
          if (!(exact < INF)) expect(found).toBeNull();
          else expect(Math.abs((found as { cost: number }).cost - exact)).toBeLessThan(1e-9 * Math.max(1, exact));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('rebuilds only the sector of an interior edit, and its neighbour for an edit on a border', () => {
    const grid = Grid.open(64, 64, { shared: false });
    const graph = buildSectorGraph(grid, { sectorSize: 16 });
    grid.setPassable(20, 20, false);
    expect(graph.update()).toEqual({ full: false, sectors: 1, components: false });
    grid.setPassable(16, 20, false);
    // (16, 20) is the west column of sector (1, 1): sector (0, 1) across that border is rebuilt too (the run
    // there is cut in two, so the entrances change and the components are recomputed).
    expect(graph.update()).toEqual({ full: false, sectors: 2, components: true });
    grid.setPassable(16, 16, false);
    // A corner tile: its sector, the ones to the west and north, and the one across the corner.
    expect(graph.update().sectors).toBe(4);
    expect(graph.update()).toEqual({ full: false, sectors: 0, components: false });
  });

  it('keeps the components when the entrances and their regions stay, recomputes them when they change', () => {
    // A corridor one tile wide along row 2, two sectors side by side. Closing it at x = 8 cuts the start off from
    // the only entrance of sector 0 (at x = 15): the entrance and its mate are unchanged, so the components stay,
    // and the query is answered null from the start's local search.
    const grid = Grid.create(32, 16, { shared: false });
    grid.fillPassable(0, 2, 32, 1, true);
    const graph = buildSectorGraph(grid, { sectorSize: 16 });
    expect(graph.findPath({ x: 0, y: 2 }, { x: 31, y: 2 })).not.toBeNull();
    grid.setPassable(8, 2, false);
    expect(graph.update()).toEqual({ full: false, sectors: 1, components: false });
    expect(graph.findPath({ x: 0, y: 2 }, { x: 31, y: 2 })).toBeNull();
    expect(graph.findPath({ x: 9, y: 2 }, { x: 31, y: 2 })?.cost).toBe(22);
    // Closing the border pair itself removes the entrance: both sectors and the components are rebuilt.
    grid.setPassable(15, 2, false);
    expect(graph.update()).toEqual({ full: false, sectors: 2, components: true });
    expect(graph.findPath({ x: 9, y: 2 }, { x: 31, y: 2 })).toBeNull();
    grid.batch(() => {
      grid.setPassable(8, 2, true);
      grid.setPassable(15, 2, true);
    });
    graph.update();
    expect(graph.findPath({ x: 0, y: 2 }, { x: 31, y: 2 })?.cost).toBe(31);
  });

  it('rebuilds everything after an unknown edit (touch) or an edit log overflow', () => {
    const grid = Grid.open(48, 48, { shared: false, editLog: 8 });
    const graph = buildSectorGraph(grid, { sectorSize: 8 });
    grid.passable[5] = 0;
    grid.touch();
    expect(graph.update()).toEqual({ full: true, sectors: 36, components: true });
    grid.fillPassable(0, 30, 20, 1, false);
    expect(graph.update().full).toBe(true);
    expect(graphPicture(graph)).toEqual(graphPicture(buildSectorGraph(grid, { sectorSize: 8 })));
  });
});
