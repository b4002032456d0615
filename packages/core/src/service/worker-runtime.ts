/**
 * The runtime of a pool worker (package subpath `@fieldmarshal/core/worker-runtime`): {@link serveJobs} answers
 * the service on the worker's endpoint with the built-in kernels and any of your own. The package's worker module
 * (`@fieldmarshal/core/worker`) is `serveJobs()`; a worker module of your own serves your kernels too:
 *
 * @example
 * // my-worker.ts (start the service with { workerUrl: new URL('./my-worker.ts', import.meta.url), jobs: [myJob] })
 * import { serveJobs } from '@fieldmarshal/core/worker-runtime';
 * import { myJob } from './my-job.js';
 * serveJobs([myJob]);
 */
import { type Endpoint, expose } from 'comlink';
import type { AnyJobSpec } from '../jobs/job-spec.js';
import { CLOSING_NOTICE, DROP_KEY, PORT_KEY, SYNC_KEY, type SyncPiece, type WorkerApi } from './protocol.js';
import { JOB_LIST } from './registry.js';
import { createWorkerApi } from './worker-host.js';

interface BrowserWorkerScope {
  close(): void;
  postMessage(message: unknown): void;
}

/** Serves `api` on `endpoint`: comlink calls, and the one-way chunk and drop messages of the pool. */
function serve(api: WorkerApi, endpoint: Endpoint): void {
  endpoint.addEventListener('message', ((event: MessageEvent) => {
    const data = event.data as Record<string, unknown> | null;
    if (typeof data !== 'object' || data === null) return;
    if (Object.hasOwn(data, SYNC_KEY)) api.sync(data[SYNC_KEY] as SyncPiece[]);
    else if (Object.hasOwn(data, DROP_KEY)) api.drop(data[DROP_KEY] as number[]);
  }) as never);
  expose(api, endpoint);
}

/**
 * Answers the worker service on this worker's endpoint, with the built-in kernels and `jobs` (a later one of the
 * same name replaces a built-in one). Call it once, at the top of a worker module. In a browser module Web Worker
 * it answers on the worker's global scope; in a Node worker_threads worker started by the service, on the port
 * the service passed in `workerData`. Elsewhere (the main thread, a test) it does nothing.
 */
export function serveJobs(jobs: readonly AnyJobSpec[] = []): void {
  const all = [...JOB_LIST, ...jobs];
  const scope = globalThis as unknown as { WorkerGlobalScope?: abstract new () => unknown };
  if (typeof scope.WorkerGlobalScope === 'function' && globalThis instanceof scope.WorkerGlobalScope) {
    // Browser: tell the pool before closing, since a Web Worker that closes itself fires no event.
    const self = globalThis as unknown as BrowserWorkerScope;
    const close = self.close.bind(self);
    self.close = () => {
      self.postMessage({ [CLOSING_NOTICE]: true });
      close();
    };
    serve(createWorkerApi({ jobs: all, post: (m) => self.postMessage(m) }), globalThis as unknown as Endpoint);
  } else if (typeof process !== 'undefined' && process.versions?.node) {
    // Node: loaded through a variable so bundlers leave it alone (this branch never runs in a browser).
    const workerThreads = 'node:worker_threads';
    void import(/* @vite-ignore */ workerThreads).then((wt: typeof import('node:worker_threads')) => {
      const port = (wt.workerData as Record<string, unknown> | null)?.[PORT_KEY] as
        | import('node:worker_threads').MessagePort
        | undefined;
      if (wt.isMainThread || !port) return;
      serve(createWorkerApi({ jobs: all, post: (m) => port.postMessage(m) }), port as unknown as Endpoint);
    });
  }
}
