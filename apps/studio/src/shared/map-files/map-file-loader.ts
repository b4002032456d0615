import { Grid, generateMap } from '@fieldmarshal/core';
import type { GeneratedMapSettings } from '../generated-map.js';
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

let worker: Worker | null = null;
let nextId = 1;
const jobs = new Map<
  number,
  { progress: ParseProgress; resolve: (r: ParsedFile) => void; reject: (e: Error) => void }
>();

function fromWire(result: WireResult): ParsedFile {
  if (result.kind === 'scen') return result;
  if (result.kind === 'map') return { kind: 'map', grid: Grid.from(result.buffer) };
  return { kind: 'field', grid: Grid.from(result.buffer), data: result.data };
}

function startWorker(): Worker | null {
  if (worker || typeof Worker !== 'function') return worker;
  try {
    worker = new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module' });
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
      if (a.type === 'done') job.resolve(fromWire(a.result));
      else job.reject(new MapFileError(a.message, a.line, a.column));
    }
  };
  return worker;
}

/** Sends a request to the worker; on abort the worker is ended (a parser cannot stop half-way). */
function post(
  w: Worker,
  message: Omit<ParseMessage, 'id'>,
  progress: ParseProgress,
  signal?: AbortSignal,
): Promise<ParsedFile> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    jobs.set(id, { progress, resolve, reject });
    signal?.addEventListener(
      'abort',
      () => {
        if (!jobs.has(id)) return;
        w.terminate();
        if (worker === w) worker = null;
        for (const [other, job] of [...jobs]) {
          jobs.delete(other);
          job.reject(new DOMException('cancelled', 'AbortError'));
        }
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
export function loadMapFile(request: ParseRequest, progress: ParseProgress, signal?: AbortSignal): Promise<ParsedFile> {
  const w = startWorker();
  if (!w) {
    return parseMapFile(request, progress).catch((error: unknown) => {
      const e = error as { message?: string; line?: number; column?: number };
      throw new MapFileError(e.message ?? String(error), e.line ?? null, e.column ?? null);
    });
  }
  return post(w, { request }, progress, signal);
}

/** Generates a map in the parse worker (a 2048 x 2048 map takes a good part of a second), or here without one. */
export async function generateOffThread(settings: GeneratedMapSettings, signal?: AbortSignal): Promise<Grid> {
  const w = startWorker();
  const { generator, width, height, seed, density } = settings;
  if (!w) return generateMap(generator, width, height, { seed, density });
  const parsed = await post(w, { generate: settings }, () => undefined, signal);
  if (parsed.kind !== 'map') throw new Error('the worker did not answer with a map');
  return parsed.grid;
}
