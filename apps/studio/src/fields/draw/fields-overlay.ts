import { type Grid, NO_DIRECTION } from '@fieldmarshal/core';
import type { OverlayContext } from '../../shared/map-paint.js';
import { bestNeighbor } from '../model/gradient.js';
import { valueAt } from '../model/heatmap.js';
import type { MapResult } from '../model/map-compute.js';
import { type MapParams, modeInfo } from '../model/map-modes.js';
import { MARKER_COLORS, type MarkerKind } from '../model/markers.js';
import { isPaintTool, type Point, type Tool } from '../model/tools.js';
import type { Walker } from '../model/walker.js';
import { drawArrows, drawBrush, drawMarkers, drawTileNumbers, drawTrail } from './draw-overlays.js';

/** What the Fields overlay draws, as of the latest render. */
export interface FieldsOverlayState {
  shown: MapResult | null;
  showArrows: boolean;
  showNumbers: boolean;
  points: readonly Point[];
  markerKind: MarkerKind;
  tool: Tool;
  brush: number;
  hover: Point | null;
  params: MapParams;
  grid: Grid | null;
}

/** The direction a unit takes from (x, y): the kernel's direction field, else the shown map's gradient. */
export function directionAt(s: FieldsOverlayState, x: number, y: number): number {
  if (!s.shown || !s.grid) return NO_DIRECTION;
  if (s.shown.dir) return s.shown.dir[y * s.grid.width + x] ?? NO_DIRECTION;
  return bestNeighbor(s.shown.values, s.grid, x, y, modeInfo(s.shown.mode).climb, {
    neighbors: s.params.neighbors,
    diagonal: s.params.diagonal,
  });
}

/**
 * Paints the Fields overlay: arrows, values on tiles, unit trails, the points, the units (between their last
 * two tiles at fraction `frac` of a step) and the brush outline under the cursor.
 */
export function drawFieldsOverlay(
  o: OverlayContext,
  s: FieldsOverlayState,
  walkers: readonly Walker[],
  frac: number,
  dirAt: (x: number, y: number) => number,
): void {
  if (!s.grid) return;
  if (s.showArrows && s.shown) drawArrows(o, { gridWidth: s.grid.width, gridHeight: s.grid.height, dirAt });
  const shownValues = s.shown?.values;
  const width = s.grid.width;
  if (s.showNumbers && shownValues) {
    drawTileNumbers(o, {
      valueAt: (x, y) => {
        const i = y * width + x;
        // Scent and flee maps also show their -1 / -2 codes on walkable tiles, as the seed's tables do.
        if (shownValues.kind === 'scent') return s.grid?.passable[i] ? (shownValues.values[i] ?? null) : null;
        return valueAt(shownValues, i);
      },
      format: (v) => (Number.isInteger(v) ? String(v) : v.toFixed(1)),
    });
  }
  for (const w of walkers) drawTrail(o, w.trailX, w.trailY, w.color);
  drawMarkers(o, s.points, s.markerKind);
  for (const w of walkers) {
    const x = w.px + (w.x - w.px) * frac;
    const y = w.py + (w.y - w.py) * frac;
    drawMarkers(o, [{ x, y }], 'unit');
    if (w.color !== MARKER_COLORS.unit) {
      const { ctx, view } = o;
      ctx.beginPath();
      ctx.arc(
        (x + 0.5) * view.scale + view.offsetX,
        (y + 0.5) * view.scale + view.offsetY,
        Math.max(2, Math.min(view.scale * 0.25, 9)),
        0,
        Math.PI * 2,
      );
      ctx.fillStyle = w.color;
      ctx.fill();
    }
  }
  if (isPaintTool(s.tool) && s.hover)
    drawBrush(o, s.hover.x, s.hover.y, s.brush, s.tool === 'wall' ? '#ffffff' : '#7dff6b');
}
