import { type CSSProperties, type Ref, useCallback, useEffect, useImperativeHandle, useRef } from 'react';
import { isTyping } from './is-typing.js';
import { type MapOverview, type OverlayContext, paintFrame, type ViewTransform } from './map-paint.js';
import { usePageActiveRef } from './page-activity.js';

/** A pointer event on the map by a button that does not pan (normally the left button). */
export interface TilePointerEvent {
  phase: 'down' | 'move' | 'up';
  /** Tile under the pointer (may lie outside the grid; check `inside`). */
  x: number;
  y: number;
  /** Tile coordinates with fractions (tile centres at .5). */
  fx: number;
  fy: number;
  inside: boolean;
  button: number;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** Imperative controls of a {@link MapView}. */
export interface MapViewHandle {
  /** Fits the whole map into the view. */
  fit(): void;
  /** Zooms by `factor` around a point in CSS pixels of the canvas (default: its centre). */
  zoomBy(factor: number, cssX?: number, cssY?: number): void;
  /** Schedules a redraw (coalesced to one per animation frame). */
  redraw(): void;
  /** The current transform. */
  view(): ViewTransform;
  /** The tile under the pointer (inside the map), or null: read at once, without waiting for a render. */
  hoveredTile(): { x: number; y: number } | null;
  /** Pans so that tile coordinates (x, y) (fractions allowed) sit at the centre of the view. */
  centerOn(x: number, y: number): void;
  /** The canvas size in CSS pixels. */
  size(): { width: number; height: number };
  /** The canvas element (for exporting what is shown). */
  canvas(): HTMLCanvasElement | null;
}

export interface MapViewProps {
  /** Map size in tiles. */
  gridWidth: number;
  gridHeight: number;
  /** The map drawn at one pixel per tile (a canvas or bitmap); scaled with smoothing off. Null draws nothing. */
  image: CanvasImageSource | null;
  /** A reduced copy of the map drawn instead of `image` when zoomed out below one pixel per tile. */
  overview?: MapOverview | null;
  /** Anything that changes when the image's pixels or the overlay change: a new value triggers a redraw. */
  redrawKey?: unknown;
  /** A new value fits the map into the view (e.g. the map's identity). */
  fitKey?: unknown;
  /** Paints markers, arrows and the like on top of the map, in CSS pixels. */
  drawOverlay?: (o: OverlayContext) => void;
  /** Redraw every animation frame while true (moving units). */
  animate?: boolean;
  /** Called when the tile under the pointer changes (null when the pointer leaves the map). */
  onHover?: (tile: { x: number; y: number } | null) => void;
  /** Left-button (non-panning) pointer activity: down, drag moves and up. */
  onTilePointer?: (e: TilePointerEvent) => void;
  /** Called after every pan or zoom. */
  onViewChange?: (view: ViewTransform) => void;
  /** Called after every frame with the time the frame took to draw (map, grid lines, overlay), in ms. */
  onDrawn?: (ms: number) => void;
  /** CSS cursor over the map when not panning. Default crosshair. */
  cursor?: string;
  /** Largest zoom in CSS pixels per tile. Default 96. */
  maxScale?: number;
  className?: string;
  style?: CSSProperties;
  handleRef?: Ref<MapViewHandle>;
}

/**
 * A canvas map view with pan (middle or right drag, or space + left drag), zoom (wheel, centred on the
 * cursor; + and - keys), fit, hover and tile pointer events. The map is one image at one pixel per tile
 * drawn scaled with image smoothing off, so even 2048 x 2048 maps pan and zoom at frame rate; overlays are
 * painted by the caller for the visible tile range only.
 */
export function MapView(props: MapViewProps) {
  const { gridWidth, gridHeight, image, overview, redrawKey, fitKey, animate, cursor, className, style, handleRef } =
    props;
  const activeRef = usePageActiveRef();
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewRef = useRef<ViewTransform>({ scale: 1, offsetX: 0, offsetY: 0 });
  const sizeRef = useRef({ w: 0, h: 0, dpr: 1 });
  const propsRef = useRef(props);
  propsRef.current = props;
  const frameRef = useRef(0);
  const hoverRef = useRef<{ x: number; y: number } | null>(null);
  const panRef = useRef<{ pointerId: number; sx: number; sy: number; ox: number; oy: number } | null>(null);
  const paintPointerRef = useRef<number | null>(null);
  const spaceRef = useRef(false);
  const overRef = useRef(false);
  const fittedRef = useRef(false);

  const draw = useCallback(() => {
    frameRef.current = 0;
    const t0 = performance.now();
    const canvas = canvasRef.current;
    if (canvas) {
      const v = viewRef.current;
      paintFrame(canvas, sizeRef.current, propsRef.current, v, panRef.current ? null : hoverRef.current);
      // The transform, for end-to-end tests that point at tiles: screen = tile * scale + offset (CSS px).
      canvas.dataset.view = `${v.scale} ${v.offsetX} ${v.offsetY}`;
    }
    propsRef.current.onDrawn?.(performance.now() - t0);
  }, []);

  const redraw = useCallback(() => {
    if (frameRef.current === 0) frameRef.current = requestAnimationFrame(draw);
  }, [draw]);

  const setView = useCallback(
    (next: ViewTransform, byUser = true) => {
      if (byUser) fittedRef.current = false;
      viewRef.current = next;
      propsRef.current.onViewChange?.(next);
      redraw();
    },
    [redraw],
  );

  const fit = useCallback(() => {
    const { w, h } = sizeRef.current;
    const p = propsRef.current;
    if (w === 0 || h === 0 || p.gridWidth === 0 || p.gridHeight === 0) return;
    const scale = Math.min((w - 16) / p.gridWidth, (h - 16) / p.gridHeight);
    setView(
      {
        scale,
        offsetX: Math.round((w - p.gridWidth * scale) / 2),
        offsetY: Math.round((h - p.gridHeight * scale) / 2),
      },
      false,
    );
    fittedRef.current = true;
  }, [setView]);

  const zoomBy = useCallback(
    (factor: number, cssX?: number, cssY?: number) => {
      const v = viewRef.current;
      const { w, h } = sizeRef.current;
      const p = propsRef.current;
      const fitScale = Math.min(w / Math.max(1, p.gridWidth), h / Math.max(1, p.gridHeight));
      const minScale = Math.min(fitScale / 4, 0.05);
      const maxScale = p.maxScale ?? 96;
      const scale = Math.min(maxScale, Math.max(minScale, v.scale * factor));
      const cx = cssX ?? w / 2;
      const cy = cssY ?? h / 2;
      const k = scale / v.scale;
      setView({ scale, offsetX: cx - (cx - v.offsetX) * k, offsetY: cy - (cy - v.offsetY) * k });
    },
    [setView],
  );

  const centerOn = useCallback(
    (x: number, y: number) => {
      const v = viewRef.current;
      const { w, h } = sizeRef.current;
      setView({ scale: v.scale, offsetX: w / 2 - x * v.scale, offsetY: h / 2 - y * v.scale });
    },
    [setView],
  );

  useImperativeHandle(
    handleRef,
    () => ({
      fit,
      zoomBy,
      redraw,
      centerOn,
      view: () => viewRef.current,
      hoveredTile: () => hoverRef.current,
      size: () => ({ width: sizeRef.current.w, height: sizeRef.current.h }),
      canvas: () => canvasRef.current,
    }),
    [fit, zoomBy, redraw, centerOn],
  );

  // Size the canvas to its container (device pixels), keeping the map centred on resize.
  useEffect(() => {
    const container = containerRef.current;
    const canvas = canvasRef.current;
    if (!container || !canvas) return;
    const observer = new ResizeObserver(() => {
      const rect = container.getBoundingClientRect();
      // A hidden page measures 0 x 0: keep the old size and view, so coming back shows the map as it was.
      if (rect.width === 0 || rect.height === 0) return;
      const dpr = window.devicePixelRatio || 1;
      const old = sizeRef.current;
      sizeRef.current = { w: rect.width, h: rect.height, dpr };
      canvas.width = Math.max(1, Math.round(rect.width * dpr));
      canvas.height = Math.max(1, Math.round(rect.height * dpr));
      canvas.style.width = `${rect.width}px`;
      canvas.style.height = `${rect.height}px`;
      // A fitted view stays fitted when the layout changes; a view the user moved keeps its centre.
      if (fittedRef.current || old.w === 0) fit();
      else {
        const v = viewRef.current;
        viewRef.current = {
          ...v,
          offsetX: v.offsetX + (rect.width - old.w) / 2,
          offsetY: v.offsetY + (rect.height - old.h) / 2,
        };
      }
      draw();
    });
    observer.observe(container);
    return () => observer.disconnect();
  }, [draw, fit]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fitKey is the trigger
  useEffect(() => {
    fit();
  }, [fitKey, fit]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: these props are the redraw triggers
  useEffect(() => {
    redraw();
  }, [redrawKey, image, overview, gridWidth, gridHeight, redraw]);

  useEffect(() => {
    if (!animate) return;
    let id = 0;
    const loop = () => {
      if (activeRef.current) draw();
      id = requestAnimationFrame(loop);
    };
    id = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(id);
  }, [animate, draw, activeRef]);

  // Reset the ref too: under StrictMode the effect is torn down and re-run on the same instance, and a stale
  // non-zero id would make redraw() think a frame is still pending.
  useEffect(
    () => () => {
      cancelAnimationFrame(frameRef.current);
      frameRef.current = 0;
    },
    [],
  );

  // Wheel zoom needs a non-passive listener to stop the page from scrolling.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = canvas.getBoundingClientRect();
      const delta = e.deltaMode === 1 ? e.deltaY * 33 : e.deltaMode === 2 ? e.deltaY * 400 : e.deltaY;
      zoomBy(Math.exp(-delta * 0.0015), e.clientX - rect.left, e.clientY - rect.top);
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [zoomBy]);

  const updateCursor = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    canvas.style.cursor = panRef.current
      ? 'grabbing'
      : spaceRef.current
        ? 'grab'
        : (propsRef.current.cursor ?? 'crosshair');
  }, []);

  // Space held over the map turns left-drag into panning; + - 0 zoom and fit. Registered once; a hidden
  // page's map ignores keys.
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (!activeRef.current || !overRef.current || isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.code === 'Space') {
        e.preventDefault();
        if (!spaceRef.current) {
          spaceRef.current = true;
          updateCursor();
        }
      } else if (e.key === '+' || e.key === '=') zoomBy(1.25);
      else if (e.key === '-' || e.key === '_') zoomBy(0.8);
      else if (e.key === '0') fit();
    };
    const up = (e: KeyboardEvent) => {
      if (e.code === 'Space') {
        spaceRef.current = false;
        updateCursor();
      }
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [zoomBy, fit, updateCursor, activeRef]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: cursor is the trigger
  useEffect(() => updateCursor(), [cursor, updateCursor]);

  const tileEvent = (e: React.PointerEvent, phase: TilePointerEvent['phase']): TilePointerEvent => {
    const rect = (e.currentTarget as HTMLCanvasElement).getBoundingClientRect();
    const v = viewRef.current;
    const fx = (e.clientX - rect.left - v.offsetX) / v.scale;
    const fy = (e.clientY - rect.top - v.offsetY) / v.scale;
    const x = Math.floor(fx);
    const y = Math.floor(fy);
    const p = propsRef.current;
    return {
      phase,
      x,
      y,
      fx,
      fy,
      inside: x >= 0 && y >= 0 && x < p.gridWidth && y < p.gridHeight,
      button: e.button,
      shiftKey: e.shiftKey,
      altKey: e.altKey,
      ctrlKey: e.ctrlKey,
      metaKey: e.metaKey,
    };
  };

  const setHover = (tile: { x: number; y: number } | null) => {
    const old = hoverRef.current;
    if (old === tile || (old && tile && old.x === tile.x && old.y === tile.y)) return;
    hoverRef.current = tile;
    propsRef.current.onHover?.(tile);
    redraw();
  };

  const onPointerDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.focus({ preventScroll: true });
    const pan = e.button === 1 || e.button === 2 || (e.button === 0 && spaceRef.current);
    if (pan) {
      e.preventDefault();
      e.currentTarget.setPointerCapture(e.pointerId);
      const v = viewRef.current;
      panRef.current = { pointerId: e.pointerId, sx: e.clientX, sy: e.clientY, ox: v.offsetX, oy: v.offsetY };
      updateCursor();
      redraw();
      return;
    }
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    paintPointerRef.current = e.pointerId;
    propsRef.current.onTilePointer?.(tileEvent(e, 'down'));
  };

  const onPointerMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const pan = panRef.current;
    if (pan && pan.pointerId === e.pointerId) {
      const v = viewRef.current;
      setView({ scale: v.scale, offsetX: pan.ox + e.clientX - pan.sx, offsetY: pan.oy + e.clientY - pan.sy });
      return;
    }
    const t = tileEvent(e, 'move');
    setHover(t.inside ? { x: t.x, y: t.y } : null);
    if (paintPointerRef.current === e.pointerId) propsRef.current.onTilePointer?.(t);
  };

  const onPointerUp = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (panRef.current?.pointerId === e.pointerId) {
      panRef.current = null;
      updateCursor();
      redraw();
      return;
    }
    if (paintPointerRef.current === e.pointerId) {
      paintPointerRef.current = null;
      propsRef.current.onTilePointer?.(tileEvent(e, 'up'));
    }
  };

  return (
    <div ref={containerRef} className={`map-view ${className ?? ''}`} style={style}>
      <canvas
        ref={canvasRef}
        tabIndex={0}
        data-testid="map-canvas"
        aria-label="map view"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onPointerEnter={() => {
          overRef.current = true;
        }}
        onPointerLeave={() => {
          overRef.current = false;
          setHover(null);
        }}
        onMouseDown={(e) => {
          if (e.button === 1) e.preventDefault(); // no autoscroll on middle-drag
        }}
        onContextMenu={(e) => e.preventDefault()}
        onAuxClick={(e) => e.preventDefault()}
      />
    </div>
  );
}
