import { type Flow, sampleFlow } from '@fieldmarshal/core';
import type { OverlayContext } from '../../shared/map-paint.js';
import { ARROW_MIN_SCALE } from './draw-overlays.js';

/** Scratch for sampleFlow (direction and distance to the anchor): no allocation per sample. */
const dir = new Float64Array(3);
/** Longest streamline, in steps. */
const MAX_STEPS = 48;

/**
 * Draws a smooth flow as streamlines: from seeds spread over the visible tiles (about every 28 CSS pixels, aligned
 * to the map so they do not shimmer while panning), each line follows `sampleFlow` downstream in steps of half a
 * tile (never past the anchor it heads for) and ends with a small head. Returns the number of lines drawn.
 */
export function drawStreamlines(o: OverlayContext, flow: Flow): number {
  const { ctx, view } = o;
  if (view.scale < ARROW_MIN_SCALE) return 0;
  const k = Math.max(1, Math.ceil(28 / view.scale));
  const step = Math.min(0.5, 6 / view.scale + 0.05);
  const steps = Math.min(MAX_STEPS, Math.ceil((k * 1.1) / step));
  const head = Math.max(3, Math.min(view.scale * 0.3, 7));
  const sx0 = Math.floor(o.x0 / k) * k;
  const sy0 = Math.floor(o.y0 / k) * k;
  let count = 0;
  ctx.beginPath();
  for (let by = sy0; by < o.y1; by += k) {
    for (let bx = sx0; bx < o.x1; bx += k) {
      let x = bx + k / 2;
      let y = by + k / 2;
      sampleFlow(flow, x, y, dir);
      if (dir[0] === 0 && dir[1] === 0) continue;
      ctx.moveTo(x * view.scale + view.offsetX, y * view.scale + view.offsetY);
      let dx = 0;
      let dy = 0;
      for (let s = 0; s < steps; s++) {
        sampleFlow(flow, x, y, dir);
        const ux = dir[0] as number;
        const uy = dir[1] as number;
        if (ux === 0 && uy === 0) break;
        const len = Math.min(step, Math.max(1e-3, dir[2] as number));
        x += ux * len;
        y += uy * len;
        dx = ux;
        dy = uy;
        ctx.lineTo(x * view.scale + view.offsetX, y * view.scale + view.offsetY);
      }
      const ex = x * view.scale + view.offsetX;
      const ey = y * view.scale + view.offsetY;
      if (dx !== 0 || dy !== 0) {
        ctx.moveTo(ex + (-dx * 0.866 - dy * 0.5) * head, ey + (-dy * 0.866 + dx * 0.5) * head);
        ctx.lineTo(ex, ey);
        ctx.lineTo(ex + (-dx * 0.866 + dy * 0.5) * head, ey + (-dy * 0.866 - dx * 0.5) * head);
      }
      count++;
    }
  }
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.5)';
  ctx.lineWidth = 3.2;
  ctx.stroke();
  ctx.strokeStyle = 'rgba(190, 250, 255, 0.95)';
  ctx.lineWidth = 1.4;
  ctx.stroke();
  return count;
}
