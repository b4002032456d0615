/**
 * Sector graphs in Node worker_threads, against the BUILT package (dist): Node 20 cannot run the .ts worker
 * module, so `pnpm run build` must run first (the test pipeline builds before testing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPackage } from '../testing/built-package.test-util.js';
import type * as Core from '../testing/package.test-util.js';
import { graphPicture } from './sectors.test-util.js';

const core = await builtPackage();

function randomShared(width: number, height: number, seed: number): Core.Grid {
  return core.generateRandom(width, height, 0.2, { seed, shared: true });
}

describe('sector graphs in the worker pool (Node, built package)', () => {
  let service: Core.FieldService;
  beforeAll(async () => {
    service = await core.createFieldService({ workers: 2 });
  });
  afterAll(async () => {
    await service.close();
  });

  it('builds the same graph as the single-thread build, reporting progress to the end', async () => {
    for (const options of [
      { sectorSize: 16 },
      { sectorSize: 8, metric: 'steps' as const, diagonal: 'always' as const },
    ]) {
      const grid = randomShared(150, 97, 3);
      const reports: number[][] = [];
      const pooled = await core.buildSectorGraphInPool(service, grid, {
        ...options,
        onProgress: (done, total) => reports.push([done, total]),
      });
      const local = core.buildSectorGraph(grid, options);
      expect(pooled.data.intra.buffer).toBeInstanceOf(SharedArrayBuffer);
      // Graph pictures use the module's own classes; compare the two through the same function.
      expect(graphPicture(pooled as never)).toEqual(graphPicture(local as never));
      expect(pooled.landmarksFresh).toBe(true);
      expect(Array.from(pooled.data.landmarkCost)).toEqual(Array.from(local.data.landmarkCost));
      const sectors = pooled.sectorsX * pooled.sectorsY;
      expect(reports.at(-1)).toEqual([2 * sectors, 2 * sectors]);
      expect(pooled.findPath({ x: 0, y: 0 }, { x: 149, y: 96 })?.cost).toBe(
        local.findPath({ x: 0, y: 0 }, { x: 149, y: 96 })?.cost,
      );
    }
  });

  it('runs each phase as one job per worker over shared memory, the same arrays bit for bit with 1, 2 and 3', async () => {
    // A city-like map: open sectors, few walls (many cheap sectors), and a few walled blocks.
    const city = core.Grid.open(200, 136, { shared: true });
    for (let y = 8; y + 11 <= 136; y += 24)
      for (let x = 6; x + 17 <= 200; x += 30) city.fillPassable(x, y, 17, 11, false);
    // And a cluttered one cut into many components, in small sectors: the jobs join the components of the
    // sectors they take (and label them) at the same time.
    const cluttered = core.generateRandom(203, 149, 0.38, { seed: 21, shared: true });
    for (const [grid, options] of [
      [city, { sectorSize: 16, landmarks: 5 }],
      [cluttered, { sectorSize: 8, landmarks: 5 }],
    ] as const) {
      await sameWithWorkers(grid, options);
    }
  });

  async function sameWithWorkers(grid: Core.Grid, options: { sectorSize: number; landmarks: number }) {
    const local = core.buildSectorGraph(grid, options);
    const arrays = (data: object) =>
      Object.entries(data)
        .filter(([key]) => key !== 'header')
        .map(([key, array]) => [key, Array.from(array as ArrayLike<number>)]);
    for (const workers of [1, 2, 3]) {
      const pool = workers === 2 ? service : await core.createFieldService({ workers });
      try {
        const phases: string[] = [];
        const runner: Parameters<typeof core.buildSectorGraphInPool>[0] = {
          size: pool.size,
          mode: pool.mode,
          submit: (spec, args, opts) => {
            phases.push((args as { phase: string }).phase);
            return pool.submit(spec, args, opts);
          },
        };
        const reports: number[][] = [];
        const pooled = await core.buildSectorGraphInPool(runner, grid, {
          ...options,
          onProgress: (done, total) => reports.push([done, total]),
        });
        expect(arrays(pooled.data)).toEqual(arrays(local.data));
        expect(pooled.landmarksFresh).toBe(true);
        const sectors = pooled.sectorsX * pooled.sectorsY;
        expect(reports.at(-1)).toEqual([2 * sectors, 2 * sectors]);
        if (workers === 1) {
          // One worker: the whole build in one job (no round trips through this thread between phases).
          expect(phases).toEqual(['all']);
          continue;
        }
        // One job per worker for labels, counts and the layout, one for sectors, links, components and the
        // landmarks' pick, one per worker (at most one per landmark) for the landmarks: three rounds.
        const jobs = (phase: string) => phases.filter((p) => p === phase).length;
        expect(phases.length).toBe(2 * workers + Math.min(workers, 5));
        for (const phase of ['labels', 'sectors']) expect(jobs(phase)).toBe(workers);
        expect(jobs('landmark')).toBe(Math.min(workers, 5));
      } finally {
        if (pool !== service) await pool.close();
      }
    }
  }

  it('gives a weighted graph no landmarks, as the build on one thread does (its costs are not symmetric)', async () => {
    const grid = randomShared(96, 80, 9);
    const options = { metric: 'weighted' as const, sectorSize: 16 };
    const local = core.buildSectorGraph(grid, options);
    expect(local.data.landmarkCost.length).toBe(0);
    const pooled = await core.buildSectorGraphInPool(service, grid, options);
    expect(pooled.data.landmarkCost.length).toBe(0);
    expect(pooled.landmarksFresh).toBe(local.landmarksFresh);
    expect(Array.from(pooled.data.header)).toEqual(Array.from(local.data.header));
    expect(graphPicture(pooled as never)).toEqual(graphPicture(local as never));
  });

  it('a pool of one worker builds in one job that reports progress and stops at an abort', async () => {
    const pool = await core.createFieldService({ workers: 1 });
    try {
      const grid = randomShared(600, 600, 4);
      const controller = new AbortController();
      const reports: number[][] = [];
      const built = core.buildSectorGraphInPool(pool, grid, {
        sectorSize: 16,
        signal: controller.signal,
        onProgress: (done, total) => {
          reports.push([done, total]);
          controller.abort();
        },
      });
      await expect(built).rejects.toBeInstanceOf(core.AbortError);
      expect(reports.length).toBeGreaterThan(0);
      const sectors = Math.ceil(600 / 16) ** 2;
      expect(reports[0]?.[1]).toBe(2 * sectors);
      expect(reports[0]?.[0]).toBeLessThan(2 * sectors);
      // The worker serves the next job, and a build to the end gives the graph of one thread.
      const small = randomShared(90, 70, 5);
      const pooled = await core.buildSectorGraphInPool(pool, small, { sectorSize: 8 });
      expect(graphPicture(pooled as never)).toEqual(
        graphPicture(core.buildSectorGraph(small, { sectorSize: 8 }) as never),
      );
      expect(Array.from(pooled.data.landmarkCost)).toEqual(
        Array.from(core.buildSectorGraph(small, { sectorSize: 8 }).data.landmarkCost),
      );
    } finally {
      await pool.close();
    }
  });

  it('aborts a build under way (at its first progress report, not after a wall-clock delay)', async () => {
    const grid = randomShared(600, 600, 4);
    const controller = new AbortController();
    let reports = 0;
    const built = core.buildSectorGraphInPool(service, grid, {
      sectorSize: 16,
      signal: controller.signal,
      onProgress: () => {
        reports++;
        controller.abort();
      },
    });
    await expect(built).rejects.toBeInstanceOf(core.AbortError);
    expect(reports).toBeGreaterThan(0);
    // The pool serves the next job.
    const small = await core.buildSectorGraphInPool(service, randomShared(40, 40, 5), { sectorSize: 8 });
    expect(small.sectorsX).toBe(5);
  });

  it('aborts a build in its second round (sectors, links, components), and the pool then builds the same graph', async () => {
    const grid = core.generateRandom(400, 400, 0.3, { seed: 22, shared: true });
    const controller = new AbortController();
    let aborted = -1;
    const built = core.buildSectorGraphInPool(service, grid, {
      sectorSize: 8,
      signal: controller.signal,
      onProgress: (done, total) => {
        // Past the labels: the jobs are building, linking and joining their sectors' components.
        if (aborted < 0 && done > total / 2) {
          aborted = done;
          controller.abort();
        }
      },
    });
    await expect(built).rejects.toBeInstanceOf(core.AbortError);
    expect(aborted).toBeGreaterThan(0);
    // Both workers are free again: the next build runs one job on each, and gives the graph of this thread.
    const again = await core.buildSectorGraphInPool(service, grid, { sectorSize: 8 });
    const local = core.buildSectorGraph(grid, { sectorSize: 8 });
    expect(Array.from(again.data.nodeComp)).toEqual(Array.from(local.data.nodeComp));
    expect(Array.from(again.data.landmarkCost)).toEqual(Array.from(local.data.landmarkCost));
  });

  it('builds over transferred buffers (no shared memory) in bands, the same arrays as on this thread', async () => {
    const grid = core.generateRandom(203, 149, 0.38, { seed: 23, shared: false });
    const options = { sectorSize: 8, landmarks: 5 };
    const local = core.buildSectorGraph(grid, options);
    const pool = await core.createFieldService({ workers: 2, mode: 'transfer' });
    try {
      const pooled = await core.buildSectorGraphInPool(pool, grid, options);
      expect(pooled.data.intra.buffer).not.toBeInstanceOf(SharedArrayBuffer);
      const arrays = (data: object) =>
        Object.entries(data)
          .filter(([key]) => key !== 'header')
          .map(([key, array]) => [key, Array.from(array as ArrayLike<number>)]);
      expect(arrays(pooled.data)).toEqual(arrays(local.data));
    } finally {
      await pool.close();
    }
  });

  it('builds over a grid in an ordinary ArrayBuffer too (copied to the workers), the same graph', async () => {
    const grid = core.Grid.open(40, 20, { shared: false });
    grid.fillPassable(10, 0, 1, 15, false);
    const pooled = await core.buildSectorGraphInPool(service, grid, { sectorSize: 16 });
    const local = core.buildSectorGraph(grid, { sectorSize: 16 });
    expect(Array.from(pooled.data.intra)).toEqual(Array.from(local.data.intra));
    expect(pooled.findPath({ x: 0, y: 0 }, { x: 39, y: 0 })).toEqual(local.findPath({ x: 0, y: 0 }, { x: 39, y: 0 }));
  });

  it('fills a corridor field like the single-thread one, and updates a graph into new arrays', async () => {
    const grid = randomShared(120, 90, 6);
    grid.fillPassable(0, 0, 4, 4, true);
    grid.fillPassable(116, 86, 4, 4, true);
    const graph = await core.buildSectorGraphInPool(service, grid, { sectorSize: 16 });
    const starts = Int32Array.of(0, 0, 1, 1, 3, 2);
    let started: Core.CorridorField | null = null;
    const field = await core.corridorFieldInPool(service, graph, { x: 119, y: 89 }, starts, {
      margin: 1,
      fullFieldAbove: 1,
      onStart: (f) => {
        started = f;
      },
    });
    expect(started).toBe(field);
    const local = graph.corridorField({ x: 119, y: 89 }, starts, { margin: 1, fullFieldAbove: 1 });
    expect([...field.data.blockSector]).toEqual([...local.data.blockSector]);
    expect([...field.data.cost]).toEqual([...local.data.cost]);
    expect([...field.data.dir]).toEqual([...local.data.dir]);
    expect(field.costAt(0, 0)).toBeLessThan(Number.POSITIVE_INFINITY);
    expect(field.fullField).toBe(false);
    // Past the threshold: one full field in a worker, the exact field's costs and directions on every tile.
    const full = await core.corridorFieldInPool(service, graph, { x: 119, y: 89 }, starts, { fullFieldAbove: 0 });
    expect(full.fullField).toBe(true);
    expect(full.sectors).toBe(graph.sectorsX * graph.sectorsY);
    const exact = core.computeField(grid, { goals: [{ x: 119, y: 89 }] });
    const flat = full.toField();
    expect([...flat.cost]).toEqual([...exact.cost]);
    expect([...flat.dir]).toEqual([...exact.dir]);

    const before = graph.data.intra;
    grid.fillPassable(40, 30, 10, 3, false);
    grid.setPassable(2, 2, false);
    const update = await core.updateSectorGraphInPool(service, graph);
    expect(update.full).toBe(false);
    expect(update.sectors).toBeGreaterThan(1);
    expect(graph.gridVersion).toBe(grid.version);
    expect(graph.data.intra).not.toBe(before);
    const fresh = core.buildSectorGraph(grid, { sectorSize: 16 });
    expect(graphPicture(graph as never)).toEqual(graphPicture(fresh as never));
    // The pool update computed the landmarks again.
    expect(graph.landmarksFresh).toBe(true);
    expect(Array.from(graph.data.landmarkCost)).toEqual(Array.from(fresh.data.landmarkCost));
  });

  it('refreshes stale landmarks in the pool', async () => {
    const grid = randomShared(100, 100, 8);
    const graph = core.buildSectorGraph(grid, { sectorSize: 16 });
    grid.setPassable(50, 50, false);
    graph.update();
    expect(graph.landmarksFresh).toBe(false);
    await core.refreshLandmarksInPool(service, graph);
    expect(graph.landmarksFresh).toBe(true);
    const fresh = core.buildSectorGraph(grid, { sectorSize: 16 });
    expect(Array.from(graph.data.landmarkCost)).toEqual(Array.from(fresh.data.landmarkCost));
  });
});
