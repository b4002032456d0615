import { bresenhamLine, type Grid } from '@fieldmarshal/core';

/** A tile position. */
export interface Point {
  x: number;
  y: number;
}

/** What a left click or drag on the Fields map does. */
export type Tool = 'goal' | 'wall' | 'erase' | 'unit';

export const TOOLS: readonly { id: Tool; label: string; key: string; hint: string }[] = [
  { id: 'goal', label: 'Goal', key: 'G', hint: 'click: place; shift-click: add or remove; drag: move' },
  { id: 'wall', label: 'Wall', key: 'W', hint: 'drag to paint walls' },
  { id: 'erase', label: 'Erase', key: 'E', hint: 'drag to erase walls' },
  { id: 'unit', label: 'Unit', key: 'U', hint: 'click to drop a unit (or press U over the map)' },
];

/** Brush sides in tiles (square brushes). */
export const BRUSHES = [1, 3, 5, 9, 17] as const;

/** True for the tools that paint with the brush. */
export function isPaintTool(tool: Tool): tool is 'wall' | 'erase' {
  return tool === 'wall' || tool === 'erase';
}

/** The next smaller brush (the `[` key). */
export function smallerBrush(brush: number): number {
  return BRUSHES[Math.max(0, BRUSHES.indexOf(brush as 1) - 1)] ?? 1;
}

/** The next larger brush (the `]` key). */
export function largerBrush(brush: number): number {
  return BRUSHES[Math.min(BRUSHES.length - 1, BRUSHES.indexOf(brush as 1) + 1)] ?? brush;
}

/**
 * Paints passability `code` along the Bresenham line from `from` to `to` with a square brush of side `brush`
 * (odd). A wall (code 0) replaces any tile; erasing (code 1) turns only walls into ground, so water stays.
 * Calls `onTile` for every tile it changed and touches the grid once when anything changed. Returns whether
 * anything changed.
 */
export function paintLine(
  grid: Grid,
  from: Point,
  to: Point,
  brush: number,
  code: number,
  onTile: (x: number, y: number) => void,
): boolean {
  const line = bresenhamLine(from.x, from.y, to.x, to.y);
  const r = (brush - 1) >> 1;
  let changed = false;
  for (let k = 0; k < line.length; k += 2) {
    const cx = line[k] as number;
    const cy = line[k + 1] as number;
    for (let y = cy - r; y <= cy + r; y++) {
      for (let x = cx - r; x <= cx + r; x++) {
        if (x < 0 || y < 0 || x >= grid.width || y >= grid.height) continue;
        const i = y * grid.width + x;
        if (grid.passable[i] === code || (code !== 0 && grid.passable[i] !== 0)) continue;
        grid.passable[i] = code;
        onTile(x, y);
        changed = true;
      }
    }
  }
  if (changed) grid.touch();
  return changed;
}

/** Adds a point at (x, y), or removes it when one is there already (shift-click with the goal tool). */
export function togglePoint(points: readonly Point[], x: number, y: number): Point[] {
  return points.some((p) => p.x === x && p.y === y)
    ? points.filter((p) => p.x !== x || p.y !== y)
    : [...points, { x, y }];
}

/** The single point (x, y) (dragging a goal); the same array when it is already that. */
export function movePoint(points: Point[], x: number, y: number): Point[] {
  return points.length === 1 && points[0]?.x === x && points[0]?.y === y ? points : [{ x, y }];
}
