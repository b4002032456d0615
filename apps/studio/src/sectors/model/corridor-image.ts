import type { CorridorField } from '@fieldmarshal/core/sectors';
import { type ColorScale, LUT_SIZE } from '../../shared/color-scale.js';
import { nextTask } from '../../shared/next-task.js';

/** Largest side of a corridor's overview, pixels. */
const OVERVIEW_SIDE = 2048;
/** Sector squares kept for zoomed-in views (16 KiB each at 64 x 64). */
const MAX_BLOCKS = 512;

/**
 * A corridor field painted as a heatmap: an overview of the whole map at one pixel per `factor` x `factor` tiles
 * (a pixel per tile up to 2048 a side), drawn with one call at any zoom where its pixels are no larger than two
 * screen pixels; zoomed in further, each visible sector of the corridor is painted at a pixel per tile when
 * first drawn and kept. Painting costs follow the corridor and the overview's size, not the map's.
 */
export interface CorridorImage {
  overview: HTMLCanvasElement;
  factor: number;
  /** Sector side in tiles. */
  side: number;
  /** The range the colours span: 0 to the largest finite cost in the corridor. */
  max: number;
  /** Tiles with a cost so far. */
  reached: number;
  ms: number;
  /** The field and colours it was painted from (sector squares are painted from them on demand). */
  field: CorridorField;
  scale: ColorScale;
  /** Sector squares painted so far, by block. */
  blocks: Map<number, HTMLCanvasElement>;
}

/** Index into the field's costs of tile (x, y) of block `b` (whose sector starts at x0, y0). */
function slot(field: CorridorField, b: number, x: number, y: number, x0: number, y0: number): number {
  const side = field.sectorSize;
  return field.fullField ? y * field.width + x : b * side * side + (y - y0) * side + (x - x0);
}

/** Writes the colour of cost `c` at byte `o` of `px` (transparent where unreached: the map shows through). */
function paintCost(px: Uint8ClampedArray, o: number, c: number, lut: ArrayLike<number>, k: number): void {
  if (c - c !== 0) return;
  const e = 3 * Math.min(LUT_SIZE - 1, Math.round(c * k));
  px[o] = lut[e] as number;
  px[o + 1] = lut[e + 1] as number;
  px[o + 2] = lut[e + 2] as number;
  px[o + 3] = 235;
}

/** Milliseconds of painting before the page gets a turn. */
const SLICE_MS = 8;

/**
 * Paints (or repaints, into `into` when its size fits) the corridor field `field` with `scale`, in slices of a few
 * milliseconds (a full field of a 4096 x 4096 map is 4 million pixels); null when `signal` aborted meanwhile.
 */
export async function paintCorridor(
  field: CorridorField,
  scale: ColorScale,
  into: CorridorImage | null,
  signal: AbortSignal,
): Promise<CorridorImage | null> {
  const t0 = performance.now();
  let slice = t0;
  const { blockSector, cost, sectorsX } = field.data;
  const { width, height } = field;
  const side = field.sectorSize;
  let factor = 1;
  while (Math.max(width, height) / factor > OVERVIEW_SIDE) factor *= 2;
  const ow = Math.ceil(width / factor);
  const oh = Math.ceil(height / factor);
  const canvas =
    into && into.factor === factor && into.side === side ? into.overview : document.createElement('canvas');
  if (canvas.width !== ow || canvas.height !== oh) {
    canvas.width = ow;
    canvas.height = oh;
  }
  let max = 0;
  let reached = 0;
  // PERF: two passes over the corridor's slots (range, then colours), no allocation per tile.
  for (let i = 0; i < cost.length; i++) {
    const c = cost[i] as number;
    if (c - c !== 0) continue;
    reached++;
    if (c > max) max = c;
  }
  await nextTask();
  if (signal.aborted) return null;
  slice = performance.now();
  const image = new ImageData(ow, oh);
  const px = image.data;
  const k = max > 0 ? (LUT_SIZE - 1) / max : 0;
  for (let b = 0; b < blockSector.length; b++) {
    if (performance.now() - slice > SLICE_MS) {
      await nextTask();
      if (signal.aborted) return null;
      slice = performance.now();
    }
    const sector = blockSector[b] as number;
    const x0 = (sector % sectorsX) * side;
    const y0 = Math.floor(sector / sectorsX) * side;
    const x1 = Math.min(width, x0 + side);
    const y1 = Math.min(height, y0 + side);
    // The overview's pixels whose sampled tile (the block's top-left of each factor x factor) lies in this sector.
    for (let oy = Math.ceil(y0 / factor); oy * factor < y1; oy++)
      for (let ox = Math.ceil(x0 / factor); ox * factor < x1; ox++)
        paintCost(
          px,
          (oy * ow + ox) * 4,
          cost[slot(field, b, ox * factor, oy * factor, x0, y0)] as number,
          scale.lut,
          k,
        );
  }
  canvas.getContext('2d')?.putImageData(image, 0, 0);
  return { overview: canvas, factor, side, max, reached, ms: performance.now() - t0, field, scale, blocks: new Map() };
}

/** Block `b`'s sector at one pixel per tile (painted now, and kept). */
export function corridorBlock(image: CorridorImage, b: number): HTMLCanvasElement {
  const kept = image.blocks.get(b);
  if (kept) return kept;
  const { field, side } = image;
  const { blockSector, cost, sectorsX } = field.data;
  const sector = blockSector[b] as number;
  const x0 = (sector % sectorsX) * side;
  const y0 = Math.floor(sector / sectorsX) * side;
  const w = Math.min(side, field.width - x0);
  const h = Math.min(side, field.height - y0);
  const pixels = new ImageData(side, side);
  const k = image.max > 0 ? (LUT_SIZE - 1) / image.max : 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      paintCost(
        pixels.data,
        (y * side + x) * 4,
        cost[slot(field, b, x0 + x, y0 + y, x0, y0)] as number,
        image.scale.lut,
        k,
      );
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  canvas.getContext('2d')?.putImageData(pixels, 0, 0);
  if (image.blocks.size >= MAX_BLOCKS) image.blocks.clear();
  image.blocks.set(b, canvas);
  return canvas;
}
