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

// FDLIBM __kernel_sin and __kernel_cos coefficients (each FDLIBM literal written as the shortest decimal of the same
// double).
const S1 = -0.16666666666666632;
const S2 = 0.00833333333332249;
const S3 = -0.0001984126982985795;
const S4 = 0.0000027557313707070068;
const S5 = -2.5050760253406863e-8;
const S6 = 1.58969099521155e-10;
const C1 = 0.0416666666666666;
const C2 = -0.001388888888887411;
const C3 = 0.00002480158728947673;
const C4 = -2.7557314351390663e-7;
const C5 = 2.087572321298175e-9;
const C6 = -1.1359647557788195e-11;
// pi/2 in two parts (Cody-Waite), and 2/pi.
const PIO2_1 = 1.5707963267341256;
const PIO2_1T = 6.077100506506192e-11;
const INV_PIO2 = 0.6366197723675814;

/** pi, the double nearest to it. */
const PI = Math.PI;
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
const ATAN_HI = [0.4636476090008061, 0.7853981633974483, 0.982793723247329, 1.5707963267948966];
const ATAN_LO = [2.2698777452961687e-17, 3.061616997868383e-17, 1.3903311031230998e-17, 6.123233995736766e-17];
const AT0 = 0.3333333333333293;
const AT1 = -0.19999999999876483;
const AT2 = 0.14285714272503466;
const AT3 = -0.11111110405462356;
const AT4 = 0.09090887133436507;
const AT5 = -0.0769187620504483;
const AT6 = 0.06661073137387531;
const AT7 = -0.058335701337905735;
const AT8 = 0.049768779946159324;
const AT9 = -0.036531572744216916;
const AT10 = 0.016285820115365782;

/** Arc tangent of x, radians in [-pi/2, pi/2], the same bits on every engine. */
export function dAtan(x: number): number {
  if (Number.isNaN(x)) return x;
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
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.NaN;
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
