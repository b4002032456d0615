/**
 * Colour scales for heatmaps, stored as 256-entry RGB lookup tables so that a renderer maps a value to a
 * colour with one multiply and three array reads (no per-tile allocation, no string colours).
 */

/** A colour scale: 256 RGB triples (`lut[3 * i + c]`, c = 0 red, 1 green, 2 blue) from low to high. */
export interface ColorScale {
  /** Stable id used by selects and tests. */
  readonly id: string;
  /** Name shown to the user. */
  readonly label: string;
  /** True for scales centred on zero (negative one hue, positive another). */
  readonly diverging: boolean;
  /** 768 bytes: 256 RGB triples. */
  readonly lut: Uint8Array;
}

/** Number of entries in every {@link ColorScale.lut}. */
export const LUT_SIZE = 256;

type Vec3 = readonly [number, number, number];

/** Builds a LUT from a function of t in [0, 1] returning RGB in [0, 1]. */
function lutFrom(fn: (t: number) => Vec3): Uint8Array {
  const lut = new Uint8Array(LUT_SIZE * 3);
  for (let i = 0; i < LUT_SIZE; i++) {
    const [r, g, b] = fn(i / (LUT_SIZE - 1));
    lut[3 * i] = Math.round(Math.min(1, Math.max(0, r)) * 255);
    lut[3 * i + 1] = Math.round(Math.min(1, Math.max(0, g)) * 255);
    lut[3 * i + 2] = Math.round(Math.min(1, Math.max(0, b)) * 255);
  }
  return lut;
}

/** Degree-6 polynomial fit of a matplotlib colour map (coefficients c0..c6 per channel). */
function polynomial(c: readonly Vec3[]): (t: number) => Vec3 {
  return (t) => {
    const out: [number, number, number] = [0, 0, 0];
    for (let ch = 0; ch < 3; ch++) {
      let v = 0;
      for (let k = c.length - 1; k >= 0; k--) v = v * t + (c[k] as Vec3)[ch as 0 | 1 | 2];
      out[ch] = v;
    }
    return out;
  };
}

/** Piecewise-linear interpolation through evenly spaced 0..255 RGB control points. */
function piecewise(points: readonly Vec3[]): (t: number) => Vec3 {
  return (t) => {
    const f = t * (points.length - 1);
    const i = Math.min(points.length - 2, Math.floor(f));
    const u = f - i;
    const a = points[i] as Vec3;
    const b = points[i + 1] as Vec3;
    return [(a[0] + (b[0] - a[0]) * u) / 255, (a[1] + (b[1] - a[1]) * u) / 255, (a[2] + (b[2] - a[2]) * u) / 255];
  };
}

/** Viridis (perceptually uniform, dark blue-purple to yellow); polynomial fit of matplotlib's table. */
export const VIRIDIS: ColorScale = {
  id: 'viridis',
  label: 'Viridis',
  diverging: false,
  lut: lutFrom(
    polynomial([
      [0.2777273272234177, 0.005407344544966578, 0.3340998053353061],
      [0.1050930431085774, 1.404613529898575, 1.384590162594685],
      [-0.3308618287255563, 0.214847559468213, 0.09509516302823659],
      [-4.634230498983486, -5.799100973351585, -19.33244095627987],
      [6.228269936347081, 14.17993336680509, 56.69055260068105],
      [4.776384997670288, -13.74514537774601, -65.35303263337234],
      [-5.435455855934631, 4.645852612178535, 26.3124352495832],
    ]),
  ),
};

const infernoFn = polynomial([
  [0.0002189403691192265, 0.001651004631001012, -0.01948089843709184],
  [0.1065134194856116, 0.5639564367884091, 3.932712388889277],
  [11.60249308247187, -3.972853965665698, -15.9423941062914],
  [-41.70399613139459, 17.43639888205313, 44.35414519872813],
  [77.162935699427, -33.40235894210092, -81.80730925738993],
  [-71.31942824499214, 32.62606426397723, 73.20951985803202],
  [25.13112622477341, -12.24266895238567, -23.07032500287172],
]);

/**
 * Inferno (perceptually uniform, black-purple to pale yellow). The darkest 12% of matplotlib's map is cut so
 * that the low end stays distinguishable from the dark "unreachable" tiles.
 */
export const INFERNO: ColorScale = {
  id: 'inferno',
  label: 'Inferno',
  diverging: false,
  lut: lutFrom((t) => infernoFn(0.12 + 0.88 * t)),
};

/** Cividis-like blue to yellow, readable with colour-vision deficiencies; piecewise through matplotlib points. */
export const CIVIDIS: ColorScale = {
  id: 'cividis',
  label: 'Cividis',
  diverging: false,
  lut: lutFrom(
    piecewise([
      [0, 34, 78],
      [18, 53, 112],
      [59, 73, 108],
      [87, 92, 109],
      [112, 113, 115],
      [138, 134, 120],
      [165, 156, 116],
      [194, 179, 105],
      [225, 204, 85],
      [254, 232, 56],
    ]),
  ),
};

/**
 * Diverging blue - light grey - red (Moreland's "cool warm"): negative values blue, zero light grey, positive
 * red, with equal lightness steps on both sides so the sign is readable at a glance.
 */
export const COOL_WARM: ColorScale = {
  id: 'cool-warm',
  label: 'Cool-warm (diverging)',
  diverging: true,
  lut: lutFrom(
    piecewise([
      [59, 76, 192],
      [98, 130, 234],
      [141, 176, 254],
      [184, 208, 249],
      [221, 221, 221],
      [245, 196, 173],
      [244, 154, 123],
      [222, 96, 77],
      [180, 4, 38],
    ]),
  ),
};

/** Every scale, in menu order. */
export const COLOR_SCALES: readonly ColorScale[] = [VIRIDIS, INFERNO, CIVIDIS, COOL_WARM];

/** The scale with this id, or {@link VIRIDIS}. */
export function colorScaleById(id: string): ColorScale {
  return COLOR_SCALES.find((s) => s.id === id) ?? VIRIDIS;
}

/** CSS `rgb()` colour of the scale at t in [0, 1] (clamped). For legends, not for hot loops. */
export function scaleCss(scale: ColorScale, t: number): string {
  const i = Math.round(Math.min(1, Math.max(0, t)) * (LUT_SIZE - 1));
  return `rgb(${scale.lut[3 * i]}, ${scale.lut[3 * i + 1]}, ${scale.lut[3 * i + 2]})`;
}

/** A CSS linear-gradient (left to right) through the part [from, to] of the scale (default all), for legend bars. */
export function scaleGradientCss(scale: ColorScale, stops = 16, from = 0, to = 1): string {
  const parts: string[] = [];
  for (let i = 0; i <= stops; i++) {
    parts.push(`${scaleCss(scale, from + ((to - from) * i) / stops)} ${((100 * i) / stops).toFixed(1)}%`);
  }
  return `linear-gradient(to right, ${parts.join(', ')})`;
}
