/**
 * The service on a page that is not cross-origin isolated (Chromium without COOP/COEP headers: no
 * SharedArrayBuffer at all): the default mode computes in workers by transfer, and every suite passes in it and on
 * the main thread, bit for bit. Run by vitest.open.config.ts.
 */
import { describe, expect, it } from 'vitest';
import { flowServiceSuite } from '../flow/flow-service-suite.test-util.js';
import * as core from '../testing/package.test-util.js';
import { browserEnv } from './browser-env.test-util.js';
import { poolSuite } from './pool-suite.test-util.js';
import { repairSuite } from './repair-suite.test-util.js';
import { serviceSuite } from './service-suite.test-util.js';

describe('a page without cross-origin isolation', () => {
  it('has no SharedArrayBuffer; the default service computes in workers by transfer; shared is refused', async () => {
    expect(globalThis.crossOriginIsolated).toBe(false);
    expect(typeof SharedArrayBuffer).toBe('undefined');
    const service = await core.createFieldService({ workers: 1 });
    try {
      expect(service.mode).toBe('transfer');
      const grid = core.Grid.open(16, 16);
      const field = await service.computeField(grid, { goals: [{ x: 3, y: 4 }] });
      expect([...field.cost]).toEqual([...core.computeField(grid, { goals: [{ x: 3, y: 4 }] }).cost]);
    } finally {
      await service.close();
    }
    await expect(core.createFieldService({ mode: 'shared' })).rejects.toBeInstanceOf(core.SharedMemoryUnavailableError);
  });
});

describe('without isolation: transfer mode', () => {
  repairSuite(() => core);
  serviceSuite(browserEnv('transfer', false));
  poolSuite(browserEnv('transfer', false));
  flowServiceSuite(browserEnv('transfer', false));
});

describe('without isolation: main-thread mode', () => {
  serviceSuite(browserEnv('main-thread', false));
  poolSuite(browserEnv('main-thread', false));
});
