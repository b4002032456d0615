import type { CorridorField } from '@fieldmarshal/core/sectors';
import { type OverlayContext, strokeWithHalo } from '../../shared/map-paint.js';
import { type CorridorImage, corridorBlock } from '../model/corridor-image.js';

/** Overlay colours (the legend's swatches use the same). */
export const SECTOR_COLORS = {
  border: 'rgba(255, 216, 77, 0.55)',
  entrance: '#ff7ad9',
  route: '#ffd84d',
  path: '#35e0ff',
  /** The units and the way they follow (down the corridor field). */
  unit: '#ff8c1a',
  start: '#7dff6b',
  goal: '#ff5a5a',
} as const;

/**
 * Sector borders fade in from {@link BORDER_MIN_PX} CSS pixels per sector (fully drawn at twice that); entrances
 * from {@link ENTRANCE_MIN_SCALE} pixels per tile (fully at twice that). Below, the page says to zoom in.
 */
export const BORDER_MIN_PX = 8;
export const ENTRANCE_MIN_SCALE = 0.5;

/** How much of a layer shows at `value` when it fades in from `min` (0) to twice `min` (1). */
export function fadeIn(value: number, min: number): number {
  return Math.max(0, Math.min(1, value / min - 1));
}

/** The sector borders over the visible tiles (lines every `side` tiles), faded in with the zoom. */
export function drawSectorBorders(o: OverlayContext, side: number, width: number, height: number): boolean {
  const { ctx, view } = o;
  const alpha = fadeIn(side * view.scale, BORDER_MIN_PX);
  if (alpha <= 0) return false;
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
  ctx.globalAlpha = alpha;
  ctx.stroke();
  ctx.globalAlpha = 1;
  return true;
}

/** The entrances (x, y pairs) that are on screen, as small squares, faded in with the zoom. Returns how many. */
export function drawEntrances(o: OverlayContext, entrances: Int32Array): number {
  const { ctx, view } = o;
  const alpha = fadeIn(view.scale, ENTRANCE_MIN_SCALE);
  if (alpha <= 0) return 0;
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
  ctx.globalAlpha = alpha;
  ctx.fillStyle = SECTOR_COLORS.entrance;
  ctx.fill();
  if (size >= 4) {
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.7)';
    ctx.lineWidth = 1;
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
  return count;
}

/** Milliseconds of painting corridor sector squares per frame (the rest follow in the next frames). */
const CORRIDOR_BUDGET_MS = 4;

/**
 * The corridor field's heatmap: its overview in one call while its pixels are at most two screen pixels (any zoom
 * on maps up to 2048 a side); zoomed in further, the visible sectors of the corridor at a pixel per tile, painted
 * when first drawn within a few milliseconds per frame (the overview shows meanwhile). Returns true when some
 * were left for the next frame.
 */
export function drawCorridor(o: OverlayContext, field: CorridorField, image: CorridorImage): boolean {
  const { ctx, view } = o;
  const { blockSector, sectorsX } = field.data;
  const side = image.side;
  const f = image.factor;
  ctx.imageSmoothingEnabled = false;
  const overview = (x: number, y: number, w: number, h: number) =>
    ctx.drawImage(
      image.overview,
      x / f,
      y / f,
      Math.ceil(w / f),
      Math.ceil(h / f),
      x * view.scale + view.offsetX,
      y * view.scale + view.offsetY,
      Math.ceil(w / f) * f * view.scale,
      Math.ceil(h / f) * f * view.scale,
    );
  if (f * view.scale <= 2) {
    // The visible part of the overview, whole pixels (tiles rounded out to the factor).
    const x = Math.floor(o.x0 / f) * f;
    const y = Math.floor(o.y0 / f) * f;
    overview(x, y, Math.min(field.width, o.x1) - x, Math.min(field.height, o.y1) - y);
    return false;
  }
  const t0 = performance.now();
  let behind = false;
  for (let b = 0; b < blockSector.length; b++) {
    const s = blockSector[b] as number;
    const tx = (s % sectorsX) * side;
    const ty = Math.floor(s / sectorsX) * side;
    if (tx >= o.x1 || ty >= o.y1 || tx + side <= o.x0 || ty + side <= o.y0) continue;
    const w = Math.min(side, field.width - tx);
    const h = Math.min(side, field.height - ty);
    if (!image.blocks.has(b) && performance.now() - t0 > CORRIDOR_BUDGET_MS) {
      behind = true;
      overview(tx, ty, w, h);
      continue;
    }
    const block = corridorBlock(image, b);
    ctx.drawImage(
      block,
      0,
      0,
      w,
      h,
      tx * view.scale + view.offsetX,
      ty * view.scale + view.offsetY,
      w * view.scale,
      h * view.scale,
    );
  }
  return behind;
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
  // PERF: a point closer than a pixel to the last one drawn is left out (a path of 10,000 tiles seen whole is a
  // few hundred segments on screen), and segments off screen are not stroked (zoomed in, dashing the whole
  // length of a path 200,000 pixels long cost most of a frame): the path restarts where it comes back.
  const margin = 16;
  const left = -margin;
  const top = -margin;
  const right = o.cssWidth + margin;
  const bottom = o.cssHeight + margin;
  let lx = Number.NaN;
  let ly = Number.NaN;
  let open = false;
  for (let i = 0; i < n; i++) {
    const sx = ((tiles[2 * i] as number) + 0.5) * view.scale + view.offsetX;
    const sy = ((tiles[2 * i + 1] as number) + 0.5) * view.scale + view.offsetY;
    if (i > 0 && i < n - 1 && Math.abs(sx - lx) + Math.abs(sy - ly) < 1) continue;
    const off =
      i === 0 ||
      Math.max(sx, lx) < left ||
      Math.min(sx, lx) > right ||
      Math.max(sy, ly) < top ||
      Math.min(sy, ly) > bottom;
    if (off) open = false;
    else if (!open) {
      ctx.moveTo(lx, ly);
      open = true;
    }
    if (open) ctx.lineTo(sx, sy);
    lx = sx;
    ly = sy;
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

/**
 * Units at tile positions (x, y pairs, fractions allowed) in their own colour: zoomed out, 3-pixel squares
 * without an outline (a dark outline at that size turned a crowd into a blob the colour of walls); zoomed in,
 * discs with a thin dark edge.
 */
export function drawUnits(o: OverlayContext, xy: Float64Array, count: number): void {
  const { ctx, view } = o;
  const r = Math.min(view.scale * 0.35, 7);
  const small = r < 2.5;
  ctx.beginPath();
  ctx.fillStyle = SECTOR_COLORS.unit;
  for (let i = 0; i < count; i++) {
    const x = xy[2 * i] as number;
    const y = xy[2 * i + 1] as number;
    if (x + 1 < o.x0 || y + 1 < o.y0 || x > o.x1 || y > o.y1) continue;
    const cx = (x + 0.5) * view.scale + view.offsetX;
    const cy = (y + 0.5) * view.scale + view.offsetY;
    if (small) ctx.rect(cx - 1.5, cy - 1.5, 3, 3);
    else {
      ctx.moveTo(cx + r, cy);
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
    }
  }
  ctx.fill();
  if (small) return;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.6)';
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
