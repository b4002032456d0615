import { type Grid, NO_DIRECTION } from '@fieldmarshal/core';
import { DIR_DX, DIR_DY } from '@fieldmarshal/core/grid';
import { bestNeighbor, type Climb, type MoveRule } from './gradient.js';
import type { TileValues } from './heatmap.js';
import type { MapResult } from './map-compute.js';
import { modeInfo } from './map-modes.js';

/**
 * Why a walker is not moving:
 * - `moving`: it took a step last time;
 * - `resting`: it is at a local optimum of the map (a goal, a source, the safest tile it can reach);
 * - `no-value`: its tile carries no value (unreachable, unseen), so the map gives it nowhere to go;
 * - `blocked`: the next step leads into a wall painted after the map was computed.
 */
export type WalkerStatus = 'moving' | 'resting' | 'no-value' | 'blocked';

/** A unit that steps tile by tile along a map, with its trail. */
export interface Walker {
  id: number;
  /** Current tile. */
  x: number;
  y: number;
  /** Previous tile (for drawing the move between the two). */
  px: number;
  py: number;
  /** Where the walker was dropped (Restart puts it back there; the trail keeps only its last tiles). */
  startX: number;
  startY: number;
  /** Visited tiles, oldest first (capped at {@link MAX_TRAIL}). */
  trailX: number[];
  trailY: number[];
  status: WalkerStatus;
  steps: number;
  color: string;
}

/** Longest trail kept per walker, in tiles. */
export const MAX_TRAIL = 4096;

/** What a walker follows: the map's values, optionally the kernel's direction field, and the move rule. */
export interface WalkTarget {
  values: TileValues;
  /** Direction per tile (cost fields); when null the walker follows the map's gradient. */
  dir: Uint8Array | null;
  climb: Climb;
  rule: MoveRule;
}

/** A new walker standing on (x, y). */
export function createWalker(id: number, x: number, y: number, color: string): Walker {
  return { id, x, y, px: x, py: y, startX: x, startY: y, trailX: [x], trailY: [y], status: 'moving', steps: 0, color };
}

/** The direction a walker on (x, y) takes next (NO_DIRECTION when none). */
export function nextDirection(target: WalkTarget, grid: Grid, x: number, y: number): number {
  if (target.dir) return target.dir[y * grid.width + x] ?? NO_DIRECTION;
  return bestNeighbor(target.values, grid, x, y, target.climb, target.rule);
}

/** Moves the walker one tile along the map (or updates its status when it cannot move). Returns true on a move. */
export function stepWalker(walker: Walker, target: WalkTarget, grid: Grid): boolean {
  const { passable, width, height } = grid;
  walker.px = walker.x;
  walker.py = walker.y;
  const i = walker.y * width + walker.x;
  const d = nextDirection(target, grid, walker.x, walker.y);
  if (d === NO_DIRECTION) {
    const v = target.values.values[i];
    const valued = v !== undefined && (target.values.kind === 'float' ? Number.isFinite(v) : v >= 0);
    walker.status = valued ? 'resting' : 'no-value';
    return false;
  }
  const nx = walker.x + (DIR_DX[d] as number);
  const ny = walker.y + (DIR_DY[d] as number);
  if (nx < 0 || ny < 0 || nx >= width || ny >= height || !passable[ny * width + nx]) {
    walker.status = 'blocked';
    return false;
  }
  walker.x = nx;
  walker.y = ny;
  walker.steps++;
  walker.status = 'moving';
  walker.trailX.push(nx);
  walker.trailY.push(ny);
  if (walker.trailX.length > MAX_TRAIL) {
    walker.trailX.splice(0, walker.trailX.length - MAX_TRAIL);
    walker.trailY.splice(0, walker.trailY.length - MAX_TRAIL);
  }
  return true;
}

/** What units follow on a shown map: its values, its direction field if any, and the page's move rule. */
export function walkTargetOf(shown: MapResult | null, rule: MoveRule): WalkTarget | null {
  if (!shown) return null;
  return { values: shown.values, dir: shown.dir, climb: modeInfo(shown.mode).climb, rule };
}
