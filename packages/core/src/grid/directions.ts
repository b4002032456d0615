/**
 * The one direction table. Index 0..3 are the orthogonal moves (clockwise from north), 4..7 the diagonals
 * (clockwise from north-east). Screen coordinates: x grows to the right, y grows downwards.
 * Fields store these indices in a Uint8Array; {@link NO_DIRECTION} (255) means "no direction" (goal, wall,
 * unreachable).
 */
export interface Direction {
  /** Step along x, in tiles: -1 west, 0, 1 east. */
  readonly x: -1 | 0 | 1;
  /** Step along y, in tiles: -1 north (up), 0, 1 south (y grows downwards). */
  readonly y: -1 | 0 | 1;
  /** Compass name of the direction. */
  readonly name: 'N' | 'E' | 'S' | 'W' | 'NE' | 'SE' | 'SW' | 'NW';
}

/** The eight unit steps, indexed as in fields' `dir`: 0 N, 1 E, 2 S, 3 W, 4 NE, 5 SE, 6 SW, 7 NW. */
export const DIRECTIONS: readonly Direction[] = Object.freeze([
  Object.freeze({ x: 0, y: -1, name: 'N' }),
  Object.freeze({ x: 1, y: 0, name: 'E' }),
  Object.freeze({ x: 0, y: 1, name: 'S' }),
  Object.freeze({ x: -1, y: 0, name: 'W' }),
  Object.freeze({ x: 1, y: -1, name: 'NE' }),
  Object.freeze({ x: 1, y: 1, name: 'SE' }),
  Object.freeze({ x: -1, y: 1, name: 'SW' }),
  Object.freeze({ x: -1, y: -1, name: 'NW' }),
] as const satisfies readonly Direction[]);

/** Marks a tile with no direction: a goal, a wall or an unreachable tile. */
export const NO_DIRECTION = 255;

/** x step of each direction index, for hot loops. */
export const DIR_DX: Int8Array = Int8Array.from(DIRECTIONS, (d) => d.x);
/** y step of each direction index, for hot loops. */
export const DIR_DY: Int8Array = Int8Array.from(DIRECTIONS, (d) => d.y);
/** The opposite of each direction index. */
export const DIR_OPPOSITE: Uint8Array = Uint8Array.from([2, 3, 0, 1, 6, 7, 4, 5]);

/** Direction index of the unit step (dx, dy), or NO_DIRECTION when it is not a unit step. */
export function directionOf(dx: number, dy: number): number {
  for (let d = 0; d < 8; d++) if (DIR_DX[d] === dx && DIR_DY[d] === dy) return d;
  return NO_DIRECTION;
}

/**
 * When may a diagonal step be taken?
 * - `never`: no diagonal steps.
 * - `always`: diagonal steps regardless of the two orthogonal neighbours (corner cutting allowed).
 * - `if-one-free`: at least one of the two orthogonal neighbours is passable.
 * - `if-both-free`: both orthogonal neighbours are passable (the Moving AI rule; the default).
 */
export type DiagonalRule = 'never' | 'always' | 'if-one-free' | 'if-both-free';
/** Every `DiagonalRule`. */
export const DIAGONAL_RULES: readonly DiagonalRule[] = ['never', 'always', 'if-one-free', 'if-both-free'];
/** The default diagonal rule: `if-both-free`, the Moving AI rule. */
export const DEFAULT_DIAGONAL_RULE: DiagonalRule = 'if-both-free';
