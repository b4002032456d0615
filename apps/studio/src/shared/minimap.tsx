import { type RefObject, useCallback, useEffect, useRef } from 'react';
import type { MapViewHandle } from './map-view.js';
import type { ViewSubscribe } from './view-events.js';

export interface MinimapProps {
  /** The map image (or its overview) and the map size in tiles. */
  image: CanvasImageSource | null;
  gridWidth: number;
  gridHeight: number;
  /** The map view it steers. */
  viewRef: RefObject<MapViewHandle | null>;
  /** Anything that changes when the image changes (a redraw trigger). */
  redrawKey: unknown;
  /** The view's pans and zooms: the rectangle follows them without the page rendering again. */
  subscribe?: ViewSubscribe;
  /** Longest side in CSS pixels. Default 150. */
  size?: number;
}

/**
 * The whole map in a corner with the part on screen outlined; click or drag on it to move the view there. The
 * map is scaled down once per image (a big map's overview is millions of pixels) and kept; a pan or zoom only
 * draws the kept copy and the rectangle.
 */
export function Minimap({ image, gridWidth, gridHeight, viewRef, redrawKey, subscribe, size = 150 }: MinimapProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const kept = useRef<{ image: CanvasImageSource | null; copy: HTMLCanvasElement | null; w: number; h: number }>({
    image: null,
    copy: null,
    w: 0,
    h: 0,
  });
  const k = size / Math.max(gridWidth, gridHeight, 1);
  const w = Math.max(1, Math.round(gridWidth * k));
  const h = Math.max(1, Math.round(gridHeight * k));

  const draw = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    const handle = viewRef.current;
    if (!canvas || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    const cw = Math.round(w * dpr);
    const ch = Math.round(h * dpr);
    if (canvas.width !== cw || canvas.height !== ch) {
      canvas.width = cw;
      canvas.height = ch;
    }
    const c = kept.current;
    if (c.image !== image || c.w !== cw || c.h !== ch) {
      c.image = image;
      c.w = cw;
      c.h = ch;
      c.copy = null;
      if (image) {
        c.copy = document.createElement('canvas');
        c.copy.width = cw;
        c.copy.height = ch;
        const cc = c.copy.getContext('2d');
        if (cc) {
          cc.imageSmoothingEnabled = true;
          cc.imageSmoothingQuality = 'high';
          cc.drawImage(image, 0, 0, cw, ch);
        }
      }
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#0c0d11';
    ctx.fillRect(0, 0, cw, ch);
    if (c.copy) ctx.drawImage(c.copy, 0, 0);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (!handle) return;
    const v = handle.view();
    const { width, height } = handle.size();
    const x0 = (-v.offsetX / v.scale) * k;
    const y0 = (-v.offsetY / v.scale) * k;
    const vw = (width / v.scale) * k;
    const vh = (height / v.scale) * k;
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = '#000';
    ctx.strokeRect(x0 - 0.5, y0 - 0.5, vw + 1, vh + 1);
    ctx.strokeStyle = '#ffd84d';
    ctx.strokeRect(x0, y0, vw, vh);
  }, [image, w, h, k, viewRef]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: redrawKey is the trigger
  useEffect(() => draw(), [draw, redrawKey]);
  useEffect(() => {
    if (!subscribe) return;
    let frame = 0;
    const off = subscribe(() => {
      if (frame === 0)
        frame = requestAnimationFrame(() => {
          frame = 0;
          draw();
        });
    });
    return () => {
      off();
      cancelAnimationFrame(frame);
    };
  }, [subscribe, draw]);

  const steer = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    viewRef.current?.centerOn((e.clientX - rect.left) / k, (e.clientY - rect.top) / k);
  };
  return (
    <canvas
      ref={canvasRef}
      className="minimap"
      style={{ width: w, height: h }}
      data-testid="minimap"
      aria-label="minimap: click to move the view"
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        steer(e);
      }}
      onPointerMove={(e) => {
        if (e.buttons & 1) steer(e);
      }}
    />
  );
}
