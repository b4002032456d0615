import type { Flow } from '@fieldmarshal/core';
import { type OverlayContext, strokeWithHalo } from '../../shared/map-paint.js';
import type { FlowComparison } from '../model/flow-compare.js';
import type { FlowFollower } from '../model/flow-follower.js';
import { ARROW_MIN_SCALE, arrowPath, arrowStride, markerRadius } from './draw-overlays.js';

/** Colours of the three compared followers (the panel's swatches use the same). */
export const COMPARE_COLORS = { eight: '#ff9f43', flow: '#35e0ff', anyAngle: '#ffffff' } as const;

/**
 * Draws a smooth flow as arrows for the visible tiles: one arrow per tile when tiles are large, else one per
 * k x k block showing the mean of up to 4 x 4 sampled vectors (so the overview shows the flow, not noise). The
 * arrows are thinner than the eight arrows and carry a cyan tint, so the two modes are told apart at a glance.
 * Returns the number of arrows drawn.
 */
export function drawFlowArrows(o: OverlayContext, flow: Flow): number {
  const { ctx, view } = o;
  if (view.scale < ARROW_MIN_SCALE) return 0;
  const { width, height, vx, vy } = flow;
  const k = arrowStride(view.scale, 12);
  const samples = Math.min(k, 4);
  const step = k / samples;
  const cell = k * view.scale;
  const half = Math.min(cell, 40) * 0.36;
  const head = Math.max(2, half * 0.5);
  const sx0 = Math.floor(o.x0 / k) * k;
  const sy0 = Math.floor(o.y0 / k) * k;
  let count = 0;
  ctx.beginPath();
  for (let by = sy0; by < o.y1; by += k) {
    for (let bx = sx0; bx < o.x1; bx += k) {
      let dx = 0;
      let dy = 0;
      let n = 0;
      for (let j = 0; j < samples; j++) {
        const y = by + Math.floor((j + 0.5) * step);
        if (y >= height) break;
        for (let i = 0; i < samples; i++) {
          const x = bx + Math.floor((i + 0.5) * step);
          if (x >= width) break;
          const t = y * width + x;
          const ux = vx[t] as number;
          const uy = vy[t] as number;
          if (ux === 0 && uy === 0) continue;
          dx += ux;
          dy += uy;
          n++;
        }
      }
      const len = Math.hypot(dx, dy);
      if (n === 0 || len < 0.3 * n) continue;
      dx /= len;
      dy /= len;
      const cx = (bx + Math.min(k, width - bx) / 2) * view.scale + view.offsetX;
      const cy = (by + Math.min(k, height - by) / 2) * view.scale + view.offsetY;
      arrowPath(ctx, cx, cy, dx, dy, half, head);
      count++;
    }
  }
  const lineWidth = Math.max(1, Math.min(1.8, cell / 16));
  strokeWithHalo(ctx, lineWidth, 'rgba(0, 0, 0, 0.55)', 'rgba(190, 250, 255, 0.95)');
  return count;
}

/** Draws a polyline in tile coordinates (`[x0, y0, ...]`, centres at .5) with a dark halo. */
export function drawPolyline(
  o: OverlayContext,
  points: ArrayLike<number>,
  color: string,
  options: { width?: number; dash?: number[]; tail?: { x: number; y: number } } = {},
): void {
  const n = points.length >> 1;
  if (n < 1 || (n < 2 && !options.tail)) return;
  const { ctx, view } = o;
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    const sx = (points[2 * i] as number) * view.scale + view.offsetX;
    const sy = (points[2 * i + 1] as number) * view.scale + view.offsetY;
    if (i === 0) ctx.moveTo(sx, sy);
    else ctx.lineTo(sx, sy);
  }
  if (options.tail) ctx.lineTo(options.tail.x * view.scale + view.offsetX, options.tail.y * view.scale + view.offsetY);
  const width = options.width ?? Math.max(1.5, Math.min(view.scale * 0.16, 4));
  ctx.setLineDash(options.dash ?? []);
  strokeWithHalo(ctx, width, 'rgba(0, 0, 0, 0.6)', color);
  ctx.setLineDash([]);
}

/** The three compared paths: eight arrows (dashed orange), the flow (cyan) and the any-angle optimum (white). */
export function drawComparison(o: OverlayContext, c: FlowComparison): void {
  drawPolyline(o, c.eight.path, COMPARE_COLORS.eight, { dash: [6, 4] });
  if (c.anyAngle) drawPolyline(o, c.anyAngle.path, COMPARE_COLORS.anyAngle, { width: 1.5 });
  drawPolyline(o, c.flow.path, COMPARE_COLORS.flow);
}

/** The flow followers: their trails (up to where they stand) and a disc at their continuous position. */
export function drawFollowers(o: OverlayContext, followers: readonly FlowFollower[]): void {
  const { ctx, view } = o;
  for (const f of followers) drawPolyline(o, f.trail, f.color, { tail: { x: f.x, y: f.y } });
  const r = markerRadius(view.scale) * 0.85;
  for (const f of followers) {
    const cx = f.x * view.scale + view.offsetX;
    const cy = f.y * view.scale + view.offsetY;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fillStyle = f.color;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.85)';
    ctx.stroke();
  }
}
