import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { MOVINGAI_DIR } from '../fields/movingai.test-util.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap, parseMovingAiMap } from '../grid/parse.js';
import { buildSectorGraph } from './build.js';
import { SectorGraph } from './sector-graph.js';
import { exactCosts, referencePathCost } from './sectors.test-util.js';

const octile = { metric: 'octile', neighbors: 8, diagonal: 'if-both-free' } as const;

/** Two 16x16 rooms side by side joined by one door at (16, 7); a closed room in the right one. */
const ROOMS = [
  '................#...............',
  '................#...............',
  '................#...............',
  '................#...............',
  '................#...#######.....',
  '................#...#.....#.....',
  '................#...#.....#.....',
  '....................#.....#.....',
  '................#...#.....#.....',
  '................#...#######.....',
  '................#...............',
  '................#...............',
  '................#...............',
  '................#...............',
  '................#...............',
  '................#...............',
].join('\n');

describe('buildSectorGraph and findPath', () => {
  it('finds the path of the api example on the arena map', () => {
    const grid = parseMovingAiMap(readFileSync(join(MOVINGAI_DIR, 'maps', 'arena.map'), 'utf8'));
    const graph = buildSectorGraph(grid, { metric: 'octile' });
    const found = graph.findPath({ x: 4, y: 4 }, { x: 40, y: 40 });
    expect(found).not.toBeNull();
    const { cost, points: path } = found as { cost: number; points: Int32Array };
    expect(path).toBeInstanceOf(Int32Array);
    expect([path[0], path[1], path.at(-2), path.at(-1)]).toEqual([4, 4, 40, 40]);
    expect(referencePathCost(grid, path, octile)).toBeCloseTo(cost, 12);
    expect(cost).toBeCloseTo(exactCosts(grid, 40, 40, octile)[4 * grid.width + 4] as number, 9);
  });

  it('walks through the door, answers the closed room with null, and the same tile with itself', () => {
    const grid = parseAsciiMap(ROOMS, undefined, { shared: false });
    const graph = buildSectorGraph(grid, { sectorSize: 8 });
    // The corridor covers this small map: the path is the optimum, through the door at (16, 7).
    const found = graph.findPath({ x: 2, y: 2 }, { x: 30, y: 2 }) as { cost: number; points: Int32Array };
    const exact = exactCosts(grid, 30, 2, octile)[2 * 32 + 2] as number;
    expect(found.cost).toBeCloseTo(exact, 9);
    let door = false;
    for (let i = 0; i < found.points.length; i += 2) if (found.points[i] === 16) door = found.points[i + 1] === 7;
    expect(door).toBe(true);
    // Through entrances only (one per run, at fixed places), never cheaper.
    expect(
      (graph.findPath({ x: 2, y: 2 }, { x: 30, y: 2 }, { refine: 'sectors' }) as { cost: number }).cost,
    ).toBeGreaterThanOrEqual(exact);
    expect(graph.findPath({ x: 2, y: 2 }, { x: 23, y: 7 })).toBeNull();
    expect(graph.firstMove(2, 2, 23, 7)).toBe(255);
    expect(graph.route({ x: 2, y: 2 }, { x: 23, y: 7 })).toBeNull();
    expect(graph.findPath({ x: 5, y: 5 }, { x: 5, y: 5 })).toEqual({ cost: 0, points: Int32Array.of(5, 5) });
    expect(graph.route({ x: 5, y: 5 }, { x: 5, y: 5 })).toEqual({ cost: 0, points: Int32Array.of(5, 5) });
  });

  it('reports the route through entrances and what the query did', () => {
    const grid = parseAsciiMap(ROOMS, undefined, { shared: false });
    const graph = buildSectorGraph(grid, { sectorSize: 8 });
    const route = graph.route({ x: 2, y: 2 }, { x: 30, y: 2 }) as { cost: number; points: Int32Array };
    expect([route.points[0], route.points[1], route.points.at(-2), route.points.at(-1)]).toEqual([2, 2, 30, 2]);
    // The door's two sides are entrances of the route.
    const xs = Array.from(route.points.filter((_, i) => i % 2 === 0));
    expect(xs).toContain(15);
    expect(xs).toContain(16);
    const info = {
      routeCost: 0,
      routeNodes: 0,
      expanded: 0,
      refined: 'none' as const,
      corridorSectors: 0,
      corridorExpanded: 0,
    } as import('./find-path.js').SectorPathInfo;
    graph.findPath({ x: 2, y: 2 }, { x: 30, y: 2 }, { refine: 'corridor', margin: 0, info });
    expect(info.refined).toBe('corridor');
    expect(info.routeCost).toBeCloseTo(route.cost, 6);
    expect(info.routeNodes).toBe(route.points.length / 2 - 2);
    expect(info.corridorSectors).toBeGreaterThan(0);
    graph.findPath({ x: 2, y: 2 }, { x: 30, y: 2 }, { refine: 'sectors', info });
    expect(info.refined).toBe('sectors');
  });

  it('keeps water and ground apart', () => {
    // W is water: reachable only from water.
    const grid = parseAsciiMap(
      ['..........', '..WWWWWW..', '..WWWWWW..', '..........'].join('\n'),
      { '.': 1, '#': 0, W: 2 },
      { shared: false },
    );
    const graph = buildSectorGraph(grid, { sectorSize: 8 });
    expect(graph.findPath({ x: 0, y: 0 }, { x: 3, y: 1 })).toBeNull();
    expect(graph.findPath({ x: 2, y: 1 }, { x: 7, y: 2 })?.cost).toBeCloseTo(5 + 0 * Math.SQRT2 + (Math.SQRT2 - 1), 9);
    expect(graph.findPath({ x: 0, y: 0 }, { x: 9, y: 3 })).not.toBeNull();
  });

  it('prices steps and weighted moves as the fields do', () => {
    const grid = Grid.open(20, 12, { terrain: true, shared: false });
    grid.fillTerrain(5, 0, 3, 12, 4);
    for (const metric of ['steps', 'weighted'] as const) {
      const graph = buildSectorGraph(grid, { metric, sectorSize: 8 });
      const found = graph.findPath({ x: 0, y: 6 }, { x: 19, y: 6 }, { refine: 'corridor', margin: 4 }) as {
        cost: number;
        points: Int32Array;
      };
      const rules = { metric, neighbors: 8, diagonal: 'if-both-free' } as const;
      expect(found.cost).toBeCloseTo(exactCosts(grid, 19, 6, rules)[6 * 20] as number, 9);
      expect(referencePathCost(grid, found.points, rules)).toBeCloseTo(found.cost, 9);
    }
  });

  it('states its sizes, its options and its entrances', () => {
    const grid = parseAsciiMap(ROOMS, undefined, { shared: false });
    const graph = buildSectorGraph(grid, { sectorSize: 8, entranceSpacing: 1, landmarks: 2 });
    expect(graph.options).toEqual({
      metric: 'octile',
      neighbors: 8,
      diagonal: 'if-both-free',
      sectorSize: 8,
      entranceSplit: 6,
      entranceSpacing: 1,
      entranceGap: 24,
      landmarks: 2,
    });
    expect([graph.sectorSize, graph.sectorsX, graph.sectorsY]).toEqual([8, 4, 2]);
    expect(graph.sectorOf(9, 9)).toBe(5);
    const stats = graph.stats();
    expect(stats.sectors).toBe(8);
    const entrances = graph.entrances();
    expect(entrances.length).toBe(2 * stats.entrances);
    // The door is the only crossing of the wall at x = 16 (the sector border between x = 15 and 16).
    const onWall: number[] = [];
    for (let i = 0; i < entrances.length; i += 2) if (entrances[i] === 16) onWall.push(entrances[i + 1] as number);
    expect(onWall).toEqual([7]);
    expect(stats.bytes).toBeGreaterThan(0);
    expect(graph.landmarksFresh).toBe(true);
    grid.setPassable(3, 3, false);
    graph.update();
    expect(graph.landmarksFresh).toBe(false);
    graph.refreshLandmarks();
    expect(graph.landmarksFresh).toBe(true);
  });

  it('rebuilds from its arrays (another thread does the same over shared buffers)', () => {
    const grid = parseAsciiMap(ROOMS);
    const graph = buildSectorGraph(grid, { sectorSize: 8 });
    const twin = SectorGraph.from(grid, graph.data);
    expect(twin.findPath({ x: 2, y: 2 }, { x: 30, y: 2 })).toEqual(graph.findPath({ x: 2, y: 2 }, { x: 30, y: 2 }));
    expect(() => SectorGraph.from(Grid.open(5, 5), graph.data)).toThrow(InvalidOptionError);
  });

  it('checks its input', () => {
    const grid = parseAsciiMap(ROOMS, undefined, { shared: false });
    expect(() => buildSectorGraph(grid, { sectorSize: 48 })).toThrow(OutOfRangeError);
    expect(() => buildSectorGraph(grid, { sectorSize: 4 })).toThrow(OutOfRangeError);
    expect(() => buildSectorGraph(grid, { metric: 'manhattan' as never })).toThrow(InvalidOptionError);
    expect(() => buildSectorGraph(grid, { entranceSpacing: 0 })).toThrow(OutOfRangeError);
    expect(() => buildSectorGraph(grid, { entranceGap: -1 })).toThrow(OutOfRangeError);
    expect(() => buildSectorGraph(grid, { entranceGap: 1.5 })).toThrow(OutOfRangeError);
    expect(() => buildSectorGraph(grid, { entranceGap: 1025 })).toThrow(OutOfRangeError);
    expect(() => buildSectorGraph(grid, { landmarks: 33 })).toThrow(OutOfRangeError);
    expect(() => buildSectorGraph({} as Grid)).toThrow(InvalidOptionError);
    const graph = buildSectorGraph(grid, { sectorSize: 8 });
    expect(graph.findPath({ x: 16, y: 0 }, { x: 1, y: 1 })).toBeNull(); // a start on a wall: no route
    expect(graph.findPath({ x: 1, y: 1 }, { x: 16, y: 0 })).toBeNull(); // a goal on a wall: no route either
    expect(graph.route({ x: 1, y: 1 }, { x: 16, y: 0 })).toBeNull();
    expect(graph.firstMove(1, 1, 16, 0)).toBe(255);
    expect(() => graph.findPath(1 as never, { x: 16, y: 0 })).toThrow(InvalidOptionError);
    expect(() => graph.findPath({ x: 1, y: 1 }, { x: 1 } as never)).toThrow(/to/);
    expect(() => graph.route({ x: 1, y: 1 }, { x: 40, y: 1 })).toThrow(CoordinateError);
    expect(() => graph.findPath({ x: 1, y: 1 }, { x: 40, y: 1 })).toThrow(CoordinateError);
    expect(() => graph.findPath({ x: 1, y: 1 }, { x: 2, y: 2 }, { margin: 9 })).toThrow(OutOfRangeError);
    expect(() => graph.findPath({ x: 1, y: 1 }, { x: 2, y: 2 }, { refine: 'fast' as never })).toThrow(OutOfRangeError);
  });
});
