/** The worker service in Chromium (module Web Workers bundled by Vite from source). */
import { describe } from 'vitest';
import * as core from '../index.js';
import { repairSuite } from './repair-suite.test-util.js';
import { workerServiceSuite } from './service-suite.test-util.js';

describe('worker service in the browser (Web Workers)', () => {
  repairSuite(() => core);
  workerServiceSuite(
    () => core,
    () => navigator.hardwareConcurrency,
    () => ({
      // Vite's dev server compiles the .ts module on request.
      worker: new URL('../worker.ts', import.meta.url),
      missing: new URL('./no-such-worker.js', import.meta.url),
    }),
  );
});
