import { MapParseError } from '@fieldmarshal/core';

/**
 * A field saved by the studio (and opened again): the map, the field's values and directions, and what
 * computed them. Two encodings:
 *
 * JSON (small maps, up to {@link JSON_MAX_TILES} tiles), `*.field.json`:
 * `{ "format": "fieldmarshal-field", "version": 1, "width", "height", "label", "mode", "params", "points",
 * "map": [rows of "." ground, "@" wall, "W" water], "terrain": [costs] | null, "valueKind": "float" | "scent"
 * | null, "values": [numbers, null for no value] | null, "dir": [0-7, 255 none] | null }`.
 *
 * Binary (any size), `*.fmfield`, little-endian, every section starting on a multiple of 8 bytes:
 * ```
 * offset  size  what
 * 0       4     magic "FMFD"
 * 4       4     u32 format version (1)
 * 8       4     u32 width
 * 12      4     u32 height
 * 16      1     u8 value kind: 0 none, 1 float64 (cost fields, safety maps), 2 int32 (scent and flee maps)
 * 17      1     u8 flags: bit 0 a terrain layer follows, bit 1 a direction field follows
 * 18      2     reserved, 0
 * 20      4     u32 length L of the metadata
 * 24      8     reserved, 0
 * 32      L     metadata: UTF-8 JSON { label, mode, params, points }, then zeros to a multiple of 8
 * ...     n     passability per tile (0 wall, 1 ground, 2 water), rows top first; padded
 * ...     4n    terrain costs, float32 (flag bit 0); padded
 * ...     8n/4n values, float64 or int32 by the value kind (non-finite floats: no value); padded
 * ...     n     directions, 0-7 into the DIRECTIONS table, 255 none (flag bit 1)
 * ```
 */
export interface FieldFileData {
  width: number;
  height: number;
  label: string;
  mode: string;
  params: Record<string, unknown>;
  points: { x: number; y: number }[];
  passable: Uint8Array;
  terrain: Float32Array | null;
  values: { kind: 'float'; values: Float64Array } | { kind: 'scent'; values: Int32Array } | null;
  dir: Uint8Array | null;
}

/** Largest map saved as JSON (256 x 256); larger ones are saved in the binary form. */
export const JSON_MAX_TILES = 65_536;
const MAGIC = 0x44464d46; // "FMFD" read as a little-endian u32
const HEADER = 32;

const pad8 = (n: number) => (n + 7) & ~7;

/** The file for `data`: JSON text for small maps, the binary form otherwise. */
export function encodeFieldFile(data: FieldFileData): { bytes: Uint8Array | string; extension: string; type: string } {
  if (data.width * data.height <= JSON_MAX_TILES)
    return { bytes: encodeJson(data), extension: '.field.json', type: 'application/json' };
  return { bytes: encodeBinary(data), extension: '.fmfield', type: 'application/octet-stream' };
}

function meta(data: FieldFileData) {
  return { label: data.label, mode: data.mode, params: jsonSafe(data.params), points: data.points };
}

/** Infinity and NaN as null (JSON has neither). */
function jsonSafe(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) out[k] = typeof v === 'number' && !Number.isFinite(v) ? null : v;
  return out;
}

export function encodeJson(data: FieldFileData): string {
  const { width, height } = data;
  const rows: string[] = [];
  const chars = ['@', '.', 'W'];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) row += chars[data.passable[y * width + x] as number] ?? '@';
    rows.push(row);
  }
  const values = data.values ? Array.from(data.values.values, (v) => (Number.isFinite(v) ? v : null)) : null;
  return JSON.stringify({
    format: 'fieldmarshal-field',
    version: 1,
    width,
    height,
    ...meta(data),
    map: rows,
    terrain: data.terrain ? Array.from(data.terrain) : null,
    valueKind: data.values?.kind ?? null,
    values,
    dir: data.dir ? Array.from(data.dir) : null,
  });
}

export function encodeBinary(data: FieldFileData): Uint8Array {
  const n = data.width * data.height;
  const metaBytes = new TextEncoder().encode(JSON.stringify(meta(data)));
  const valueBytes = data.values ? (data.values.kind === 'float' ? 8 : 4) * n : 0;
  const size =
    HEADER +
    pad8(metaBytes.length) +
    pad8(n) +
    (data.terrain ? pad8(4 * n) : 0) +
    pad8(valueBytes) +
    (data.dir ? n : 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, 1, true);
  view.setUint32(8, data.width, true);
  view.setUint32(12, data.height, true);
  view.setUint8(16, data.values ? (data.values.kind === 'float' ? 1 : 2) : 0);
  view.setUint8(17, (data.terrain ? 1 : 0) | (data.dir ? 2 : 0));
  view.setUint32(20, metaBytes.length, true);
  let at = HEADER;
  out.set(metaBytes, at);
  at += pad8(metaBytes.length);
  out.set(data.passable.subarray(0, n), at);
  at += pad8(n);
  if (data.terrain) {
    new Float32Array(out.buffer, at, n).set(data.terrain.subarray(0, n));
    at += pad8(4 * n);
  }
  if (data.values) {
    if (data.values.kind === 'float') new Float64Array(out.buffer, at, n).set(data.values.values.subarray(0, n));
    else new Int32Array(out.buffer, at, n).set(data.values.values.subarray(0, n));
    at += pad8(valueBytes);
  }
  if (data.dir) out.set(data.dir.subarray(0, n), at);
  return out;
}

/** True when `bytes` start like a binary field file. */
export function isBinaryFieldFile(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true) === MAGIC;
}

/**
 * Reads a binary field file (typed arrays are copies, little-endian as written).
 * @throws MapParseError (line 1, column = byte offset + 1) when the header or the sizes do not fit.
 */
export function decodeBinary(bytes: Uint8Array): FieldFileData {
  const fail = (message: string, offset: number): never => {
    throw new MapParseError(`${message} (byte ${offset})`, 1, offset + 1);
  };
  if (!isBinaryFieldFile(bytes)) fail('not a field file: it does not start with "FMFD"', 0);
  if (bytes.length < HEADER) fail('the header is cut short', bytes.length);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(4, true) !== 1) fail(`unknown format version ${view.getUint32(4, true)}`, 4);
  const width = view.getUint32(8, true);
  const height = view.getUint32(12, true);
  if (width < 1 || height < 1 || width * height > 1 << 26) fail(`bad size ${width}x${height}`, 8);
  const kind = view.getUint8(16);
  if (kind > 2) fail(`unknown value kind ${kind}`, 16);
  const flags = view.getUint8(17);
  const metaLength = view.getUint32(20, true);
  const n = width * height;
  let at = HEADER;
  const need = (bytesNeeded: number) => {
    if (at + bytesNeeded > bytes.length) fail(`the file ends early: ${bytesNeeded} more bytes expected`, at);
  };
  need(metaLength);
  let m: { label?: string; mode?: string; params?: Record<string, unknown>; points?: { x: number; y: number }[] };
  try {
    m = JSON.parse(new TextDecoder().decode(bytes.subarray(at, at + metaLength)));
  } catch {
    return fail('the metadata is not JSON', at);
  }
  at += pad8(metaLength);
  need(n);
  const passable = bytes.slice(at, at + n);
  at += pad8(n);
  let terrain: Float32Array | null = null;
  if (flags & 1) {
    need(4 * n);
    terrain = new Float32Array(bytes.slice(at, at + 4 * n).buffer);
    at += pad8(4 * n);
  }
  let values: FieldFileData['values'] = null;
  if (kind !== 0) {
    const size = (kind === 1 ? 8 : 4) * n;
    need(size);
    const copy = bytes.slice(at, at + size).buffer;
    values =
      kind === 1 ? { kind: 'float', values: new Float64Array(copy) } : { kind: 'scent', values: new Int32Array(copy) };
    at += pad8(size);
  }
  let dir: Uint8Array | null = null;
  if (flags & 2) {
    need(n);
    dir = bytes.slice(at, at + n);
  }
  return {
    width,
    height,
    label: String(m.label ?? ''),
    mode: String(m.mode ?? 'cost'),
    params: m.params ?? {},
    points: Array.isArray(m.points) ? m.points : [],
    passable,
    terrain,
    values,
    dir,
  };
}

/**
 * Reads a JSON field file.
 * @throws MapParseError naming the line and column of bad JSON, or the field that is wrong (line 1).
 */
export function decodeJson(text: string): FieldFileData {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(text);
  } catch (error) {
    const at = /position (\d+)/.exec(String((error as Error).message));
    const pos = at ? Number(at[1]) : 0;
    const before = text.slice(0, pos).split('\n');
    throw new MapParseError(`not JSON: ${(error as Error).message}`, before.length, (before.at(-1)?.length ?? 0) + 1);
  }
  const bad = (what: string): never => {
    throw new MapParseError(`not a field file: ${what}`, 1, 1);
  };
  if (o.format !== 'fieldmarshal-field') bad('"format" is not "fieldmarshal-field"');
  if (o.version !== 1) bad(`unknown version ${JSON.stringify(o.version)}`);
  const width = o.width as number;
  const height = o.height as number;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) bad('bad width or height');
  const n = width * height;
  const rows = o.map as unknown;
  if (!Array.isArray(rows) || rows.length !== height) bad(`"map" must have ${height} rows`);
  const passable = new Uint8Array(n);
  (rows as string[]).forEach((row, y) => {
    if (typeof row !== 'string' || row.length !== width) bad(`map row ${y} must have ${width} characters`);
    for (let x = 0; x < width; x++) {
      const c = row[x];
      passable[y * width + x] =
        c === '.' ? 1 : c === 'W' ? 2 : c === '@' ? 0 : bad(`map row ${y} has ${JSON.stringify(c)}`);
    }
  });
  const list = (key: string): unknown[] | null => {
    const v = o[key];
    if (v === null || v === undefined) return null;
    if (!Array.isArray(v) || v.length !== n) bad(`"${key}" must list ${n} entries`);
    return v as unknown[];
  };
  const terrainList = list('terrain');
  const valueList = list('values');
  const dirList = list('dir');
  const kind = o.valueKind === 'scent' ? 'scent' : 'float';
  const values: FieldFileData['values'] = valueList
    ? kind === 'scent'
      ? { kind, values: Int32Array.from(valueList as number[]) }
      : { kind, values: Float64Array.from(valueList, (v) => (v === null ? Number.POSITIVE_INFINITY : Number(v))) }
    : null;
  return {
    width,
    height,
    label: String(o.label ?? ''),
    mode: String(o.mode ?? 'cost'),
    params: (o.params as Record<string, unknown>) ?? {},
    points: Array.isArray(o.points) ? (o.points as { x: number; y: number }[]) : [],
    passable,
    terrain: terrainList ? Float32Array.from(terrainList as number[]) : null,
    values,
    dir: dirList ? Uint8Array.from(dirList as number[]) : null,
  };
}
