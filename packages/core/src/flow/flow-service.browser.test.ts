/** Flows in the worker service in Chromium (module Web Workers bundled by Vite from source). */
import { describe } from 'vitest';
import * as core from '../index.js';
import { flowServiceSuite } from './flow-service-suite.test-util.js';

describe('flows in the worker service in the browser (Web Workers)', () => {
  flowServiceSuite(
    () => core,
    // Vite's dev server compiles the .ts module on request.
    () => new URL('../worker.ts', import.meta.url),
  );
});
