import { Grid, PatternParseError } from '@fieldmarshal/core';
import {
  buildTilePatternPath,
  parseTilePatterns,
  patternStepIndex,
  type TilePattern,
} from '@fieldmarshal/core/steering';

/** Problem 1-2: a castle's outer wall about half the screen (40 x 13) on the 80 x 25 screen. */
export const PATROL_W = 80;
export const PATROL_H = 25;
export const CASTLE_W = 40;
export const CASTLE_H = 13;
export const CASTLE_START = { x: 20, y: 6 };

/** The default guard patterns: four guards pace one side each outside the wall; a captain loops around. */
export const DEFAULT_GUARDS = `# Guards of Problem 1-2. Tiles are relative to the castle's top-left corner
# (the wall covers 0..39 x 0..12). One segment "x0 y0 x1 y1" per line here (the
# book's stream format reads several on a line too). A pattern ending where it began
# loops; any other paces back and forth. "pattern <name>" starts a new guard.

pattern north
-1 -1 40 -1
pattern east
40 -1 40 13
pattern south
40 13 -1 13
pattern west
-1 13 -1 -1

pattern captain   # a full loop two tiles further out, corners cut diagonally
-1 -3 40 -3
40 -3 42 -1
42 -1 42 13
42 13 40 15
40 15 -1 15
-1 15 -3 13
-3 13 -3 -1
-3 -1 -1 -3
`;

export interface Guard {
  /** The pattern's name ('' for an unnamed pattern): unique within one text. */
  id: string;
  /** Name to show. */
  name: string;
  /** Tiles of the patrol, flat [x, y, ...], built at the castle's position. */
  path: Int32Array;
  closed: boolean;
  /** Tiles of the path that are walls or off the map (the guard walks through them anyway). */
  badTiles: number;
}

/** The map: open ground with the castle's outer wall as a rectangle outline at (cx, cy). */
export function createCastleGrid(cx: number, cy: number): Grid {
  const grid = Grid.open(PATROL_W, PATROL_H, { shared: false });
  for (let x = cx; x < cx + CASTLE_W; x++) {
    for (const y of [cy, cy + CASTLE_H - 1]) if (grid.inBounds(x, y)) grid.passable[y * PATROL_W + x] = 0;
  }
  for (let y = cy; y < cy + CASTLE_H; y++) {
    for (const x of [cx, cx + CASTLE_W - 1]) if (grid.inBounds(x, y)) grid.passable[y * PATROL_W + x] = 0;
  }
  return grid;
}

/** Parses the guards' text; returns the patterns or the first error (with its line and column). */
export function parseGuards(text: string): { patterns: TilePattern[] | null; error: PatternParseError | null } {
  try {
    return { patterns: parseTilePatterns(text), error: null };
  } catch (e) {
    if (e instanceof PatternParseError) return { patterns: null, error: e };
    throw e;
  }
}

/**
 * Builds each guard's tile path for the castle at (cx, cy): the pattern is normalised to its first point, so
 * it is replayed from `castle + first point` (move the castle and the guards move with it).
 */
export function buildGuards(patterns: readonly TilePattern[], grid: Grid, cx: number, cy: number): Guard[] {
  return patterns.map((p) => {
    const path = buildTilePatternPath(p, { x: cx + p.originX, y: cy + p.originY }).points;
    let badTiles = 0;
    for (let i = 0; i < path.length; i += 2) if (!grid.isPassable(path[i] as number, path[i + 1] as number)) badTiles++;
    return { id: p.name, name: p.name || '(unnamed)', path, closed: p.closed, badTiles };
  });
}

/** Where a guard stands after `step` one-tile steps. */
export function guardTile(g: Guard, step: number): { x: number; y: number } {
  const i = patternStepIndex(g.path.length / 2, g.closed, step);
  return { x: g.path[2 * i] as number, y: g.path[2 * i + 1] as number };
}

/**
 * Where the castle's top-left corner may go so that the castle and every guard's patrol stay on the map
 * (patterns reaching out of the map leave only the default place).
 */
export function castleRange(patterns: readonly TilePattern[]): { x0: number; x1: number; y0: number; y1: number } {
  let minX = 0;
  let minY = 0;
  let maxX = CASTLE_W - 1;
  let maxY = CASTLE_H - 1;
  for (const p of patterns) {
    const path = buildTilePatternPath(p, { x: p.originX, y: p.originY }).points;
    for (let i = 0; i < path.length; i += 2) {
      minX = Math.min(minX, path[i] as number);
      maxX = Math.max(maxX, path[i] as number);
      minY = Math.min(minY, path[i + 1] as number);
      maxY = Math.max(maxY, path[i + 1] as number);
    }
  }
  const x0 = -minX;
  const y0 = -minY;
  const x1 = PATROL_W - 1 - maxX;
  const y1 = PATROL_H - 1 - maxY;
  return x0 <= x1 && y0 <= y1
    ? { x0, x1, y0, y1 }
    : { x0: CASTLE_START.x, x1: CASTLE_START.x, y0: CASTLE_START.y, y1: CASTLE_START.y };
}

/** The castle corner nearest to (x, y) inside `range`. */
export function clampCastle(x: number, y: number, range: ReturnType<typeof castleRange>): { x: number; y: number } {
  return { x: Math.min(range.x1, Math.max(range.x0, x)), y: Math.min(range.y1, Math.max(range.y0, y)) };
}
