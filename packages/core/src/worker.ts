/**
 * The worker module of the pool (package subpath `@fieldmarshal/core/worker`): a thin shell that exposes the
 * pure kernels of ./service/kernels.ts over comlink. One module serves both platforms:
 * - in a browser (module) Web Worker it exposes itself on the worker's global scope;
 * - in a Node worker_threads worker it exposes itself on the MessagePort the service passed in `workerData`.
 * Importing it anywhere else (the main thread, a test) does nothing.
 * Bundlers: the service starts it with `new Worker(new URL('../worker.js', import.meta.url), { type: 'module' })`,
 * which Vite bundles; pass `workerUrl` to createFieldService to point elsewhere.
 */
import { type Endpoint, expose } from 'comlink';
import { CLOSING_NOTICE, PORT_KEY } from './service/protocol.js';
import { createWorkerApi } from './service/worker-host.js';

interface BrowserWorkerScope {
  close(): void;
  postMessage(message: unknown): void;
}

const scope = globalThis as unknown as { WorkerGlobalScope?: abstract new () => unknown };

if (typeof scope.WorkerGlobalScope === 'function' && globalThis instanceof scope.WorkerGlobalScope) {
  // Browser: tell the pool before closing, since a Web Worker that closes itself fires no event.
  const self = globalThis as unknown as BrowserWorkerScope;
  const close = self.close.bind(self);
  self.close = () => {
    self.postMessage({ [CLOSING_NOTICE]: true });
    close();
  };
  expose(createWorkerApi(), globalThis as unknown as Endpoint);
} else if (typeof process !== 'undefined' && process.versions?.node) {
  // Node: loaded through a variable so bundlers leave it alone (this branch never runs in a browser).
  const workerThreads = 'node:worker_threads';
  void import(/* @vite-ignore */ workerThreads).then((wt: typeof import('node:worker_threads')) => {
    const port = (wt.workerData as Record<string, unknown> | null)?.[PORT_KEY] as
      | import('node:worker_threads').MessagePort
      | undefined;
    if (!wt.isMainThread && port) expose(createWorkerApi(), port as unknown as Endpoint);
  });
}
