/** Screen position of tile coordinates in CSS pixels: `screen = tile * scale + offset`. */
export interface ViewTransform {
  /** CSS pixels per tile. */
  scale: number;
  offsetX: number;
  offsetY: number;
}

/** What an overlay painter gets: a context set to CSS pixels, the transform and the visible tile range. */
export interface OverlayContext {
  ctx: CanvasRenderingContext2D;
  view: ViewTransform;
  /** Canvas size in CSS pixels. */
  cssWidth: number;
  cssHeight: number;
  /** Visible tiles, clamped to the grid: x0 <= x < x1, y0 <= y < y1. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** performance.now() of this frame, for animations. */
  time: number;
}

/**
 * The map reduced by `factor`: one pixel of `image` stands for `factor` x `factor` tiles (averaged colours, walls
 * weighted up so one-tile walls stay visible), with optionally a coarser level for views zoomed out further.
 */
export interface MapOverview {
  image: CanvasImageSource;
  factor: number;
  /** The same map reduced further (a larger factor), or null. */
  coarser?: MapOverview | null;
}

/** Below this zoom (CSS pixels per tile) the overview is drawn instead of the map at one pixel per tile. */
export const OVERVIEW_BELOW = 0.5;

/**
 * The overview level to draw at `scale` (CSS pixels per tile): the coarsest whose pixel is at most a screen pixel,
 * else the finest there is, so the image drawn is never much larger than the screen area it covers.
 */
export function overviewLevel(overview: MapOverview, scale: number): MapOverview {
  let level = overview;
  while (level.coarser && level.coarser.factor * scale <= 1) level = level.coarser;
  return level;
}

/** What {@link paintFrame} draws: the map image at one pixel per tile and the caller's overlay. */
export interface PaintedMap {
  /** Map size in tiles. */
  gridWidth: number;
  gridHeight: number;
  /**
   * The map at one pixel per tile; null draws only the background and frame (and the overview when zoomed out):
   * a map too big for one image paints its visible tiles in its overlay.
   */
  image: CanvasImageSource | null;
  /** Drawn instead of `image` when zoomed out below one pixel per tile (walls then read as grey, not as noise). */
  overview?: MapOverview | null;
  /** Paints on top of the map in CSS pixels, for the visible tiles. */
  drawOverlay?: (o: OverlayContext) => void;
}

/** Grid lines appear from this zoom (CSS pixels per tile). */
const GRID_LINE_SCALE = 14;

/** Paints one frame: background, the map image scaled (smoothing off), grid lines, overlay, hover outline. */
export function paintFrame(
  canvas: HTMLCanvasElement,
  size: { w: number; h: number; dpr: number },
  p: PaintedMap,
  v: ViewTransform,
  hover: { x: number; y: number } | null,
): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { w, h, dpr } = size;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#0c0d11';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (w === 0 || h === 0) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const ov = p.overview ? overviewLevel(p.overview, v.scale) : null;
  if (ov && ov.factor > 1 && v.scale < OVERVIEW_BELOW) {
    // Zoomed out: the averaged overview, smoothed, so thin walls stay visible instead of flickering in and out.
    ctx.save();
    ctx.beginPath();
    ctx.rect(v.offsetX, v.offsetY, p.gridWidth * v.scale, p.gridHeight * v.scale);
    ctx.clip();
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'low';
    ctx.drawImage(
      ov.image,
      0,
      0,
      Math.ceil(p.gridWidth / ov.factor),
      Math.ceil(p.gridHeight / ov.factor),
      v.offsetX,
      v.offsetY,
      Math.ceil(p.gridWidth / ov.factor) * ov.factor * v.scale,
      Math.ceil(p.gridHeight / ov.factor) * ov.factor * v.scale,
    );
    ctx.restore();
  } else if (p.image) {
    // From half a pixel per tile up: the map itself; below one pixel per tile smoothed, so a one-tile wall is
    // blended into its neighbours rather than skipped.
    ctx.imageSmoothingEnabled = v.scale < 1;
    ctx.imageSmoothingQuality = 'low';
    ctx.drawImage(
      p.image,
      0,
      0,
      p.gridWidth,
      p.gridHeight,
      v.offsetX,
      v.offsetY,
      p.gridWidth * v.scale,
      p.gridHeight * v.scale,
    );
  }
  const x0 = Math.max(0, Math.floor(-v.offsetX / v.scale));
  const y0 = Math.max(0, Math.floor(-v.offsetY / v.scale));
  const x1 = Math.min(p.gridWidth, Math.ceil((w - v.offsetX) / v.scale));
  const y1 = Math.min(p.gridHeight, Math.ceil((h - v.offsetY) / v.scale));
  if (v.scale >= GRID_LINE_SCALE && x1 > x0 && y1 > y0) {
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.28)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = x0; x <= x1; x++) {
      const sx = Math.round(x * v.scale + v.offsetX) + 0.5;
      ctx.moveTo(sx, y0 * v.scale + v.offsetY);
      ctx.lineTo(sx, y1 * v.scale + v.offsetY);
    }
    for (let y = y0; y <= y1; y++) {
      const sy = Math.round(y * v.scale + v.offsetY) + 0.5;
      ctx.moveTo(x0 * v.scale + v.offsetX, sy);
      ctx.lineTo(x1 * v.scale + v.offsetX, sy);
    }
    ctx.stroke();
  }
  ctx.strokeStyle = '#4a5264';
  ctx.lineWidth = 1;
  ctx.strokeRect(v.offsetX - 0.5, v.offsetY - 0.5, p.gridWidth * v.scale + 1, p.gridHeight * v.scale + 1);
  if (p.drawOverlay && x1 > x0 && y1 > y0) {
    ctx.save();
    p.drawOverlay({ ctx, view: v, cssWidth: w, cssHeight: h, x0, y0, x1, y1, time: performance.now() });
    ctx.restore();
  }
  if (hover) {
    const s = v.scale;
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
    ctx.lineWidth = s >= 6 ? 1.5 : 1;
    ctx.strokeRect(hover.x * s + v.offsetX, hover.y * s + v.offsetY, Math.max(s, 2), Math.max(s, 2));
  }
}

/** Strokes the current path twice with round caps: a `halo` 2 px wider than `width`, then `color` on top. */
export function strokeWithHalo(ctx: CanvasRenderingContext2D, width: number, halo: string, color: string): void {
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = halo;
  ctx.lineWidth = width + 2;
  ctx.stroke();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.stroke();
}
