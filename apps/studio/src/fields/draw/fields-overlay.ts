import { type Flow, type Grid, NO_DIRECTION } from '@fieldmarshal/core';
import type { OverlayContext } from '../../shared/map-paint.js';
import type { FlowComparison } from '../model/flow-compare.js';
import type { FlowFollower } from '../model/flow-follower.js';
import { bestNeighbor } from '../model/gradient.js';
import { SPECIAL_COLORS, valueAt } from '../model/heatmap.js';
import type { MapResult } from '../model/map-compute.js';
import { type MapParams, modeInfo } from '../model/map-modes.js';
import type { MarkerKind } from '../model/markers.js';
import { PENDING_TERRAIN, PENDING_WALL, type PendingTiles } from '../model/pending-tiles.js';
import { isPaintTool, type Point, type Tool } from '../model/tools.js';
import type { Walker } from '../model/walker.js';
import { drawComparison, drawFlowArrows, drawFollowers } from './draw-flow.js';
import { drawArrows, drawBrush, drawMarkers, drawTileNumbers, drawTrail, markerRadius } from './draw-overlays.js';
import { drawStreamlines } from './draw-streamlines.js';

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
  /** Dark arrows (on a scale whose middle is light, e.g. cool-warm). */
  darkArrows: boolean;
  /** Painted tiles not in the heatmap yet. */
  pending: PendingTiles;
  /** The smooth flow when the page shows flows (arrows, followers and the comparison use it), else null. */
  flow: Flow | null;
  /** The three followers compared from one start (flow mode), or null. */
  comparison: FlowComparison | null;
  /** How the flow is drawn: arrows per tile (block), or streamlines. */
  flowStyle: 'arrows' | 'streamlines';
}

const css = (rgb: readonly number[]) => `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})`;

/** Draws the painted tiles the heatmap does not show yet (walls, ground, terrain). */
function drawPending(o: OverlayContext, pending: PendingTiles): void {
  if (pending.size === 0) return;
  const { ctx, view } = o;
  const s = Math.max(view.scale, 1);
  pending.forEachIn(o.x0, o.y0, o.x1, o.y1, (x, y, kind) => {
    ctx.fillStyle =
      kind === PENDING_WALL
        ? css(SPECIAL_COLORS.wall)
        : kind === PENDING_TERRAIN
          ? 'rgba(150, 110, 40, 0.7)'
          : css(SPECIAL_COLORS.floor);
    ctx.fillRect(x * view.scale + view.offsetX, y * view.scale + view.offsetY, s, s);
  });
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
 * Paints the Fields overlay: arrows (eight, or the smooth flow), values on tiles, unit trails, the points, the
 * units (between their last two tiles at fraction `frac` of a step, or as flow followers with the compared
 * paths in flow mode) and the brush outline under the cursor.
 */
export function drawFieldsOverlay(
  o: OverlayContext,
  s: FieldsOverlayState,
  walkers: readonly Walker[],
  frac: number,
  dirAt: (x: number, y: number) => number,
  followers: readonly FlowFollower[] = [],
): void {
  if (!s.grid) return;
  drawPending(o, s.pending);
  if (s.showArrows && s.shown && s.flow) {
    if (s.flowStyle === 'streamlines') drawStreamlines(o, s.flow);
    else drawFlowArrows(o, s.flow);
  } else if (s.showArrows && s.shown)
    drawArrows(o, {
      gridWidth: s.grid.width,
      gridHeight: s.grid.height,
      dirAt,
      ...(s.darkArrows ? { color: 'rgba(16, 18, 24, 0.9)', halo: 'rgba(255, 255, 255, 0.6)' } : {}),
    });
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
  if (s.flow) {
    // Flow mode: the compared paths, the points, then the units as flow followers.
    if (s.comparison) drawComparison(o, s.comparison);
    drawMarkers(o, s.points, s.markerKind);
    drawFollowers(o, followers);
    if (isPaintTool(s.tool) && s.hover)
      drawBrush(o, s.hover.x, s.hover.y, s.brush, s.tool === 'wall' ? '#ffffff' : '#7dff6b');
    return;
  }
  for (const w of walkers) drawTrail(o, w.trailX, w.trailY, w.color);
  drawMarkers(o, s.points, s.markerKind);
  // Units: a disc in the unit's own colour (the list in the Units panel shows the same colours).
  const { ctx, view } = o;
  const r = markerRadius(view.scale) * 0.85;
  for (const w of walkers) {
    const cx = (w.px + (w.x - w.px) * frac + 0.5) * view.scale + view.offsetX;
    const cy = (w.py + (w.y - w.py) * frac + 0.5) * view.scale + view.offsetY;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fillStyle = w.color;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.85)';
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(cx, cy, r + 2, 0, Math.PI * 2);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
    ctx.stroke();
  }
  if (isPaintTool(s.tool) && s.hover)
    drawBrush(o, s.hover.x, s.hover.y, s.brush, s.tool === 'wall' ? '#ffffff' : '#7dff6b');
}
