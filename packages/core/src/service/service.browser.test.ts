/** The worker service in Chromium (module Web Workers bundled by Vite from source). */
import { describe } from 'vitest';
import * as core from '../index.js';
import { workerServiceSuite } from './service-suite.test-util.js';

describe('worker service in the browser (Web Workers)', () => {
  workerServiceSuite(
    () => core,
    () => navigator.hardwareConcurrency,
  );
});
