import { Grid, MapParseError, parseAsciiMap, parseMovingAiMap, sharedMemoryAvailable } from '@fieldmarshal/core';
import { type AsciiLegend, toCoreLegend } from './ascii-legend.js';
import { decodeBinary, decodeJson, type FieldFileData, isBinaryFieldFile } from './field-file.js';
import { type ImageMapOptions, imageToGrid } from './image-map.js';
import { parseScenario, type ScenarioRow } from './scenario.js';

/** What a dropped or picked file is read as (by its name). */
export type MapFileKind = 'movingai' | 'scen' | 'ascii' | 'image' | 'field';

/** The kind of a file by its name: `.map` Moving AI, `.scen` scenarios, images, field files, else ASCII. */
export function mapFileKind(name: string): MapFileKind {
  const lower = name.toLowerCase();
  if (lower.endsWith('.scen')) return 'scen';
  if (lower.endsWith('.map')) return 'movingai';
  if (/\.(png|gif|bmp|webp|jpe?g)$/.test(lower)) return 'image';
  if (lower.endsWith('.fmfield') || lower.endsWith('.json')) return 'field';
  return 'ascii';
}

/** The file-picker filter of every kind. */
export const MAP_FILE_ACCEPT = '.map,.scen,.txt,.ascii,.png,.gif,.bmp,.webp,.jpg,.jpeg,.json,.fmfield';

/** A request to read one file. */
export interface ParseRequest {
  kind: MapFileKind;
  file: Blob & { name?: string };
  /** ASCII maps: each character's code and terrain. Default: `#` wall, `.` ground. */
  legend?: AsciiLegend;
  /** Images: threshold or colour legend. */
  image?: ImageMapOptions;
}

/** What reading a file gives: a map, scenario rows, or a saved field with its map. */
export type ParsedFile =
  | { kind: 'map'; grid: Grid }
  | { kind: 'scen'; rows: ScenarioRow[] }
  | { kind: 'field'; grid: Grid; data: Omit<FieldFileData, 'passable' | 'terrain'> };

/** Progress: a stage name and the fraction done (null while unknown). */
export type ParseProgress = (stage: string, fraction: number | null) => void;

/** Reads a file's text, reporting the bytes read. */
async function readText(file: Blob, progress: ParseProgress): Promise<string> {
  const size = file.size || 1;
  if (typeof file.stream !== 'function') return file.text();
  const reader = file.stream().getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let read = 0;
  let last = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    parts.push(decoder.decode(value, { stream: true }));
    if (read - last > size / 50) {
      last = read;
      progress('reading', read / size);
    }
  }
  parts.push(decoder.decode());
  return parts.join('');
}

async function readBytes(file: Blob, progress: ParseProgress): Promise<Uint8Array> {
  progress('reading', null);
  return new Uint8Array(await file.arrayBuffer());
}

/** A grid (shared when possible) holding a field file's map. */
function gridOf(data: FieldFileData): Grid {
  const grid = Grid.create(data.width, data.height, { terrain: data.terrain !== null, shared: sharedMemoryAvailable });
  grid.passable.set(data.passable);
  if (grid.terrain && data.terrain) grid.terrain.set(data.terrain);
  return grid;
}

/** On shared memory when available, so workers (heatmap, field service) read it without copies. */
function shareArray<T extends Float64Array | Int32Array | Uint8Array>(a: T): T {
  if (!sharedMemoryAvailable) return a;
  const copy = new (a.constructor as new (b: SharedArrayBuffer) => T)(new SharedArrayBuffer(a.byteLength));
  copy.set(a as never);
  return copy;
}

/**
 * Reads one file (in the studio's parse worker, or on the main thread without workers) with core's parsers,
 * which throw MapParseError with the line and column of the first problem.
 */
export async function parseMapFile(request: ParseRequest, progress: ParseProgress): Promise<ParsedFile> {
  const { kind, file } = request;
  if (kind === 'image') {
    progress('decoding the image', null);
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(file);
    } catch {
      throw new MapParseError('the image cannot be decoded (a PNG, GIF, BMP, WebP or JPEG is expected)', 1, 1);
    }
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('2D canvas is not available');
    ctx.drawImage(bitmap, 0, 0);
    const { width, height } = bitmap;
    bitmap.close();
    const pixels = ctx.getImageData(0, 0, width, height).data;
    progress('classifying pixels', 0);
    const grid = imageToGrid(
      pixels,
      width,
      height,
      request.image ?? { mode: 'threshold', threshold: 128, invert: false },
      sharedMemoryAvailable,
      (rows) => progress('classifying pixels', rows / height),
    );
    return { kind: 'map', grid };
  }
  if (kind === 'field') {
    const bytes = await readBytes(file, progress);
    progress('reading the field', null);
    const data = isBinaryFieldFile(bytes) ? decodeBinary(bytes) : decodeJson(new TextDecoder().decode(bytes));
    const grid = gridOf(data);
    const values = data.values
      ? data.values.kind === 'float'
        ? { kind: 'float' as const, values: shareArray(data.values.values) }
        : { kind: 'scent' as const, values: shareArray(data.values.values) }
      : null;
    const { passable: _p, terrain: _t, ...rest } = data;
    return { kind: 'field', grid, data: { ...rest, values, dir: data.dir ? shareArray(data.dir) : null } };
  }
  const text = await readText(file, progress);
  progress('parsing', null);
  if (kind === 'scen') return { kind: 'scen', rows: parseScenario(text) };
  if (kind === 'movingai') return { kind: 'map', grid: parseMovingAiMap(text) };
  return { kind: 'map', grid: parseAsciiMap(text, request.legend ? toCoreLegend(request.legend) : undefined) };
}
