import { describe, expect, it } from 'vitest';
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { computeField } from '../fields/compute-field.js';
import { generateMap, generateMaze, generateOpen, generateRandom, generateRooms, type MapKind } from './generate.js';
import type { Grid } from './grid.js';
import { formatMovingAiMap } from './parse.js';

const rows = (grid: Grid) => formatMovingAiMap(grid).split('\n').slice(4, -1);

/** Number of walkable tiles that cannot reach the first walkable tile (4-neighbour steps). */
function unreachable(grid: Grid): number {
  const start = grid.passable.findIndex((p) => p !== 0);
  const field = computeField(grid, {
    goals: [{ x: start % grid.width, y: Math.floor(start / grid.width) }],
    metric: 'steps',
    neighbors: 4,
  });
  let count = 0;
  for (let i = 0; i < grid.size; i++) if (grid.passable[i] !== 0 && field.cost[i] === Number.POSITIVE_INFINITY) count++;
  return count;
}

describe('generators are deterministic per seed', () => {
  it('random walls: the exact map for seed 1', () => {
    expect(rows(generateRandom(8, 4, 0.3, { seed: 1 }))).toEqual(['.@...@..', '....@.@@', '.@..@@@.', '..@@...@']);
  });

  it('maze: the exact map for seed 2', () => {
    expect(rows(generateMaze(9, 5, { seed: 2 }))).toEqual([
      '.@...@...',
      '.@.@.@@@.',
      '...@.@...',
      '@@@@.@.@.',
      '.......@.',
    ]);
  });

  it('rooms: the exact map for seed 3', () => {
    expect(rows(generateRooms(9, 9, { seed: 3, roomSize: 4 }))).toEqual([
      '....@...@',
      '....@....',
      '........@',
      '....@...@',
      '@@@.@@.@@',
      '.........',
      '....@...@',
      '....@...@',
      '@.@@@.@@@',
    ]);
  });

  it('same seed gives the same map, another seed another map', () => {
    for (const kind of ['random', 'rooms', 'maze'] as MapKind[]) {
      const a = generateMap(kind, 64, 48, { seed: 5 });
      const b = generateMap(kind, 64, 48, { seed: 5 });
      const c = generateMap(kind, 64, 48, { seed: 6 });
      expect(Array.from(a.passable)).toEqual(Array.from(b.passable));
      expect(Array.from(a.passable)).not.toEqual(Array.from(c.passable));
    }
  });
});

describe('generator properties', () => {
  it('random density is honoured (0, 1 and about 20%)', () => {
    expect(generateRandom(10, 10, 0).passable.every((p) => p === 1)).toBe(true);
    expect(generateRandom(10, 10, 1).passable.every((p) => p === 0)).toBe(true);
    const g = generateRandom(200, 200, 0.2, { seed: 3 });
    const walls = g.passable.filter((p) => p === 0).length / g.size;
    expect(walls).toBeGreaterThan(0.19);
    expect(walls).toBeLessThan(0.21);
  });

  it('rooms and mazes are connected; a 1-wide maze is a tree', () => {
    for (const seed of [1, 2, 3]) {
      const rooms = generateRooms(70, 50, { seed, roomSize: 8 });
      expect(unreachable(rooms)).toBe(0);
      const maze = generateMaze(61, 41, { seed });
      expect(unreachable(maze)).toBe(0);
      let tiles = 0;
      let edges = 0;
      for (let y = 0; y < maze.height; y++) {
        for (let x = 0; x < maze.width; x++) {
          if (!maze.isPassable(x, y)) continue;
          tiles++;
          if (maze.isPassable(x + 1, y)) edges++;
          if (maze.isPassable(x, y + 1)) edges++;
        }
      }
      expect(edges).toBe(tiles - 1);
    }
    expect(unreachable(generateMaze(41, 41, { seed: 1, corridor: 3 }))).toBe(0);
  });

  it('open maps are all walkable; options are checked', () => {
    expect(generateOpen(5, 3).passable.every((p) => p === 1)).toBe(true);
    expect(() => generateRandom(4, 4, 1.5)).toThrow(OutOfRangeError);
    expect(() => generateRandom(4, 4, Number.NaN)).toThrow('density out of range: NaN');
    expect(() => generateRooms(9, 9, { roomSize: 2 })).toThrow(OutOfRangeError);
    expect(() => generateMaze(9, 9, { corridor: 0 })).toThrow(OutOfRangeError);
    expect(() => generateMap('caves' as MapKind, 4, 4)).toThrow(InvalidOptionError);
    expect(() => generateMap('caves' as MapKind, 4, 4)).toThrow('invalid kind: "caves"');
  });
});
