import { type Grid, generateMap, type MapKind, parseAsciiMap } from '@fieldmarshal/core';

/**
 * The built-in open-plan level, in the spirit of the seed's demo map ("very open plan" so that flanking and
 * retreating have room): scattered pillars and short walls. `#` wall, `.` floor.
 */
export const OPEN_PLAN_LEVEL = `
################################################
#..............................................#
#..............................................#
#.....###..............#.............###.......#
#.....###..............#.............###.......#
#......................#.......................#
#.............####.....#.......##..............#
#.............####.............##.......#......#
#.......................................#......#
#....##.................................#......#
#....##...........######.......................#
#.................######...........##..........#
#..................................##..........#
#........###..................#................#
#........###.........##.......#................#
#....................##.......#.......###......#
#.............#...............#.......###......#
#.............#................................#
#.............#.........####...................#
#.......................####..........#........#
#....####.............................#........#
#.....................................#........#
#.........##..............###..................#
#.........##..............###..........##......#
#......................................##......#
#..............................................#
#..............................................#
################################################
`;

/** Where the Tactics page's map comes from. */
export type TacticsMapSource =
  | { kind: 'open-plan' }
  | { kind: 'generated'; generator: MapKind; size: number; seed: number; density: number }
  | { kind: 'file'; name: string; grid: Grid; id: number };

export const DEFAULT_TACTICS_SOURCE: TacticsMapSource = { kind: 'open-plan' };

/** A loaded map with suggested starting tiles for the blue player and the red target. */
export interface TacticsMap {
  grid: Grid;
  label: string;
  blue: { x: number; y: number };
  red: { x: number; y: number };
}

/** The walkable tile nearest to (x, y) in ring order, or (x, y) itself when the map has no floor. */
export function nearestWalkable(grid: Grid, x: number, y: number): { x: number; y: number } {
  const cx = Math.min(grid.width - 1, Math.max(0, x));
  const cy = Math.min(grid.height - 1, Math.max(0, y));
  const maxR = Math.max(grid.width, grid.height);
  for (let r = 0; r <= maxR; r++) {
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
        if (grid.isPassable(cx + dx, cy + dy)) return { x: cx + dx, y: cy + dy };
      }
    }
  }
  return { x: cx, y: cy };
}

/** Builds the map of a source (ASCII or a seeded generator; always in shared memory when available). */
export function loadTacticsMap(source: TacticsMapSource): TacticsMap {
  if (source.kind === 'open-plan') {
    const grid = parseAsciiMap(OPEN_PLAN_LEVEL);
    return { grid, label: `open plan (${grid.width} x ${grid.height})`, blue: { x: 15, y: 16 }, red: { x: 13, y: 6 } };
  }
  if (source.kind === 'file') {
    const { grid } = source;
    return {
      grid,
      label: `${source.name} (${grid.width} x ${grid.height})`,
      blue: nearestWalkable(grid, Math.round(grid.width * 0.15), Math.round(grid.height * 0.8)),
      red: nearestWalkable(grid, Math.round(grid.width * 0.7), Math.round(grid.height * 0.3)),
    };
  }
  const { generator, size, seed, density } = source;
  const grid = generateMap(generator, size, size, { seed, density });
  return {
    grid,
    label: `${generator} ${size} x ${size}, seed ${seed}`,
    blue: nearestWalkable(grid, Math.round(size * 0.15), Math.round(size * 0.8)),
    red: nearestWalkable(grid, Math.round(size * 0.7), Math.round(size * 0.3)),
  };
}

/** A stable key of a source, for effects. */
export function tacticsSourceKey(source: TacticsMapSource): string {
  if (source.kind === 'open-plan') return 'open-plan';
  if (source.kind === 'file') return `file:${source.name}:${source.id}`;
  return `gen:${source.generator}:${source.size}:${source.seed}:${source.density}`;
}
