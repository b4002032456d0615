import type { Grid } from '@fieldmarshal/core';
import type { OverlayContext } from '../../shared/map-paint.js';

/**
 * Maps over this many tiles are not painted as one image at a pixel per tile (8192 x 8192 would take 256 MiB of
 * pixels): the view paints the tiles on screen ({@link ViewportPainter}) and a reduced overview
 * ({@link paintOverviewSliced}) for zoomed-out views and the minimap.
 */
export const HUGE_MAP_TILES = 4096 * 4096;

const WALL = [30, 32, 40] as const;
const FLOOR = [92, 98, 112] as const;
const WATER = [44, 86, 140] as const;

/** Largest overview side in pixels. */
const OVERVIEW_SIDE = 2048;

/** The visible tiles of the map drawn at one pixel per tile into a small canvas, kept until the view or map changes. */
export class ViewportPainter {
  private readonly canvas = document.createElement('canvas');
  private key = '';

  /** Draws the walls and ground of the visible tiles (skipped when more than 4M tiles are on screen). */
  draw(o: OverlayContext, grid: Grid): void {
    const w = o.x1 - o.x0;
    const h = o.y1 - o.y0;
    if (w <= 0 || h <= 0 || w * h > 4_194_304) return;
    const key = `${o.x0},${o.y0},${o.x1},${o.y1},${grid.version},${grid.width}`;
    if (key !== this.key) {
      this.key = key;
      this.canvas.width = w;
      this.canvas.height = h;
      const image = new ImageData(w, h);
      const px = image.data;
      const pass = grid.passable;
      // PERF: one pass over the visible tiles, colours from constants, no allocation per tile.
      for (let y = 0; y < h; y++) {
        let i = (o.y0 + y) * grid.width + o.x0;
        let p = y * w * 4;
        for (let x = 0; x < w; x++, i++, p += 4) {
          const c = pass[i] === 0 ? WALL : pass[i] === 2 ? WATER : FLOOR;
          px[p] = c[0];
          px[p + 1] = c[1];
          px[p + 2] = c[2];
          px[p + 3] = 255;
        }
      }
      this.canvas.getContext('2d')?.putImageData(image, 0, 0);
    }
    const { ctx, view } = o;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(
      this.canvas,
      0,
      0,
      w,
      h,
      o.x0 * view.scale + view.offsetX,
      o.y0 * view.scale + view.offsetY,
      w * view.scale,
      h * view.scale,
    );
  }
}

/**
 * Paints the overview of a huge map (one pixel per `factor` x `factor` tiles, the share of walls as a blend of the
 * wall and ground colours) in slices of about 8 ms, so the page keeps answering; resolves to the canvas, or null
 * when aborted.
 */
export async function paintOverviewSliced(
  grid: Grid,
  signal: AbortSignal,
): Promise<{ image: HTMLCanvasElement; factor: number } | null> {
  let factor = 1;
  while (Math.max(grid.width, grid.height) / factor > OVERVIEW_SIDE) factor *= 2;
  const ow = Math.ceil(grid.width / factor);
  const oh = Math.ceil(grid.height / factor);
  const image = new ImageData(ow, oh);
  const px = image.data;
  const pass = grid.passable;
  const walls = new Uint32Array(ow);
  for (let oy = 0; oy < oh; ) {
    const t0 = performance.now();
    for (; oy < oh && performance.now() - t0 < 8; oy++) {
      walls.fill(0);
      const y1 = Math.min(grid.height, (oy + 1) * factor);
      for (let y = oy * factor; y < y1; y++) {
        const row = y * grid.width;
        for (let x = 0; x < grid.width; x++) {
          if (pass[row + x] !== 0) continue;
          const k = (x / factor) | 0;
          walls[k] = (walls[k] as number) + 1;
        }
      }
      const rows = y1 - oy * factor;
      for (let ox = 0; ox < ow; ox++) {
        const cols = Math.min(factor, grid.width - ox * factor);
        const f = (walls[ox] as number) / (rows * cols);
        const p = (oy * ow + ox) * 4;
        px[p] = FLOOR[0] + (WALL[0] - FLOOR[0]) * f;
        px[p + 1] = FLOOR[1] + (WALL[1] - FLOOR[1]) * f;
        px[p + 2] = FLOOR[2] + (WALL[2] - FLOOR[2]) * f;
        px[p + 3] = 255;
      }
    }
    await new Promise((r) => setTimeout(r, 0));
    if (signal.aborted) return null;
  }
  const canvas = document.createElement('canvas');
  canvas.width = ow;
  canvas.height = oh;
  canvas.getContext('2d')?.putImageData(image, 0, 0);
  return { image: canvas, factor };
}
