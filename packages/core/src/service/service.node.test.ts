/**
 * The worker service in Node worker_threads, against the BUILT package (dist): Node 20 cannot run the .ts
 * worker module, so `pnpm run build` must run first (the test pipeline builds before testing).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type * as Core from '../index.js';
import { repairSuite } from './repair-suite.test-util.js';
import { workerServiceSuite } from './service-suite.test-util.js';

const distEntry = new URL('../../dist/index.js', import.meta.url).href;
const core = (await import(/* @vite-ignore */ distEntry)) as typeof Core;
const distWorker = new URL('../../dist/worker.js', import.meta.url);

describe('worker service in Node (worker_threads, built package)', () => {
  repairSuite(() => core);
  workerServiceSuite(
    () => core,
    () => availableParallelism(),
    () => ({ worker: distWorker, missing: new URL('../../dist/no-such-worker.js', import.meta.url) }),
  );

  it('fails jobs with WorkerCrashedError once a dead worker cannot be replaced', async () => {
    // A wrapper module that loads the real worker; deleting it makes every restart fail.
    const dir = mkdtempSync(join(tmpdir(), 'fm-worker-'));
    const wrapper = join(dir, 'worker.mjs');
    writeFileSync(wrapper, `import ${JSON.stringify(distWorker.href)};\n`);
    const service = await core.createFieldService({
      workers: 1,
      workerUrl: pathToFileURL(wrapper),
      enableTestKernels: true,
    });
    try {
      rmSync(dir, { recursive: true, force: true });
      await expect(service.run('__crash', { mode: 'exit' })).rejects.toBeInstanceOf(core.WorkerCrashedError);
      const next = await service.run('fillShared', { buffer: new SharedArrayBuffer(4), value: 1 }).catch((e) => e);
      expect(next).toBeInstanceOf(core.WorkerCrashedError);
      expect((next as Error).message).toMatch(
        /fillShared#\d+ failed: .*(no worker is running|no worker could be restarted)/,
      );
      const later = await service.run('fillShared', { buffer: new SharedArrayBuffer(4), value: 1 }).catch((e) => e);
      expect(later).toBeInstanceOf(core.WorkerCrashedError);
      expect(service.stats().workers).toBe(0);
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tries a replacement worker that fails to start again, with back-off, until one starts (issue 35)', async () => {
    // A wrapper module that counts its loads and fails the 2nd and 3rd: the first replacement and its first retry.
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
        `await import(${JSON.stringify(distWorker.href)});`,
      ].join('\n'),
    );
    const service = await core.createFieldService({
      workers: 1,
      workerUrl: pathToFileURL(wrapper),
      enableTestKernels: true,
    });
    try {
      await expect(service.run('__crash', { mode: 'exit' })).rejects.toBeInstanceOf(core.WorkerCrashedError);
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
