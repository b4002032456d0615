/**
 * Trigonometry that gives the same bits on every JavaScript engine. The language defines `+ - * /`, `Math.sqrt`,
 * `Math.fround`, `Math.floor` and the comparisons exactly (IEEE 754 double rounding), but leaves the precision of
 * `Math.sin`, `Math.cos`, `Math.atan2`, `Math.hypot`, `Math.exp`, `Math.pow` and the rest to each engine, so a
 * simulation that calls them may drift between browsers (or engine versions) and a lockstep game desyncs. These
 * functions use only the exactly defined operations, in a fixed order: the same inputs give the same outputs
 * everywhere. The polynomials are those of FDLIBM (Sun Microsystems' freely distributable libm, the C library
 * most engines started from): sine and cosine on [-pi/4, pi/4] after a Cody-Waite reduction by pi/2, and arc
 * tangent after a reduction to |x| < 7/16. Accuracy: within about 1 unit in the last place for |x| < 2^20 (sine,
 * cosine; farther out the reduction loses bits, still deterministically), about 1 ulp for the arc tangent.
 */

// FDLIBM __kernel_sin and __kernel_cos coefficients.
const S1 = -1.66666666666666324348e-1;
const S2 = 8.33333333332248946124e-3;
const S3 = -1.98412698298579493134e-4;
const S4 = 2.75573137070700676789e-6;
const S5 = -2.50507602534068634195e-8;
const S6 = 1.58969099521155010221e-10;
const C1 = 4.16666666666666019037e-2;
const C2 = -1.38888888888741095749e-3;
const C3 = 2.48015872894767294178e-5;
const C4 = -2.75573143513906633035e-7;
const C5 = 2.0875723212981748279e-9;
const C6 = -1.13596475577881948265e-11;
// pi/2 in two parts (Cody-Waite), and 2/pi.
const PIO2_1 = 1.57079632673412561417;
const PIO2_1T = 6.07710050650619224932e-11;
const INV_PIO2 = 6.36619772367581382433e-1;

/** pi, the double nearest to it. */
const PI = 3.141592653589793;
const PI_LO = 1.2246467991473532e-16;
const PIO2_HI = 1.5707963267948966;

/** Sine of r in [-pi/4, pi/4]. */
function kernelSin(r: number): number {
  const z = r * r;
  const v = z * r;
  const p = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  return r + v * (S1 + z * p);
}

/** Cosine of r in [-pi/4, pi/4]. */
function kernelCos(r: number): number {
  const z = r * r;
  const p = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  const hz = 0.5 * z;
  const w = 1 - hz;
  return w + (1 - w - hz + z * p);
}

/** The quadrant n (an integer) and the remainder of x - n * pi / 2 (in REDUCED[0]). */
const REDUCED = new Float64Array(1);
function reduce(x: number): number {
  const n = Math.floor(x * INV_PIO2 + 0.5);
  REDUCED[0] = x - n * PIO2_1 - n * PIO2_1T;
  return n;
}

/** Sine of x (radians), the same bits on every engine. NaN for NaN and infinities. */
export function dSin(x: number): number {
  if (!(x - x === 0)) return Number.NaN;
  if (x > -0.7853981633974483 && x < 0.7853981633974483) return kernelSin(x);
  const n = reduce(x);
  const r = REDUCED[0] as number;
  const q = n - 4 * Math.floor(n / 4);
  if (q === 0) return kernelSin(r);
  if (q === 1) return kernelCos(r);
  if (q === 2) return -kernelSin(r);
  return -kernelCos(r);
}

/** Cosine of x (radians), the same bits on every engine. NaN for NaN and infinities. */
export function dCos(x: number): number {
  if (!(x - x === 0)) return Number.NaN;
  if (x > -0.7853981633974483 && x < 0.7853981633974483) return kernelCos(x);
  const n = reduce(x);
  const r = REDUCED[0] as number;
  const q = n - 4 * Math.floor(n / 4);
  if (q === 0) return kernelCos(r);
  if (q === 1) return -kernelSin(r);
  if (q === 2) return -kernelCos(r);
  return kernelSin(r);
}

// FDLIBM s_atan.c: atan of 0.5, 1, 1.5 and infinity (high and low parts), and the polynomial.
const ATAN_HI = [4.63647609000806093515e-1, 7.85398163397448278999e-1, 9.82793723247329054082e-1, 1.5707963267948966];
const ATAN_LO = [
  2.26987774529616870924e-17, 3.06161699786838301793e-17, 1.39033110312309984516e-17, 6.123233995736766e-17,
];
const AT0 = 3.33333333333329318027e-1;
const AT1 = -1.99999999998764832476e-1;
const AT2 = 1.42857142725034663711e-1;
const AT3 = -1.1111110405462355788e-1;
const AT4 = 9.09088713343650656196e-2;
const AT5 = -7.69187620504482999495e-2;
const AT6 = 6.66107313738753120669e-2;
const AT7 = -5.83357013379057348645e-2;
const AT8 = 4.97687799461593236017e-2;
const AT9 = -3.6531572744216915527e-2;
const AT10 = 1.62858201153657823623e-2;

/** Arc tangent of x, radians in [-pi/2, pi/2], the same bits on every engine. */
export function dAtan(x: number): number {
  if (x !== x) return x;
  const negative = x < 0;
  let a = negative ? -x : x;
  let id = -1;
  if (a >= 2.4375) {
    id = 3;
    a = -1 / a;
  } else if (a >= 1.1875) {
    id = 2;
    a = (a - 1.5) / (1 + 1.5 * a);
  } else if (a >= 0.6875) {
    id = 1;
    a = (a - 1) / (a + 1);
  } else if (a >= 0.4375) {
    id = 0;
    a = (2 * a - 1) / (2 + a);
  }
  const z = a * a;
  const w = z * z;
  const s1 = z * (AT0 + w * (AT2 + w * (AT4 + w * (AT6 + w * (AT8 + w * AT10)))));
  const s2 = w * (AT1 + w * (AT3 + w * (AT5 + w * (AT7 + w * AT9))));
  const r = id < 0 ? a - a * (s1 + s2) : (ATAN_HI[id] as number) - (a * (s1 + s2) - (ATAN_LO[id] as number) - a);
  return negative ? -r : r;
}

/**
 * The angle of the point (x, y) from the x axis, radians in [-pi, pi] (as `Math.atan2`, signed zeros included),
 * the same bits on every engine.
 */
export function dAtan2(y: number, x: number): number {
  if (x !== x || y !== y) return Number.NaN;
  if (y === 0) {
    // Signed zeros as Math.atan2: +-0 towards +x (or +0), +-pi towards -x (or -0).
    const back = x < 0 || (x === 0 && 1 / x < 0);
    return back ? (1 / y < 0 ? -PI : PI) : y;
  }
  if (x === 0) return y > 0 ? PIO2_HI : -PIO2_HI;
  const yInf = y === Number.POSITIVE_INFINITY || y === Number.NEGATIVE_INFINITY;
  if (x === Number.POSITIVE_INFINITY) return yInf ? (y > 0 ? PI / 4 : -PI / 4) : y >= 0 ? 0 : -0;
  if (x === Number.NEGATIVE_INFINITY) return yInf ? (y > 0 ? (3 * PI) / 4 : (-3 * PI) / 4) : y >= 0 ? PI : -PI;
  if (yInf) return y > 0 ? PIO2_HI : -PIO2_HI;
  const t = dAtan(y / x);
  if (x > 0) return t;
  return y >= 0 ? t + PI + PI_LO : t - PI - PI_LO;
}

/**
 * Length of the vector (x, y): `Math.sqrt(x * x + y * y)`, rounded the same everywhere. Unlike `Math.hypot` it
 * does not rescale: components above about 1e154 overflow and below about 1e-154 underflow (no game coordinate
 * comes near either).
 */
export function dHypot(x: number, y: number): number {
  return Math.sqrt(x * x + y * y);
}

/**
 * The deterministic functions as one object (`DeterministicMath.sin(x)` where a game would write `Math.sin(x)`),
 * for step code that must give the same bits on every engine.
 */
export const DeterministicMath: Readonly<{
  sin: (x: number) => number;
  cos: (x: number) => number;
  atan: (x: number) => number;
  atan2: (y: number, x: number) => number;
  hypot: (x: number, y: number) => number;
}> = Object.freeze({ sin: dSin, cos: dCos, atan: dAtan, atan2: dAtan2, hypot: dHypot });
