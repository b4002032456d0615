import { InvalidOptionError, OutOfRangeError } from '../errors.js';

/**
 * A small seedable pseudo-random source (mulberry32). Deterministic for a given seed on every platform,
 * so generated maps and random picks are reproducible in tests, workers and benchmarks.
 */
export type RandomSource = () => number;

/**
 * Returns a function that yields floats in [0, 1) from a 32-bit seed: any finite number, taken modulo 2^32
 * (`seed >>> 0`). @throws OutOfRangeError when `seed` is not a finite number.
 */
export function createRandom(seed: number): RandomSource {
  if (typeof seed !== 'number' || !Number.isFinite(seed)) throw new OutOfRangeError('seed', seed, 'a finite number');
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An integer in [0, n) from a random source.
 * @throws InvalidOptionError when `random` is not a function; OutOfRangeError when `n` is not a safe integer >= 1
 *   or `random()` returns something other than a number in [0, 1).
 */
export function randomInt(random: RandomSource, n: number): number {
  if (typeof random !== 'function') throw new InvalidOptionError('random', random, 'a function returning [0, 1)');
  if (!Number.isSafeInteger(n) || n < 1) throw new OutOfRangeError('n', n, 'a safe integer >= 1');
  const r = random();
  if (typeof r !== 'number' || !(r >= 0 && r < 1)) throw new OutOfRangeError('random()', r, 'a number in [0, 1)');
  return Math.floor(r * n);
}
