/**
 * Typed-array helpers of the job contract: the element kinds a job allocates, argument paths, and whether an
 * array lives on shared memory.
 */
import type { ArgPath, ArrayKind, ExecutionMode } from './job-spec.js';

/** A typed array of one of the {@link ArrayKind}s. */
export type KindArray =
  | Uint8Array
  | Int8Array
  | Uint16Array
  | Int16Array
  | Uint32Array
  | Int32Array
  | Float32Array
  | Float64Array;

type KindConstructor = {
  new (buffer: ArrayBufferLike, byteOffset?: number, length?: number): KindArray;
  readonly BYTES_PER_ELEMENT: number;
};

const CONSTRUCTORS: Record<ArrayKind, KindConstructor> = {
  u8: Uint8Array,
  i8: Int8Array,
  u16: Uint16Array,
  i16: Int16Array,
  u32: Uint32Array,
  i32: Int32Array,
  f32: Float32Array,
  f64: Float64Array,
};

/** The kind of each typed array constructor's instances, by constructor name (Uint8ClampedArray reads as u8). */
const KINDS: Record<string, ArrayKind> = {
  Uint8Array: 'u8',
  Uint8ClampedArray: 'u8',
  Int8Array: 'i8',
  Uint16Array: 'u16',
  Int16Array: 'i16',
  Uint32Array: 'u32',
  Int32Array: 'i32',
  Float32Array: 'f32',
  Float64Array: 'f64',
};

/** True for a kind name. */
export function isArrayKind(value: unknown): value is ArrayKind {
  return typeof value === 'string' && Object.hasOwn(CONSTRUCTORS, value);
}

/** Bytes per element of `kind`. */
export function bytesPerElement(kind: ArrayKind): number {
  return CONSTRUCTORS[kind].BYTES_PER_ELEMENT;
}

/** A typed array of `kind` over `buffer` (a whole buffer when `length` is omitted). */
export function viewOf(kind: ArrayKind, buffer: ArrayBufferLike, byteOffset = 0, length?: number): KindArray {
  const C = CONSTRUCTORS[kind];
  return length === undefined ? new C(buffer, byteOffset) : new C(buffer, byteOffset, length);
}

/** The kind of a typed array made by this realm or another (by its internal class name), or null. */
export function kindOf(array: unknown): ArrayKind | null {
  if (!ArrayBuffer.isView(array) || array instanceof DataView) return null;
  const tag = Object.prototype.toString.call(array).slice(8, -1);
  return KINDS[tag] ?? null;
}

/** True for a SharedArrayBuffer (false where the constructor does not exist). */
export function isSharedBuffer(buffer: unknown): buffer is SharedArrayBuffer {
  return typeof SharedArrayBuffer === 'function' && buffer instanceof SharedArrayBuffer;
}

/** A buffer of `bytes`: shared memory when `shared`, else an ordinary ArrayBuffer. */
export function newBuffer(bytes: number, shared: boolean): ArrayBufferLike {
  return shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
}

/** Whether a runner of `mode` wants its state arrays on shared memory (only `shared` can share them). */
export function sharesMemory(mode: ExecutionMode): boolean {
  return mode === 'shared';
}

/** The value at `path` in `args` (own properties only), or undefined. */
export function atPath(args: unknown, path: ArgPath): unknown {
  let value = args;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A copy of `args` (and of the plain objects along `path`) with `value` at `path`. */
export function withAtPath(args: Record<string, unknown>, path: ArgPath, value: unknown): Record<string, unknown> {
  const [key, ...rest] = path as [string, ...string[]];
  const copy = { ...args };
  copy[key] = rest.length === 0 ? value : withAtPath((args[key] ?? {}) as Record<string, unknown>, rest, value);
  return copy;
}
