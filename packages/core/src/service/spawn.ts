/**
 * Starting one pool worker on the current platform: a module Web Worker in browsers, a worker_threads Worker
 * in Node. Both run the same worker module (dist/worker.js, next to this file's folder).
 */
import type { Endpoint } from 'comlink';
import { WorkerStartError } from '../errors.js';
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

/**
 * Starts one worker (for slot `index`) running the worker module (or `url` when given).
 * @throws WorkerStartError when the platform refuses to start it (a bad URL, a missing module...).
 */
export async function spawnWorker(url: URL | string | undefined, index: number): Promise<SpawnedWorker> {
  try {
    return hasWebWorkers() ? spawnWebWorker(url) : await spawnNodeWorker(url);
  } catch (error) {
    throw new WorkerStartError(index, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
}

/**
 * Flags of this process that a Node worker must not inherit: those that say how to read the main script
 * (`node --input-type=module -e ...` would make every worker fail to load its module) or run code in place of it.
 */
const SCRIPT_FLAGS = /^(--input-type|--eval|-e|--print|-p|--check|-c|--interactive|-i|--test|--watch)(=|$)/;

/**
 * A Node worker: it inherits this process's flags, except those of {@link SCRIPT_FLAGS}. Without such flags
 * nothing is passed (V8 flags, which a worker refuses in its own `execArgv`, apply to the whole process anyway);
 * with them, the other flags are passed, less any the worker refuses.
 */
function startNodeWorker(
  wt: WorkerThreads,
  target: URL | string,
  options: import('node:worker_threads').WorkerOptions,
): import('node:worker_threads').Worker {
  const all = process.execArgv;
  let execArgv = workerExecArgv(all);
  if (execArgv.length === all.length) return new wt.Worker(target, options);
  for (let tries = 0; ; tries++) {
    try {
      return new wt.Worker(target, { ...options, execArgv });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== 'ERR_WORKER_INVALID_EXEC_ARGV' || tries > 0) throw error;
      // The worker names the flags it refuses: leave them out (all of them, if it cannot be read).
      const refused = new Set(
        String((error as Error).message)
          .split(': ')[1]
          ?.split(', ') ?? [],
      );
      execArgv =
        refused.size > 0
          ? execArgv.filter((flag) => !refused.has(flag.split('=')[0] as string) && !refused.has(flag))
          : [];
    }
  }
}

/** `process.execArgv` without {@link SCRIPT_FLAGS} (and the values of those that take one). */
export function workerExecArgv(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i] as string;
    const match = SCRIPT_FLAGS.exec(flag);
    if (!match) {
      out.push(flag);
      continue;
    }
    // `--input-type module` and `-e code` take the next argument as their value.
    if (match[2] === '' && /^(--input-type|--eval|-e|--print|-p)$/.test(flag)) i++;
  }
  return out;
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
  // A `file:` URL given as a string (what import.meta.resolve returns) is a URL to Node, not a path.
  const target =
    url === undefined
      ? new URL(relative, import.meta.url)
      : typeof url === 'string' && /^file:/i.test(url)
        ? new URL(url)
        : url;
  const { port1, port2 } = new wt.MessageChannel();
  const worker = startNodeWorker(wt, target, { workerData: { [PORT_KEY]: port2 }, transferList: [port2] });
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
