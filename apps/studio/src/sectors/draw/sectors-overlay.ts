import type { Grid } from '@fieldmarshal/core';
import type { CorridorField } from '@fieldmarshal/core/sectors';
import type { OverlayContext } from '../../shared/map-paint.js';
import type { RouteAnswer, Tile } from '../hooks/use-sector-route.js';
import type { CorridorImage } from '../model/corridor-image.js';
import type { ViewportPainter } from '../model/huge-map-image.js';
import {
  drawCorridor,
  drawEnd,
  drawEntrances,
  drawPainted,
  drawSectorBorders,
  drawTilePath,
  drawUnits,
  SECTOR_COLORS,
} from './draw-sectors.js';

/** What the Big maps overlay draws, as of the latest render. */
export interface SectorsOverlayState {
  grid: Grid | null;
  /** Sector side of the graph on screen (0 while none). */
  sectorSize: number;
  showBorders: boolean;
  showEntrances: boolean;
  entrances: Int32Array | null;
  corridorField: CorridorField | null;
  corridorImage: CorridorImage | null;
  showCorridor: boolean;
  answer: RouteAnswer | null;
  /** The way the units follow down the corridor field (x, y pairs), or null. */
  unitsWay: Int32Array | null;
  start: Tile | null;
  goal: Tile | null;
  units: { xy: Float64Array; count: number };
  painted: readonly number[];
  /** Brush outline at the hovered tile (paint tools), side in tiles; 0 for none. */
  brush: number;
  hover: Tile | null;
  /** Paints the visible tiles of a huge map (no map image exists), or null. */
  viewport: ViewportPainter | null;
  /** Asks for another frame (layers painted a part per frame). */
  redraw: () => void;
}

/**
 * Paints the Big maps overlay, for the visible tiles only: freshly painted tiles, the corridor field's heatmap,
 * sector borders, entrances, the path (findPath), the units' way down the corridor field (dashed), the abstract
 * route (dashed, through its entrances), the units, the start and goal, and the brush.
 */
export function drawSectorsOverlay(o: OverlayContext, s: SectorsOverlayState): void {
  const { grid } = s;
  if (!grid) return;
  // Zoomed out, the map view draws a huge map's overview; zoomed in, the visible tiles are painted here.
  if (s.viewport) s.viewport.draw(o, grid);
  drawPainted(o, s.painted);
  if (s.showCorridor && s.corridorField && s.corridorImage && drawCorridor(o, s.corridorField, s.corridorImage))
    s.redraw();
  if (s.showBorders && s.sectorSize > 0) drawSectorBorders(o, s.sectorSize, grid.width, grid.height);
  if (s.showEntrances && s.entrances) drawEntrances(o, s.entrances);
  const a = s.answer;
  if (a?.path) drawTilePath(o, a.path, SECTOR_COLORS.path, { width: 2 });
  if (s.unitsWay) drawTilePath(o, s.unitsWay, SECTOR_COLORS.unit, { width: 2, dash: [5, 4] });
  if (a?.waypoints) drawTilePath(o, a.waypoints, SECTOR_COLORS.route, { width: 2, dash: [7, 5], dots: true });
  drawUnits(o, s.units.xy, s.units.count);
  if (s.start) drawEnd(o, s.start.x, s.start.y, SECTOR_COLORS.start);
  if (s.goal) drawEnd(o, s.goal.x, s.goal.y, SECTOR_COLORS.goal);
  if (s.brush > 0 && s.hover) {
    const { ctx, view } = o;
    const r = (s.brush - 1) >> 1;
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 1.5;
    ctx.setLineDash([4, 3]);
    ctx.strokeRect(
      (s.hover.x - r) * view.scale + view.offsetX,
      (s.hover.y - r) * view.scale + view.offsetY,
      s.brush * view.scale,
      s.brush * view.scale,
    );
    ctx.setLineDash([]);
  }
}
