import type { Grid } from '@fieldmarshal/core';
import { type MapOverview, OVERVIEW_BELOW, type OverlayContext, overviewLevel } from '../../shared/map-paint.js';
import { nextTask } from '../../shared/next-task.js';

/**
 * Maps over this many tiles are not painted as one image at a pixel per tile (8192 x 8192 would take 256 MiB of
 * pixels): the view paints the tiles on screen ({@link ViewportPainter}) and a reduced overview
 * ({@link paintOverviewSliced}) for zoomed-out views and the minimap.
 */
export const HUGE_MAP_TILES = 4096 * 4096;

const WALL = [30, 32, 40] as const;
const FLOOR = [92, 98, 112] as const;
const WATER = [44, 86, 140] as const;

/** Largest overview side in pixels (its finest level). */
const OVERVIEW_SIDE = 2048;
/** Coarser levels are made down to this side. */
const COARSEST_SIDE = 512;
/** Side of a painted piece of the map, tiles. */
const CHUNK = 256;
/** Pieces kept (256 KiB each): enough for a 1920 x 1080 view at half a pixel per tile, with a margin. */
const MAX_CHUNKS = 192;
/** Milliseconds of painting pieces per frame; the rest follow in the next frames (the overview shows meanwhile). */
const FRAME_BUDGET_MS = 5;

interface Chunk {
  canvas: HTMLCanvasElement;
  version: number;
  used: number;
}

/**
 * The map's visible tiles at one pixel per tile, in pieces of 256 x 256 tiles painted once and kept (at most 192,
 * the least recently drawn dropped first): a pan or zoom only draws kept pieces. Pieces missing or out of date
 * (the walls were painted) are painted within a few milliseconds per frame, nearest first; until then the
 * overview (or the old piece) shows there and another frame is asked for.
 */
export class ViewportPainter {
  private readonly chunks = new Map<number, Chunk>();
  private readonly pixels = new ImageData(CHUNK, CHUNK);
  private frame = 0;
  /** The overview drawn where a piece is missing. */
  overview: MapOverview | null = null;

  constructor(private readonly requestRedraw: () => void) {}

  /** Draws the visible pieces (from half a pixel per tile up; below that the view draws the overview). */
  draw(o: OverlayContext, grid: Grid): void {
    const { ctx, view } = o;
    if (view.scale < OVERVIEW_BELOW || o.x1 <= o.x0 || o.y1 <= o.y0) return;
    this.frame++;
    const cx0 = Math.floor(o.x0 / CHUNK);
    const cy0 = Math.floor(o.y0 / CHUNK);
    const cx1 = Math.ceil(o.x1 / CHUNK);
    const cy1 = Math.ceil(o.y1 / CHUNK);
    const across = Math.ceil(grid.width / CHUNK);
    const t0 = performance.now();
    let behind = false;
    ctx.imageSmoothingEnabled = view.scale < 1;
    ctx.imageSmoothingQuality = 'low';
    for (let cy = cy0; cy < cy1; cy++) {
      for (let cx = cx0; cx < cx1; cx++) {
        const key = cy * across + cx;
        let chunk = this.chunks.get(key);
        const fresh = chunk !== undefined && chunk.version === grid.version;
        if (!fresh && performance.now() - t0 < FRAME_BUDGET_MS) chunk = this.paint(grid, cx, cy, key, chunk);
        else if (!fresh) behind = true;
        const x = cx * CHUNK;
        const y = cy * CHUNK;
        const w = Math.min(CHUNK, grid.width - x);
        const h = Math.min(CHUNK, grid.height - y);
        const dx = x * view.scale + view.offsetX;
        const dy = y * view.scale + view.offsetY;
        if (chunk) {
          chunk.used = this.frame;
          ctx.drawImage(chunk.canvas, 0, 0, w, h, dx, dy, w * view.scale, h * view.scale);
        } else if (this.overview) {
          const ov = overviewLevel(this.overview, 1);
          const f = ov.factor;
          ctx.drawImage(ov.image, x / f, y / f, w / f, h / f, dx, dy, w * view.scale, h * view.scale);
        }
      }
    }
    this.evict();
    if (behind) this.requestRedraw();
  }

  /** Paints one piece (reusing an evicted or stale canvas). */
  private paint(grid: Grid, cx: number, cy: number, key: number, old: Chunk | undefined): Chunk {
    const x0 = cx * CHUNK;
    const y0 = cy * CHUNK;
    const w = Math.min(CHUNK, grid.width - x0);
    const h = Math.min(CHUNK, grid.height - y0);
    const px = this.pixels.data;
    const pass = grid.passable;
    // PERF: one pass over the piece's tiles, colours from constants, no allocation per tile.
    for (let y = 0; y < h; y++) {
      let i = (y0 + y) * grid.width + x0;
      let p = y * CHUNK * 4;
      for (let x = 0; x < w; x++, i++, p += 4) {
        const c = pass[i] === 0 ? WALL : pass[i] === 2 ? WATER : FLOOR;
        px[p] = c[0];
        px[p + 1] = c[1];
        px[p + 2] = c[2];
        px[p + 3] = 255;
      }
    }
    const chunk = old ?? { canvas: document.createElement('canvas'), version: -1, used: 0 };
    if (chunk.canvas.width !== CHUNK) {
      chunk.canvas.width = CHUNK;
      chunk.canvas.height = CHUNK;
    }
    chunk.canvas.getContext('2d')?.putImageData(this.pixels, 0, 0, 0, 0, w, h);
    chunk.version = grid.version;
    this.chunks.set(key, chunk);
    return chunk;
  }

  /** Drops the least recently drawn pieces past the limit. */
  private evict(): void {
    if (this.chunks.size <= MAX_CHUNKS) return;
    const byUse = [...this.chunks.entries()].sort((a, b) => a[1].used - b[1].used);
    for (const [key] of byUse.slice(0, this.chunks.size - MAX_CHUNKS)) this.chunks.delete(key);
  }
}

/** The colour of a block whose share of walls is `f`: walls weighted up (square root), so thin walls show. */
function blend(px: Uint8ClampedArray, p: number, f: number): void {
  const w = Math.sqrt(f);
  px[p] = FLOOR[0] + (WALL[0] - FLOOR[0]) * w;
  px[p + 1] = FLOOR[1] + (WALL[1] - FLOOR[1]) * w;
  px[p + 2] = FLOOR[2] + (WALL[2] - FLOOR[2]) * w;
  px[p + 3] = 255;
}

/**
 * Paints the overview of a huge map in slices of about 8 ms, so the page keeps answering: one pixel per `factor` x
 * `factor` tiles (a power of two bringing the longer side to at most 2048), coloured by the share of walls (walls
 * weighted up, so one-tile walls stay visible), then coarser levels down to 512 pixels a side for views zoomed
 * out further. Resolves to the finest level (with its coarser ones), or null when aborted.
 */
export async function paintOverviewSliced(grid: Grid, signal: AbortSignal): Promise<MapOverview | null> {
  let factor = 1;
  while (Math.max(grid.width, grid.height) / factor > OVERVIEW_SIDE) factor *= 2;
  let ow = Math.ceil(grid.width / factor);
  let oh = Math.ceil(grid.height / factor);
  let walls = new Uint32Array(ow * oh);
  const pass = grid.passable;
  for (let oy = 0; oy < oh; ) {
    const t0 = performance.now();
    for (; oy < oh && performance.now() - t0 < 8; oy++) {
      const y1 = Math.min(grid.height, (oy + 1) * factor);
      const row = walls.subarray(oy * ow, (oy + 1) * ow);
      for (let y = oy * factor; y < y1; y++) {
        const start = y * grid.width;
        for (let x = 0; x < grid.width; x++) {
          if (pass[start + x] !== 0) continue;
          const k = (x / factor) | 0;
          row[k] = (row[k] as number) + 1;
        }
      }
    }
    await nextTask();
    if (signal.aborted) return null;
  }
  const levels: MapOverview[] = [];
  for (;;) {
    const level = await levelImage(walls, ow, oh, factor, grid, signal);
    if (!level) return null;
    levels.push(level);
    if (Math.max(ow, oh) <= COARSEST_SIDE) break;
    // The next level: each pixel sums a 2 x 2 block of this one's wall counts (in slices too: 4 million
    // pixels from a 2048 x 2048 level).
    const nw = Math.ceil(ow / 2);
    const nh = Math.ceil(oh / 2);
    const next = new Uint32Array(nw * nh);
    for (let y = 0; y < oh; ) {
      const t0 = performance.now();
      for (; y < oh && performance.now() - t0 < 8; y++)
        for (let x = 0; x < ow; x++) {
          const k = (y >> 1) * nw + (x >> 1);
          next[k] = (next[k] as number) + (walls[y * ow + x] as number);
        }
      await nextTask();
      if (signal.aborted) return null;
    }
    walls = next;
    ow = nw;
    oh = nh;
    factor *= 2;
  }
  for (let i = levels.length - 2; i >= 0; i--) (levels[i] as MapOverview).coarser = levels[i + 1] as MapOverview;
  return levels[0] as MapOverview;
}

/** One overview level's image from its wall counts, in slices of about 8 ms; null when aborted. */
async function levelImage(
  walls: Uint32Array,
  ow: number,
  oh: number,
  factor: number,
  grid: Grid,
  signal: AbortSignal,
): Promise<MapOverview | null> {
  const image = new ImageData(ow, oh);
  const px = image.data;
  for (let oy = 0; oy < oh; ) {
    const t0 = performance.now();
    for (; oy < oh && performance.now() - t0 < 8; oy++) {
      const rows = Math.min(factor, grid.height - oy * factor);
      for (let ox = 0; ox < ow; ox++) {
        const cols = Math.min(factor, grid.width - ox * factor);
        blend(px, (oy * ow + ox) * 4, (walls[oy * ow + ox] as number) / (rows * cols));
      }
    }
    await nextTask();
    if (signal.aborted) return null;
  }
  const canvas = document.createElement('canvas');
  canvas.width = ow;
  canvas.height = oh;
  canvas.getContext('2d')?.putImageData(image, 0, 0);
  return { image: canvas, factor, coarser: null };
}
