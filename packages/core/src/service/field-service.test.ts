import { afterEach, describe, expect, it } from 'vitest';
import { InvalidOptionError, OutOfRangeError, SharedMemoryUnavailableError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import { createFieldService } from './field-service.js';
import { isFieldStale } from './field-stale.js';

const scope = globalThis as { crossOriginIsolated?: boolean };

describe('createFieldService without shared memory', () => {
  afterEach(() => {
    delete scope.crossOriginIsolated;
  });

  it("rejects mode: 'shared' with SharedMemoryUnavailableError naming the isolation headers", async () => {
    scope.crossOriginIsolated = false;
    const error = await createFieldService({ workers: 1, mode: 'shared' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SharedMemoryUnavailableError);
    expect((error as Error).message).toMatch(/Cross-Origin-Opener-Policy: same-origin/);
    expect((error as Error).message).toMatch(/Cross-Origin-Embedder-Policy: require-corp/);
  });

  it('validates options before starting any worker', async () => {
    await expect(createFieldService({ workers: 65 })).rejects.toBeInstanceOf(OutOfRangeError);
    await expect(createFieldService({ workers: -1 })).rejects.toBeInstanceOf(OutOfRangeError);
    await expect(createFieldService({ workers: 1, maxPooledBytes: Number.NaN })).rejects.toBeInstanceOf(
      OutOfRangeError,
    );
  });
});

describe('the clock option', () => {
  it("times the service's main-thread slices with the given clock; a failing clock is dropped, not thrown", async () => {
    await expect(createFieldService({ mode: 'main-thread', clock: 5 as never })).rejects.toBeInstanceOf(
      InvalidOptionError,
    );
    // A clock that advances 1 ms per reading: each timed slice counts exactly 1 ms.
    let t = 0;
    const service = await createFieldService({ mode: 'main-thread', clock: () => t++ });
    const grid = Grid.open(8, 8, { shared: false });
    service.release(await service.computeField(grid, { goals: [{ x: 0, y: 0 }] }));
    const stats = service.stats();
    expect(stats.longestMainThreadMs).toBe(1);
    expect(Number.isInteger(stats.mainThreadMs) && stats.mainThreadMs >= 1).toBe(true);
    await service.close();
    for (const clock of [
      () => {
        throw new Error('no clock');
      },
      () => Number.NaN,
    ]) {
      const failing = await createFieldService({ mode: 'main-thread', clock });
      failing.release(await failing.computeField(grid, { goals: [{ x: 0, y: 0 }] }));
      const s = failing.stats();
      expect(Number.isFinite(s.mainThreadMs) && s.mainThreadMs >= 0).toBe(true);
      await failing.close();
    }
  });
});

describe('isFieldStale against hostile input (issue 23)', () => {
  it('refuses a missing field or grid with InvalidOptionError', () => {
    const grid = Grid.open(2, 2, { shared: false });
    expect(() => isFieldStale(null as never, grid)).toThrow(InvalidOptionError);
    expect(() => isFieldStale({ width: 2, height: 2, gridVersion: 0 }, undefined as never)).toThrow(InvalidOptionError);
    expect(isFieldStale({ width: 2, height: 2, gridVersion: grid.version }, grid)).toBe(false);
  });
});
