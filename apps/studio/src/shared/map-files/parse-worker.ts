// The studio's map-file worker: reads dropped and picked files off the main thread (parse-map-file.ts) and
// sends back grids on shared memory (or their buffers), scenario rows, or saved fields. Started by
// map-file-loader.ts.
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

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<{ id: number; request: ParseRequest }>) => void) | null;
  postMessage(message: ParseAnswer, transfer?: Transferable[]): void;
};

scope.onmessage = async (e) => {
  const { id, request } = e.data;
  try {
    const result = await parseMapFile(request, (stage, fraction) =>
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
