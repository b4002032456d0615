import { describe, expect, it } from 'vitest';
import { AbortError, CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import type { JobRunner } from '../jobs/job-spec.js';
import { decomposeConvexSets } from './convex-sets.js';
import { buildSetFieldsInPool, setCostPairInPool } from './set-fields-pool.js';

/** A fake service: records whether each job's signal was aborted when submitted; `fail` makes a job reject. */
function recordingService(fail: (args: { x?: number }) => Error | null = () => null) {
  const calls = { submits: [] as boolean[], settled: 0 };
  const service = {
    size: 2,
    mode: 'main-thread',
    submit: (_spec: unknown, args: { x?: number }, options: { signal?: AbortSignal } = {}) => {
      calls.submits.push(options.signal?.aborted === true);
      if (options.signal?.aborted) return Promise.reject(new AbortError('aborted before start'));
      const error = fail(args);
      // A job that fails at once, or one that waits until its signal aborts.
      if (error) return Promise.reject(error);
      return new Promise((_, reject) => {
        options.signal?.addEventListener('abort', () => {
          calls.settled++;
          reject(new AbortError('aborted'));
        });
      });
    },
  } as unknown as JobRunner;
  return { service, calls };
}

describe('set fields in the pool (fake service)', () => {
  const grid = Grid.open(6, 4);
  const sets = decomposeConvexSets(grid, { maxSide: 2 });

  it('buildSetFieldsInPool honours an already-aborted signal: every job is submitted aborted', async () => {
    const { service, calls } = recordingService();
    const outer = new AbortController();
    outer.abort();
    await expect(buildSetFieldsInPool(service, grid, sets, { signal: outer.signal })).rejects.toBeInstanceOf(
      AbortError,
    );
    expect(calls.submits.length).toBeGreaterThan(0);
    expect(calls.submits.every((aborted) => aborted)).toBe(true);
  });

  it("setCostPairInPool: one character's failed job aborts the other's before the call rejects", async () => {
    const { service, calls } = recordingService((args) => (args.x === 0 ? new OutOfRangeError('x', 0, 'test') : null));
    await expect(setCostPairInPool(service, grid, sets, { x: 0, y: 0 }, { x: 5, y: 3 })).rejects.toBeInstanceOf(
      OutOfRangeError,
    );
    expect(calls.submits).toEqual([false, false]);
    expect(calls.settled).toBe(1);
  });

  it('setCostPairInPool checks the sets and tiles before any job', async () => {
    const { service, calls } = recordingService();
    const other = decomposeConvexSets(Grid.open(3, 3));
    await expect(setCostPairInPool(service, grid, other, { x: 0, y: 0 }, { x: 5, y: 3 })).rejects.toBeInstanceOf(
      InvalidOptionError,
    );
    await expect(setCostPairInPool(service, grid, sets, { x: 9, y: 0 }, { x: 5, y: 3 })).rejects.toBeInstanceOf(
      CoordinateError,
    );
    expect(calls.submits).toEqual([]);
  });
});
