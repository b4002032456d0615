/** The worker service in Chromium (module Web Workers bundled by Vite from source). */
import { describe } from 'vitest';
import * as core from '../index.js';
import { workerServiceSuite } from './service-suite.test-util.js';

describe('worker service in the browser (Web Workers)', () => {
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
