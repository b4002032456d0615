/** The worker service in Chromium (module Web Workers bundled by Vite from source), in each execution mode. */
import { describe, expect, it } from 'vitest';
import * as core from '../testing/package.test-util.js';
import { browserEnv } from './browser-env.test-util.js';
import { poolSuite } from './pool-suite.test-util.js';
import { repairSuite } from './repair-suite.test-util.js';
import { serviceSuite } from './service-suite.test-util.js';

describe('the page of the isolated browser tests', () => {
  it('is cross-origin isolated', () => {
    expect(globalThis.crossOriginIsolated).toBe(true);
  });
});

describe('worker service in the browser: shared mode (Web Workers over SharedArrayBuffers)', () => {
  repairSuite(() => core);
  serviceSuite(browserEnv('shared', true));
  poolSuite(browserEnv('shared', true));
});

describe('worker service in the browser: transfer mode (grids on ordinary memory)', () => {
  serviceSuite(browserEnv('transfer', false));
  poolSuite(browserEnv('transfer', false));
});

describe('worker service in the browser: main-thread mode', () => {
  serviceSuite(browserEnv('main-thread', false));
  poolSuite(browserEnv('main-thread', false));
});
