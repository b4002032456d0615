import { Grid, MapParseError } from '@fieldmarshal/core';
import { MAX_GRID_CELLS, MAX_GRID_SIDE } from '@fieldmarshal/core/grid';

/** One colour of an image legend: pixels nearest to it become tiles of this code and terrain cost. */
export interface ImageLegendEntry {
  /** `#rrggbb`. */
  color: string;
  /** 0 wall, 1 ground, 2 water. */
  code: number;
  /** Terrain cost (>= 1) of its tiles; 1 for plain ground. */
  terrain: number;
}

/** How an image becomes a map: by brightness against a threshold, or by the nearest colour of a legend. */
export type ImageMapOptions =
  | {
      mode: 'threshold' /** 0-255: darker pixels are walls. */;
      threshold: number /** Light pixels are walls. */;
      invert: boolean;
    }
  | { mode: 'legend'; entries: ImageLegendEntry[] };

export const DEFAULT_IMAGE_OPTIONS: ImageMapOptions = { mode: 'threshold', threshold: 128, invert: false };

/** The legend offered first: black walls, white ground, blue water, green rough ground (terrain 3). */
export const DEFAULT_IMAGE_LEGEND: ImageLegendEntry[] = [
  { color: '#000000', code: 0, terrain: 1 },
  { color: '#ffffff', code: 1, terrain: 1 },
  { color: '#2060ff', code: 2, terrain: 1 },
  { color: '#30a030', code: 1, terrain: 3 },
];

/** [r, g, b] of `#rrggbb`. */
export function hexRgb(color: string): [number, number, number] {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color.trim());
  if (!m) return [0, 0, 0];
  return [
    Number.parseInt(m[1] as string, 16),
    Number.parseInt(m[2] as string, 16),
    Number.parseInt(m[3] as string, 16),
  ];
}

/**
 * Turns RGBA pixels (one per tile, rows top first) into a grid: with `threshold`, pixels darker than it (by
 * luminance, 0.299 r + 0.587 g + 0.114 b; transparent pixels count as walls) are walls, others ground (or the
 * other way round with `invert`); with `legend`, each pixel takes the entry of the nearest colour. A legend with
 * a terrain cost other than 1 gives the grid a terrain layer. `onRows` reports progress every 64 rows.
 * @throws MapParseError for an image over the grid limits or an empty legend.
 */
export function imageToGrid(
  data: Uint8ClampedArray,
  width: number,
  height: number,
  options: ImageMapOptions,
  shared: boolean,
  onRows?: (done: number) => void,
): Grid {
  if (width > MAX_GRID_SIDE || height > MAX_GRID_SIDE || width * height > MAX_GRID_CELLS)
    throw new MapParseError(`an image of ${width}x${height} pixels is larger than a map may be`, 1, 1);
  if (options.mode === 'legend' && options.entries.length === 0)
    throw new MapParseError('the colour legend is empty', 1, 1);
  const entries = options.mode === 'legend' ? options.entries.map((e) => ({ ...e, rgb: hexRgb(e.color) })) : [];
  const terrain = entries.some((e) => e.terrain !== 1);
  const grid = Grid.create(width, height, { shared, terrain });
  const passable = grid.passable;
  const cost = grid.terrain;
  for (let y = 0; y < height; y++) {
    for (let x = 0, i = y * width, p = i * 4; x < width; x++, i++, p += 4) {
      const r = data[p] as number;
      const g = data[p + 1] as number;
      const b = data[p + 2] as number;
      const a = data[p + 3] as number;
      if (options.mode === 'threshold') {
        const dark = a < 128 || 0.299 * r + 0.587 * g + 0.114 * b < options.threshold;
        passable[i] = dark !== options.invert ? 0 : 1;
        continue;
      }
      let best = 0;
      let bestD = Number.POSITIVE_INFINITY;
      for (let k = 0; k < entries.length; k++) {
        const e = (entries[k] as { rgb: [number, number, number] }).rgb;
        const d = (r - e[0]) ** 2 + (g - e[1]) ** 2 + (b - e[2]) ** 2;
        if (d < bestD) {
          bestD = d;
          best = k;
        }
      }
      const e = entries[best] as ImageLegendEntry;
      passable[i] = e.code;
      if (cost) cost[i] = e.terrain;
    }
    if (onRows && (y & 63) === 63) onRows(y + 1);
  }
  return grid;
}
