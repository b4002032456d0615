import { afterEach, describe, expect, it } from 'vitest';
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import { SharedMemoryUnavailableError } from './errors.js';
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

describe('isFieldStale against hostile input (issue 23)', () => {
  it('refuses a missing field or grid with InvalidOptionError', () => {
    const grid = Grid.open(2, 2, { shared: false });
    expect(() => isFieldStale(null as never, grid)).toThrow(InvalidOptionError);
    expect(() => isFieldStale({ width: 2, height: 2, gridVersion: 0 }, undefined as never)).toThrow(InvalidOptionError);
    expect(isFieldStale({ width: 2, height: 2, gridVersion: grid.version }, grid)).toBe(false);
  });
});
