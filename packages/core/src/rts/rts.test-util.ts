import { Grid } from '../grid/grid.js';
import type { RtsUnit } from './unit.js';
import type { RtsWorld } from './world.js';

/** Largest overlap (sum of hard radii minus distance, > 0 means overlap) between any two bodies now. */
export function worstOverlap(world: RtsWorld): number {
  let worst = Number.NEGATIVE_INFINITY;
  const us = world.units;
  for (let i = 0; i < us.length; i++) {
    const a = us[i] as RtsUnit;
    for (let j = i + 1; j < us.length; j++) {
      const b = us[j] as RtsUnit;
      const o = a.hardRadius + b.hardRadius - Math.hypot(a.x - b.x, a.y - b.y);
      if (o > worst) worst = o;
    }
  }
  return worst;
}

/**
 * Runs steps until `done`; measures the worst overlap of two bodies over all steps. Returns the steps run.
 * Throws when `done` is still false after `maxSteps` steps (a timeout is a failure, not a result).
 */
export function runUntil(world: RtsWorld, done: () => boolean, maxSteps: number): { steps: number; overlap: number } {
  let overlap = Number.NEGATIVE_INFINITY;
  for (let s = 1; s <= maxSteps; s++) {
    world.step();
    overlap = Math.max(overlap, worstOverlap(world));
    if (done()) return { steps: s, overlap };
  }
  throw new Error(
    `runUntil: the condition was still false after ${maxSteps} steps (world step ${world.stepCount}, worst overlap ${overlap})`,
  );
}

export function must<T>(value: T | null | undefined): T {
  if (value == null) throw new Error('expected a value');
  return value;
}

/** A random grid for property tests: bits < 3 are walls, 9 is water when `water`, the rest ground. */
export function randomGrid(w: number, h: number, bits: number[], water: boolean): Grid {
  const grid = Grid.create(w, h, { shared: false });
  for (let i = 0; i < w * h; i++) {
    const b = bits[i % bits.length] as number;
    grid.passable[i] = b < 3 ? 0 : water && b === 9 ? 2 : 1;
  }
  return grid;
}
