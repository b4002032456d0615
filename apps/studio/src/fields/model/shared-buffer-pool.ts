/**
 * Recycles the SharedArrayBuffers the worker engine writes scent, flee and safety maps into, by byte length,
 * so recomputing while painting walls allocates nothing (a flee map at 2048x2048 needs 2 x 16 MiB, a safety map
 * 40 MiB). Core keeps its own pool for cost fields (`service.release`); it is not public, hence this one.
 */
export interface SharedBufferPool {
  /** A buffer of exactly `byteLength` bytes: a recycled one (old contents; kernels overwrite every entry) or a new one. */
  take(byteLength: number): SharedArrayBuffer;
  /** Gives a buffer back. The caller guarantees no thread reads or writes it any more. */
  give(buffer: SharedArrayBuffer): void;
  /** Bytes currently kept for reuse. */
  readonly bytes: number;
}

/** Default most bytes a {@link createSharedBufferPool} keeps: 128 MiB (a few 2048x2048 results). */
export const DEFAULT_POOL_BYTES = 128 * 1024 * 1024;

/** Creates a pool keeping at most `maxBytes` (default {@link DEFAULT_POOL_BYTES}); extra buffers go to the GC. */
export function createSharedBufferPool(maxBytes = DEFAULT_POOL_BYTES): SharedBufferPool {
  const free = new Map<number, SharedArrayBuffer[]>();
  const given = new WeakSet<SharedArrayBuffer>();
  let bytes = 0;
  return {
    take(byteLength) {
      const buffer = free.get(byteLength)?.pop();
      if (!buffer) return new SharedArrayBuffer(byteLength);
      given.delete(buffer);
      bytes -= byteLength;
      return buffer;
    },
    give(buffer) {
      // Ignore a second give of the same buffer (it would be handed out twice).
      if (given.has(buffer) || bytes + buffer.byteLength > maxBytes) return;
      given.add(buffer);
      let list = free.get(buffer.byteLength);
      if (!list) {
        list = [];
        free.set(buffer.byteLength, list);
      }
      list.push(buffer);
      bytes += buffer.byteLength;
    },
    get bytes() {
      return bytes;
    },
  };
}
