/** The worker module of the tests: the built-in kernels and the test jobs (./test-jobs.ts). */
import { serveJobs } from '../worker-runtime.js';
import { TEST_JOBS } from './test-jobs.js';

serveJobs(TEST_JOBS);
