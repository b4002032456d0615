/**
 * Issue 23's service items against the BUILT package (dist; build first): a silent worker, a throwing progress
 * callback, forgotten services, unreleased fields, a signal shared by many jobs, terrain edited during a weighted
 * job, and arguments a worker cannot receive.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Core from '../testing/package.test-util.js';
import { core as c, TEST_JOBS, testWorker } from './node-env.test-util.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Threads of this process (Linux), or -1 where /proc is not there. */
function threads(): number {
  try {
    const m = /^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) : -1;
  } catch {
    return -1;
  }
}

/**
 * How long a job or a condition is given before the test calls it stuck: a hang detector set for a machine whose
 * cores are busy with other work (a job of a few milliseconds can then wait seconds for a core).
 */
const STUCK_MS = 120_000;

/** Resolves to what `promise` settles with, or to 'pending' after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'pending'> {
  return Promise.race([promise, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms))]);
}

async function until(predicate: () => boolean, what: string, giveUpMs = STUCK_MS): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > giveUpMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('worker service hardening (issue 23, built package)', () => {
  let service: Core.FieldService;
  beforeAll(async () => {
    // A grace long enough for a loaded machine: no test here expects a worker to be replaced after an abort.
    service = await c.createFieldService({ workers: 1, workerUrl: testWorker, jobs: TEST_JOBS, abortGraceMs: 60_000 });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('item 14: a worker that loads and stays silent fails createFieldService with WorkerStartError', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fm-silent-'));
    const silent = join(dir, 'silent.mjs');
    // Loads, keeps its thread alive, never answers.
    writeFileSync(silent, 'setInterval(() => {}, 1 << 30);\n');
    try {
      const before = threads();
      const started = c.createFieldService({ workers: 2, workerUrl: pathToFileURL(silent), startTimeoutMs: 300 });
      const outcome = await within(
        started.then(
          () => 'resolved',
          (error: unknown) => error,
        ),
        STUCK_MS,
      );
      expect(outcome).toBeInstanceOf(c.WorkerStartError);
      expect(outcome).toMatchObject({ name: 'WorkerStartError', reason: 'it did not answer within 300 ms' });
      expect(String((outcome as Error).message)).toMatch(
        /worker [01] failed to start \(it did not answer within 300 ms\)/,
      );
      // The silent workers were terminated.
      if (before > 0) await until(() => threads() <= before, 'the silent workers to end');
      await expect(c.createFieldService({ workers: 1, startTimeoutMs: -1 })).rejects.toBeInstanceOf(c.OutOfRangeError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('item 15: a throwing onProgress rejects its job with what it threw; process and pool carry on', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const boom = new Error('progress bar broke');
      let calls = 0;
      const running = service.run('__spin' as never, { ms: 20_000 } as never, {
        onProgress: () => {
          calls++;
          throw boom;
        },
      });
      const outcome = await within(
        running.then(
          () => 'resolved',
          (error: unknown) => error,
        ),
        STUCK_MS,
      );
      // Stopped through the abort flag before the 20 s spin ends (it would resolve), with the callback's own error.
      expect(outcome).toBe(boom);
      expect(calls).toBe(1);
      // A short job whose only report (the last one) throws rejects too.
      const grid = c.Grid.open(8, 8);
      const last = service.computeField(grid, {
        goals: [{ x: 0, y: 0 }],
        onProgress: () => {
          throw boom;
        },
      });
      await expect(last).rejects.toBe(boom);
      // computeFields sums progress through its own callback: a throwing one rejects the batch the same way.
      const batch = service.computeFields(grid, [{ goals: [{ x: 1, y: 1 }] }, { goals: [{ x: 2, y: 2 }] }], {
        onProgress: () => {
          throw boom;
        },
      });
      await expect(batch).rejects.toBe(boom);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).toEqual([]);
      expect(service.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0, crashes: 0 });
      const field = await service.computeField(grid, { goals: [{ x: 7, y: 7 }] });
      expect(Array.from(field.cost)).toEqual(Array.from(c.computeField(grid, { goals: [{ x: 7, y: 7 }] }).cost));
      // Not a function: refused before the job is queued, by every entry point.
      const bad = { onProgress: 3 as never };
      await expect(service.computeField(grid, { goals: [{ x: 0, y: 0 }], ...bad })).rejects.toBeInstanceOf(
        c.InvalidOptionError,
      );
      await expect(service.computeFields(grid, [{ goals: [{ x: 0, y: 0 }] }], bad)).rejects.toBeInstanceOf(
        c.InvalidOptionError,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('item 16: services dropped without close() give their threads back once collected', async () => {
    const before = threads();
    expect(before, 'this test reads /proc/self/status (Linux)').toBeGreaterThan(0);
    // Held until all ten are open (a collection in between would already give some threads back), then forgotten.
    let held: unknown[] = [];
    const open = async () => {
      const dropped = await c.createFieldService({ workers: 2 });
      held.push(dropped);
      // Used, then forgotten: a job ran and finished.
      await dropped.computeField(c.Grid.open(16, 16), { goals: [{ x: 0, y: 0 }] });
    };
    for (let i = 0; i < 10; i++) await open();
    expect(threads()).toBeGreaterThanOrEqual(before + 20);
    held = [];
    const start = Date.now();
    while (threads() > before + 2 && Date.now() - start < STUCK_MS) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(threads()).toBeLessThanOrEqual(before + 2);
  });

  it('item 17: fields held past maxFieldBytes refuse new jobs with MemoryLimitError; release makes room', async () => {
    const grid = c.Grid.open(64, 64);
    const bytes = grid.size * 9;
    const capped = await c.createFieldService({ workers: 1, maxFieldBytes: 3 * bytes });
    try {
      const fields = [];
      for (let i = 0; i < 3; i++) fields.push(await capped.computeField(grid, { goals: [{ x: i, y: 0 }] }));
      expect(capped.stats()).toMatchObject({ issuedBytes: 3 * bytes, jobBufferBytes: 0, pooledBytes: 0 });
      const refused = await capped.computeField(grid, { goals: [{ x: 5, y: 5 }] }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(c.MemoryLimitError);
      expect(refused).toMatchObject({ code: 'FM_MEMORY_LIMIT' });
      expect(refused).toMatchObject({
        job: 'computeField',
        neededBytes: bytes,
        heldBytes: 3 * bytes,
        limitBytes: 3 * bytes,
      });
      expect(String((refused as Error).message)).toMatch(/release fields you are done with/);
      expect(capped.stats()).toMatchObject({ issuedBytes: 3 * bytes, jobBufferBytes: 0, busy: 0 });
      // Released: its buffers are reused by the next field.
      const reused = fields[0]?.cost.buffer;
      expect(capped.release(fields.shift() as Core.Field)).toBe(true);
      expect(capped.stats()).toMatchObject({ issuedBytes: 2 * bytes, pooledBytes: bytes });
      const next = await capped.computeField(grid, { goals: [{ x: 5, y: 5 }] });
      expect(next.cost.buffer).toBe(reused);
      expect(Array.from(next.cost)).toEqual(Array.from(c.computeField(grid, { goals: [{ x: 5, y: 5 }] }).cost));
      expect(capped.stats()).toMatchObject({ issuedBytes: 3 * bytes, pooledBytes: 0 });
      // Dropped without release: they count until the garbage collector reclaims them.
      fields.length = 0;
      capped.release(next);
      const start = Date.now();
      while (capped.stats().issuedBytes > 0 && Date.now() - start < STUCK_MS) {
        gc();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(capped.stats().issuedBytes).toBe(0);
      await expect(c.createFieldService({ workers: 1, maxFieldBytes: Number.NaN })).rejects.toBeInstanceOf(
        c.OutOfRangeError,
      );
    } finally {
      await capped.close();
    }
  });

  it('minor: one AbortSignal shared by many jobs does not warn MaxListenersExceededWarning, and aborts them all', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const grid = c.Grid.open(32, 32);
      const controller = new AbortController();
      const jobs = Array.from({ length: 30 }, (_, i) =>
        service.computeField(grid, { goals: [{ x: i, y: 0 }], signal: controller.signal }),
      );
      const fields = await Promise.all(jobs);
      expect(fields).toHaveLength(30);
      for (const f of fields) service.release(f);
      const more = Array.from({ length: 30 }, () =>
        service.run('__spin' as never, { ms: 10_000 } as never, { signal: controller.signal }).then(
          () => 'resolved',
          (e: unknown) => e,
        ),
      );
      controller.abort();
      for (const outcome of await Promise.all(more)) expect(outcome).toBeInstanceOf(c.AbortError);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('an application that seeds Math.random still gets each job its own reply (requests in flight keep distinct names)', async () => {
    const grid = c.Grid.open(256, 256);
    const expected = c.computeField(grid, { goals: [{ x: 3, y: 5 }] });
    const saved = Math.random;
    // A deterministic game loop: the same "random" numbers for every call.
    Math.random = () => 0.25;
    try {
      const job = service.computeField(grid, { goals: [{ x: 3, y: 5 }] });
      const pings = service.ping();
      const [field, times] = await Promise.all([within(job, STUCK_MS), within(pings, STUCK_MS)]);
      expect(field).not.toBe('pending');
      expect(times).not.toBe('pending');
      expect(Array.from((field as Core.Field).cost)).toEqual(Array.from(expected.cost));
      service.release(field as Core.Field);
    } finally {
      Math.random = saved;
    }
  });

  it('item 3: terrain edited while a weighted job runs gives a stale but consistent field', async () => {
    const size = 1024;
    const options: Core.FieldOptions = { goals: [{ x: 0, y: 0 }], metric: 'weighted' };
    const makeGrid = () => {
      const g = c.Grid.open(size, size, { terrain: true });
      for (let i = 0; i < g.size; i++) (g.terrain as Float32Array)[i] = 1 + (i % 3) * 0.5;
      g.touch();
      return g;
    };
    let grid = makeGrid();
    for (let round = 0; round < 2; round++) {
      if (round > 0) grid = makeGrid();
      let settled = false;
      let started = false;
      // Low terrain when the job starts (the kernel sizes its buckets by it), edits once it runs.
      const job = service
        .computeField(grid, { ...options, onProgress: (done) => (started ||= done > 0) })
        .finally(() => {
          settled = true;
        });
      job.catch(() => {});
      let k = round * 7919;
      const start = Date.now();
      while (!settled && Date.now() - start < STUCK_MS) {
        if (started) {
          // Raise the terrain far above its maximum, a tile at a time, while the job runs.
          for (let e = 0; e < 2000; e++) {
            k = (k + 104_729) % grid.size;
            grid.setTerrain(k % size, Math.floor(k / size), 1000 + (k % 5000));
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      const field = await within(job, STUCK_MS);
      expect(field, 'the job settled').not.toBe('pending');
      const f = field as Core.Field;
      expect(c.isFieldStale(f, grid)).toBe(true);
      // Consistent: every arrow leads to a neighbour that is strictly cheaper, down to the goal.
      let bad = 0;
      for (let i = 0; i < f.cost.length; i++) {
        const d = f.dir[i] as number;
        if (d === c.NO_DIRECTION) {
          if (i !== 0 && Number.isFinite(f.cost[i])) bad++;
          continue;
        }
        const j = i + (c.DIR_DY[d] as number) * size + (c.DIR_DX[d] as number);
        if (!((f.cost[j] as number) < (f.cost[i] as number))) bad++;
      }
      expect(bad).toBe(0);
      service.release(f);
    }
    // Once the edits stop, the next field is exact.
    const exact = await service.computeField(grid, options);
    expect(c.isFieldStale(exact, grid)).toBe(false);
    const sync = c.computeField(grid, options);
    let diff = 0;
    for (let i = 0; i < grid.size; i++)
      if (!Object.is(exact.cost[i], sync.cost[i]) || exact.dir[i] !== sync.dir[i]) diff++;
    expect(diff).toBe(0);
    service.release(exact);
  });

  it('refuses arguments a worker cannot receive, and bad job options, with typed errors; the pool serves on', async () => {
    const grid = c.Grid.open(8, 8);
    const job = (options: unknown, jobOptions?: unknown) =>
      service
        .computeField(grid, { ...(options as Core.FieldOptions), ...(jobOptions as Core.JobOptions) })
        .catch((e: unknown) => e);
    const symbol = await job({ goals: [{ x: 0, y: 0 }], metric: Symbol('m') });
    expect(symbol).toBeInstanceOf(c.InvalidOptionError);
    expect(symbol).toMatchObject({ option: 'options' });
    expect(await job({ goals: [{ x: 0, y: 0 }], maxCost: () => 3 })).toBeInstanceOf(c.InvalidOptionError);
    // One merged options object (API 1.0): options that are not an object are refused as options.
    expect(await service.computeField(grid, null as never).catch((e: unknown) => e)).toBeInstanceOf(
      c.InvalidOptionError,
    );
    expect(await job({ goals: [{ x: 0, y: 0 }] }, { signal: 3 })).toMatchObject({
      name: 'InvalidOptionError',
      option: 'signal',
    });
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const out = await service
      .run('scentMap', { grid, sources: [{ x: 0, y: 0, strength: 3 }] }, { out: revoked.proxy as never })
      .catch((e: unknown) => e);
    expect(out).toMatchObject({ name: 'InvalidOptionError', option: 'out' });
    const listed = await service
      .run('scentMap', { grid, sources: [{ x: 0, y: 0, strength: 3 }] }, { out: { out: [1, 2] as never } })
      .catch((e: unknown) => e);
    expect(listed).toMatchObject({ name: 'InvalidOptionError', option: 'out.out' });
    // Inherited options are not read.
    const proto = Object.prototype as Record<string, unknown>;
    const aborted = new AbortController();
    aborted.abort();
    proto.signal = aborted.signal;
    proto.onProgress = () => {
      throw new Error('inherited onProgress called');
    };
    try {
      const field = await service.computeField(grid, { goals: [{ x: 0, y: 0 }] });
      expect(field.cost[63]).toBe(c.computeField(grid, { goals: [{ x: 0, y: 0 }] }).cost[63]);
    } finally {
      delete proto.signal;
      delete proto.onProgress;
    }
    expect(
      service.release(
        new Proxy(
          {},
          {
            has: () => {
              throw new Error('trap');
            },
          },
        ) as never,
      ),
    ).toBe(false);
    expect(service.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0 });
    const buffer = new SharedArrayBuffer(8);
    await expect(service.run('fillShared', { buffer, value: 4 })).resolves.toBe(2);
  });
});
