import { Grid, NO_DIRECTION } from '@fieldmarshal/core';
import { DIR_DX, DIR_DY } from '@fieldmarshal/core/grid';
import {
  basicChaseDirection,
  hasLineOfSight,
  LineChaser,
  type TileInterceptPoint,
  tileIntercept,
  tileInterceptDirection,
} from '@fieldmarshal/core/steering';

/**
 * How the orcs close in: the book's basic chase, Bresenham line of sight (the book's listing tile for tile, the
 * library's default line, or the symmetric line), or interception (Problem 1-1).
 */
export type OrcMode = 'basic' | 'bresenham' | 'symmetric' | 'intercept';

export const ORC_MODES: readonly { id: OrcMode; label: string; key: string; note: string }[] = [
  {
    id: 'basic',
    label: 'Basic chase',
    key: '1',
    note: 'Row and column each step one tile towards Frodo: orcs walk diagonals, then file up along a row or column.',
  },
  {
    id: 'bresenham',
    label: "Bresenham line of sight (the book's)",
    key: '2',
    note: "Each orc walks the book's Bresenham line to Frodo (its C++ listing, the default line), recomputed only when he moves: straight, natural paths.",
  },
  {
    id: 'intercept',
    label: 'Intercept (Problem 1-1)',
    key: '3',
    note: 'Each orc heads for the earliest tile where it can meet Frodo on his walk (circles): let him walk to see it.',
  },
  {
    id: 'symmetric',
    label: 'Bresenham, the symmetric line',
    key: '4',
    note: "The nearest tiles to the straight line, the same from either end; the book's line takes its minor steps late ((0,0) to (5,1) passes (3,0)): on these eight paths the two differ on 31 of 219 tiles.",
  },
];

/** The seed's DOS screen: 80 columns by 25 rows with a box drawn around it. */
export const SCREEN_W = 80;
export const SCREEN_H = 25;
/** The seed's Pgm01b: Frodo stands at the entrance, eight orcs along the bottom. */
export const FRODO_START = { x: 40, y: 2 };
export const ORC_STARTS: readonly (readonly [number, number])[] = [
  [1, 22],
  [5, 21],
  [10, 22],
  [20, 20],
  [30, 19],
  [50, 22],
  [60, 20],
  [70, 14],
];
/** Frodo walks one tile every other turn: half an orc's speed. */
export const FRODO_SPEED = 0.5;
const MAX_TRAIL = 4000;

export interface Orc {
  x: number;
  y: number;
  /** Visited tiles, flat [x, y, ...]. */
  trail: number[];
  /** Walks the book's Bresenham lines (the default style; mode `bresenham`). */
  chaser: LineChaser;
  /** The same with the symmetric lines (mode `symmetric`). */
  symmetric: LineChaser;
  /** Standing on Frodo's tile (it waits there; if he walks away it chases him again). */
  caught: boolean;
  /** The last step ran into a wall. */
  blocked: boolean;
}

export interface OrcWorld {
  grid: Grid;
  orcs: Orc[];
  /** Frodo's exact position (he may stand between tiles while walking slower than one tile per turn). */
  fx: number;
  fy: number;
  /** Walking direction in tiles per turn, or 0, 0 standing. */
  vx: number;
  vy: number;
  turn: number;
}

/** The room: the seed's box as walls around an open floor. */
export function createRoom(): Grid {
  const grid = Grid.open(SCREEN_W, SCREEN_H, { shared: false });
  for (let x = 0; x < SCREEN_W; x++) {
    grid.passable[x] = 0;
    grid.passable[(SCREEN_H - 1) * SCREEN_W + x] = 0;
  }
  for (let y = 0; y < SCREEN_H; y++) {
    grid.passable[y * SCREEN_W] = 0;
    grid.passable[y * SCREEN_W + SCREEN_W - 1] = 0;
  }
  return grid;
}

/** A fresh scene on `grid` (walls kept): orcs at their seed positions, Frodo standing at the entrance. */
export function createOrcWorld(grid: Grid): OrcWorld {
  return {
    grid,
    orcs: ORC_STARTS.map(([x, y]) => ({
      x,
      y,
      trail: [x, y],
      chaser: new LineChaser(),
      symmetric: new LineChaser(64, 'symmetric'),
      caught: false,
      blocked: false,
    })),
    fx: FRODO_START.x,
    fy: FRODO_START.y,
    vx: 0,
    vy: 0,
    turn: 0,
  };
}

export function frodoTile(w: OrcWorld): { x: number; y: number } {
  return { x: Math.round(w.fx), y: Math.round(w.fy) };
}

/** Frodo's walking velocity (tiles per turn) when he walks in direction (dx, dy) of -1/0/1 each. */
export function walkVelocity(dx: number, dy: number): { vx: number; vy: number } {
  return { vx: dx * FRODO_SPEED, vy: dy * FRODO_SPEED };
}

function markCaught(w: OrcWorld): void {
  const f = frodoTile(w);
  for (const o of w.orcs) o.caught = o.x === f.x && o.y === f.y;
}

/** Where an orc plans to meet Frodo in intercept mode (null: no meeting, it chases instead). */
export function orcIntercept(w: OrcWorld, o: Orc): TileInterceptPoint | null {
  return tileIntercept(
    { x: o.x, y: o.y },
    { x: w.fx, y: w.fy },
    { x: w.vx, y: w.vy },
    { width: SCREEN_W, height: SCREEN_H },
  );
}

/** One turn: Frodo walks (bouncing off walls), then every orc not on his tile takes one step. */
export function stepOrcWorld(w: OrcWorld, mode: OrcMode): void {
  w.turn++;
  if (w.vx !== 0 || w.vy !== 0) {
    let nx = w.fx + w.vx;
    let ny = w.fy + w.vy;
    if (!w.grid.isPassable(Math.round(nx), Math.round(w.fy))) {
      w.vx = -w.vx;
      nx = w.fx + w.vx;
    }
    if (!w.grid.isPassable(Math.round(w.fx), Math.round(ny))) {
      w.vy = -w.vy;
      ny = w.fy + w.vy;
    }
    if (w.grid.isPassable(Math.round(nx), Math.round(ny))) {
      w.fx = nx;
      w.fy = ny;
    }
  }
  markCaught(w);
  const f = frodoTile(w);
  for (const o of w.orcs) {
    if (o.caught) continue;
    let d: number;
    if (mode === 'basic') d = basicChaseDirection(o.x, o.y, f.x, f.y);
    else if (mode === 'bresenham') d = o.chaser.next(o.x, o.y, f.x, f.y);
    else if (mode === 'symmetric') d = o.symmetric.next(o.x, o.y, f.x, f.y);
    else
      d = tileInterceptDirection(
        { x: o.x, y: o.y },
        { x: w.fx, y: w.fy },
        { x: w.vx, y: w.vy },
        { width: SCREEN_W, height: SCREEN_H },
      );
    if (d === NO_DIRECTION) continue;
    const nx = o.x + (DIR_DX[d] as number);
    const ny = o.y + (DIR_DY[d] as number);
    o.blocked = !w.grid.isPassable(nx, ny);
    if (o.blocked) continue;
    o.x = nx;
    o.y = ny;
    if (o.trail.length < MAX_TRAIL) o.trail.push(nx, ny);
  }
  markCaught(w);
}

/** Whether the orc can see Frodo (its Bresenham line to him crosses no wall). */
export function orcSeesFrodo(w: OrcWorld, o: Orc): boolean {
  const f = frodoTile(w);
  return hasLineOfSight(w.grid, o.x, o.y, f.x, f.y);
}
