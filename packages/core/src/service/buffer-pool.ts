import { MemoryLimitError } from '../errors.js';
import { newBuffer } from '../util/allocate.js';

/**
 * Recycles buffers of the same byte length (field outputs), so repeated jobs on the same map allocate nothing.
 * A buffer is given back only when no thread can still write into it.
 */
export class BufferPool {
  private readonly free = new Map<number, ArrayBufferLike[]>();
  private pooledBytes = 0;

  /**
   * @param maxBytes Most bytes kept for reuse; buffers given back beyond it are left to the GC.
   * @param shared Make SharedArrayBuffers (workers) or ordinary ArrayBuffers (the main-thread fallback).
   */
  constructor(
    readonly maxBytes: number,
    readonly shared: boolean,
  ) {}

  /** A buffer of exactly `byteLength` bytes: a recycled one (contents undefined) or a new zeroed one. */
  take(byteLength: number): ArrayBufferLike {
    const list = this.free.get(byteLength);
    const buffer = list?.pop();
    if (buffer) {
      this.pooledBytes -= byteLength;
      return buffer;
    }
    return newBuffer('a job output buffer', byteLength, this.shared);
  }

  /** Gives a buffer back for reuse. The caller guarantees nobody reads or writes it any more. */
  give(buffer: ArrayBufferLike): void {
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

/**
 * The output memory of a service: the pool of reusable buffers, the buffers of running jobs, and those handed
 * out with fields and flows, with the cap `maxFieldBytes` on the last two together. A handed-out buffer counts
 * until it is released, or until the garbage collector reclaims it (seen through a FinalizationRegistry).
 */
export class OutputBuffers {
  readonly pool: BufferPool;
  /** Bytes of output buffers held by running jobs. */
  jobBytes = 0;
  /** Bytes of buffers handed out with fields and flows, neither released nor collected. */
  issuedBytes = 0;
  /** Buffers handed out that `release` may take back. */
  private readonly issued = new WeakSet<ArrayBufferLike>();
  /** Buffers counted in `issuedBytes`, with the bytes counted (a buffer moved to a worker reads 0 bytes after). */
  private readonly counted = new WeakMap<ArrayBufferLike, number>();
  private readonly collected = new FinalizationRegistry<number>((bytes) => {
    this.issuedBytes -= bytes;
  });

  constructor(
    maxPooledBytes: number,
    /** Most bytes `jobBytes + issuedBytes` may reach. */
    readonly maxFieldBytes: number,
    shared: boolean,
  ) {
    this.pool = new BufferPool(maxPooledBytes, shared);
  }

  /** Counts `bytes` for a job about to run. @throws MemoryLimitError past `maxFieldBytes`. */
  reserve(job: string, bytes: number): void {
    const held = this.jobBytes + this.issuedBytes;
    if (held + bytes > this.maxFieldBytes) throw new MemoryLimitError(job, bytes, held, this.maxFieldBytes);
    this.jobBytes += bytes;
  }

  /** A job that reserved `bytes` settled. */
  unreserve(bytes: number): void {
    this.jobBytes -= bytes;
  }

  /** A buffer of `byteLength` bytes for a job's output (from the pool, or new). */
  take(byteLength: number): ArrayBufferLike {
    return this.pool.take(byteLength);
  }

  /** A failed job's buffer that no thread can write any more: back to the pool. */
  recycle(buffer: ArrayBufferLike): void {
    this.pool.give(buffer);
  }

  /** Hands buffers out with a result: counted until released or collected. */
  issue(buffers: readonly ArrayBufferLike[]): void {
    for (const b of buffers) {
      this.issued.add(b);
      if (this.counted.has(b)) continue;
      this.counted.set(b, b.byteLength);
      this.issuedBytes += b.byteLength;
      this.collected.register(b, b.byteLength, b);
    }
  }

  /** True when `buffer` was handed out by this service and not released since. */
  owns(buffer: unknown): boolean {
    return typeof buffer === 'object' && buffer !== null && this.issued.has(buffer as ArrayBufferLike);
  }

  /** A crashed worker may still write `buffer`: `release` must not pool it (it stays counted until collected). */
  forget(buffer: ArrayBufferLike): void {
    this.issued.delete(buffer);
  }

  /** `buffer` was moved away (to a worker, which sent its memory back in another buffer): no longer counted. */
  retire(buffer: ArrayBufferLike): void {
    this.issued.delete(buffer);
    const bytes = this.counted.get(buffer);
    if (bytes === undefined) return;
    this.counted.delete(buffer);
    this.collected.unregister(buffer);
    this.issuedBytes -= bytes;
  }

  /** Takes back buffers the caller released (all owned, checked by the caller) into the pool. */
  giveBack(buffers: readonly ArrayBufferLike[]): void {
    for (const b of buffers) {
      this.issued.delete(b);
      const bytes = this.counted.get(b);
      if (bytes !== undefined) {
        this.counted.delete(b);
        this.collected.unregister(b);
        this.issuedBytes -= bytes;
      }
      // A buffer moved to a worker for good (detached) holds nothing to reuse.
      if (b.byteLength > 0) this.pool.give(b);
    }
  }

  /** Drops every pooled buffer (the service closed). */
  clear(): void {
    this.pool.clear();
  }
}
