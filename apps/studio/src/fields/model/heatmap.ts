import { SCENT_BLOCKED } from '@fieldmarshal/core/scent';
import { type ColorScale, LUT_SIZE } from '../../shared/color-scale.js';

/**
 * Values of one map, one per tile (`y * width + x`), in one of the two encodings the core kernels return:
 * - `float`: cost fields and safety maps (Float64Array); any non-finite value (Infinity, NaN) is unreachable.
 * - `scent`: scent and flee maps (Int32Array); core's SCENT_UNSEEN (-1, unreachable), SCENT_BLOCKED (-2), >= 0 a value.
 */
export type TileValues = { kind: 'float'; values: Float64Array | Float32Array } | { kind: 'scent'; values: Int32Array };

/** RGB colours of tiles that carry no value. */
export const SPECIAL_COLORS = {
  /** Walls (passability 0). */
  wall: [30, 32, 40],
  /** Walkable but unreachable (or unseen): a two-tone checker, visible at any zoom. */
  unreachable: [88, 92, 104],
  unreachableAlt: [68, 72, 82],
  /** Walkable ground when no map has been computed. */
  floor: [92, 98, 112],
  /** Water (passability 2) when no map has been computed. */
  water: [44, 86, 140],
  /** Tiles the map itself marks as blocked although the grid is walkable (the hero's tile in a flee map). */
  blocked: [150, 40, 60],
} as const satisfies Record<string, readonly [number, number, number]>;

/** CSS form of a {@link SPECIAL_COLORS} entry. */
export function specialCss(name: keyof typeof SPECIAL_COLORS): string {
  const [r, g, b] = SPECIAL_COLORS[name];
  return `rgb(${r}, ${g}, ${b})`;
}

/** Smallest and largest value of the reachable tiles; `count` is how many tiles have a value (0: none). */
export interface ValueRange {
  min: number;
  max: number;
  count: number;
}

/** Scans the values once (no allocation) and returns the range of the tiles that carry a value. */
export function valueRange(field: TileValues): ValueRange {
  return valueRangeIn(field, Math.max(1, field.values.length), 0, 0, Number.MAX_SAFE_INTEGER, 1);
}

/**
 * The range of the tiles with a value inside the rectangle x0 <= x < x1, y0 <= y < y1 of a map `width` tiles
 * wide (clamped to the map): the colour range fitted to what is on screen. No allocation.
 */
export function valueRangeIn(
  field: TileValues,
  width: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): ValueRange {
  const v = field.values;
  const height = Math.floor(v.length / width);
  const ax = Math.max(0, Math.floor(x0));
  const ay = Math.max(0, Math.floor(y0));
  const bx = Math.min(width, Math.ceil(x1));
  const by = Math.min(height, Math.ceil(y1));
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let count = 0;
  const float = field.kind === 'float';
  for (let y = ay; y < by; y++) {
    // PERF: hot loop over every tile of the rectangle; `x - x !== 0` is the allocation-free finite test.
    for (let i = y * width + ax, end = y * width + bx; i < end; i++) {
      const x = v[i] as number;
      if (float ? x - x !== 0 : x < 0) continue;
      if (x < min) min = x;
      if (x > max) max = x;
      count++;
    }
  }
  return count === 0 ? { min: 0, max: 0, count: 0 } : { min, max, count };
}

/** The value at one tile, or null when it has none (wall, unreachable, unseen). */
export function valueAt(field: TileValues, index: number): number | null {
  const x = field.values[index];
  if (x === undefined) return null;
  if (field.kind === 'float') return Number.isFinite(x) ? x : null;
  return x >= 0 ? x : null;
}

/**
 * How values map onto the colour scale: piecewise linear from `min` (at fraction `from` of the scale) to `max`
 * (at `to`), optionally through a pivot value held at a fixed fraction (a two-slope map: zero at the neutral
 * middle of a diverging scale, each sign stretched over its own half).
 */
export interface HeatmapStyle {
  scale: ColorScale;
  /** Value drawn with the colour at fraction `from` of the scale. */
  min: number;
  /** Value drawn with the colour at fraction `to` (equal to min: every value gets the middle colour). */
  max: number;
  /** Fraction of the scale for `min`. Default 0. */
  from?: number;
  /** Fraction of the scale for `max`. Default 1. */
  to?: number;
  /** A value between min and max held at a fixed fraction of the scale (two-slope map). Default none. */
  pivot?: { value: number; at: number } | null;
}

/**
 * The style that shows `range` best on `scale`. Sequential scales stretch [min, max] over the whole scale.
 * Diverging scales keep the sign readable when values of both signs occur: zero sits at the neutral middle
 * and each sign is stretched over its own half (two slopes). When all values share a sign (a safety map is
 * negative everywhere) the whole scale is used, low to high, so the map gets all of its contrast.
 */
export function styleForRange(scale: ColorScale, range: ValueRange): HeatmapStyle {
  const { min, max } = range;
  if (scale.diverging && min < 0 && max > 0) return { scale, min, max, pivot: { value: 0, at: 0.5 } };
  return { scale, min, max };
}

/** Fraction of the scale (0..1) at which a style draws `value` (for legend ticks; clamped). */
export function scaleFraction(style: HeatmapStyle, value: number): number {
  const from = style.from ?? 0;
  const to = style.to ?? 1;
  const p = style.pivot;
  let t: number;
  if (style.max === style.min) t = (from + to) / 2;
  else if (p && value <= p.value) t = from + ((value - style.min) / (p.value - style.min || 1)) * (p.at - from);
  else if (p) t = p.at + ((value - p.value) / (style.max - p.value || 1)) * (to - p.at);
  else t = from + ((value - style.min) / (style.max - style.min)) * (to - from);
  return Math.min(1, Math.max(0, t));
}

/** Little-endian RGBA packed into one Uint32 (the byte order of ImageData on every platform browsers run on). */
function pack(r: number, g: number, b: number): number {
  return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

const packedLuts = new WeakMap<Uint8Array, Uint32Array>();

/** The scale's LUT as packed RGBA words (built once per scale). */
function packedLut(lut: Uint8Array): Uint32Array {
  let packed = packedLuts.get(lut);
  if (!packed) {
    packed = new Uint32Array(LUT_SIZE);
    for (let i = 0; i < LUT_SIZE; i++)
      packed[i] = pack(lut[3 * i] as number, lut[3 * i + 1] as number, lut[3 * i + 2] as number);
    packedLuts.set(lut, packed);
  }
  return packed;
}

/**
 * Renders a map at one pixel per tile into `image` (its width and height must equal the grid's). Walls,
 * unreachable tiles and map-blocked tiles get the {@link SPECIAL_COLORS}; with no values (`field` null) the
 * plain map is drawn. One pass, one 32-bit store per tile, no allocation: a 2048 x 2048 map takes a few tens
 * of ms.
 */
export function renderHeatmap(
  image: ImageData,
  passable: Uint8Array,
  field: TileValues | null,
  style: HeatmapStyle,
): void {
  const { width, height } = image;
  const n = width * height;
  if (passable.length < n) throw new RangeError(`passable has ${passable.length} tiles, the image ${n}`);
  const out = new Uint32Array(image.data.buffer, image.data.byteOffset, n);
  const lut = packedLut(style.scale.lut);
  // Two linear pieces (below and above the pivot) give the LUT index as `a + v * k`.
  const top = LUT_SIZE - 1;
  const from = (style.from ?? 0) * top;
  const to = (style.to ?? 1) * top;
  const pivot = style.pivot ?? null;
  const pv = pivot ? pivot.value : style.max;
  const pt = pivot ? pivot.at * top : to;
  const k1 = pv > style.min ? (pt - from) / (pv - style.min) : 0;
  const a1 = pv > style.min ? from - style.min * k1 + 0.5 : (from + to) / 2 + 0.5;
  const k2 = style.max > pv ? (to - pt) / (style.max - pv) : 0;
  const a2 = style.max > pv ? pt - pv * k2 + 0.5 : a1;
  const wall = pack(...SPECIAL_COLORS.wall);
  const unreachable = pack(...SPECIAL_COLORS.unreachable);
  const unreachableAlt = pack(...SPECIAL_COLORS.unreachableAlt);
  const floor = pack(...SPECIAL_COLORS.floor);
  const water = pack(...SPECIAL_COLORS.water);
  const blocked = pack(...SPECIAL_COLORS.blocked);
  if (field === null) {
    for (let i = 0; i < n; i++) {
      const code = passable[i] as number; // PERF: hot loop over every tile
      out[i] = code === 0 ? wall : code === 2 ? water : floor;
    }
    return;
  }
  if (field.kind === 'scent') {
    const values = field.values;
    // PERF: one pass, typed-array reads, one packed store per tile.
    for (let y = 0, i = 0; y < height; y++) {
      for (let x = 0; x < width; x++, i++) {
        const v = values[i] as number;
        if (passable[i] === 0) out[i] = wall;
        else if (v >= 0) {
          let t = (v <= pv ? a1 + v * k1 : a2 + v * k2) | 0;
          if (t < 0) t = 0;
          else if (t > top) t = top;
          out[i] = lut[t] as number;
        } else if (v === SCENT_BLOCKED) out[i] = blocked;
        else out[i] = ((x ^ y) & 1) === 0 ? unreachable : unreachableAlt;
      }
    }
    return;
  }
  const values = field.values;
  // PERF: as above; `v - v === 0` is the allocation-free finite test.
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const v = values[i] as number;
      if (passable[i] === 0) out[i] = wall;
      else if (v - v === 0) {
        let t = (v <= pv ? a1 + v * k1 : a2 + v * k2) | 0;
        if (t < 0) t = 0;
        else if (t > top) t = top;
        out[i] = lut[t] as number;
      } else out[i] = ((x ^ y) & 1) === 0 ? unreachable : unreachableAlt;
    }
  }
}

/** RGB of the tint laid over tiles whose value changed since the previous field (the repair highlight). */
export const CHANGED_TINT = [255, 40, 220] as const;

/**
 * Marks in `mask` (1 = changed) the tiles whose value differs between `before` and `after` (same length and
 * encoding) and returns how many changed. Non-finite floats compare equal to each other. No allocation.
 */
export function diffValues(before: TileValues, after: TileValues, mask: Uint8Array): number {
  const a = before.values;
  const b = after.values;
  const n = Math.min(a.length, b.length, mask.length);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    // PERF: hot loop; NaN on both sides counts as unchanged (Infinity equals Infinity already).
    const changed = x !== y && !(Number.isNaN(x) && Number.isNaN(y));
    mask[i] = changed ? 1 : 0;
    if (changed) count++;
  }
  return count;
}

/** Blends the tint into the pixels of `image` (RGBA, one pixel per tile) where `mask` is 1. */
export function tintChanged(image: Uint8ClampedArray, mask: Uint8Array): void {
  const [r, g, b] = CHANGED_TINT;
  for (let i = 0, p = 0; i < mask.length; i++, p += 4) {
    if (mask[i] === 0) continue;
    image[p] = ((image[p] as number) + 2 * r) / 3;
    image[p + 1] = ((image[p + 1] as number) + 2 * g) / 3;
    image[p + 2] = ((image[p + 2] as number) + 2 * b) / 3;
  }
}

/** The reduction factor of a map's overview: a power of two that brings its longer side to at most 512, or 1. */
export function overviewFactor(width: number, height: number): number {
  let f = 1;
  while (Math.max(width, height) / f > 512) f *= 2;
  return f;
}

/**
 * Averages `factor` x `factor` blocks of an RGBA image (`width` x `height` pixels) into `out`, which holds
 * ceil(width / factor) x ceil(height / factor) pixels: the map drawn when zoomed out. With `passable`, the walls'
 * colour and the other tiles' are averaged apart and mixed by the square root of the block's share of walls, so a
 * one-tile wall across a 4 x 4 block still darkens it by half (a plain average, a quarter, is lost at low zoom).
 */
export function downsampleRgba(
  src: Uint8ClampedArray,
  width: number,
  height: number,
  factor: number,
  out: Uint8ClampedArray,
  passable?: Uint8Array,
): void {
  const ow = Math.ceil(width / factor);
  const oh = Math.ceil(height / factor);
  for (let oy = 0; oy < oh; oy++) {
    const y0 = oy * factor;
    const y1 = Math.min(height, y0 + factor);
    for (let ox = 0; ox < ow; ox++) {
      const x0 = ox * factor;
      const x1 = Math.min(width, x0 + factor);
      // Open tiles' colour sums, then the walls' (all tiles' when `passable` is not given).
      let r = 0;
      let g = 0;
      let b = 0;
      let wr = 0;
      let wg = 0;
      let wb = 0;
      let walls = 0;
      for (let y = y0; y < y1; y++) {
        for (let i = y * width + x0, end = y * width + x1; i < end; i++) {
          const p = i * 4;
          if (passable && passable[i] === 0) {
            wr += src[p] as number;
            wg += src[p + 1] as number;
            wb += src[p + 2] as number;
            walls++;
          } else {
            r += src[p] as number;
            g += src[p + 1] as number;
            b += src[p + 2] as number;
          }
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const open = n - walls;
      const q = (oy * ow + ox) * 4;
      // Weights of the open tiles' mean and the walls' mean (each 0 when the block has none).
      const w = walls === 0 ? 0 : open === 0 ? 1 : Math.sqrt(walls / n);
      const ko = open > 0 ? (1 - w) / open : 0;
      const kw = walls > 0 ? w / walls : 0;
      out[q] = r * ko + wr * kw;
      out[q + 1] = g * ko + wg * kw;
      out[q + 2] = b * ko + wb * kw;
      out[q + 3] = 255;
    }
  }
}
