import type { CorridorField } from '@fieldmarshal/core';
import { type OverlayContext, strokeWithHalo } from '../../shared/map-paint.js';
import type { CorridorImage } from '../model/corridor-image.js';

/** Overlay colours (the legend's swatches use the same). */
export const SECTOR_COLORS = {
  border: 'rgba(255, 216, 77, 0.55)',
  entrance: '#ff7ad9',
  route: '#ffd84d',
  path: '#35e0ff',
  start: '#7dff6b',
  goal: '#ff5a5a',
  unit: '#ffffff',
} as const;

/** Sector borders show from this many CSS pixels per sector; entrances from this many per tile. */
const BORDER_MIN_PX = 12;
const ENTRANCE_MIN_SCALE = 0.75;

/** The sector borders over the visible tiles (lines every `side` tiles). */
export function drawSectorBorders(o: OverlayContext, side: number, width: number, height: number): boolean {
  const { ctx, view } = o;
  if (side * view.scale < BORDER_MIN_PX) return false;
  const x0 = Math.floor(o.x0 / side) * side;
  const y0 = Math.floor(o.y0 / side) * side;
  ctx.beginPath();
  for (let x = x0; x <= Math.min(width, o.x1); x += side) {
    const sx = Math.round(x * view.scale + view.offsetX) + 0.5;
    ctx.moveTo(sx, Math.max(0, o.y0) * view.scale + view.offsetY);
    ctx.lineTo(sx, Math.min(height, o.y1) * view.scale + view.offsetY);
  }
  for (let y = y0; y <= Math.min(height, o.y1); y += side) {
    const sy = Math.round(y * view.scale + view.offsetY) + 0.5;
    ctx.moveTo(Math.max(0, o.x0) * view.scale + view.offsetX, sy);
    ctx.lineTo(Math.min(width, o.x1) * view.scale + view.offsetX, sy);
  }
  ctx.strokeStyle = SECTOR_COLORS.border;
  ctx.lineWidth = 1;
  ctx.stroke();
  return true;
}

/** The entrances (x, y pairs) that are on screen, as small squares. Returns how many were drawn. */
export function drawEntrances(o: OverlayContext, entrances: Int32Array): number {
  const { ctx, view } = o;
  if (view.scale < ENTRANCE_MIN_SCALE) return 0;
  const size = Math.max(2, Math.min(view.scale * 0.7, 10));
  const half = size / 2;
  let count = 0;
  ctx.beginPath();
  for (let i = 0; i < entrances.length; i += 2) {
    const x = entrances[i] as number;
    const y = entrances[i + 1] as number;
    if (x < o.x0 || y < o.y0 || x >= o.x1 || y >= o.y1) continue;
    ctx.rect((x + 0.5) * view.scale + view.offsetX - half, (y + 0.5) * view.scale + view.offsetY - half, size, size);
    count++;
  }
  ctx.fillStyle = SECTOR_COLORS.entrance;
  ctx.fill();
  if (size >= 4) {
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.7)';
    ctx.lineWidth = 1;
    ctx.stroke();
  }
  return count;
}

/** The corridor field's heatmap: each of its sectors' squares of the atlas over that sector, if on screen. */
export function drawCorridor(o: OverlayContext, field: CorridorField, image: CorridorImage): void {
  const { ctx, view } = o;
  const { blockSector, sectorsX } = field.data;
  const side = image.side;
  ctx.imageSmoothingEnabled = false;
  for (let b = 0; b < blockSector.length; b++) {
    const s = blockSector[b] as number;
    const tx = (s % sectorsX) * side;
    const ty = Math.floor(s / sectorsX) * side;
    if (tx >= o.x1 || ty >= o.y1 || tx + side <= o.x0 || ty + side <= o.y0) continue;
    const w = Math.min(side, field.width - tx);
    const h = Math.min(side, field.height - ty);
    ctx.drawImage(
      image.canvas,
      (b % image.columns) * side,
      Math.floor(b / image.columns) * side,
      w,
      h,
      tx * view.scale + view.offsetX,
      ty * view.scale + view.offsetY,
      w * view.scale,
      h * view.scale,
    );
  }
}

/** A polyline through tile centres (x, y pairs), with a dark halo. */
export function drawTilePath(
  o: OverlayContext,
  tiles: Int32Array,
  color: string,
  options: { width?: number; dash?: number[]; dots?: boolean } = {},
): void {
  const { ctx, view } = o;
  const n = tiles.length >> 1;
  if (n < 2) return;
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    const sx = ((tiles[2 * i] as number) + 0.5) * view.scale + view.offsetX;
    const sy = ((tiles[2 * i + 1] as number) + 0.5) * view.scale + view.offsetY;
    if (i === 0) ctx.moveTo(sx, sy);
    else ctx.lineTo(sx, sy);
  }
  const width = options.width ?? 2.5;
  ctx.setLineDash(options.dash ?? []);
  strokeWithHalo(ctx, width, 'rgba(0, 0, 0, 0.65)', color);
  ctx.setLineDash([]);
  if (!options.dots) return;
  ctx.fillStyle = color;
  for (let i = 1; i < n - 1; i++) {
    ctx.beginPath();
    ctx.arc(
      ((tiles[2 * i] as number) + 0.5) * view.scale + view.offsetX,
      ((tiles[2 * i + 1] as number) + 0.5) * view.scale + view.offsetY,
      3.5,
      0,
      Math.PI * 2,
    );
    ctx.fill();
  }
}

/** A start or goal marker: a ring in `color`, readable at any zoom. */
export function drawEnd(o: OverlayContext, x: number, y: number, color: string): void {
  const { ctx, view } = o;
  const r = Math.max(6, Math.min(view.scale * 0.45, 14));
  const cx = (x + 0.5) * view.scale + view.offsetX;
  const cy = (y + 0.5) * view.scale + view.offsetY;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(10, 12, 16, 0.75)';
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = color;
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, cy, r + 2, 0, Math.PI * 2);
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.stroke();
}

/** Units at tile positions (x, y pairs, fractions allowed) as small discs. */
export function drawUnits(o: OverlayContext, xy: Float64Array, count: number): void {
  const { ctx, view } = o;
  const r = Math.max(2, Math.min(view.scale * 0.35, 7));
  ctx.beginPath();
  for (let i = 0; i < count; i++) {
    const x = xy[2 * i] as number;
    const y = xy[2 * i + 1] as number;
    if (x + 1 < o.x0 || y + 1 < o.y0 || x > o.x1 || y > o.y1) continue;
    const cx = (x + 0.5) * view.scale + view.offsetX;
    const cy = (y + 0.5) * view.scale + view.offsetY;
    ctx.moveTo(cx + r, cy);
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
  }
  ctx.fillStyle = SECTOR_COLORS.unit;
  ctx.fill();
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.8)';
  ctx.lineWidth = 1;
  ctx.stroke();
}

/** Tiles painted since the map image was last painted (rectangles x, y, w, h, code), drawn at once. */
export function drawPainted(o: OverlayContext, rects: readonly number[]): void {
  const { ctx, view } = o;
  for (let i = 0; i < rects.length; i += 5) {
    ctx.fillStyle = rects[i + 4] === 0 ? 'rgb(30, 32, 40)' : 'rgb(92, 98, 112)';
    ctx.fillRect(
      (rects[i] as number) * view.scale + view.offsetX,
      (rects[i + 1] as number) * view.scale + view.offsetY,
      Math.max(1, (rects[i + 2] as number) * view.scale),
      Math.max(1, (rects[i + 3] as number) * view.scale),
    );
  }
}
