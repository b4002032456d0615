import type { KeyHeap } from '../../util/key-heap.js';

/** Fewest buckets of the circular window. */
const MIN_WINDOW = 64;
/** Most buckets per seed: seeds farther apart than that wait in the overflow heap. */
const WINDOW_PER_SEED = 4;

/**
 * The repair's priority queue when every step costs at least 1 (every metric on a valid grid: terrain costs are
 * >= 1): Dial's algorithm (R. B. Dial, "Algorithm 360: shortest-path forest with topological ordering"), unit-wide
 * buckets by `floor(key)`. A tile taken from bucket K costs less than K + 1 and every step from it costs at least
 * 1, so nothing taken later can make it cheaper: tiles of one bucket are taken in any order (newest first here),
 * with no comparisons. The buckets form a circular window of keys from the current one, a power of two wide and
 * wide enough for the seeds' keys (at most {@link WINDOW_PER_SEED} buckets per seed, at least {@link MIN_WINDOW});
 * an entry farther away (a seed far from the others, or a step over costly terrain) waits in the overflow heap
 * and moves to its bucket when the window reaches it. When the window is empty the queue jumps to the overflow's lowest key.
 *
 * Entries (key, tile, next) live in one pool, linked into their bucket's stack; taken entries are reused first
 * (still in cache). Stale entries are left in and skipped by the caller, as with the heap.
 *
 * Correct for any keys (an entry whose key is not past the current bucket goes into the current one, and the
 * caller settles a tile again when it improves); in order, hence each tile settled once, when steps cost >= 1.
 * Allocates nothing once warm. One per thread.
 */
export class BucketQueue {
  private head = new Int32Array(MIN_WINDOW);
  /** Buckets in the window minus 1 (the window is a power of two wide). */
  private mask = MIN_WINDOW - 1;
  private key = new Float64Array(0);
  private tile = new Int32Array(0);
  private next = new Int32Array(0);
  /** Pool entries ever used in this run, and the first free one (-1: none). */
  private used = 0;
  private free = -1;
  /** Entries in the buckets (not counting the overflow). */
  private count = 0;
  /** The current bucket's key and its slot. */
  private current = 0;
  private slot = 0;
  /** Lowest and highest keys among the seeds given to {@link seed}. */
  private lowest = Number.POSITIVE_INFINITY;
  private highest = Number.NEGATIVE_INFINITY;
  /** Key of the entry {@link pop} returned last. */
  lastKey = 0;

  constructor(private readonly overflow: KeyHeap) {
    this.resize(256);
  }

  /** Empties the queue for a new run (the overflow heap too). */
  clear(): void {
    this.used = 0;
    this.free = -1;
    this.count = 0;
    this.lowest = Number.POSITIVE_INFINITY;
    this.highest = Number.NEGATIVE_INFINITY;
    this.overflow.size = 0;
  }

  /** Adds a seed before {@link start}: entries are placed once the lowest key is known. */
  seed(c: number, tile: number): void {
    const e = this.take();
    this.key[e] = c;
    this.tile[e] = tile;
    if (c < this.lowest) this.lowest = c;
    if (c > this.highest) this.highest = c;
  }

  /** Sizes the window and places the seeds, the window starting at the lowest one. */
  start(): void {
    const seeds = this.used;
    const first = Math.floor(this.lowest);
    this.current = Number.isFinite(first) ? first : 0;
    // Wide enough for every seed (and the steps from the highest) unless they are too far apart.
    const span = Math.min(Math.floor(this.highest) - this.current + 2, WINDOW_PER_SEED * seeds);
    let window = MIN_WINDOW;
    while (window < span) window *= 2;
    if (this.head.length < window) this.head = new Int32Array(window);
    this.head.fill(-1, 0, window);
    this.mask = window - 1;
    this.slot = this.current & this.mask;
    for (let e = 0; e < seeds; e++) this.place(e, this.key[e] as number);
  }

  /** Adds `tile` with key `c` while the queue runs. */
  push(c: number, tile: number): void {
    const e = this.take();
    this.key[e] = c;
    this.tile[e] = tile;
    this.place(e, c);
  }

  /** Removes an entry of the lowest bucket and returns its tile ({@link lastKey} its key), or -1 when empty. */
  pop(): number {
    const { head, next } = this;
    for (;;) {
      const e = head[this.slot] as number;
      if (e >= 0) {
        head[this.slot] = next[e] as number;
        next[e] = this.free;
        this.free = e;
        this.count--;
        this.lastKey = this.key[e] as number;
        return this.tile[e] as number;
      }
      const overflow = this.overflow;
      if (this.count === 0) {
        if (overflow.size === 0) return -1;
        this.current = Math.floor(overflow.peekKey());
        this.slot = this.current & this.mask;
      } else {
        this.current++;
        this.slot = (this.slot + 1) & this.mask;
      }
      // Entries of the overflow whose bucket the window now holds come back (none is below the current key).
      while (overflow.size > 0 && overflow.peekKey() < this.current + 1) {
        const c = overflow.peekKey();
        this.push(c, overflow.pop());
      }
    }
  }

  /** Links entry `e` (key `c`) into its bucket, or moves it to the overflow when the window does not reach it. */
  private place(e: number, c: number): void {
    const ahead = Math.floor(c) - this.current;
    if (!(ahead <= this.mask)) {
      this.overflow.push(c, this.tile[e] as number);
      this.next[e] = this.free;
      this.free = e;
      return;
    }
    // A key at or below the current bucket (a step under 1) joins the current bucket.
    const b = ahead > 0 ? (this.slot + ahead) & this.mask : this.slot;
    this.next[e] = this.head[b] as number;
    this.head[b] = e;
    this.count++;
  }

  /** A pool entry: a free one, else the next unused one (growing the pool when full). */
  private take(): number {
    const e = this.free;
    if (e >= 0) {
      this.free = this.next[e] as number;
      return e;
    }
    if (this.used === this.key.length) this.resize(2 * this.used);
    return this.used++;
  }

  private resize(capacity: number): void {
    const buffer = new ArrayBuffer(16 * capacity);
    const key = new Float64Array(buffer, 0, capacity);
    const tile = new Int32Array(buffer, 8 * capacity, capacity);
    const next = new Int32Array(buffer, 12 * capacity, capacity);
    key.set(this.key);
    tile.set(this.tile);
    next.set(this.next);
    this.key = key;
    this.tile = tile;
    this.next = next;
  }
}
