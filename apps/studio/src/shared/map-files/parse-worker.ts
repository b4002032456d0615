// The studio's map-file worker: reads dropped and picked files off the main thread (parse-map-file.ts), makes
// generated and Big maps, and keeps maps in (and reads them back from) this browser's IndexedDB (map-store.ts);
// it sends back grids on shared memory (or their buffers), scenario rows, or saved fields. Started by
// map-file-loader.ts.
import { Grid, generateMap, sharedMemoryAvailable } from '@fieldmarshal/core';
import { type BigMapSettings, makeBigMap } from '../../sectors/model/big-map.js';
import type { GeneratedMapSettings } from '../generated-map.js';
import { type KeptMapInfo, keepMap, loadKeptMap } from './map-store.js';
import { type ParsedFile, type ParseRequest, parseMapFile } from './parse-map-file.js';

/** Messages from the worker. */
export type ParseAnswer =
  | { id: number; type: 'progress'; stage: string; fraction: number | null }
  | { id: number; type: 'done'; result: WireResult }
  | { id: number; type: 'error'; name: string; message: string; line: number | null; column: number | null };

/** A parsed file as sent between threads: grids as their buffers. */
export type WireResult =
  | { kind: 'map'; buffer: ArrayBufferLike; label?: string }
  | { kind: 'scen'; rows: Extract<ParsedFile, { kind: 'scen' }>['rows'] }
  | { kind: 'field'; buffer: ArrayBufferLike; data: Extract<ParsedFile, { kind: 'field' }>['data'] }
  | { kind: 'kept'; info: KeptMapInfo | null };

/**
 * A request: a file to read, a map to generate, a Big map to make, a map to keep in this browser (its grid's
 * buffer), or a kept map to read back (by its hash's first characters).
 */
export type ParseMessage =
  | { id: number; request: ParseRequest }
  | { id: number; generate: GeneratedMapSettings }
  | { id: number; big: BigMapSettings; base: string }
  | { id: number; keep: { buffer: ArrayBufferLike; name: string } }
  | { id: number; loadKept: string };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ParseMessage>) => void) | null;
  postMessage(message: ParseAnswer, transfer?: Transferable[]): void;
};

/** Answers one request (a map, a file's contents, or what was kept). */
async function answer(m: ParseMessage, id: number): Promise<WireResult> {
  const progress = (stage: string, fraction: number | null) =>
    scope.postMessage({ id, type: 'progress', stage, fraction });
  if ('keep' in m) {
    const grid = Grid.from(m.keep.buffer);
    return { kind: 'kept', info: await keepMap(grid, m.keep.name) };
  }
  if ('loadKept' in m) {
    progress('reading the kept map', null);
    const kept = await loadKeptMap(m.loadKept);
    if (!kept)
      throw new Error(
        'the map is not kept in this browser (forgotten, or opened in another browser): open its file again',
      );
    const { data, info } = kept;
    const grid = Grid.create(data.width, data.height, {
      terrain: data.terrain !== null,
      shared: sharedMemoryAvailable,
    });
    grid.passable.set(data.passable);
    if (grid.terrain && data.terrain) grid.terrain.set(data.terrain);
    return { kind: 'map', buffer: grid.buffer, label: info.name };
  }
  if ('big' in m) {
    const made = await makeBigMap(m.big, undefined, progress, m.base);
    return { kind: 'map', buffer: made.grid.buffer, label: made.label };
  }
  const result: ParsedFile =
    'generate' in m
      ? {
          kind: 'map',
          grid: generateMap(m.generate.generator, m.generate.width, m.generate.height, {
            seed: m.generate.seed,
            density: m.generate.density,
          }),
        }
      : await parseMapFile(m.request, progress);
  return result.kind === 'scen'
    ? result
    : result.kind === 'map'
      ? { kind: 'map', buffer: result.grid.buffer }
      : { kind: 'field', buffer: result.grid.buffer, data: result.data };
}

scope.onmessage = async (e) => {
  const { id } = e.data;
  try {
    const wire = await answer(e.data, id);
    const transfer = 'buffer' in wire && wire.buffer instanceof ArrayBuffer ? [wire.buffer] : [];
    scope.postMessage({ id, type: 'done', result: wire }, transfer);
  } catch (error) {
    const err = error as { name?: string; message?: string; line?: number; column?: number };
    scope.postMessage({
      id,
      type: 'error',
      name: err.name ?? 'Error',
      message: err.message ?? String(error),
      line: typeof err.line === 'number' ? err.line : null,
      column: typeof err.column === 'number' ? err.column : null,
    });
  }
};
