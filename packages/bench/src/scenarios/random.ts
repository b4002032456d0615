import { Grid } from '@fieldmarshal/core';

/** A deterministic generator of numbers in [0, 1) (a 32-bit linear congruential generator). */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * `count` deterministic pseudo-random walkable tile indices for queries; with `reachable` (a field's costs), only
 * tiles with a finite cost, so every query has an answer.
 */
export function walkableTiles(grid: Grid, count: number, seed: number, reachable?: Float64Array): number[] {
  const out: number[] = [];
  let s = seed >>> 0;
  const n = grid.width * grid.height;
  for (let tries = 0; out.length < count && tries < count * 1000; tries++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const i = s % n;
    if (grid.passable[i] && (!reachable || Number.isFinite(reachable[i]))) out.push(i);
  }
  return out;
}

/** A copy of `base` with a terrain layer of costs 1 to 4 (seeded), for the weighted metric. */
export function withBenchTerrain(base: Grid): Grid {
  const grid = Grid.create(base.width, base.height, { terrain: true });
  grid.passable.set(base.passable);
  const t = grid.terrain as Float32Array;
  let s = 12345;
  for (let i = 0; i < t.length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    t[i] = 1 + (s >>> 30);
  }
  return grid;
}
