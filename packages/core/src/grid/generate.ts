import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { ownOptions } from '../util/own-options.js';
import { createRandom, randomInt } from '../util/random.js';
import { markCodesValid } from './codes-checked.js';
import { BLOCKED, GROUND, Grid, type GridOptions } from './grid.js';

/** Options shared by the map generators. */
export interface GenerateOptions extends GridOptions {
  /**
   * Seed of the pseudo-random source (a finite number, taken modulo 2^32 as by {@link createRandom}); the same
   * seed gives the same map everywhere.
   * @defaultValue 1
   */
  seed?: number;
}

/** The options' own properties (inherited ones are ignored), split into the grid's options and the rest. */
function readOptions<T extends GenerateOptions>(options: T): { grid: GridOptions; own: Partial<T> } {
  const own = ownOptions(options, 'options', 'an options object');
  const grid: GridOptions = {};
  if (own.terrain !== undefined) grid.terrain = own.terrain;
  if (own.shared !== undefined) grid.shared = own.shared;
  if (own.editLog !== undefined) grid.editLog = own.editLog;
  return { grid, own };
}

/** An open field: every tile walkable. */
export function generateOpen(width: number, height: number, options: GridOptions = {}): Grid {
  return markCodesValid(Grid.open(width, height, options));
}

/**
 * Uniform random obstacles: each tile is a wall with probability `density` (0..1, e.g. 0.2 for 20%).
 * Deterministic for a given seed.
 */
export function generateRandom(width: number, height: number, density: number, options: GenerateOptions = {}): Grid {
  if (typeof density !== 'number' || !(density >= 0 && density <= 1))
    throw new OutOfRangeError('density', density, 'a number from 0 to 1');
  const { grid: gridOptions, own } = readOptions(options);
  const random = createRandom(own.seed ?? 1);
  const grid = Grid.create(width, height, gridOptions);
  const p = grid.passable;
  for (let i = 0; i < p.length; i++) p[i] = random() < density ? BLOCKED : GROUND;
  return markCodesValid(grid);
}

/**
 * Rooms with doors: the map is cut into rooms of about `roomSize` tiles per side by one-tile walls, and every
 * wall between two neighbouring rooms gets one door (a one-tile gap) at a random place, so every room is
 * reachable.
 * @param options.roomSize - Distance between parallel walls in tiles (a room's inside is one less); an integer
 *   >= 3. Default: 16.
 */
export function generateRooms(
  width: number,
  height: number,
  options: GenerateOptions & { roomSize?: number } = {},
): Grid {
  const { grid: gridOptions, own } = readOptions(options);
  const roomSize = own.roomSize ?? 16;
  if (!(Number.isInteger(roomSize) && roomSize >= 3))
    throw new OutOfRangeError('roomSize', roomSize, 'an integer >= 3');
  const random = createRandom(own.seed ?? 1);
  const grid = Grid.open(width, height, gridOptions);
  const p = grid.passable;
  for (let x = roomSize; x < width; x += roomSize) for (let y = 0; y < height; y++) p[y * width + x] = BLOCKED;
  for (let y = roomSize; y < height; y += roomSize) for (let x = 0; x < width; x++) p[y * width + x] = BLOCKED;
  // One door in every wall segment between two rooms.
  for (let x = roomSize; x < width; x += roomSize) {
    for (let y0 = 0; y0 < height; y0 += roomSize) {
      const span = Math.min(roomSize, height - y0) - (y0 === 0 ? 0 : 1);
      if (span <= 0) continue;
      const y = y0 + (y0 === 0 ? 0 : 1) + randomInt(random, span);
      p[y * width + x] = GROUND;
    }
  }
  for (let y = roomSize; y < height; y += roomSize) {
    for (let x0 = 0; x0 < width; x0 += roomSize) {
      const span = Math.min(roomSize, width - x0) - (x0 === 0 ? 0 : 1);
      if (span <= 0) continue;
      const x = x0 + (x0 === 0 ? 0 : 1) + randomInt(random, span);
      p[y * width + x] = GROUND;
    }
  }
  return markCodesValid(grid);
}

/**
 * A perfect maze (one path between any two cells) carved by an iterative randomized depth-first search.
 * Corridors are `corridor` tiles wide with one-tile walls.
 * @param options.corridor - Width of the corridors in tiles; an integer >= 1. Default: 1.
 */
export function generateMaze(
  width: number,
  height: number,
  options: GenerateOptions & { corridor?: number } = {},
): Grid {
  const { grid: gridOptions, own } = readOptions(options);
  const corridor = own.corridor ?? 1;
  if (!(Number.isInteger(corridor) && corridor >= 1))
    throw new OutOfRangeError('corridor', corridor, 'an integer >= 1');
  const random = createRandom(own.seed ?? 1);
  const grid = Grid.create(width, height, gridOptions);
  const p = grid.passable;
  const pitch = corridor + 1;
  const cw = Math.max(1, Math.floor((width + 1) / pitch));
  const ch = Math.max(1, Math.floor((height + 1) / pitch));
  const visited = new Uint8Array(cw * ch);
  const stack = new Int32Array(cw * ch);
  const carve = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h && y < height; y++)
      for (let x = x0; x < x0 + w && x < width; x++) p[y * width + x] = GROUND;
  };
  let top = 0;
  stack[top++] = 0;
  visited[0] = 1;
  carve(0, 0, corridor, corridor);
  const options4 = new Int32Array(4);
  while (top > 0) {
    const cell = stack[top - 1] as number;
    const cx = cell % cw;
    const cy = (cell - cx) / cw;
    let n = 0;
    if (cy > 0 && !visited[cell - cw]) options4[n++] = 0;
    if (cx < cw - 1 && !visited[cell + 1]) options4[n++] = 1;
    if (cy < ch - 1 && !visited[cell + cw]) options4[n++] = 2;
    if (cx > 0 && !visited[cell - 1]) options4[n++] = 3;
    if (n === 0) {
      top--;
      continue;
    }
    const d = options4[randomInt(random, n)] as number;
    const nx = cx + (d === 1 ? 1 : d === 3 ? -1 : 0);
    const ny = cy + (d === 2 ? 1 : d === 0 ? -1 : 0);
    const next = ny * cw + nx;
    visited[next] = 1;
    carve(nx * pitch, ny * pitch, corridor, corridor);
    // The wall between the two cells.
    if (nx !== cx) carve(Math.min(cx, nx) * pitch + corridor, cy * pitch, 1, corridor);
    else carve(cx * pitch, Math.min(cy, ny) * pitch + corridor, corridor, 1);
    stack[top++] = next;
  }
  return markCodesValid(grid);
}

/** The generator kinds, by name, for the studio and the benchmark CLI. */
export type MapKind = 'open' | 'random' | 'rooms' | 'maze';
/** Every `MapKind` that `generateMap` makes. */
export const MAP_KINDS: readonly MapKind[] = ['open', 'random', 'rooms', 'maze'];

/**
 * Generates a map by kind name.
 * @param options.density - Wall probability of the `random` kind, from 0 to 1. Default: 0.2.
 */
export function generateMap(
  kind: MapKind,
  width: number,
  height: number,
  options: GenerateOptions & { density?: number } = {},
): Grid {
  const own = ownOptions(options, 'options', 'an options object');
  switch (kind) {
    case 'open':
      return generateOpen(width, height, own);
    case 'random':
      return generateRandom(width, height, own.density ?? 0.2, own);
    case 'rooms':
      return generateRooms(width, height, own);
    case 'maze':
      return generateMaze(width, height, own);
    default:
      throw new InvalidOptionError('kind', kind, MAP_KINDS.map((k) => `'${k}'`).join(', '));
  }
}
