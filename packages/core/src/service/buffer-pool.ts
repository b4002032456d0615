/**
 * Recycles SharedArrayBuffers of the same byte length (field outputs, control slots), so repeated jobs on the
 * same map allocate nothing. A buffer is given back only when no thread can still write into it.
 */
export class SharedBufferPool {
  private readonly free = new Map<number, SharedArrayBuffer[]>();
  private pooledBytes = 0;

  /** @param maxBytes Most bytes kept for reuse; buffers given back beyond it are left to the GC. */
  constructor(readonly maxBytes: number) {}

  /** A buffer of exactly `byteLength` bytes: a recycled one (contents undefined) or a new zeroed one. */
  take(byteLength: number): SharedArrayBuffer {
    const list = this.free.get(byteLength);
    const buffer = list?.pop();
    if (buffer) {
      this.pooledBytes -= byteLength;
      return buffer;
    }
    return new SharedArrayBuffer(byteLength);
  }

  /** Gives a buffer back for reuse. The caller guarantees nobody reads or writes it any more. */
  give(buffer: SharedArrayBuffer): void {
    if (this.pooledBytes + buffer.byteLength > this.maxBytes) return;
    let list = this.free.get(buffer.byteLength);
    if (!list) {
      list = [];
      this.free.set(buffer.byteLength, list);
    }
    list.push(buffer);
    this.pooledBytes += buffer.byteLength;
  }

  /** Bytes currently kept for reuse. */
  get bytes(): number {
    return this.pooledBytes;
  }

  /** Drops every pooled buffer. */
  clear(): void {
    this.free.clear();
    this.pooledBytes = 0;
  }
}
