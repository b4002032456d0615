/**
 * The service where this process has no SharedArrayBuffer at all (Node started with
 * --no-harmony-sharedarraybuffer, which its workers inherit: the Node side of a page without cross-origin
 * isolation). The default mode computes in workers by transfer; every suite runs in it and on the main thread.
 */
import { describe, expect, it } from 'vitest';
import { flowServiceSuite } from '../flow/flow-service-suite.test-util.js';
import { core, nodeEnv } from './node-env.test-util.js';
import { poolSuite } from './pool-suite.test-util.js';
import { serviceSuite } from './service-suite.test-util.js';

describe('a process without shared memory', () => {
  it('has no SharedArrayBuffer; the default service computes in workers by transfer; shared is refused', async () => {
    expect(typeof SharedArrayBuffer).toBe('undefined');
    const service = await core.createFieldService({ workers: 1 });
    try {
      expect(service.mode).toBe('transfer');
      expect(service.stats()).toMatchObject({ mode: 'transfer', workers: 1 });
      const grid = core.Grid.open(16, 16);
      const field = await service.computeField(grid, { goals: [{ x: 3, y: 4 }] });
      expect(field.cost.buffer).toBeInstanceOf(ArrayBuffer);
      expect([...field.cost]).toEqual([...core.computeField(grid, { goals: [{ x: 3, y: 4 }] }).cost]);
    } finally {
      await service.close();
    }
    const error = await core.createFieldService({ mode: 'shared' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(core.SharedMemoryUnavailableError);
    expect((error as Error).message).toMatch(/Cross-Origin-Opener-Policy: same-origin/);
  });
});

describe('without shared memory: transfer mode', () => {
  serviceSuite(nodeEnv('transfer', false));
  poolSuite(nodeEnv('transfer', false));
  flowServiceSuite(nodeEnv('transfer', false));
});

describe('without shared memory: main-thread mode', () => {
  serviceSuite(nodeEnv('main-thread', false));
  poolSuite(nodeEnv('main-thread', false));
});
