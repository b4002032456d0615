import type { ConvexSets } from '@fieldmarshal/core/tactics';
import type { OverlayContext } from '../shared/map-paint.js';
import type { TacticsScene } from './tactics-compute.js';
import type { SceneRoutes } from './tactics-routes.js';
import type { ShadeMode } from './tactics-shading.js';

/** Route colours as in the seed's demo. */
export const ROUTE_COLORS = { direct: '#ff4a4a', flank: '#37e07a', retreat: '#ffa23a' } as const;
export const BLUE = '#3d8bff';
export const RED = '#ff3b3b';

/** Outlines the rectangle of set `id` (skipped when off screen). */
export function outlineSet(
  o: OverlayContext,
  sets: ConvexSets,
  id: number,
  color: string,
  lineWidth = 2,
  dash: number[] = [],
): void {
  if (id < 0 || id >= sets.count) return;
  const x = sets.rects[id * 4] as number;
  const y = sets.rects[id * 4 + 1] as number;
  const w = sets.rects[id * 4 + 2] as number;
  const h = sets.rects[id * 4 + 3] as number;
  if (x + w < o.x0 || y + h < o.y0 || x > o.x1 || y > o.y1) return;
  const { scale, offsetX, offsetY } = o.view;
  const { ctx } = o;
  ctx.save();
  ctx.setLineDash(dash);
  ctx.lineWidth = lineWidth;
  ctx.strokeStyle = color;
  const inset = lineWidth / 2;
  ctx.strokeRect(
    x * scale + offsetX + inset,
    y * scale + offsetY + inset,
    w * scale - 2 * inset,
    h * scale - 2 * inset,
  );
  ctx.restore();
}

/** Thin outlines of every visible set (when zoomed in enough to read them). */
export function outlineAllSets(o: OverlayContext, sets: ConvexSets): void {
  if (o.view.scale < 6) return;
  const { scale, offsetX, offsetY } = o.view;
  const { ctx } = o;
  ctx.save();
  ctx.lineWidth = 1;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.35)';
  ctx.beginPath();
  for (let s = 0; s < sets.count; s++) {
    const x = sets.rects[s * 4] as number;
    const y = sets.rects[s * 4 + 1] as number;
    const w = sets.rects[s * 4 + 2] as number;
    const h = sets.rects[s * 4 + 3] as number;
    if (x + w < o.x0 || y + h < o.y0 || x > o.x1 || y > o.y1) continue;
    ctx.rect(x * scale + offsetX + 0.5, y * scale + offsetY + 0.5, w * scale - 1, h * scale - 1);
  }
  ctx.stroke();
  ctx.restore();
}

/** Draws one arrow per step of a path (flat x, y pairs), from each tile towards the next. */
export function drawRoute(o: OverlayContext, path: Int32Array, color: string): void {
  const { scale, offsetX, offsetY } = o.view;
  const { ctx } = o;
  const half = Math.max(2, Math.min(scale, 40) * 0.36);
  const head = Math.max(2, half * 0.6);
  ctx.save();
  ctx.beginPath();
  for (let i = 0; i + 3 < path.length; i += 2) {
    const x = path[i] as number;
    const y = path[i + 1] as number;
    if (x < o.x0 - 1 || y < o.y0 - 1 || x > o.x1 || y > o.y1) continue;
    const dx = (path[i + 2] as number) - x;
    const dy = (path[i + 3] as number) - y;
    const len = Math.hypot(dx, dy) || 1;
    const ux = dx / len;
    const uy = dy / len;
    const cx = (x + 0.5) * scale + offsetX;
    const cy = (y + 0.5) * scale + offsetY;
    const tx = cx + ux * half;
    const ty = cy + uy * half;
    ctx.moveTo(cx - ux * half, cy - uy * half);
    ctx.lineTo(tx, ty);
    ctx.moveTo(tx - ux * head - uy * head * 0.6, ty - uy * head + ux * head * 0.6);
    ctx.lineTo(tx, ty);
    ctx.lineTo(tx - ux * head + uy * head * 0.6, ty - uy * head - ux * head * 0.6);
  }
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.7)';
  ctx.lineWidth = Math.max(2.5, scale * 0.16);
  ctx.stroke();
  ctx.strokeStyle = color;
  ctx.lineWidth = Math.max(1.2, scale * 0.08);
  ctx.stroke();
  ctx.restore();
}

/** A filled square on a tile (the seed's blue and red characters). */
export function drawCharacter(o: OverlayContext, x: number, y: number, color: string): void {
  const { scale, offsetX, offsetY } = o.view;
  const { ctx } = o;
  const pad = Math.max(0.5, scale * 0.12);
  const size = Math.max(8, scale - 2 * pad);
  const cx = (x + 0.5) * scale + offsetX;
  const cy = (y + 0.5) * scale + offsetY;
  ctx.save();
  ctx.fillStyle = color;
  ctx.strokeStyle = '#000';
  ctx.lineWidth = 1.5;
  ctx.fillRect(cx - size / 2, cy - size / 2, size, size);
  ctx.strokeRect(cx - size / 2, cy - size / 2, size, size);
  ctx.restore();
}

/** What the Tactics overlay draws. */
export interface TacticsOverlayState {
  sets: ConvexSets;
  showSets: boolean;
  mode: ShadeMode;
  shown: TacticsScene | null;
  routes: SceneRoutes | null;
  blue: { x: number; y: number };
  red: { x: number; y: number };
}

/**
 * Paints the Tactics overlay: set outlines, the shaded search's candidate sets (dashed), the chosen sets, the
 * direct, retreat and flank routes, and the two characters.
 */
export function drawTacticsOverlay(o: OverlayContext, s: TacticsOverlayState): void {
  const { sets, shown, routes, mode } = s;
  if (s.showSets) outlineAllSets(o, sets);
  if (shown && routes) {
    const candidates = mode === 'retreat' ? shown.retreat.candidates : shown.flank.candidates;
    const faint = mode === 'retreat' ? 'rgba(255, 162, 58, 0.55)' : 'rgba(55, 224, 122, 0.55)';
    if (mode === 'flank' || mode === 'retreat') for (const c of candidates) outlineSet(o, sets, c, faint, 1, [3, 3]);
    outlineSet(o, sets, routes.targetSet, ROUTE_COLORS.direct, 2.5);
    if (routes.flankVia !== shown.flank.mySet) outlineSet(o, sets, routes.flankVia, ROUTE_COLORS.flank, 2.5);
    if (routes.retreatVia !== shown.retreat.mySet) outlineSet(o, sets, routes.retreatVia, ROUTE_COLORS.retreat, 2.5);
    drawRoute(o, routes.direct, ROUTE_COLORS.direct);
    // A fallback to the player's own set is the direct route (flank) or standing still (retreat).
    if (routes.retreatVia !== shown.retreat.mySet) drawRoute(o, routes.retreat, ROUTE_COLORS.retreat);
    if (routes.flankVia !== shown.flank.mySet) drawRoute(o, routes.flank, ROUTE_COLORS.flank);
  }
  drawCharacter(o, s.red.x, s.red.y, RED);
  drawCharacter(o, s.blue.x, s.blue.y, BLUE);
}
