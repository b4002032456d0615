/**
 * Determinism in Chromium: the scenarios computed in the browser (the source, bundled by Vite) and the crowd
 * stepped in Web Workers give the hashes the Node test recorded. A different engine, the same bits.
 */
import { describe } from 'vitest';
import * as core from '../testing/package.test-util.js';
import { determinismSuite } from './determinism-suite.test-util.js';

describe('determinism in Chromium (V8 in the browser, Web Workers)', () => {
  determinismSuite(
    () => core,
    () => new URL('../worker.ts', import.meta.url),
  );
});
