import { describe, expect, it } from 'vitest';
import { AbortError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { Field } from '../fields/types.js';
import { Grid } from '../grid/grid.js';
import { decomposeConvexSets } from './convex-sets.js';
import {
  buildSetFieldsInPool,
  type SetCostPairRunner,
  type SetFieldsRunner,
  setCostPairInPool,
} from './set-fields-pool.js';

/** A fake service: `run` records whether each job's signal was aborted when submitted. */
function recordingService(fields: () => Field[]) {
  const calls = { runs: [] as boolean[], computeFields: 0, released: [] as Field[] };
  const service = {
    size: 2,
    run: (_name: string, _args: unknown, options: { signal?: AbortSignal } = {}) => {
      calls.runs.push(options.signal?.aborted === true);
      return options.signal?.aborted ? Promise.reject(new AbortError('aborted before start')) : Promise.resolve();
    },
    computeFields: async () => {
      calls.computeFields++;
      return fields();
    },
    release: (field: Field) => {
      calls.released.push(field);
      return true;
    },
  } as unknown as SetFieldsRunner & SetCostPairRunner;
  return { service, calls };
}

describe('set fields in the pool (fake service)', () => {
  const grid = Grid.open(6, 4);
  const sets = decomposeConvexSets(grid, { maxSide: 2 });

  it('buildSetFieldsInPool honours an already-aborted signal: every job is submitted aborted', async () => {
    const { service, calls } = recordingService(() => []);
    const outer = new AbortController();
    outer.abort();
    await expect(buildSetFieldsInPool(service, grid, sets, {}, { signal: outer.signal })).rejects.toBeInstanceOf(
      AbortError,
    );
    expect(calls.runs.length).toBeGreaterThan(0);
    expect(calls.runs.every((aborted) => aborted)).toBe(true);
  });

  it('setCostPairInPool releases both fields when the reduction throws', async () => {
    const bad = (): Field => ({
      width: 1,
      height: 1,
      cost: new Float64Array(1),
      dir: new Uint8Array(1),
      gridVersion: 0,
    });
    const made: Field[] = [];
    const { service, calls } = recordingService(() => {
      made.push(bad(), bad());
      return made.slice(-2);
    });
    await expect(setCostPairInPool(service, grid, sets, { x: 0, y: 0 }, { x: 5, y: 3 })).rejects.toBeInstanceOf(
      OutOfRangeError,
    );
    expect(calls.released).toEqual(made);
    expect(calls.released[0]).toBe(made[0]);
    expect(calls.released[1]).toBe(made[1]);
  });

  it('setCostPairInPool checks the sets before computing any field', async () => {
    const { service, calls } = recordingService(() => []);
    const other = decomposeConvexSets(Grid.open(3, 3));
    await expect(setCostPairInPool(service, grid, other, { x: 0, y: 0 }, { x: 5, y: 3 })).rejects.toBeInstanceOf(
      InvalidOptionError,
    );
    expect(calls.computeFields).toBe(0);
  });
});
