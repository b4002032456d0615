import { Grid, generateMap } from '@fieldmarshal/core';
import type { BigMapSettings, MakeProgress } from '../../sectors/model/big-map.js';
import type { GeneratedMapSettings } from '../generated-map.js';
import { studioBase } from '../moving-ai.js';
import { onWorkerLost } from '../worker-lost.js';
import type { KeptMapInfo } from './map-store.js';
import { type ParsedFile, type ParseProgress, type ParseRequest, parseMapFile } from './parse-map-file.js';
import type { ParseAnswer, ParseMessage, WireResult } from './parse-worker.js';

/** A file that could not be read: the parser's message, with the line and column when it gave them. */
export class MapFileError extends Error {
  override readonly name = 'MapFileError';
  constructor(
    message: string,
    readonly line: number | null,
    readonly column: number | null,
  ) {
    super(message);
  }
}

/**
 * The worker's lanes: files and Fields maps in one, Big maps in another, kept maps in a third, so that ending
 * one lane's worker (a cancelled job: a parser cannot stop half-way) leaves the others' jobs alone.
 */
type Lane = 'files' | 'big' | 'kept';

interface Job {
  progress: ParseProgress;
  resolve: (r: WireResult) => void;
  reject: (e: Error) => void;
}

const workers = new Map<Lane, Worker>();
let nextId = 1;
const jobs = new Map<number, Job & { lane: Lane }>();

function fromWire(result: WireResult): ParsedFile {
  if (result.kind === 'scen') return result;
  if (result.kind === 'map') return { kind: 'map', grid: Grid.from(result.buffer) };
  if (result.kind === 'kept') throw new Error('the worker answered with a kept map entry');
  return { kind: 'field', grid: Grid.from(result.buffer), data: result.data };
}

function startWorker(lane: Lane): Worker | null {
  const running = workers.get(lane);
  if (running || typeof Worker !== 'function') return running ?? null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module', name: `maps-${lane}` });
  } catch {
    return null;
  }
  worker.onmessage = (e: MessageEvent<ParseAnswer>) => {
    const a = e.data;
    const job = jobs.get(a.id);
    if (!job) return;
    if (a.type === 'progress') job.progress(a.stage, a.fraction);
    else {
      jobs.delete(a.id);
      if (a.type === 'done') job.resolve(a.result);
      else job.reject(new MapFileError(a.message, a.line, a.column));
    }
  };
  onWorkerLost(worker, (reason) => endLane(lane, worker, new Error(`the map worker stopped: ${reason}`)));
  workers.set(lane, worker);
  return worker;
}

/** Ends a lane's worker (the next request starts another); its jobs reject with `error`. */
function endLane(lane: Lane, worker: Worker, error: Error): void {
  worker.terminate();
  if (workers.get(lane) === worker) workers.delete(lane);
  for (const [id, job] of [...jobs]) {
    if (job.lane !== lane) continue;
    jobs.delete(id);
    job.reject(error);
  }
}

/** Sends a request to a lane's worker; on abort that worker is ended and its other jobs fail as cancelled. */
function post(
  lane: Lane,
  w: Worker,
  message: Omit<ParseMessage, 'id'>,
  progress: ParseProgress,
  signal?: AbortSignal,
): Promise<WireResult> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    jobs.set(id, { progress, resolve, reject, lane });
    signal?.addEventListener(
      'abort',
      () => {
        if (jobs.has(id)) endLane(lane, w, new DOMException('cancelled', 'AbortError'));
      },
      { once: true },
    );
    w.postMessage({ ...message, id });
  });
}

/**
 * Reads a map file off the main thread (the studio's parse worker), reporting progress. Rejects with
 * {@link MapFileError} (the parser's message, line and column) for a bad file, or AbortError when `signal`
 * aborts (the worker's answer is then ignored).
 */
export async function loadMapFile(
  request: ParseRequest,
  progress: ParseProgress,
  signal?: AbortSignal,
): Promise<ParsedFile> {
  const w = startWorker('files');
  if (!w) {
    return parseMapFile(request, progress).catch((error: unknown) => {
      const e = error as { message?: string; line?: number; column?: number };
      throw new MapFileError(e.message ?? String(error), e.line ?? null, e.column ?? null);
    });
  }
  return fromWire(await post('files', w, { request }, progress, signal));
}

/** A map answer's grid and label. */
function mapOf(result: WireResult): { grid: Grid; label: string } {
  if (result.kind !== 'map') throw new Error('the worker did not answer with a map');
  return { grid: Grid.from(result.buffer), label: result.label ?? '' };
}

/** Generates a map in the parse worker (a 2048 x 2048 map takes a good part of a second), or here without one. */
export async function generateOffThread(settings: GeneratedMapSettings, signal?: AbortSignal): Promise<Grid> {
  const w = startWorker('files');
  const { generator, width, height, seed, density } = settings;
  if (!w) return generateMap(generator, width, height, { seed, density });
  return mapOf(await post('files', w, { generate: settings }, () => undefined, signal)).grid;
}

/** Makes a Big map in its own worker, with progress (a new request cancels nothing: abort does). */
export async function makeBigMapOffThread(
  settings: BigMapSettings,
  signal: AbortSignal,
  progress: MakeProgress,
): Promise<{ grid: Grid; label: string }> {
  const w = startWorker('big');
  if (!w) throw new Error('this browser cannot start workers: big maps are made in one');
  return mapOf(await post('big', w, { big: settings, base: studioBase() }, progress, signal));
}

/**
 * Keeps a map in this browser (hashed and copied in the worker), so links and reloads open it again. Resolves to
 * its entry, or null when it is larger than the kept maps may be.
 */
export async function keepMapOffThread(grid: Grid, name: string): Promise<KeptMapInfo | null> {
  const w = startWorker('kept');
  if (!w) return null;
  const result = await post('kept', w, { keep: { buffer: grid.buffer, name } }, () => undefined);
  return result.kind === 'kept' ? result.info : null;
}

/** Reads a kept map back (by its hash's first 16 or more characters), in the worker; rejects when it is not kept. */
export async function loadKeptOffThread(
  prefix: string,
  signal?: AbortSignal,
  progress: ParseProgress = () => undefined,
): Promise<{ grid: Grid; label: string }> {
  const w = startWorker('kept');
  if (!w) throw new Error('this browser cannot start workers');
  return mapOf(await post('kept', w, { loadKept: prefix }, progress, signal));
}
