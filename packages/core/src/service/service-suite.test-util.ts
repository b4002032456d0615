/**
 * The worker-service test suite, shared by the Node tests (run against the BUILT package, since Node 20
 * worker_threads cannot run .ts) and the browser-mode tests (Vite bundles the worker from source).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Core from '../index.js';

type CoreModule = typeof Core;

/** Waits until `predicate` holds, polling every few ms (no timing assertion: only a generous give-up). */
async function until(predicate: () => boolean, what: string, giveUpMs = 120_000): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > giveUpMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

function bytes(array: Float64Array | Uint8Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

/** Index of the first differing byte, or -1 when equal (lengths included). */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

function expectSameField(actual: Core.Field, expected: Core.Field): void {
  expect(actual.width).toBe(expected.width);
  expect(actual.height).toBe(expected.height);
  expect(actual.gridVersion).toBe(expected.gridVersion);
  expect(actual.cost.length).toBe(expected.cost.length);
  // Bit for bit: compare the raw bytes (NaN-safe, -0-safe).
  expect(firstDifference(bytes(actual.cost), bytes(expected.cost))).toBe(-1);
  expect(firstDifference(actual.dir, expected.dir)).toBe(-1);
}

/** The first walkable tile at or after index `from` (wrapping). */
function walkable(grid: Core.Grid, from: number): Core.Goal {
  for (let k = 0; k < grid.size; k++) {
    const p = (from + k) % grid.size;
    if (grid.passable[p]) return { x: p % grid.width, y: Math.floor(p / grid.width) };
  }
  throw new Error('no walkable tile');
}

/**
 * Registers the suite. `core` is the package module (built dist in Node, source in the browser); `cores` the
 * platform's logical core count (for the default pool size).
 */
export function workerServiceSuite(
  core: () => CoreModule,
  cores: () => number,
  /** An explicit URL of the worker module, and one where no worker module is. */
  urls: () => { worker: URL; missing: URL },
): void {
  let c: CoreModule;
  let service: Core.FieldService;

  beforeAll(async () => {
    c = core();
    service = await c.createFieldService({ workers: 2, enableTestKernels: true });
  });
  afterAll(async () => {
    await service?.close();
  });

  describe('results', () => {
    it('equals the synchronous kernel bit for bit, with cost and dir on SharedArrayBuffers', async () => {
      const grid = c.generateRandom(97, 61, 0.25, { seed: 7, terrain: true });
      for (let i = 0; i < grid.size; i += 7) if (grid.terrain) grid.terrain[i] = 1 + (i % 5) * 0.75;
      grid.touch();
      const open = (from: number) => walkable(grid, from);
      const optionsList: Core.FieldOptions[] = [
        { goals: [open(0)] },
        { goals: [open(2000)], metric: 'steps', neighbors: 4 },
        { goals: [open(100), { ...open(4000), value: 3.5 }], metric: 'weighted', diagonal: 'always' },
        { goals: [open(3000)], metric: 'octile', diagonal: 'if-one-free', maxCost: 20 },
        { goals: [open(5000)], metric: 'weighted', neighbors: 8, diagonal: 'never' },
      ];
      for (const options of optionsList) {
        const field = await service.computeField(grid, options);
        expect(field.cost.buffer).toBeInstanceOf(SharedArrayBuffer);
        expect(field.dir.buffer).toBeInstanceOf(SharedArrayBuffer);
        expectSameField(field, c.computeField(grid, options));
      }
    });

    it('computes many concurrent jobs across the pool, each equal to the sync kernel', async () => {
      const grid = c.generateRandom(64, 64, 0.2, { seed: 3 });
      const goals = Array.from({ length: 24 }, (_, i) => walkable(grid, i * 131));
      const before = service.stats().completed;
      const handoffs = service.stats().gridHandoffs;
      const fields = await Promise.all(goals.map((goal) => service.computeField(grid, { goals: [goal] })));
      fields.forEach((field, i) => {
        expectSameField(field, c.computeField(grid, { goals: [goals[i] as Core.Goal] }));
      });
      expect(service.stats().completed - before).toBe(24);
      // The grid went to each of the two workers once, not with every job.
      expect(service.stats().gridHandoffs - handoffs).toBe(2);
      expect(service.stats().queued).toBe(0);
      const many = await service.computeFields(
        grid,
        goals.slice(0, 6).map((goal) => ({ goals: [goal], metric: 'steps' as const })),
      );
      expect(many).toHaveLength(6);
      many.forEach((field, i) => {
        expectSameField(field, c.computeField(grid, { goals: [goals[i] as Core.Goal], metric: 'steps' }));
      });
    });

    it('runs the other registered kernels (scentMap, computeFieldFromSeeds) like their sync versions', async () => {
      const grid = c.generateRandom(30, 20, 0.25, { seed: 21 });
      const a = walkable(grid, 0);
      const b = walkable(grid, 333);
      const sources = [
        { ...a, strength: 9 },
        { ...b, strength: 5 },
      ];
      const out = new Int32Array(new SharedArrayBuffer(grid.size * 4));
      await service.run('scentMap', { grid, sources, options: { neighbors: 8 }, out });
      expect([...out]).toEqual([...c.scentMap(grid, sources, { neighbors: 8 })]);

      const seeds = new Float64Array(new SharedArrayBuffer(grid.size * 8)).fill(Number.POSITIVE_INFINITY);
      seeds[a.y * grid.width + a.x] = -3;
      seeds[b.y * grid.width + b.x] = 1.5;
      const cost = new Float64Array(new SharedArrayBuffer(grid.size * 8));
      const dir = new Uint8Array(new SharedArrayBuffer(grid.size));
      const options = { metric: 'octile' as const };
      const { gridVersion } = await service.run('computeFieldFromSeeds', { grid, seeds, options, cost, dir });
      expectSameField(
        { width: grid.width, height: grid.height, cost, dir, gridVersion },
        c.computeFieldFromSeeds(grid, seeds, options),
      );
    });

    it('reuses released buffers without leaking old values into new fields', async () => {
      const grid = c.generateRandom(50, 40, 0.3, { seed: 11 });
      const goalA = { x: 1, y: 1 };
      const goalB = { x: 45, y: 35 };
      grid.setPassable(goalA.x, goalA.y, true);
      grid.setPassable(goalB.x, goalB.y, true);
      const a = await service.computeField(grid, { goals: [goalA] });
      const buffer = a.cost.buffer;
      expect(service.release(a)).toBe(true);
      expect(service.release(a)).toBe(false);
      const b = await service.computeField(grid, { goals: [goalB], maxCost: 9 });
      expect(b.cost.buffer).toBe(buffer);
      expectSameField(b, c.computeField(grid, { goals: [goalB], maxCost: 9 }));
    });
  });

  describe('shared memory', () => {
    it('sees a worker write into a SharedArrayBuffer without a message carrying the data', async () => {
      const buffer = new SharedArrayBuffer(64);
      // The reply is only the slot count; the values reach us through shared memory.
      await expect(service.run('fillShared', { buffer, value: 1234567 })).resolves.toBe(16);
      expect([...new Int32Array(buffer)]).toEqual(new Array(16).fill(1234567));
    });

    it('hands shared memory both ways while the job is still running (no reply yet)', async () => {
      const buffer = new SharedArrayBuffer(8);
      const view = new Int32Array(buffer);
      let settled = false;
      const job = service.run('__handshake', { buffer }).finally(() => {
        settled = true;
      });
      await until(() => Atomics.load(view, 0) === 1, 'the worker to write slot 0');
      expect(settled).toBe(false);
      Atomics.store(view, 1, 42);
      Atomics.notify(view, 1);
      await expect(job).resolves.toBe(42);
    });

    it('shares the grid: edits made after the first job are seen by the worker, and old fields go stale', async () => {
      const grid = c.parseAsciiMap(['.....', '.###.', '.....'].join('\n'));
      const first = await service.computeField(grid, { goals: [{ x: 0, y: 0 }] });
      expect(c.isFieldStale(first, grid)).toBe(false);
      grid.setPassable(2, 1, true);
      expect(c.isFieldStale(first, grid)).toBe(true);
      const second = await service.computeField(grid, { goals: [{ x: 0, y: 0 }] });
      expect(second.gridVersion).toBe(grid.version);
      expect(c.isFieldStale(second, grid)).toBe(false);
      expectSameField(second, c.computeField(grid, { goals: [{ x: 0, y: 0 }] }));
      expect(second.cost[1 * 5 + 2]).not.toBe(first.cost[1 * 5 + 2]);
    });

    it('LiveField publishes only complete fields, latest refresh wins, and marks staleness', async () => {
      const grid = c.generateRandom(80, 80, 0.2, { seed: 5 });
      grid.setPassable(0, 0, true);
      grid.setPassable(79, 79, true);
      const live = new c.LiveField(service, grid, { goals: [{ x: 0, y: 0 }] });
      expect(live.field).toBeNull();
      expect(live.stale).toBe(true);
      const superseded = live.refresh();
      const latest = live.refresh({ goals: [{ x: 79, y: 79 }] });
      await expect(superseded).rejects.toBeInstanceOf(c.AbortError);
      const field = await latest;
      expect(live.generation).toBe(1);
      expect(live.field).toBe(field);
      expectSameField(field, c.computeField(grid, { goals: [{ x: 79, y: 79 }] }));
      grid.setPassable(40, 40, false);
      expect(live.stale).toBe(true);
      await live.refresh();
      expect(live.generation).toBe(2);
      expect(live.stale).toBe(false);
      live.dispose();
      expect(live.field).toBeNull();
    });
  });

  describe('progress and cancellation', () => {
    it('aborts a running large field through the shared flag with AbortError; the kernel really stops', async () => {
      const grid = c.generateRandom(2048, 2048, 0.2, { seed: 1 });
      grid.setPassable(0, 0, true);
      const controller = new AbortController();
      const seen: [number, number][] = [];
      const busy = service.stats().busy;
      const job = service.computeField(
        grid,
        { goals: [{ x: 0, y: 0 }] },
        { signal: controller.signal, onProgress: (done, total) => seen.push([done, total]) },
      );
      // Deterministic: the job went to an idle worker synchronously, so this abort takes the running-job path
      // (the shared flag), whatever the speed of the machine; the kernel sees it at its first look.
      expect(service.stats()).toMatchObject({ busy: busy + 1, queued: 0 });
      controller.abort();
      await expect(job).rejects.toBeInstanceOf(c.AbortError);
      // The last report (made once the worker answered) holds the kernel's final counts.
      expect(seen.length).toBeGreaterThan(0);
      const [lastDone, lastTotal] = seen[seen.length - 1] as [number, number];
      expect(lastTotal).toBeGreaterThan(0);
      let completeDone = 0;
      const complete = await service.computeField(
        grid,
        { goals: [{ x: 0, y: 0 }] },
        { onProgress: (done) => (completeDone = done) },
      );
      expect(completeDone).toBe(complete.cost.filter((v) => v < Number.POSITIVE_INFINITY).length);
      expect(lastDone).toBeLessThan(completeDone);
      service.release(complete);
      // The pool keeps serving.
      const small = c.parseAsciiMap('...\n...');
      expectSameField(
        await service.computeField(small, { goals: [{ x: 2, y: 1 }] }),
        c.computeField(small, { goals: [{ x: 2, y: 1 }] }),
      );
    });

    it('scentMap, fleeMap and safetyField jobs publish progress, stop on abort, and the worker serves on', async () => {
      const grid = c.Grid.open(1024, 1024);
      const size = grid.size;
      const sources = [{ x: 0, y: 0, strength: 2 ** 30 - 1 }];
      const out = new Int32Array(new SharedArrayBuffer(size * 4)).fill(-7);
      let scentProgress: [number, number] = [0, 0];
      await service.run('scentMap', { grid, sources, out }, { onProgress: (d, t) => (scentProgress = [d, t]) });
      expect(scentProgress).toEqual([size, size]);
      const scent = out.slice();
      const cost = new Float64Array(new SharedArrayBuffer(size * 8));
      const dir = new Uint8Array(new SharedArrayBuffer(size));
      const flee = new Int32Array(new SharedArrayBuffer(size * 4));
      const jobs: [string, (signal: AbortSignal, seen: number[][]) => Promise<unknown>][] = [
        [
          'scentMap',
          (signal, seen) =>
            service.run('scentMap', { grid, sources, out }, { signal, onProgress: (d, t) => seen.push([d, t]) }),
        ],
        [
          'fleeMap',
          (signal, seen) =>
            service.run(
              'fleeMap',
              { grid, scent, options: { strength: 2 ** 30 - 1, onNoSeed: 'return' }, out: flee },
              { signal, onProgress: (d, t) => seen.push([d, t]) },
            ),
        ],
        [
          'safetyField',
          (signal, seen) =>
            service.run(
              'safetyField',
              { grid, threats: [{ x: 1, y: 1 }], cost, dir },
              { signal, onProgress: (d, t) => seen.push([d, t]) },
            ),
        ],
      ];
      for (const [name, start] of jobs) {
        out.fill(-7);
        const controller = new AbortController();
        const seen: number[][] = [];
        const busy = service.stats().busy;
        const job = start(controller.signal, seen);
        expect(service.stats(), name).toMatchObject({ busy: busy + 1, queued: 0 });
        controller.abort();
        await expect(job, name).rejects.toBeInstanceOf(c.AbortError);
        const last = seen[seen.length - 1] as number[];
        expect(last[1], name).toBeGreaterThan(0);
        expect(last[0], name).toBeLessThan(last[1] as number);
      }
      // The scent wave stopped: most of the map was never reached.
      expect(out.filter((v) => v >= 0).length).toBeLessThan(size);
      // The workers serve the next jobs.
      await service.run('scentMap', { grid, sources, out });
      expect(firstDifference(new Uint8Array(out.buffer), new Uint8Array(scent.buffer))).toBe(-1);
    });

    it('aborts queued jobs before they start and long kernels while they run', async () => {
      const controllers = [0, 1, 2, 3].map(() => new AbortController());
      const firstProgress: boolean[] = [false, false, false, false];
      const jobs = controllers.map((controller, i) =>
        service.run(
          '__spin',
          { ms: 30_000 },
          { signal: controller.signal, onProgress: () => (firstProgress[i] = true) },
        ),
      );
      // Collect outcomes right away so no rejection goes unhandled while we wait for another.
      const outcomes = jobs.map((job) =>
        job.then(
          () => 'resolved',
          (error: unknown) => error,
        ),
      );
      expect(service.stats().queued).toBe(2);
      controllers[3]?.abort();
      expect(await outcomes[3]).toBeInstanceOf(c.AbortError);
      expect(firstProgress[3]).toBe(false);
      await until(() => firstProgress[0] === true && firstProgress[1] === true, 'both spins to start');
      controllers[0]?.abort();
      controllers[1]?.abort();
      expect(await outcomes[0]).toBeInstanceOf(c.AbortError);
      expect(await outcomes[1]).toBeInstanceOf(c.AbortError);
      // Job 2 was queued and now runs.
      await until(() => firstProgress[2] === true, 'the queued spin to start');
      controllers[2]?.abort();
      expect(await outcomes[2]).toBeInstanceOf(c.AbortError);
      const pre = new AbortController();
      pre.abort();
      await expect(service.run('__spin', { ms: 1 }, { signal: pre.signal })).rejects.toBeInstanceOf(c.AbortError);
      expect(service.stats()).toMatchObject({ busy: 0, queued: 0 });
    });
  });

  describe('faults', () => {
    it('rejects bad input with the typed error of the kernel', async () => {
      const grid = c.parseAsciiMap('..#\n...');
      const wall = service.computeField(grid, { goals: [{ x: 2, y: 0 }] });
      await expect(wall).rejects.toBeInstanceOf(c.CoordinateError);
      await expect(wall).rejects.toMatchObject({ name: 'CoordinateError', x: 2, y: 0 });
      await expect(wall).rejects.toThrow(/wall/);
      const outside = service.computeField(grid, { goals: [{ x: 9, y: 0 }] });
      await expect(outside).rejects.toBeInstanceOf(c.CoordinateError);
      await expect(outside).rejects.toBeInstanceOf(RangeError);
      const metric = service.computeField(grid, { goals: [{ x: 0, y: 0 }], metric: 'manhattan' as never });
      await expect(metric).rejects.toBeInstanceOf(c.InvalidOptionError);
      await expect(metric).rejects.toMatchObject({ option: 'metric', value: 'manhattan' });
      const thrown = service.run('__throw', { x: 3, y: -4 });
      await expect(thrown).rejects.toBeInstanceOf(c.CoordinateError);
      await expect(thrown).rejects.toMatchObject({ what: '__throw', x: 3, y: -4 });
      await expect(service.run('nope' as never, {} as never)).rejects.toBeInstanceOf(c.InvalidOptionError);
      const plain = c.Grid.open(4, 4, { shared: false });
      await expect(service.computeField(plain, { goals: [{ x: 0, y: 0 }] })).rejects.toBeInstanceOf(
        c.InvalidOptionError,
      );
    });

    it('rejects a job whose worker is killed mid-job with WorkerCrashedError, replaces the worker, keeps serving', async () => {
      const crashesBefore = service.stats().crashes;
      let started = false;
      const job = service.run('__crash', { mode: 'exit', afterMs: 20 }, { onProgress: () => (started = true) });
      const error = await job.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(c.WorkerCrashedError);
      expect(error).toMatchObject({ name: 'WorkerCrashedError', job: '__crash' });
      expect((error as Error).message).toMatch(/__crash#\d+/);
      expect(started).toBe(true);
      expect(service.stats().crashes).toBe(crashesBefore + 1);
      const thrown = await service.run('__crash', { mode: 'throw' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(thrown).toBeInstanceOf(c.WorkerCrashedError);
      expect((thrown as Error).message).toMatch(/uncaught/);
      // Both replacements serve: four jobs at once on a two-worker pool.
      const grid = c.generateRandom(40, 40, 0.2, { seed: 9 });
      grid.setPassable(3, 3, true);
      const fields = await Promise.all([0, 1, 2, 3].map(() => service.computeField(grid, { goals: [{ x: 3, y: 3 }] })));
      for (const field of fields) expectSameField(field, c.computeField(grid, { goals: [{ x: 3, y: 3 }] }));
      await until(() => service.stats().workers === 2, 'two workers');
      expect((await service.ping()).length).toBe(2);
    });

    it('takes field output buffers when a worker picks the job up, not while it waits in the queue', async () => {
      const pool = await c.createFieldService({ workers: 1 });
      try {
        const grid = c.Grid.open(128, 128);
        const perJob = grid.size * 9;
        let worst = 0;
        const check = () => {
          const { busy, jobBufferBytes } = pool.stats();
          worst = Math.max(worst, jobBufferBytes - busy * perJob);
        };
        const jobs = Array.from({ length: 24 }, (_, i) =>
          pool.computeField(grid, { goals: [{ x: i, y: i }] }, { onProgress: check }),
        );
        check();
        expect(pool.stats().queued).toBe(23);
        expect(pool.stats().jobBufferBytes).toBe(perJob);
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

    it('keeps the test kernels out of a service created without enableTestKernels', async () => {
      const plain = await c.createFieldService({ workers: 1 });
      try {
        await expect(plain.run('__crash', { mode: 'exit' })).rejects.toBeInstanceOf(c.InvalidOptionError);
        expect(plain.stats()).toMatchObject({ workers: 1, crashes: 0 });
        const buffer = new SharedArrayBuffer(8);
        await expect(plain.run('fillShared', { buffer, value: -5 })).resolves.toBe(2);
        expect([...new Int32Array(buffer)]).toEqual([-5, -5]);
      } finally {
        await plain.close();
      }
    });

    it('replaces a worker that does not stop after an abort, rejects the job with AbortError and serves on', async () => {
      const pool = await c.createFieldService({ workers: 1, enableTestKernels: true, abortGraceMs: 100 });
      try {
        const controller = new AbortController();
        // A worker stuck for ten minutes: it never looks at the abort flag and never answers.
        const hung = pool.run('__hang', { ms: 600_000 }, { signal: controller.signal }).then(
          () => 'resolved',
          (error: unknown) => error,
        );
        const grid = c.Grid.open(8, 8);
        const queued = pool.computeField(grid, { goals: [{ x: 0, y: 0 }] });
        await until(() => pool.stats().busy === 1, 'the hang to start');
        const started = Date.now();
        controller.abort();
        const outcome = await hung;
        expect(outcome).toBeInstanceOf(c.AbortError);
        expect(String((outcome as Error).message)).toMatch(/did not stop within 100 ms and was replaced/);
        // Long before the ten minutes are up (however loaded the machine): terminated, not waited for.
        expect(Date.now() - started).toBeLessThan(300_000);
        // The replacement takes the queued job and the next ones.
        expectSameField(await queued, c.computeField(grid, { goals: [{ x: 0, y: 0 }] }));
        expect(pool.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0, crashes: 1 });
      } finally {
        await pool.close();
      }
    });

    it('a job that stops by itself after an abort does not cost a worker', async () => {
      // A grace as long as a loaded machine may need to run the worker's next abort check (the __spin kernel
      // looks at the flag all the time): only a job that ignores the flag is replaced.
      const pool = await c.createFieldService({ workers: 1, enableTestKernels: true, abortGraceMs: 60_000 });
      try {
        const spin = new AbortController();
        const spinning = pool.run('__spin', { ms: 30_000 }, { signal: spin.signal });
        await until(() => pool.stats().busy === 1, 'the spin to start');
        spin.abort();
        await expect(spinning).rejects.toBeInstanceOf(c.AbortError);
        expect(pool.stats()).toMatchObject({ workers: 1, busy: 0, crashes: 0 });
        // The same worker takes the next job.
        const grid = c.Grid.open(8, 8);
        expectSameField(
          await pool.computeField(grid, { goals: [{ x: 0, y: 0 }] }),
          c.computeField(grid, { goals: [{ x: 0, y: 0 }] }),
        );
        expect(pool.stats()).toMatchObject({ workers: 1, crashes: 0 });
      } finally {
        await pool.close();
      }
    });

    it('refuses a negative abortGraceMs', async () => {
      await expect(c.createFieldService({ workers: 1, abortGraceMs: -1 })).rejects.toBeInstanceOf(c.OutOfRangeError);
    });

    it('close() rejects running and queued jobs with ServiceClosedError and refuses new ones', async () => {
      const pool = await c.createFieldService({ workers: 1, enableTestKernels: true });
      const running = pool.run('__spin', { ms: 30_000 });
      const queued = pool.computeField(c.Grid.open(8, 8), { goals: [{ x: 0, y: 0 }] });
      await until(() => pool.stats().busy === 1, 'the spin to start');
      const closing = pool.close();
      await expect(running).rejects.toBeInstanceOf(c.ServiceClosedError);
      await expect(queued).rejects.toBeInstanceOf(c.ServiceClosedError);
      await closing;
      await expect(pool.run('fillShared', { buffer: new SharedArrayBuffer(4), value: 1 })).rejects.toBeInstanceOf(
        c.ServiceClosedError,
      );
      expect(pool.close()).toBe(closing);
    });

    it('defaults to hardware concurrency minus one workers, at least one', async () => {
      const pool = await c.createFieldService();
      try {
        expect(pool.size).toBe(Math.max(1, cores() - 1));
        expect(pool.stats().workers).toBe(pool.size);
        // Shared memory is available here: the fallback option changes nothing.
        expect(pool.mode).toBe('workers');
      } finally {
        await pool.close();
      }
    });

    it('starts workers from an explicit workerUrl, and fails clearly when nothing is there', async () => {
      const pool = await c.createFieldService({ workers: 1, workerUrl: urls().worker });
      try {
        const buffer = new SharedArrayBuffer(4);
        await expect(pool.run('fillShared', { buffer, value: 9 })).resolves.toBe(1);
        expect(new Int32Array(buffer)[0]).toBe(9);
      } finally {
        await pool.close();
      }
      await expect(c.createFieldService({ workers: 1, workerUrl: urls().missing })).rejects.toThrow(
        /worker 0 failed to start/,
      );
    });

    it('rejects bad service options', async () => {
      await expect(c.createFieldService({ workers: 0 })).rejects.toBeInstanceOf(c.OutOfRangeError);
      await expect(c.createFieldService({ workers: 1.5 })).rejects.toBeInstanceOf(c.OutOfRangeError);
    });
  });
}
