/**
 * Determinism across worker counts in Node, against the BUILT package (dist): Node 20 cannot run the .ts worker
 * module, so `pnpm run build` must run first (the test pipeline builds before testing).
 */
import { describe } from 'vitest';
import type * as Core from '../index.js';
import { determinismSuite } from './determinism-suite.test-util.js';

const distEntry = new URL('../../dist/index.js', import.meta.url).href;
const core = (await import(/* @vite-ignore */ distEntry)) as typeof Core;

describe('determinism in Node worker_threads (built package)', () => {
  determinismSuite(
    () => core,
    () => undefined,
  );
});
