/**
 * A small seedable pseudo-random source (mulberry32). Deterministic for a given seed on every platform,
 * so generated maps and random picks are reproducible in tests, workers and benchmarks.
 */
export type RandomSource = () => number;

/** Returns a function that yields floats in [0, 1) from a 32-bit seed. */
export function createRandom(seed: number): RandomSource {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, n) from a random source. */
export function randomInt(random: RandomSource, n: number): number {
  return Math.floor(random() * n);
}
