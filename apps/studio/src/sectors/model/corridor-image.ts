import type { CorridorField } from '@fieldmarshal/core';
import { type ColorScale, LUT_SIZE } from '../../shared/color-scale.js';

/**
 * A corridor field painted as a heatmap atlas: one sector-sized square per block of the field (sectors of the
 * corridor only), laid out in rows; the map view draws each square over its sector. Memory and painting time
 * follow the corridor, not the map.
 */
export interface CorridorImage {
  canvas: HTMLCanvasElement;
  /** Blocks per atlas row. */
  columns: number;
  /** Sector side in tiles (= pixels per block side). */
  side: number;
  /** The range the colours span: 0 to the largest finite cost in the corridor. */
  max: number;
  /** Tiles with a cost so far. */
  reached: number;
  ms: number;
}

/** Paints (or repaints, into `into` when its size fits) the corridor field `field` with `scale`. */
export function paintCorridor(field: CorridorField, scale: ColorScale, into: CorridorImage | null): CorridorImage {
  const t0 = performance.now();
  const { blockSector, cost, sectorsX } = field.data;
  // A full field (the corridor's fallback) keeps its costs row by row, as a Field: read them by tile.
  const full = field.fullField;
  const width = field.width;
  const side = field.sectorSize;
  const blocks = blockSector.length;
  const columns = Math.max(1, Math.ceil(Math.sqrt(blocks)));
  const rows = Math.max(1, Math.ceil(blocks / columns));
  const canvas =
    into && into.columns === columns && into.side === side ? into.canvas : document.createElement('canvas');
  if (canvas.width !== columns * side || canvas.height !== rows * side) {
    canvas.width = columns * side;
    canvas.height = rows * side;
  }
  let max = 0;
  let reached = 0;
  const slots = cost.length;
  // PERF: two passes over the corridor's slots (range, then colours), no allocation per tile.
  for (let i = 0; i < slots; i++) {
    const c = cost[i] as number;
    if (c - c !== 0) continue;
    reached++;
    if (c > max) max = c;
  }
  const image = new ImageData(canvas.width, canvas.height);
  const px = image.data;
  const lut = scale.lut;
  const k = max > 0 ? (LUT_SIZE - 1) / max : 0;
  const area = side * side;
  for (let b = 0; b < blocks; b++) {
    const ax = (b % columns) * side;
    const ay = Math.floor(b / columns) * side;
    const sector = blockSector[b] as number;
    const x0 = (sector % sectorsX) * side;
    const y0 = Math.floor(sector / sectorsX) * side;
    const w = full ? Math.min(side, width - x0) : side;
    const h = full ? Math.min(side, field.height - y0) : side;
    for (let ly = 0; ly < h; ly++) {
      let o = ((ay + ly) * canvas.width + ax) * 4;
      let s = full ? (y0 + ly) * width + x0 : b * area + ly * side;
      for (let lx = 0; lx < w; lx++, s++, o += 4) {
        const c = cost[s] as number;
        if (c - c !== 0) continue; // outside what is reached: transparent, the map shows through
        const e = 3 * Math.min(LUT_SIZE - 1, Math.round(c * k));
        px[o] = lut[e] as number;
        px[o + 1] = lut[e + 1] as number;
        px[o + 2] = lut[e + 2] as number;
        px[o + 3] = 235;
      }
    }
  }
  canvas.getContext('2d')?.putImageData(image, 0, 0);
  return { canvas, columns, side, max, reached, ms: performance.now() - t0 };
}
