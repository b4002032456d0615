/**
 * The worker module of the pool (package subpath `@fieldmarshal/core/worker`): serves the built-in kernels (see
 * ./service/worker-runtime.ts). Importing it anywhere but in a worker started by the service does nothing.
 * Bundlers: the service starts it with `new Worker(new URL('../worker.js', import.meta.url), { type: 'module' })`,
 * which Vite bundles; pass `workerUrl` to createFieldService to point elsewhere.
 */
import { serveJobs } from './service/worker-runtime.js';

serveJobs();
