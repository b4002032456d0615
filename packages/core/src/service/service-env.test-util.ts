/**
 * Where the service suites run (an execution mode, the package module, the test worker) and the helpers they
 * share: bit-for-bit comparisons and a generous wait.
 */
import { expect } from 'vitest';
import type { AnyJobSpec, ExecutionMode } from '../jobs/job-spec.js';
import type * as Core from '../testing/package.test-util.js';

/** One place the service suites run. */
export interface ServiceEnv {
  /** The execution mode under test. */
  mode: ExecutionMode;
  /** The package module (the built dist in Node, the source in the browser). */
  core(): typeof Core;
  /** True when the suite's grids live on shared memory (false: ordinary memory, as without cross-origin isolation). */
  sharedGrids: boolean;
  /** The test jobs (the main thread's spec objects). */
  testJobs(): AnyJobSpec[];
  /** Service options that give a service the test jobs: a worker module serving them, and the specs. */
  testService(): { workerUrl?: URL; jobs: AnyJobSpec[] };
  /** The package's own worker module, and a URL where no module is. */
  urls(): { worker: URL; missing: URL };
}

/** Waits until `predicate` holds, polling every few ms (no timing assertion: only a generous give-up). */
export async function until(predicate: () => boolean, what: string, giveUpMs = 120_000): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > giveUpMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

function bytes(array: ArrayBufferView): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

/** Index of the first differing byte, or -1 when equal (lengths included). */
export function firstDifference(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** True when two arrays hold the same bytes (NaN-safe, -0-safe). */
export function sameBits(a: ArrayBufferView, b: ArrayBufferView): boolean {
  return firstDifference(bytes(a), bytes(b)) === -1;
}

/** Expects two fields to be equal bit for bit. */
export function expectSameField(actual: Core.Field, expected: Core.Field): void {
  expect(actual.width).toBe(expected.width);
  expect(actual.height).toBe(expected.height);
  expect(actual.gridVersion).toBe(expected.gridVersion);
  expect(firstDifference(bytes(actual.cost), bytes(expected.cost))).toBe(-1);
  expect(firstDifference(actual.dir, expected.dir)).toBe(-1);
}

/** The first walkable tile at or after index `from` (wrapping). */
export function walkable(grid: Core.Grid, from: number): Core.Goal {
  for (let k = 0; k < grid.size; k++) {
    const p = (from + k) % grid.size;
    if (grid.passable[p]) return { x: p % grid.width, y: Math.floor(p / grid.width) };
  }
  throw new Error('no walkable tile');
}
