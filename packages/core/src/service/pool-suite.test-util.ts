/**
 * Every public function that takes a service, in one execution mode, against the calling thread's result bit for
 * bit: the sector graph in the pool (build, landmarks, update, corridor fields), the per-set fields and set costs,
 * the flank and retreat searches, and the parallel crowd and followers steps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Core from '../testing/package.test-util.js';
import { type ServiceEnv, sameBits, walkable } from './service-env.test-util.js';

/** A point in tiles from the flocking tutorial's pixels (30 per tile): the scene keeps the tutorial's numbers. */
const px = (x: number, y: number) => ({ x: x / 30, y: y / 30 });

type CoreModule = typeof Core;

/** Registers the suite for `env.mode`. */
export function poolSuite(env: ServiceEnv): void {
  const { mode } = env;
  let c: CoreModule;
  let service: Core.FieldService;
  const grid = (g: Core.Grid): Core.Grid => (env.sharedGrids ? g : g.clone({ shared: false }));

  beforeAll(async () => {
    c = env.core();
    service = await c.createFieldService({ mode, workers: 2 });
  });
  afterAll(async () => {
    await service?.close();
  });

  /** Expects two sector graphs to hold the same arrays. */
  const sameGraph = (a: Core.SectorGraph, b: Core.SectorGraph) => {
    for (const key of Object.keys(b.data) as (keyof Core.SectorGraphData)[]) {
      expect(sameBits(a.data[key], b.data[key]), key).toBe(true);
    }
  };

  describe(`functions that take a service (${mode})`, () => {
    it('builds, updates and queries a sector graph in the pool as on this thread', async () => {
      const g = grid(c.generateMap('rooms', 160, 96, { seed: 5 }));
      const pooled = await c.buildSectorGraphInPool(service, g, { sectorSize: 16 });
      const local = c.buildSectorGraph(g, { sectorSize: 16 });
      sameGraph(pooled, local);
      const a = walkable(g, 3);
      const b = walkable(g, g.size - 7);
      expect(pooled.findPath({ x: a.x, y: a.y }, { x: b.x, y: b.y })).toEqual(
        local.findPath({ x: a.x, y: a.y }, { x: b.x, y: b.y }),
      );
      // Edits: the pool's update equals this thread's.
      for (let k = 0; k < 12; k++) g.setPassable((k * 37) % g.width, (k * 11) % g.height, k % 2 === 0);
      const update = await c.updateSectorGraphInPool(service, pooled);
      expect(update).toEqual(local.update());
      local.refreshLandmarks();
      sameGraph(pooled, local);
      await c.refreshLandmarksInPool(service, pooled);
      sameGraph(pooled, local);
      const starts = [b.x, b.y, a.x, a.y];
      let started = 0;
      const field = await c.corridorFieldInPool(service, pooled, a, starts, { onStart: () => started++ });
      const ref = local.corridorField(a, starts);
      expect(started).toBe(1);
      for (let y = 0; y < g.height; y += 3) {
        for (let x = 0; x < g.width; x += 3) expect(field.costAt(x, y)).toBe(ref.costAt(x, y));
      }
    });

    it('builds the same sector graph with 1, 2 and 3 workers, in one band per worker or several', async () => {
      // Bands that split sectors unevenly (46 sectors: 7 x 7 less the edge), two metrics, and the single worker's
      // one band per phase as well as explicit bands: every array bit for bit, landmarks included.
      const g = grid(c.generateRandom(100, 97, 0.25, { seed: 31 }));
      const others = await Promise.all([1, 3].map((workers) => c.createFieldService({ mode, workers })));
      try {
        for (const options of [{ sectorSize: 16 }, { sectorSize: 8, metric: 'steps' as const }]) {
          const local = c.buildSectorGraph(g, options);
          expect([local.landmarksFresh, local.data.landmarkCost.length > 0]).toEqual([true, true]);
          for (const pool of [others[0], service, others[1]] as Core.FieldService[]) {
            for (const jobsPerWorker of [undefined, 1, 3]) {
              const pooled = await c.buildSectorGraphInPool(pool, g, { ...options, jobsPerWorker });
              for (const key of Object.keys(local.data) as (keyof Core.SectorGraphData)[]) {
                expect([pool.size, jobsPerWorker, key, sameBits(pooled.data[key], local.data[key])]).toEqual([
                  pool.size,
                  jobsPerWorker,
                  key,
                  true,
                ]);
              }
            }
          }
        }
      } finally {
        await Promise.all(others.map((s) => s.close()));
      }
    });

    it('builds per-set fields and set costs in the pool as on this thread', async () => {
      const g = grid(c.generateRandom(90, 70, 0.2, { seed: 12 }));
      const sets = c.decomposeConvexSets(g);
      const pooled = await c.buildSetFieldsInPool(service, g, sets);
      const local = c.buildSetFields(g, sets);
      expect(sameBits(pooled.cost, local.cost)).toBe(true);
      expect(sameBits(pooled.dir, local.dir)).toBe(true);
      const me = walkable(g, 5);
      const target = walkable(g, 4000);
      const pair = await c.setCostPairInPool(service, g, sets, me, target);
      expect([...pair.me]).toEqual([...c.setCostsFrom(g, sets, { x: me.x, y: me.y })]);
      expect([...pair.target]).toEqual([...c.setCostsFrom(g, sets, { x: target.x, y: target.y })]);
      for (const kind of ['flank', 'retreat'] as const) {
        for (const options of [{}, { maxCandidates: 3 }, { costs: local }, { costs: pair, maxCandidates: 1 }]) {
          const a = await c.searchTacticInPool(service, g, sets, me, target, kind, options);
          const b = c.searchTactic(g, sets, me, target, kind, options);
          expect({ ...a, candidates: [...a.candidates] }).toEqual({ ...b, candidates: [...b.candidates] });
        }
      }
    });

    it('steps a crowd in the pool as on this thread, bit for bit, with its groups retargeted midway', async () => {
      const g = grid(c.generateRandom(100, 80, 0.15, { seed: 2 }));
      const make = () => c.createCrowd({ grid: g, capacity: 600, groups: 3, flows: true, shared: mode === 'shared' });
      // Pools of 1 and 3 workers besides the suite's 2, each stepping its own copy of the crowd.
      const others = await Promise.all([1, 3].map((workers) => c.createFieldService({ mode, workers })));
      const pools = [service, ...others];
      const a = make();
      const copies = pools.map(() => make());
      const spots = [0, 1, 2, 3, 4, 5].map((k) => walkable(g, k * 1301));
      for (const crowd of [a, ...copies]) {
        const T = 30;
        for (let i = 0; i < 500; i++) {
          const t = spots[i % 6] as Core.Goal;
          c.addCrowdUnit(crowd, px((t.x + 0.5) * T + (i % 5) - 2, (t.y + 0.5) * T + ((i * 3) % 5) - 2), i % 3);
        }
        for (let group = 0; group < 3; group++) {
          const t = spots[(group + 3) % 6] as Core.Goal;
          c.commandCrowdGroup(crowd, group, px((t.x + 0.5) * T, (t.y + 0.5) * T), { useFlow: group !== 1 });
        }
      }
      try {
        for (let step = 0; step < 40; step++) {
          c.stepCrowd(a, 1 / 30);
          for (let k = 0; k < pools.length; k++) {
            const pool = pools[k] as Core.FieldService;
            // Parts as many as the workers (the default), or 1 to 4 bands.
            const options = step % 3 === 0 ? undefined : { parts: 1 + (step % 4) };
            await c.stepCrowdParallel(pool, copies[k] as Core.Crowd, 1 / 30, options);
          }
          if (step === 20) {
            for (const crowd of [a, ...copies]) {
              const t = spots[0] as Core.Goal;
              c.commandCrowdGroup(crowd, 2, px((t.x + 0.5) * 30, (t.y + 0.5) * 30));
            }
          }
          if (step % 10 === 9) {
            const expected = c.hashCrowd(a);
            for (let k = 0; k < pools.length; k++)
              expect([pools[k]?.size, step, c.hashCrowd(copies[k] as Core.Crowd)]).toEqual([
                pools[k]?.size,
                step,
                expected,
              ]);
          }
        }
        // The state arrays bit for bit (the crowd's own neighbour grid is stepCrowd's scratch, not state).
        const f = c.crowdFrame(a);
        for (const copy of copies) {
          const g = c.crowdFrame(copy);
          for (const key of ['x', 'y', 'vx', 'vy', 'timer', 'avoidX', 'avoidY', 'state'] as const)
            expect(sameBits(g[key], f[key]), key).toBe(true);
        }
        expect(f.avoidX.some((v, i) => v !== 0 || f.avoidY[i] !== 0)).toBe(true); // units did meet
      } finally {
        await Promise.all(others.map((s) => s.close()));
      }
    });

    it('steps followers of a flow, a field and a corridor in the pool as on this thread, bit for bit', async () => {
      const g = grid(c.generateRandom(96, 80, 0.2, { seed: 23 }));
      const goal = walkable(g, 40 * 96 + 48);
      const field = c.computeField(g, { goals: [goal] });
      const flow = c.computeFlow(g, field, { radius: 0.3 });
      const graph = c.buildSectorGraph(g, { sectorSize: 16 });
      const corridor = graph.corridorField(goal, [0, 0, 95, 79]);
      const make = (n: number) => {
        const f = c.createFollowers({ grid: g, capacity: n });
        const targets = [
          c.addFollowTarget(f, { flow }),
          c.addFollowTarget(f, { field, radius: 0.2 }),
          c.addFollowTarget(f, { corridor }),
        ];
        for (let i = 0, t = 0; i < n; t += 7919) {
          const tile = t % g.size;
          if (!g.passable[tile] || !Number.isFinite(field.cost[tile] as number)) continue;
          const at = { x: (tile % g.width) + 0.5, y: Math.floor(tile / g.width) + 0.5 };
          c.addFollower(f, at, { target: targets[i % 3] as number, speed: 1 + (i % 5) });
          i++;
        }
        return f;
      };
      const a = make(3000);
      const b = make(3000);
      for (let step = 0; step < 30; step++) {
        c.stepFollowers(a, 1 / 20);
        await c.stepFollowersParallel(service, b, 1 / 20, { parts: 1 + (step % 4) });
      }
      expect(c.followerSteps(b)).toBe(30);
      expect(sameBits(new Uint8Array(b.buffer), new Uint8Array(a.buffer))).toBe(true);
    });
  });
}
