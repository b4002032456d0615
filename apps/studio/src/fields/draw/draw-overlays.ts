import { NO_DIRECTION } from '@fieldmarshal/core';
import { DIR_DX, DIR_DY } from '@fieldmarshal/core/grid';
import { type OverlayContext, strokeWithHalo } from '../../shared/map-paint.js';
import { MARKER_COLORS, type MarkerKind } from '../model/markers.js';

/** Options of {@link drawArrows}. */
export interface ArrowOptions {
  /** Map size in tiles (arrows are sampled inside it). */
  gridWidth: number;
  gridHeight: number;
  /** Direction index (into core's DIRECTIONS) at a tile, or NO_DIRECTION (255) for no arrow. */
  dirAt: (x: number, y: number) => number;
  /** Smallest distance between arrows in CSS pixels; below it one arrow is drawn per k x k tiles. Default 12. */
  minSpacing?: number;
  /**
   * When thinned (k > 1), draw the mean of up to 4 x 4 directions sampled evenly over each block instead of
   * the direction of its centre tile, so the overview shows the flow rather than per-tile noise. Default true.
   */
  average?: boolean;
  /** Arrow colour. Default near-white. */
  color?: string;
  /** Colour of the halo under the arrows. Default translucent black. */
  halo?: string;
}

/**
 * The thinning step: one arrow per `k` x `k` tiles so that arrows stay at least `minSpacing` CSS pixels apart
 * at this zoom (k = 1 when tiles are already that large).
 */
export function arrowStride(scale: number, minSpacing = 8): number {
  return Math.max(1, Math.ceil(minSpacing / scale));
}

/**
 * Draws a vector field as arrows for the visible tiles only. When zoomed out, arrows are thinned to one per
 * k x k block (k from {@link arrowStride}), aligned to the map so they do not shimmer while panning; each shows
 * the mean direction of its block (or, with `average: false`, the direction of its centre tile). All arrows go
 * into one path stroked twice (dark halo, light line), so they read on any colour of the heatmap. Returns the
 * number of arrows drawn.
 */
export function drawArrows(o: OverlayContext, options: ArrowOptions): number {
  const { ctx, view } = o;
  if (view.scale < ARROW_MIN_SCALE) return 0;
  const k = arrowStride(view.scale, options.minSpacing ?? 12);
  const samples = options.average === false ? 1 : Math.min(k, 4);
  const sampleStep = k / samples;
  const cell = k * view.scale;
  const half = Math.min(cell, 40) * 0.34;
  const head = Math.max(2, half * 0.55);
  const sx0 = Math.floor(o.x0 / k) * k;
  const sy0 = Math.floor(o.y0 / k) * k;
  const mid = k >> 1;
  let count = 0;
  ctx.beginPath();
  for (let by = sy0; by < o.y1; by += k) {
    const ty = Math.min(options.gridHeight - 1, by + mid);
    for (let bx = sx0; bx < o.x1; bx += k) {
      const tx = Math.min(options.gridWidth - 1, bx + mid);
      let dx = 0;
      let dy = 0;
      if (samples === 1) {
        const d = options.dirAt(tx, ty);
        if (d === NO_DIRECTION || d > 7) continue;
        dx = DIR_DX[d] as number;
        dy = DIR_DY[d] as number;
        if (dx !== 0 && dy !== 0) {
          dx *= Math.SQRT1_2;
          dy *= Math.SQRT1_2;
        }
      } else {
        let n = 0;
        for (let j = 0; j < samples; j++) {
          const sy = by + Math.floor((j + 0.5) * sampleStep);
          if (sy >= options.gridHeight) break;
          for (let i = 0; i < samples; i++) {
            const sx = bx + Math.floor((i + 0.5) * sampleStep);
            if (sx >= options.gridWidth) break;
            const d = options.dirAt(sx, sy);
            if (d === NO_DIRECTION || d > 7) continue;
            const ux = DIR_DX[d] as number;
            const uy = DIR_DY[d] as number;
            const f = ux !== 0 && uy !== 0 ? Math.SQRT1_2 : 1;
            dx += ux * f;
            dy += uy * f;
            n++;
          }
        }
        const len = Math.hypot(dx, dy);
        // No arrow where nothing is reachable or the sampled directions cancel out (a ridge, a goal).
        if (n === 0 || len < 0.3 * n) continue;
        dx /= len;
        dy /= len;
      }
      // Thinned arrows sit at the centre of their block, clipped to the map.
      const cx =
        samples === 1
          ? (tx + 0.5) * view.scale + view.offsetX
          : (bx + Math.min(k, options.gridWidth - bx) / 2) * view.scale + view.offsetX;
      const cy =
        samples === 1
          ? (ty + 0.5) * view.scale + view.offsetY
          : (by + Math.min(k, options.gridHeight - by) / 2) * view.scale + view.offsetY;
      arrowPath(ctx, cx, cy, dx, dy, half, head);
      count++;
    }
  }
  const width = Math.max(1, Math.min(2.2, cell / 14));
  strokeWithHalo(ctx, width, options.halo ?? 'rgba(0, 0, 0, 0.55)', options.color ?? 'rgba(245, 247, 250, 0.92)');
  return count;
}

/**
 * Adds an arrow to the current path: a shaft of half-length `half` centred at (cx, cy) along the unit vector
 * (dx, dy), and a head of two strokes of length `head` at +-150 degrees from the arrow's direction.
 */
export function arrowPath(
  ctx: CanvasRenderingContext2D,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
  half: number,
  head: number,
): void {
  const ex = cx + dx * half;
  const ey = cy + dy * half;
  ctx.moveTo(cx - dx * half, cy - dy * half);
  ctx.lineTo(ex, ey);
  ctx.moveTo(ex + (-dx * 0.866 - dy * 0.5) * head, ey + (-dy * 0.866 + dx * 0.5) * head);
  ctx.lineTo(ex, ey);
  ctx.lineTo(ex + (-dx * 0.866 + dy * 0.5) * head, ey + (-dy * 0.866 - dx * 0.5) * head);
}

/** Radius in CSS pixels of a marker at this zoom: never below 7 px, so goals and units stay findable zoomed out. */
export function markerRadius(scale: number): number {
  return Math.max(7, Math.min(scale * 0.42, 16));
}

/** Below this zoom (CSS pixels per tile) arrows are not drawn: one arrow would stand for too many tiles. */
export const ARROW_MIN_SCALE = 1;

/** Draws markers at tile centres (x, y may carry fractions for moving units). */
export function drawMarkers(o: OverlayContext, points: readonly { x: number; y: number }[], kind: MarkerKind): void {
  const { ctx, view } = o;
  const r = markerRadius(view.scale);
  const color = MARKER_COLORS[kind];
  for (const p of points) {
    const cx = (p.x + 0.5) * view.scale + view.offsetX;
    const cy = (p.y + 0.5) * view.scale + view.offsetY;
    if (cx < -r || cy < -r || cx > o.cssWidth + r || cy > o.cssHeight + r) continue;
    // A light outer ring: the marker reads on dark and light tiles alike.
    ctx.beginPath();
    ctx.arc(cx, cy, r + 2, 0, Math.PI * 2);
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.8)';
    if (kind === 'unit') {
      ctx.fillStyle = color;
      ctx.fill();
      ctx.stroke();
      continue;
    }
    ctx.fillStyle = 'rgba(10, 12, 16, 0.75)';
    ctx.fill();
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(cx, cy, r - 1.5, 0, Math.PI * 2);
    ctx.strokeStyle = color;
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.beginPath();
    if (kind === 'threat') {
      const a = r * 0.45;
      ctx.moveTo(cx - a, cy - a);
      ctx.lineTo(cx + a, cy + a);
      ctx.moveTo(cx + a, cy - a);
      ctx.lineTo(cx - a, cy + a);
      ctx.stroke();
    } else {
      ctx.arc(cx, cy, Math.max(1.5, r * 0.3), 0, Math.PI * 2);
      ctx.fillStyle = color;
      ctx.fill();
    }
  }
}

/** Draws a path through tile centres (a unit's trail) with a dark halo. */
export function drawTrail(
  o: OverlayContext,
  xs: readonly number[],
  ys: readonly number[],
  color = MARKER_COLORS.unit,
): void {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return;
  const { ctx, view } = o;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const width = Math.max(1.5, Math.min(view.scale * 0.18, 5));
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    const cx = ((xs[i] as number) + 0.5) * view.scale + view.offsetX;
    const cy = ((ys[i] as number) + 0.5) * view.scale + view.offsetY;
    if (i === 0) ctx.moveTo(cx, cy);
    else ctx.lineTo(cx, cy);
  }
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.6)';
  ctx.lineWidth = width + 2;
  ctx.stroke();
  ctx.strokeStyle = color;
  ctx.globalAlpha = 0.85;
  ctx.lineWidth = width;
  ctx.stroke();
  ctx.globalAlpha = 1;
}

/** Outlines a square brush of `size` tiles centred on (x, y) (the wall-painting preview). */
export function drawBrush(o: OverlayContext, x: number, y: number, size: number, color: string): void {
  const { ctx, view } = o;
  const r = (size - 1) >> 1;
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([4, 3]);
  ctx.strokeRect(
    (x - r) * view.scale + view.offsetX,
    (y - r) * view.scale + view.offsetY,
    size * view.scale,
    size * view.scale,
  );
  ctx.setLineDash([]);
}

/** Options of {@link drawTileNumbers}. */
export interface TileNumberOptions {
  /** The number shown on a tile, or null for none. */
  valueAt: (x: number, y: number) => number | null;
  /** Formats a value (keep it short). */
  format: (value: number) => string;
  /** Smallest zoom (CSS pixels per tile) at which numbers are drawn. Default 34. */
  minScale?: number;
}

/**
 * Writes each visible tile's value in its top-left corner when zoomed in far enough (small maps such as the
 * seed's 9 x 9 level can then be compared with printed tables). Returns false when the zoom is too small.
 */
export function drawTileNumbers(o: OverlayContext, options: TileNumberOptions): boolean {
  const { ctx, view } = o;
  if (view.scale < (options.minScale ?? 34)) return false;
  const size = Math.max(9, Math.min(13, view.scale * 0.26));
  ctx.font = `600 ${size}px "Liberation Sans", system-ui, sans-serif`;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  ctx.lineJoin = 'round';
  ctx.lineWidth = 3;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.75)';
  ctx.fillStyle = '#ffffff';
  const pad = Math.max(2, view.scale * 0.06);
  for (let y = o.y0; y < o.y1; y++) {
    for (let x = o.x0; x < o.x1; x++) {
      const v = options.valueAt(x, y);
      if (v === null) continue;
      const text = options.format(v);
      const sx = x * view.scale + view.offsetX + pad;
      const sy = y * view.scale + view.offsetY + pad;
      ctx.strokeText(text, sx, sy);
      ctx.fillText(text, sx, sy);
    }
  }
  return true;
}
