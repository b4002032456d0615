import type { SectorGraph, SectorGraphStats } from '@fieldmarshal/core/sectors';
import { inSharedMemory } from '../../shared/shared-memory.js';
import { onWorkerLost } from '../../shared/worker-lost.js';
import { sendGraphCopy } from './route-copy.js';
import type { RouteAnswer } from './route-queries.js';
import type { RouteMessage, RouteReply, WireGraph } from './route-worker.js';

/** The route worker: undefined before the first start and after a loss, null where none can start. */
let worker: Worker | null | undefined;
let nextId = 1;
/** A query's reply, or `lost` when the worker answering it was lost (the query is asked again once). */
type Settled = RouteReply | { id: number; type: 'lost'; reason: string };
const waiting = new Map<number, (reply: Settled) => void>();
/** Workers lost so far; past {@link MAX_LOSSES} no other starts and queries run on the page. */
let losses = 0;
const MAX_LOSSES = 3;
/** A number per graph and per array object, for the worker's key of a graph. */
const ids = new WeakMap<object, number>();
let nextObject = 1;

function idOf(o: object): number {
  let id = ids.get(o);
  if (id === undefined) {
    id = nextObject++;
    ids.set(o, id);
  }
  return id;
}

/** The copy of a graph the worker holds or is being sent (pages without shared memory). */
let copying: { key: string; ready: Promise<boolean> } | null = null;

/** True when the grid and every array of `graph` live in shared memory: the worker reads them where they are. */
function isShared(graph: SectorGraph): boolean {
  return (
    inSharedMemory(graph.grid.buffer) &&
    Object.values(graph.data).every((a) => a === null || a === undefined || inSharedMemory(a))
  );
}

/**
 * `graph` as sent to the worker, with a key that changes whenever the graph does: a graph is updated in place
 * (its grid version changes) and an update may put new arrays in its data (more entrances, new landmarks).
 * Shared arrays go as they are; otherwise a copy goes first, in slices (sendGraphCopy), and the query names it
 * by its key. Null when the graph changed before its copy was whole (an update and another query follow).
 */
async function wire(w: Worker, graph: SectorGraph): Promise<WireGraph | null> {
  const arrays = Object.values(graph.data).map((a) => (a && typeof a === 'object' ? idOf(a) : 0));
  const key = `${idOf(graph)}:${graph.gridVersion}:${arrays.join(',')}`;
  if (isShared(graph)) return { key, buffer: graph.grid.buffer, data: graph.data };
  if (copying?.key !== key) {
    // The entry first: the copy checks, slice by slice, that no newer copy replaced it.
    const entry = { key, ready: Promise.resolve(false) };
    copying = entry;
    entry.ready = sendGraphCopy(w, graph, key, () => copying === entry);
  }
  return (await copying.ready) ? { key } : null;
}

type Question = { ends: [number, number, number, number] } | { describe: true };

/**
 * Sends `question` about `graph` (after its copy, where it has to be copied) and resolves to the worker's reply:
 * null when `signal` aborts first or the graph changed before its copy was whole. A question whose worker is lost
 * meanwhile goes to a new worker (with a new copy) once; lost again, it rejects.
 */
async function ask(graph: SectorGraph, question: Question, signal?: AbortSignal): Promise<RouteReply | null> {
  for (let attempt = 0; ; attempt++) {
    const w = start();
    if (!w) throw new Error('the route worker could not start');
    const sent = await wire(w, graph);
    if (worker !== w) continue;
    if (!sent || signal?.aborted) return null;
    const reply = await post(w, sent, question, signal);
    if (reply?.type !== 'lost') return reply;
    if (attempt > 0) throw new Error(`the route worker stopped twice (${reply.reason})`);
  }
}

/** Posts one question to `w` and waits for its reply (or its loss); null when `signal` aborts first. */
function post(w: Worker, sent: WireGraph, question: Question, signal?: AbortSignal): Promise<Settled | null> {
  const id = nextId++;
  const message = { id, graph: sent, ...question } as Exclude<RouteMessage, { cancel: number }>;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    signal?.addEventListener(
      'abort',
      () => {
        if (!waiting.delete(id)) return;
        w.postMessage({ cancel: id } satisfies RouteMessage);
        resolve(null);
      },
      { once: true },
    );
    w.postMessage(message);
  });
}

function start(): Worker | null {
  if (worker !== undefined) return worker;
  if (losses >= MAX_LOSSES) {
    worker = null;
    return null;
  }
  try {
    const w = new Worker(new URL('./route-worker.ts', import.meta.url), { type: 'module', name: 'sector-routes' });
    w.onmessage = (e: MessageEvent<RouteReply>) => {
      const done = waiting.get(e.data.id);
      waiting.delete(e.data.id);
      done?.(e.data);
    };
    onWorkerLost(w, (reason) => replace(w, reason));
    worker = w;
  } catch {
    worker = null;
  }
  return worker;
}

/**
 * Ends a lost worker: the next question starts another (which gets its own copy of the graph), and the questions
 * it was answering settle as `lost` (ask() sends them again).
 */
function replace(w: Worker, reason: string): void {
  if (worker !== w) return;
  w.terminate();
  worker = undefined;
  copying = null;
  losses++;
  const lost = [...waiting];
  waiting.clear();
  for (const [id, done] of lost) done({ id, type: 'lost', reason });
}

/**
 * Where `graph` is queried: in the route worker over its shared arrays (`shared`), in the route worker on a copy
 * sent in slices (`copy`: a page without cross-origin isolation), or on the page itself where workers cannot
 * start (`page`).
 */
export function routeWhere(graph: SectorGraph): 'shared' | 'copy' | 'page' {
  if (typeof Worker !== 'function' || start() === null) return 'page';
  return isShared(graph) ? 'shared' : 'copy';
}

/**
 * The route and path from (sx, sy) to (gx, gy) on `graph`, answered in the route worker (see
 * `queryRoute`). Resolves to null when the map was edited meanwhile (the update that follows asks again) or
 * `signal` aborted; rejects with the query's error.
 */
export async function routeInWorker(
  graph: SectorGraph,
  ends: [number, number, number, number],
  signal: AbortSignal,
): Promise<RouteAnswer | null> {
  const reply = await ask(graph, { ends }, signal);
  if (!reply || signal.aborted || reply.type === 'stale') return null;
  if (reply.type === 'answer') return reply.answer;
  throw new Error(reply.type === 'error' ? reply.message : `unexpected reply ${reply.type}`);
}

/**
 * The sizes and the entrances (x, y pairs) of `graph`, worked out in the route worker (both loop over every
 * sector and entrance: tens of milliseconds on an 8192 x 8192 map). Null when the map was edited meanwhile.
 */
export async function describeInWorker(
  graph: SectorGraph,
): Promise<{ stats: SectorGraphStats; entrances: Int32Array } | null> {
  const reply = await ask(graph, { describe: true });
  if (!reply || reply.type === 'stale') return null;
  if (reply.type === 'described') return { stats: reply.stats, entrances: reply.entrances };
  throw new Error(reply.type === 'error' ? reply.message : `unexpected reply ${reply.type}`);
}
