/** The service suites' environment in Chromium: the package from source, workers bundled by Vite. */

import type { ExecutionMode } from '../jobs/job-spec.js';
import * as core from '../testing/package.test-util.js';
import type { ServiceEnv } from './service-env.test-util.js';
import { TEST_JOBS } from './testing/test-jobs.js';

/** The suites' environment for `mode` in the browser. */
export function browserEnv(mode: ExecutionMode, sharedGrids: boolean): ServiceEnv {
  return {
    mode,
    core: () => core,
    sharedGrids,
    testJobs: () => TEST_JOBS,
    // Vite's dev server compiles the .ts modules on request.
    testService: () => ({ workerUrl: new URL('./testing/test-worker.ts', import.meta.url), jobs: TEST_JOBS }),
    urls: () => ({
      worker: new URL('../worker.ts', import.meta.url),
      missing: new URL('./no-such-worker.js', import.meta.url),
    }),
  };
}
