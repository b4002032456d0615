/**
 * The service suites' environment in Node: the BUILT package (dist; Node 20 worker_threads cannot run .ts) and
 * the test jobs built beside it into dist-testing (tsconfig.testing.json; never published).
 */
import type { AnyJobSpec, ExecutionMode } from '../jobs/job-spec.js';
import { builtPackage } from '../testing/built-package.test-util.js';
import type { ServiceEnv } from './service-env.test-util.js';

/** The built package (every entry). */
export const core = await builtPackage();
const testJobsEntry = new URL('../../dist-testing/service/testing/test-jobs.js', import.meta.url).href;
/** The test jobs, built (the specs the main thread passes in `jobs`). */
export const TEST_JOBS = ((await import(/* @vite-ignore */ testJobsEntry)) as { TEST_JOBS: AnyJobSpec[] }).TEST_JOBS;
/** The worker module that serves the built-in kernels and the test jobs. */
export const testWorker = new URL('../../dist-testing/service/testing/test-worker.js', import.meta.url);
/** The package's worker module. */
export const distWorker = new URL('../../dist/worker.js', import.meta.url);

/** The suites' environment for `mode` in Node. */
export function nodeEnv(mode: ExecutionMode, sharedGrids: boolean): ServiceEnv {
  return {
    mode,
    core: () => core,
    sharedGrids,
    testJobs: () => TEST_JOBS,
    testService: () => ({ workerUrl: testWorker, jobs: TEST_JOBS }),
    urls: () => ({ worker: distWorker, missing: new URL('../../dist/no-such-worker.js', import.meta.url) }),
  };
}
