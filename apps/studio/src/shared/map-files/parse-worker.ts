// The studio's map-file worker: reads dropped and picked files off the main thread (parse-map-file.ts) and
// sends back grids on shared memory (or their buffers), scenario rows, or saved fields. Started by
// map-file-loader.ts.
import { generateMap } from '@fieldmarshal/core';
import type { GeneratedMapSettings } from '../generated-map.js';
import { type ParsedFile, type ParseRequest, parseMapFile } from './parse-map-file.js';

/** Messages from the worker. */
export type ParseAnswer =
  | { id: number; type: 'progress'; stage: string; fraction: number | null }
  | { id: number; type: 'done'; result: WireResult }
  | { id: number; type: 'error'; name: string; message: string; line: number | null; column: number | null };

/** A parsed file as sent between threads: grids as their buffers. */
export type WireResult =
  | { kind: 'map'; buffer: ArrayBufferLike }
  | { kind: 'scen'; rows: Extract<ParsedFile, { kind: 'scen' }>['rows'] }
  | { kind: 'field'; buffer: ArrayBufferLike; data: Extract<ParsedFile, { kind: 'field' }>['data'] };

/** A request: a file to read, or a map to generate (big ones take a while). */
export type ParseMessage = { id: number; request: ParseRequest } | { id: number; generate: GeneratedMapSettings };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ParseMessage>) => void) | null;
  postMessage(message: ParseAnswer, transfer?: Transferable[]): void;
};

scope.onmessage = async (e) => {
  const { id } = e.data;
  try {
    const result: ParsedFile =
      'generate' in e.data
        ? {
            kind: 'map',
            grid: generateMap(e.data.generate.generator, e.data.generate.width, e.data.generate.height, {
              seed: e.data.generate.seed,
              density: e.data.generate.density,
            }),
          }
        : await parseMapFile(e.data.request, (stage, fraction) =>
            scope.postMessage({ id, type: 'progress', stage, fraction }),
          );
    const wire: WireResult =
      result.kind === 'scen'
        ? result
        : result.kind === 'map'
          ? { kind: 'map', buffer: result.grid.buffer }
          : { kind: 'field', buffer: result.grid.buffer, data: result.data };
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
