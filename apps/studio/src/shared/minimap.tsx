import { type RefObject, useEffect, useRef } from 'react';
import type { MapViewHandle } from './map-view.js';

export interface MinimapProps {
  /** The map image (or its overview) and the map size in tiles. */
  image: CanvasImageSource | null;
  gridWidth: number;
  gridHeight: number;
  /** The map view it steers. */
  viewRef: RefObject<MapViewHandle | null>;
  /** Anything that changes when the view or the image changes (a redraw trigger). */
  redrawKey: unknown;
  /** Longest side in CSS pixels. Default 150. */
  size?: number;
}

/**
 * The whole map in a corner with the part on screen outlined; click or drag on it to move the view there.
 * Drawn only when the image or the view changes.
 */
export function Minimap({ image, gridWidth, gridHeight, viewRef, redrawKey, size = 150 }: MinimapProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const k = size / Math.max(gridWidth, gridHeight, 1);
  const w = Math.max(1, Math.round(gridWidth * k));
  const h = Math.max(1, Math.round(gridHeight * k));

  // biome-ignore lint/correctness/useExhaustiveDependencies: redrawKey is the trigger
  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    const handle = viewRef.current;
    if (!canvas || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = '#0c0d11';
    ctx.fillRect(0, 0, w, h);
    if (image) {
      ctx.imageSmoothingEnabled = true;
      ctx.drawImage(image, 0, 0, w, h);
    }
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
  }, [image, w, h, k, redrawKey, viewRef]);

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
