/**
 * Determinism across worker counts in Node, against the BUILT package (dist): Node 20 cannot run the .ts worker
 * module, so `pnpm run build` must run first (the test pipeline builds before testing).
 */
import { describe } from 'vitest';
import { builtPackage } from '../testing/built-package.test-util.js';
import { determinismSuite } from './determinism-suite.test-util.js';

const core = await builtPackage();

describe('determinism in Node worker_threads (built package)', () => {
  determinismSuite(
    () => core,
    () => undefined,
  );
});
