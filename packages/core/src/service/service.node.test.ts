/**
 * The worker service in Node worker_threads, in each execution mode, against the BUILT package (dist): Node 20
 * cannot run the .ts worker module, so the package is built first (the test pipeline builds before testing).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { core, distWorker, nodeEnv } from './node-env.test-util.js';
import { poolSuite } from './pool-suite.test-util.js';
import { repairSuite } from './repair-suite.test-util.js';
import { serviceSuite } from './service-suite.test-util.js';

describe('worker service in Node: shared mode (SharedArrayBuffers)', () => {
  repairSuite(() => core);
  serviceSuite(nodeEnv('shared', true));
  poolSuite(nodeEnv('shared', true));
});

describe('worker service in Node: transfer mode (grids and arrays on ordinary memory)', () => {
  serviceSuite(nodeEnv('transfer', false));
  poolSuite(nodeEnv('transfer', false));
});

describe('worker service in Node: main-thread mode', () => {
  serviceSuite(nodeEnv('main-thread', false));
  poolSuite(nodeEnv('main-thread', false));
});

describe('worker service in Node: a pool with no worker left', () => {
  for (const mode of ['shared', 'transfer'] as const) {
    it(`fails jobs with WorkerCrashedError once a dead worker cannot be replaced (${mode})`, async () => {
      // A wrapper module that loads the test worker; deleting it makes every restart fail.
      const env = nodeEnv(mode, false);
      const dir = mkdtempSync(join(tmpdir(), 'fm-worker-'));
      const wrapper = join(dir, 'worker.mjs');
      writeFileSync(wrapper, `import ${JSON.stringify(env.testService().workerUrl?.href)};\n`);
      const service = await core.createFieldService({
        mode,
        workers: 1,
        workerUrl: pathToFileURL(wrapper),
        jobs: env.testJobs(),
      });
      try {
        rmSync(dir, { recursive: true, force: true });
        await expect(service.run('__crash' as never, { mode: 'exit' } as never)).rejects.toBeInstanceOf(
          core.WorkerCrashedError,
        );
        const next = await service.run('fillShared', { buffer: new ArrayBuffer(4), value: 1 }).catch((e) => e);
        expect(next).toBeInstanceOf(core.WorkerCrashedError);
        expect((next as Error).message).toMatch(
          /fillShared#\d+ failed: .*(no worker is running|no worker could be restarted)/,
        );
        expect(service.stats().workers).toBe(0);
      } finally {
        await service.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it('starts from a file: URL given as a string (what import.meta.resolve returns)', async () => {
    const service = await core.createFieldService({ workers: 1, workerUrl: distWorker.href });
    try {
      expect(await service.ping()).toHaveLength(1);
    } finally {
      await service.close();
    }
  });

  it('tries a replacement worker that fails to start again, with back-off, until one starts (issue 35)', async () => {
    // A wrapper module that counts its loads and fails the 2nd and 3rd: the first replacement and its first retry.
    const env = nodeEnv('shared', true);
    const dir = mkdtempSync(join(tmpdir(), 'fm-worker-'));
    const counter = join(dir, 'loads');
    writeFileSync(counter, '0');
    const wrapper = join(dir, 'worker.mjs');
    writeFileSync(
      wrapper,
      [
        "import { readFileSync, writeFileSync } from 'node:fs';",
        `const n = Number(readFileSync(${JSON.stringify(counter)}, 'utf8')) + 1;`,
        `writeFileSync(${JSON.stringify(counter)}, String(n));`,
        "if (n === 2 || n === 3) throw new Error('flaky start ' + n);",
        `await import(${JSON.stringify(env.testService().workerUrl?.href)});`,
      ].join('\n'),
    );
    const service = await core.createFieldService({
      workers: 1,
      workerUrl: pathToFileURL(wrapper),
      jobs: env.testJobs(),
    });
    try {
      await expect(service.run('__crash' as never, { mode: 'exit' } as never)).rejects.toBeInstanceOf(
        core.WorkerCrashedError,
      );
      // Queued while the slot is being replaced: it waits for the third start instead of failing.
      const buffer = new SharedArrayBuffer(8);
      await expect(service.run('fillShared', { buffer, value: 7 })).resolves.toBe(2);
      expect(new Int32Array(buffer)[1]).toBe(7);
      expect(readFileSync(counter, 'utf8')).toBe('4');
      expect(service.stats().workers).toBe(1);
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
