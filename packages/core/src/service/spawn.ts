/**
 * Starting one pool worker on the current platform: a module Web Worker in browsers, a worker_threads Worker
 * in Node. Both run the same worker module (dist/worker.js, next to this file's folder).
 */
import type { Endpoint } from 'comlink';
import { CLOSING_NOTICE, PORT_KEY } from './protocol.js';

/** A started worker: the endpoint comlink talks over, a way to end it, and one death notice. */
export interface SpawnedWorker {
  endpoint: Endpoint;
  /** Ends the worker (idempotent); resolves once it is gone where the platform can tell. */
  terminate(): Promise<void>;
  /** Called at most once, when the worker dies by itself (exit, uncaught error, close, OOM). */
  onDeath: ((reason: string) => void) | null;
  /** Node: whether the worker keeps the process alive (true while it has a job). No-op in browsers. */
  keepAlive(active: boolean): void;
}

/** True in a browser-like environment that has Web Workers. */
export function hasWebWorkers(): boolean {
  return typeof globalThis.Worker === 'function';
}

type WorkerThreads = typeof import('node:worker_threads');
let workerThreads: Promise<WorkerThreads> | null = null;
let nodeParallelism = 0;

/** Loads node:worker_threads (and the core count) through a variable, so bundlers do not stub it. */
async function loadNode(): Promise<WorkerThreads> {
  if (!workerThreads) {
    const wtName = 'node:worker_threads';
    const osName = 'node:os';
    workerThreads = Promise.all([
      import(/* @vite-ignore */ wtName) as Promise<WorkerThreads>,
      import(/* @vite-ignore */ osName) as Promise<typeof import('node:os')>,
    ]).then(([wt, os]) => {
      nodeParallelism = os.availableParallelism?.() ?? os.cpus().length;
      return wt;
    });
  }
  return workerThreads;
}

/** Number of logical cores: navigator.hardwareConcurrency in browsers, os.availableParallelism in Node. */
export async function hardwareConcurrency(): Promise<number> {
  if (!hasWebWorkers()) {
    await loadNode();
    if (nodeParallelism > 0) return nodeParallelism;
  }
  const nav = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator;
  return nav?.hardwareConcurrency ?? 1;
}

/** Starts one worker running the worker module (or `url` when given). */
export async function spawnWorker(url: URL | string | undefined): Promise<SpawnedWorker> {
  return hasWebWorkers() ? spawnWebWorker(url) : spawnNodeWorker(url);
}

function spawnWebWorker(url: URL | string | undefined): SpawnedWorker {
  // Keep this exact form: Vite (and other bundlers) find `new Worker(new URL('...', import.meta.url))`
  // and bundle the worker module. From dist/service/spawn.js the worker module is dist/worker.js.
  const worker =
    url === undefined
      ? new Worker(new URL('../worker.js', import.meta.url), { type: 'module' })
      : new Worker(url, { type: 'module' });
  let dead = false;
  const spawned: SpawnedWorker = {
    endpoint: worker as unknown as Endpoint,
    onDeath: null,
    keepAlive() {},
    async terminate() {
      dead = true;
      worker.terminate();
    },
  };
  const die = (reason: string) => {
    if (dead) return;
    dead = true;
    worker.terminate();
    spawned.onDeath?.(reason);
  };
  worker.addEventListener('error', (event) => {
    // An uncaught error outside a job (jobs catch their own): treat the worker as dead and replace it.
    event.preventDefault();
    die(`uncaught error: ${event.message || 'failed to load or run the worker module'}`);
  });
  worker.addEventListener('messageerror', () => die('a message could not be deserialized'));
  worker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as Record<string, unknown> | null;
    if (data && typeof data === 'object' && data[CLOSING_NOTICE] === true) die('the worker closed itself');
  });
  return spawned;
}

async function spawnNodeWorker(url: URL | string | undefined): Promise<SpawnedWorker> {
  const wt = await loadNode();
  // A variable, not a literal, so bundlers do not treat this Node-only URL as an asset.
  const relative = '../worker.js';
  const target = url ?? new URL(relative, import.meta.url);
  const { port1, port2 } = new wt.MessageChannel();
  const worker = new wt.Worker(target, { workerData: { [PORT_KEY]: port2 }, transferList: [port2] });
  let dead = false;
  let exited: Promise<void> | null = null;
  const spawned: SpawnedWorker = {
    endpoint: port1 as unknown as Endpoint,
    onDeath: null,
    keepAlive(active: boolean) {
      if (dead) return;
      if (active) {
        worker.ref();
        port1.ref();
      } else {
        worker.unref();
        port1.unref();
      }
    },
    terminate() {
      dead = true;
      port1.close();
      exited ??= worker.terminate().then(() => undefined);
      return exited;
    },
  };
  let lastError = '';
  worker.on('error', (error: unknown) => {
    lastError = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  });
  worker.on('exit', (code: number) => {
    if (dead) return;
    dead = true;
    port1.close();
    spawned.onDeath?.(lastError ? `uncaught error: ${lastError}` : `exited with code ${code}`);
  });
  return spawned;
}
