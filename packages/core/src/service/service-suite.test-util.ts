/**
 * The worker-service test suite, run in every execution mode (`shared`, `transfer`, `main-thread`) by the Node
 * tests (against the BUILT package, since Node 20 worker_threads cannot run .ts), the browser tests (Vite bundles
 * the worker from source), and the tests without shared memory (Node with SharedArrayBuffer removed, Chromium
 * without cross-origin isolation). Results must be bit-identical to the calling thread's in every mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyJobSpec } from '../jobs/job-spec.js';
import type * as Core from '../testing/package.test-util.js';
import { expectSameField, type ServiceEnv, sameBits, until, walkable } from './service-env.test-util.js';

type CoreModule = typeof Core;

/** Registers the suite for `env.mode`. */
export function serviceSuite(env: ServiceEnv): void {
  const { mode } = env;
  const workers = mode !== 'main-thread';
  let c: CoreModule;
  let service: Core.FieldService;
  /** A grid as this mode's users make them (on shared memory only where it can be shared). */
  const grid = (g: Core.Grid): Core.Grid => (env.sharedGrids ? g : g.clone({ shared: false }));

  beforeAll(async () => {
    c = env.core();
    service = await c.createFieldService({ mode, workers: 2, ...env.testService() });
  });
  afterAll(async () => {
    await service?.close();
  });

  describe(`results (${mode})`, () => {
    it('equals the synchronous kernel bit for bit, with outputs where the mode puts them', async () => {
      expect(service.mode).toBe(mode);
      expect(service.stats().mode).toBe(mode);
      const g = grid(c.generateRandom(97, 61, 0.25, { seed: 7, terrain: true }));
      for (let i = 0; i < g.size; i += 7) if (g.terrain) g.terrain[i] = 1 + (i % 5) * 0.75;
      g.touch();
      const open = (from: number) => walkable(g, from);
      const optionsList: Core.FieldOptions[] = [
        { goals: [open(0)] },
        { goals: [open(2000)], metric: 'steps', neighbors: 4 },
        { goals: [open(100), { ...open(4000), value: 3.5 }], metric: 'weighted', diagonal: 'always' },
        { goals: [open(3000)], metric: 'octile', diagonal: 'if-one-free', maxCost: 20 },
        { goals: [open(5000)], metric: 'weighted', neighbors: 8, diagonal: 'never' },
      ];
      for (const options of optionsList) {
        const field = await service.computeField(g, options);
        const shared = typeof SharedArrayBuffer === 'function' && field.cost.buffer instanceof SharedArrayBuffer;
        expect(shared).toBe(mode === 'shared');
        expectSameField(field, c.computeField(g, options));
      }
    });

    it('computes many concurrent jobs across the pool, hands each grid to each worker once, follows its edits', async () => {
      const g = grid(c.generateRandom(64, 64, 0.2, { seed: 3 }));
      const goals = Array.from({ length: 24 }, (_, i) => walkable(g, i * 131));
      const before = service.stats().completed;
      const handoffs = service.stats().gridHandoffs;
      const fields = await Promise.all(goals.map((goal) => service.computeField(g, { goals: [goal] })));
      fields.forEach((field, i) => {
        expectSameField(field, c.computeField(g, { goals: [goals[i] as Core.Goal] }));
      });
      expect(service.stats().completed - before).toBe(24);
      expect(service.stats().gridHandoffs - handoffs).toBe(workers ? 2 : 0);
      // Edits after the first jobs reach the workers (as the edits themselves where memory is not shared).
      for (let k = 0; k < 40; k++) g.setPassable((k * 7) % 64, (k * 13) % 64, k % 3 !== 0);
      const goal = walkable(g, 77);
      const again = await Promise.all([0, 1, 2, 3].map(() => service.computeField(g, { goals: [goal] })));
      for (const field of again) expectSameField(field, c.computeField(g, { goals: [goal] }));
      expect(service.stats().gridHandoffs - handoffs).toBe(workers ? 2 : 0);
      const after = [0, 1, 2, 3, 4, 5].map((i) => walkable(g, i * 211));
      const many = await service.computeFields(
        g,
        after.map((gl) => ({ goals: [gl], metric: 'steps' as const })),
      );
      many.forEach((field, i) => {
        expectSameField(field, c.computeField(g, { goals: [after[i] as Core.Goal], metric: 'steps' }));
      });
      for (const field of [...fields, ...again, ...many]) service.release(field);
    });

    it('runs the other kernels by name (scentMap, computeFieldFromSeeds) like their sync versions', async () => {
      const g = grid(c.generateRandom(30, 20, 0.25, { seed: 21 }));
      const a = walkable(g, 0);
      const b = walkable(g, 333);
      const sources = [
        { ...a, strength: 9 },
        { ...b, strength: 5 },
      ];
      const map = await service.run('scentMap', { grid: g, sources, options: { neighbors: 8 } });
      expect([...map]).toEqual([...c.scentMap(g, sources, { neighbors: 8 })]);
      const seeds = new Float64Array(g.size).fill(Number.POSITIVE_INFINITY);
      seeds[a.y * g.width + a.x] = -3;
      seeds[b.y * g.width + b.x] = 1.5;
      const options = { metric: 'octile' as const };
      const field = await service.run('computeFieldFromSeeds', { grid: g, seeds, options });
      expectSameField(field, c.computeFieldFromSeeds(g, seeds, options));
      expect(service.release(map)).toBe(true);
      expect(service.release(field)).toBe(true);
    });

    it("writes outputs into the caller's arrays (`out`) in every mode", async () => {
      const g = grid(c.generateRandom(40, 30, 0.2, { seed: 4 }));
      const sources = [{ ...walkable(g, 10), strength: 12 }];
      const out = new Int32Array(g.size).fill(-9);
      const map = await service.run('scentMap', { grid: g, sources }, { out: { out } });
      expect(map).toBe(out);
      expect([...out]).toEqual([...c.scentMap(g, sources)]);
      await expect(
        service.run('scentMap', { grid: g, sources }, { out: { out: new Int32Array(3) } }),
      ).rejects.toBeInstanceOf(c.InvalidOptionError);
      // A diagnostic kernel that writes an argument in place: written back where memory is not shared.
      const buffer = new ArrayBuffer(64);
      await expect(service.run('fillShared', { buffer, value: 1234567 })).resolves.toBe(16);
      expect([...new Int32Array(buffer)]).toEqual(new Array(16).fill(1234567));
    });

    it('reuses released buffers without leaking old values into new fields', async () => {
      const g = grid(c.generateRandom(50, 40, 0.3, { seed: 11 }));
      const goalA = { x: 1, y: 1 };
      const goalB = { x: 45, y: 35 };
      g.setPassable(goalA.x, goalA.y, true);
      g.setPassable(goalB.x, goalB.y, true);
      const a = await service.computeField(g, { goals: [goalA] });
      const pooled = service.stats().pooledBytes;
      expect(service.release(a)).toBe(true);
      expect(service.release(a)).toBe(false);
      expect(service.stats().pooledBytes).toBe(pooled + g.size * 9);
      const b = await service.computeField(g, { goals: [goalB], maxCost: 9 });
      // The released buffers served the new job (moved to a worker and back where memory is not shared).
      expect(service.stats().pooledBytes).toBe(pooled);
      expectSameField(b, c.computeField(g, { goals: [goalB], maxCost: 9 }));
      service.release(b);
    });

    it('runs a kernel registered by the tests alone (a spec and a worker module), outputs, writes and grid', async () => {
      const g = grid(c.generateRandom(20, 20, 0.3, { seed: 8 }));
      const values = Float64Array.from({ length: 70_000 }, (_, i) => (i * 37) % 1000);
      const counts = new Int32Array(256);
      const direct = new Int32Array(256);
      const prefix = env.testJobs().find((j) => j.name === '__prefix') as AnyJobSpec;
      const result = (await service.submit(prefix, { grid: g, values, counts, scale: 0.5 })) as {
        total: number;
        walls: number;
        sums: Float64Array;
      };
      const expected = prefix.run(
        { grid: g, values, counts: direct, scale: 0.5, sums: new Float64Array(values.length) },
        {},
      );
      expect(result.total).toBe(expected.total);
      expect(result.walls).toBe(expected.walls);
      expect(sameBits(result.sums, expected.sums)).toBe(true);
      expect([...counts]).toEqual([...direct]);
      service.release(result);
    });
  });

  describe(`grids and live fields (${mode})`, () => {
    it('sees grid edits made after the first job, and old fields go stale', async () => {
      const g = grid(c.parseAsciiMap(['.....', '.###.', '.....'].join('\n')));
      const first = await service.computeField(g, { goals: [{ x: 0, y: 0 }] });
      expect(c.isFieldStale(first, g)).toBe(false);
      g.setPassable(2, 1, true);
      expect(c.isFieldStale(first, g)).toBe(true);
      const second = await service.computeField(g, { goals: [{ x: 0, y: 0 }] });
      expect(second.gridVersion).toBe(g.version);
      expect(c.isFieldStale(second, g)).toBe(false);
      expectSameField(second, c.computeField(g, { goals: [{ x: 0, y: 0 }] }));
      // A grid whose edits the log cannot tell (direct writes, then touch) is copied again whole.
      g.passable[3] = 0;
      g.touch();
      expectSameField(
        await service.computeField(g, { goals: [{ x: 0, y: 0 }] }),
        c.computeField(g, { goals: [{ x: 0, y: 0 }] }),
      );
    });

    it('LiveField publishes only complete fields, latest refresh wins, and repairs after edits', async () => {
      const g = grid(c.generateRandom(80, 80, 0.2, { seed: 5 }));
      g.setPassable(0, 0, true);
      g.setPassable(79, 79, true);
      const live = new c.LiveField(service, g, { goals: [{ x: 0, y: 0 }] });
      expect(live.field).toBeNull();
      const superseded = live.refresh();
      const latest = live.refresh({ goals: [{ x: 79, y: 79 }] });
      await expect(superseded).rejects.toBeInstanceOf(c.AbortError);
      const field = await latest;
      expect(live.generation).toBe(1);
      expectSameField(field, c.computeField(g, { goals: [{ x: 79, y: 79 }] }));
      // The same repairs on this thread: equal bit for bit (the live field may repair from an older field of its
      // own, the one before last, so the tiles it settles differ).
      const ref = c.computeField(g, { goals: [{ x: 79, y: 79 }] });
      for (let k = 0; k < 6; k++) {
        g.setPassable(10 + k * 7, 40, k % 2 === 0);
        const done = await live.update();
        c.updateField(g, ref, { goals: [{ x: 79, y: 79 }] });
        expect(done.full).toBe(false);
        expectSameField(done.field, ref);
      }
      live.dispose();
      expect(live.field).toBeNull();
    });
  });

  describe(`progress and cancellation (${mode})`, () => {
    it('aborts a running large field with AbortError; the pool serves on', async () => {
      const g = grid(c.generateRandom(1024, 1024, 0.2, { seed: 1 }));
      g.setPassable(0, 0, true);
      // An earlier test's aborted job may leave its worker draining or restarting (without shared memory).
      await until(() => service.stats().busy === 0, 'the workers to be idle');
      const controller = new AbortController();
      const job = service.computeField(g, { goals: [{ x: 0, y: 0 }], signal: controller.signal });
      expect(service.stats()).toMatchObject({ busy: 1, queued: 0 });
      controller.abort();
      await expect(job).rejects.toBeInstanceOf(c.AbortError);
      let completeDone = 0;
      const complete = await service.computeField(g, {
        goals: [{ x: 0, y: 0 }],
        onProgress: (done) => (completeDone = done),
      });
      expect(completeDone).toBe(complete.cost.filter((v) => v < Number.POSITIVE_INFINITY).length);
      expectSameField(complete, c.computeField(g, { goals: [{ x: 0, y: 0 }] }));
      service.release(complete);
      // An aborted job's worker stopped on purpose is not a crash.
      expect(service.stats().crashes).toBe(0);
    });

    it.runIf(workers)('reports progress while a job runs and aborts queued and running jobs', async () => {
      // An aborted job's worker may still be draining or restarting (without shared memory).
      await until(() => service.stats().workers === 2 && service.stats().busy === 0, 'two idle workers');
      const controllers = [0, 1, 2, 3].map(() => new AbortController());
      const progress: boolean[] = [false, false, false, false];
      const jobs = controllers.map((controller, i) =>
        service.run('__spin' as never, { ms: 30_000 } as never, {
          signal: controller.signal,
          onProgress: () => (progress[i] = true),
        }),
      );
      const outcomes = jobs.map((job) =>
        job.then(
          () => 'resolved',
          (error: unknown) => error,
        ),
      );
      expect(service.stats().queued).toBe(2);
      controllers[3]?.abort();
      expect(await outcomes[3]).toBeInstanceOf(c.AbortError);
      expect(progress[3]).toBe(false);
      await until(() => progress[0] === true && progress[1] === true, 'both spins to report progress');
      controllers[0]?.abort();
      controllers[1]?.abort();
      expect(await outcomes[0]).toBeInstanceOf(c.AbortError);
      expect(await outcomes[1]).toBeInstanceOf(c.AbortError);
      await until(() => progress[2] === true, 'the queued spin to start');
      controllers[2]?.abort();
      expect(await outcomes[2]).toBeInstanceOf(c.AbortError);
      const pre = new AbortController();
      pre.abort();
      await expect(service.run('__spin' as never, { ms: 1 } as never, { signal: pre.signal })).rejects.toBeInstanceOf(
        c.AbortError,
      );
      await until(() => service.stats().workers === 2 && service.stats().busy === 0, 'the workers to be back');
      expect(service.stats()).toMatchObject({ busy: 0, queued: 0, crashes: 0 });
    });
  });

  describe(`faults (${mode})`, () => {
    it('rejects bad input with the typed error of the kernel', async () => {
      const g = grid(c.parseAsciiMap('..#\n...'));
      const wall = service.computeField(g, { goals: [{ x: 2, y: 0 }] });
      await expect(wall).rejects.toBeInstanceOf(c.CoordinateError);
      await expect(wall).rejects.toMatchObject({ name: 'CoordinateError', x: 2, y: 0 });
      const metric = service.computeField(g, { goals: [{ x: 0, y: 0 }], metric: 'manhattan' as never });
      await expect(metric).rejects.toMatchObject({ option: 'metric', value: 'manhattan' });
      await expect(metric).rejects.toBeInstanceOf(c.InvalidOptionError);
      const thrown = service.run('__throw' as never, { x: 3, y: -4 } as never);
      await expect(thrown).rejects.toBeInstanceOf(c.CoordinateError);
      await expect(thrown).rejects.toMatchObject({ what: '__throw', x: 3, y: -4 });
      await expect(service.run('nope' as never, {} as never)).rejects.toBeInstanceOf(c.InvalidOptionError);
      await expect(service.run('scentMap', null as never)).rejects.toBeInstanceOf(c.InvalidOptionError);
      await expect(service.run('scentMap', { grid: 'no' } as never)).rejects.toBeInstanceOf(c.InvalidOptionError);
      // Any grid will do: one on ordinary memory is copied to the workers.
      const plain = c.Grid.open(4, 4, { shared: false });
      expectSameField(
        await service.computeField(plain, { goals: [{ x: 0, y: 0 }] }),
        c.computeField(plain, { goals: [{ x: 0, y: 0 }] }),
      );
    });

    it.runIf(workers)(
      'rejects a job whose worker is killed mid-job with WorkerCrashedError, replaces it, serves on',
      async () => {
        const crashesBefore = service.stats().crashes;
        const error = await service.run('__crash' as never, { mode: 'exit', afterMs: 20 } as never).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(c.WorkerCrashedError);
        expect((error as Error).message).toMatch(/__crash#\d+/);
        expect(service.stats().crashes).toBe(crashesBefore + 1);
        const thrown = await service.run('__crash' as never, { mode: 'throw' } as never).then(
          () => null,
          (e: unknown) => e,
        );
        expect(thrown).toBeInstanceOf(c.WorkerCrashedError);
        const g = grid(c.generateRandom(40, 40, 0.2, { seed: 9 }));
        g.setPassable(3, 3, true);
        const fields = await Promise.all([0, 1, 2, 3].map(() => service.computeField(g, { goals: [{ x: 3, y: 3 }] })));
        for (const field of fields) expectSameField(field, c.computeField(g, { goals: [{ x: 3, y: 3 }] }));
        await until(() => service.stats().workers === 2, 'two workers');
        expect((await service.ping()).length).toBe(2);
      },
    );

    it('takes output buffers when a slot picks the job up, not while it waits in the queue', async () => {
      const pool = await c.createFieldService({ mode, workers: 1 });
      try {
        const g = grid(c.Grid.open(128, 128));
        const perJob = g.size * 9;
        let worst = 0;
        const check = () => {
          const { busy, jobBufferBytes } = pool.stats();
          worst = Math.max(worst, jobBufferBytes - busy * perJob);
        };
        const jobs = Array.from({ length: 24 }, (_, i) =>
          pool.computeField(g, { goals: [{ x: i, y: i }], onProgress: check }),
        );
        check();
        expect(pool.stats().queued).toBe(23);
        const fields = await Promise.all(
          jobs.map((job) =>
            job.then((field) => {
              check();
              pool.release(field);
              return field;
            }),
          ),
        );
        expect(fields).toHaveLength(24);
        expect(worst).toBeLessThanOrEqual(0);
        expect(pool.stats().jobBufferBytes).toBe(0);
      } finally {
        await pool.close();
      }
    });

    it('keeps the test kernels out of a service that was not given them', async () => {
      const plain = await c.createFieldService({ mode, workers: 1 });
      try {
        await expect(plain.run('__crash' as never, { mode: 'exit' } as never)).rejects.toBeInstanceOf(
          c.InvalidOptionError,
        );
        expect(plain.stats()).toMatchObject({ crashes: 0 });
      } finally {
        await plain.close();
      }
    });

    it.runIf(workers)(
      'replaces a worker that does not stop after an abort; rejects the job with AbortError',
      async () => {
        const pool = await c.createFieldService({ mode, workers: 1, abortGraceMs: 100, ...env.testService() });
        try {
          const controller = new AbortController();
          // A worker stuck for ten minutes: it never looks at the abort flag and never answers.
          const hung = pool.run('__hang' as never, { ms: 600_000 } as never, { signal: controller.signal }).then(
            () => 'resolved',
            (error: unknown) => error,
          );
          const g = grid(c.Grid.open(8, 8));
          const queued = pool.computeField(g, { goals: [{ x: 0, y: 0 }] });
          await until(() => pool.stats().busy === 1, 'the hang to start');
          controller.abort();
          const outcome = await hung;
          expect(outcome).toBeInstanceOf(c.AbortError);
          expect(String((outcome as Error).message)).toMatch(
            mode === 'shared' ? /did not stop within 100 ms and was replaced/ : /was aborted/,
          );
          expectSameField(await queued, c.computeField(g, { goals: [{ x: 0, y: 0 }] }));
          expect(pool.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0, crashes: mode === 'shared' ? 1 : 0 });
        } finally {
          await pool.close();
        }
      },
    );

    it.runIf(mode === 'shared')('a job that stops by itself after an abort does not cost a worker', async () => {
      // A grace as long as a loaded machine may need to run the worker's next abort check (the __spin kernel
      // looks at the flag all the time): only a job that ignores the flag is replaced.
      const pool = await c.createFieldService({ mode, workers: 1, abortGraceMs: 60_000, ...env.testService() });
      try {
        const spin = new AbortController();
        const spinning = pool.run('__spin' as never, { ms: 30_000 } as never, { signal: spin.signal });
        await until(() => pool.stats().busy === 1, 'the spin to start');
        spin.abort();
        await expect(spinning).rejects.toBeInstanceOf(c.AbortError);
        expect(pool.stats()).toMatchObject({ workers: 1, busy: 0, crashes: 0 });
        // The same worker takes the next job.
        const g = grid(c.Grid.open(8, 8));
        expectSameField(
          await pool.computeField(g, { goals: [{ x: 0, y: 0 }] }),
          c.computeField(g, { goals: [{ x: 0, y: 0 }] }),
        );
        expect(pool.stats()).toMatchObject({ workers: 1, crashes: 0 });
      } finally {
        await pool.close();
      }
    });

    it('close() rejects running and queued jobs with ServiceClosedError and refuses new ones', async () => {
      const pool = await c.createFieldService({ mode, workers: 1 });
      const g = grid(c.Grid.open(600, 600));
      const running = pool.computeField(g, { goals: [{ x: 0, y: 0 }] });
      const queued = pool.computeField(g, { goals: [{ x: 1, y: 0 }] });
      const closing = pool.close();
      await expect(running).rejects.toBeInstanceOf(c.ServiceClosedError);
      await expect(queued).rejects.toBeInstanceOf(c.ServiceClosedError);
      await closing;
      await expect(pool.run('fillShared', { buffer: new ArrayBuffer(4), value: 1 })).rejects.toBeInstanceOf(
        c.ServiceClosedError,
      );
      expect(pool.close()).toBe(closing);
    });

    it.runIf(workers)(
      'starts workers from an explicit workerUrl, and fails clearly when nothing is there',
      async () => {
        const pool = await c.createFieldService({ mode, workers: 1, workerUrl: env.urls().worker });
        try {
          const buffer = new ArrayBuffer(4);
          await expect(pool.run('fillShared', { buffer, value: 9 })).resolves.toBe(1);
          expect(new Int32Array(buffer)[0]).toBe(9);
        } finally {
          await pool.close();
        }
        await expect(c.createFieldService({ mode, workers: 1, workerUrl: env.urls().missing })).rejects.toThrow(
          /worker 0 failed to start/,
        );
      },
    );

    it('rejects bad service options with typed errors', async () => {
      await expect(c.createFieldService({ mode, workers: 0 })).rejects.toBeInstanceOf(c.OutOfRangeError);
      await expect(c.createFieldService({ mode, abortGraceMs: -1 })).rejects.toBeInstanceOf(c.OutOfRangeError);
      await expect(c.createFieldService({ mode: 'copy' as never })).rejects.toBeInstanceOf(c.InvalidOptionError);
      await expect(c.createFieldService({ jobs: [{ name: 'x' }] as never })).rejects.toBeInstanceOf(
        c.InvalidOptionError,
      );
    });
  });
}
