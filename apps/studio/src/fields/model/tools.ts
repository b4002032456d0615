import type { Grid } from '@fieldmarshal/core';
import { bresenhamLine } from '@fieldmarshal/core/steering';

/** A tile position. */
export interface Point {
  x: number;
  y: number;
}

/** What a left click or drag on the Fields map does. */
export type Tool = 'goal' | 'wall' | 'erase' | 'terrain' | 'unit';

export const TOOLS: readonly { id: Tool; label: string; key: string; hint: string }[] = [
  {
    id: 'goal',
    label: 'Goal',
    key: 'G',
    hint: 'click: place one; drag a goal: move it; shift-click: add or remove',
  },
  { id: 'wall', label: 'Wall', key: 'W', hint: 'drag to paint walls' },
  { id: 'erase', label: 'Erase', key: 'E', hint: 'drag to erase walls' },
  {
    id: 'terrain',
    label: 'Terrain',
    key: 'T',
    hint: 'drag to paint the terrain cost (the weighted metric uses it; Show: terrain costs)',
  },
  { id: 'unit', label: 'Unit', key: 'U', hint: 'click to drop a unit (or press U over the map)' },
];

/** Terrain costs the terrain brush offers (a step into a tile costs its terrain cost times the step length). */
export const TERRAIN_COSTS = [1, 2, 3, 5, 10, 25] as const;

/** Brush sides in tiles (square brushes). */
export const BRUSHES = [1, 3, 5, 9, 17] as const;

/** True for the tools that paint with the brush. */
export function isPaintTool(tool: Tool): tool is 'wall' | 'erase' | 'terrain' {
  return tool === 'wall' || tool === 'erase' || tool === 'terrain';
}

/** The next smaller brush (the `[` key). */
export function smallerBrush(brush: number): number {
  return BRUSHES[Math.max(0, BRUSHES.indexOf(brush as 1) - 1)] ?? 1;
}

/** The next larger brush (the `]` key). */
export function largerBrush(brush: number): number {
  return BRUSHES[Math.min(BRUSHES.length - 1, BRUSHES.indexOf(brush as 1) + 1)] ?? brush;
}

/** What a brush stroke writes: a passability code (walls, erasing) or a terrain cost. */
export type BrushPaint = { kind: 'code'; code: number } | { kind: 'terrain'; cost: number };

/**
 * Paints along the Bresenham line from `from` to `to` with a square brush of side `brush` (odd), through the
 * grid's logged edits (one `batch`), so fields can be repaired instead of recomputed. A wall (code 0) replaces
 * any tile; erasing (code 1) turns only walls into ground, so water stays; terrain is painted on walkable
 * tiles only (the grid needs a terrain layer). `before(i)` is called for every tile about to change (undo),
 * `onTile` after it changed. Returns whether anything changed.
 */
export function paintLine(
  grid: Grid,
  from: Point,
  to: Point,
  brush: number,
  paint: BrushPaint,
  before: (i: number) => void,
  onTile: (x: number, y: number) => void,
): boolean {
  // The symmetric line: a stroke painted from A to B covers the same tiles as from B to A.
  const line = bresenhamLine(from.x, from.y, to.x, to.y, 'symmetric');
  const r = (brush - 1) >> 1;
  const terrain = grid.terrain;
  if (paint.kind === 'terrain' && !terrain) return false;
  const cost = paint.kind === 'terrain' ? Math.fround(paint.cost) : 1;
  let changed = false;
  grid.batch(() => {
    for (let k = 0; k < line.length; k += 2) {
      const cx = line[k] as number;
      const cy = line[k + 1] as number;
      for (let y = cy - r; y <= cy + r; y++) {
        for (let x = cx - r; x <= cx + r; x++) {
          if (x < 0 || y < 0 || x >= grid.width || y >= grid.height) continue;
          const i = y * grid.width + x;
          const code = grid.passable[i] as number;
          if (paint.kind === 'terrain') {
            if (code === 0 || (terrain as Float32Array)[i] === cost) continue;
            before(i);
            grid.setTerrain(x, y, cost);
          } else {
            if (code === paint.code || (paint.code !== 0 && code !== 0)) continue;
            before(i);
            grid.setPassable(x, y, paint.code);
          }
          onTile(x, y);
          changed = true;
        }
      }
    }
  });
  return changed;
}

/** Adds a point at (x, y), or removes it when one is there already (shift-click with the goal tool). */
export function togglePoint(points: readonly Point[], x: number, y: number): Point[] {
  return points.some((p) => p.x === x && p.y === y)
    ? points.filter((p) => p.x !== x || p.y !== y)
    : [...points, { x, y }];
}

/** Index of the point on tile (x, y), or of the nearest one within `reach` tiles (Chebyshev); -1 when none. */
export function pointNear(points: readonly Point[], x: number, y: number, reach = 0): number {
  let best = -1;
  let bestD = reach + 1;
  points.forEach((p, k) => {
    const d = Math.max(Math.abs(p.x - x), Math.abs(p.y - y));
    if (d < bestD) {
      best = k;
      bestD = d;
    }
  });
  return best;
}

/** Moves point `index` to (x, y), keeping the others; the same array when it is already there. */
export function movePoint(points: Point[], index: number, x: number, y: number): Point[] {
  const p = points[index];
  if (!p || (p.x === x && p.y === y)) return points;
  return points.map((q, k) => (k === index ? { x, y } : q));
}
