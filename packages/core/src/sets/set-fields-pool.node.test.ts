/**
 * Per-set fields and two-field costs built in Node worker_threads, against the BUILT package (dist): Node 20
 * cannot run the .ts worker module, so `pnpm run build` must run first (the test pipeline builds before testing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPackage } from '../testing/built-package.test-util.js';
import type * as Core from '../testing/package.test-util.js';

const core = await builtPackage();

describe('per-set fields in the worker pool (Node, built package)', () => {
  let service: Core.FieldService;
  beforeAll(async () => {
    service = await core.createFieldService({ workers: 2 });
  });
  afterAll(async () => {
    await service.close();
  });

  it('fills every slice exactly as the single-thread build', async () => {
    const grid = core.generateRooms(40, 30, { seed: 7, roomSize: 7, shared: true });
    const sets = core.decomposeConvexSets(grid);
    const pooled = await core.buildSetFieldsInPool(service, grid, sets, { jobsPerWorker: 3 });
    const local = core.buildSetFields(grid, sets, { shared: false });
    expect(pooled.cost.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(pooled.cost.length).toBe(sets.count * grid.size);
    let costDiff = -1;
    for (let i = 0; i < local.cost.length && costDiff < 0; i++) if (pooled.cost[i] !== local.cost[i]) costDiff = i;
    let dirDiff = -1;
    for (let i = 0; i < local.dir.length && dirDiff < 0; i++) if (pooled.dir[i] !== local.dir[i]) dirDiff = i;
    expect({ costDiff, dirDiff }).toEqual({ costDiff: -1, dirDiff: -1 });
  });

  it('refuses past maxCells before starting any job', async () => {
    const grid = core.generateRandom(64, 64, 0.2, { seed: 2, shared: true });
    const sets = core.decomposeConvexSets(grid);
    await expect(core.buildSetFieldsInPool(service, grid, sets, { maxCells: 10 })).rejects.toBeInstanceOf(
      core.GridTooLargeError,
    );
    expect(service.stats().busy).toBe(0);
  });

  it('two-field costs from the pool equal setCostsFrom', async () => {
    const grid = core.generateRandom(50, 40, 0.2, { seed: 5, shared: true });
    grid.passable[0] = 1;
    grid.passable[39 * 50 + 49] = 1;
    const sets = core.decomposeConvexSets(grid);
    const pair = await core.setCostPairInPool(service, grid, sets, { x: 0, y: 0 }, { x: 49, y: 39 });
    expect([...pair.me]).toEqual([...core.setCostsFrom(grid, sets, { x: 0, y: 0 })]);
    expect([...pair.target]).toEqual([...core.setCostsFrom(grid, sets, { x: 49, y: 39 })]);
    const viaPool = core.tacticCandidates(grid, sets, { x: 0, y: 0 }, { x: 49, y: 39 }, { mode: 'flank', costs: pair });
    expect([...viaPool]).toEqual([
      ...core.tacticCandidates(grid, sets, { x: 0, y: 0 }, { x: 49, y: 39 }, { mode: 'flank' }),
    ]);
  });
});
