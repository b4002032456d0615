import type { KeyHeap } from '../../util/key-heap.js';

/** Fewest buckets of the circular window. */
const MIN_WINDOW = 16;
/** Most buckets per entry: entries farther apart than that wait in the overflow heap. */
const WINDOW_PER_ENTRY = 4;
/**
 * Entries up to which the queue is a plain binary heap: a small repair (most one-tile edits) touches a few cache
 * lines of it and little code, which is what counts when caches are cold; past it the entries move to buckets.
 */
const HEAP_ENTRIES = 128;

/** Settings the tests change to take the bucket paths on small maps ({@link HEAP_ENTRIES} by default). */
export const queueTuning = { heapEntries: HEAP_ENTRIES };

/**
 * The repair's priority queue when every step costs at least 1 (every metric on a valid grid: terrain costs are
 * >= 1): Dial's algorithm (R. B. Dial, "Algorithm 360: shortest-path forest with topological ordering"), unit-wide
 * buckets by `floor(key)`. A tile taken from bucket K costs less than K + 1 and every step from it costs at least
 * 1, so nothing taken later can make it cheaper: tiles of one bucket are taken in any order (newest first here),
 * with no comparisons. The buckets form a circular window of keys from the current one, a power of two wide and
 * wide enough for the seeds' keys (at most {@link WINDOW_PER_ENTRY} buckets per entry, at least {@link MIN_WINDOW});
 * an entry farther away (a seed far from the others, or a step over costly terrain) waits in the overflow heap
 * and moves to its bucket when the window reaches it. When the window is empty the queue jumps to the overflow's
 * lowest key.
 *
 * Entries (key, tile, next) live side by side in one pool, linked into their bucket's stack; taken entries are
 * reused first (still in cache). Stale entries are left in and skipped by the caller, as with the heap.
 *
 * Up to {@link HEAP_ENTRIES} entries the queue is the overflow heap alone; when it holds more, every entry moves to
 * the buckets (once per run).
 *
 * Correct for any keys (an entry whose key is not past the current bucket goes into the current one, and the
 * caller settles a tile again when it improves); in order, hence each tile settled once, when steps cost >= 1.
 * Allocates nothing once warm. One per thread.
 */
export class BucketQueue {
  private head = new Int32Array(MIN_WINDOW);
  /** Buckets in the window minus 1 (the window is a power of two wide). */
  private mask = MIN_WINDOW - 1;
  /** The pool, 16 bytes an entry: the key at `key[e << 1]`, the tile and the next at `link[(e << 2) | 2 or 3]`. */
  private key = new Float64Array(0);
  private link = new Int32Array(0);
  private capacity = 0;
  /** Pool entries ever used in this run, and the first free one (-1: none). */
  private used = 0;
  private free = -1;
  /** False while the queue is the heap alone (see {@link HEAP_ENTRIES}). */
  private bucketed = false;
  /** True while {@link seed} gathers seeds in the pool. */
  private gathering = false;
  /** Entries in the buckets (not counting the overflow). */
  private count = 0;
  /** The current bucket's key and its slot. */
  private current = 0;
  private slot = 0;
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
    this.bucketed = false;
    this.gathering = false;
    this.overflow.size = 0;
  }

  /**
   * Adds a seed before {@link start}, in any order of keys: past {@link HEAP_ENTRIES} seeds they are gathered in
   * the pool and placed by {@link start}, once the lowest key is known.
   */
  seed(c: number, tile: number): void {
    if (!this.gathering) {
      this.overflow.push(c, tile);
      if (this.overflow.size <= queueTuning.heapEntries) return;
      this.gathering = true;
      this.drain();
      return;
    }
    const e = this.take();
    this.key[e << 1] = c;
    this.link[(e << 2) | 2] = tile;
  }

  /** Starts the run: places the seeds gathered by {@link seed}. */
  start(): void {
    if (!this.gathering) return;
    this.gathering = false;
    this.placeAll();
  }

  /** Adds `tile` with key `c` while the queue runs. */
  push(c: number, tile: number): void {
    if (!this.bucketed) {
      this.overflow.push(c, tile);
      if (this.overflow.size > queueTuning.heapEntries) {
        this.drain();
        this.placeAll();
      }
      return;
    }
    const e = this.take();
    this.key[e << 1] = c;
    this.link[(e << 2) | 2] = tile;
    this.place(e, c);
  }

  /** Removes an entry of the lowest bucket and returns its tile ({@link lastKey} its key), or -1 when empty. */
  pop(): number {
    const overflow = this.overflow;
    if (!this.bucketed) {
      if (overflow.size === 0) return -1;
      this.lastKey = overflow.peekKey();
      return overflow.pop();
    }
    const { head, link } = this;
    for (;;) {
      const e = head[this.slot] as number;
      if (e >= 0) {
        head[this.slot] = link[(e << 2) | 3] as number;
        link[(e << 2) | 3] = this.free;
        this.free = e;
        this.count--;
        this.lastKey = this.key[e << 1] as number;
        return link[(e << 2) | 2] as number;
      }
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

  /** Moves the heap's entries into the pool (not linked yet). */
  private drain(): void {
    const overflow = this.overflow;
    while (overflow.size > 0) {
      const c = overflow.peekKey();
      const e = this.take();
      this.key[e << 1] = c;
      this.link[(e << 2) | 2] = overflow.pop();
    }
  }

  /**
   * Links the pool's entries into the buckets, the window starting at the lowest key and wide enough for the
   * highest (and a step from it) unless they are too far apart.
   */
  private placeAll(): void {
    const n = this.used;
    const key = this.key;
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (let e = 0; e < n; e++) {
      const c = key[e << 1] as number;
      if (c < low) low = c;
      if (c > high) high = c;
    }
    this.bucketed = true;
    this.current = Number.isFinite(low) ? Math.floor(low) : 0;
    const span = Math.min(Math.floor(high) - this.current + 2, WINDOW_PER_ENTRY * n);
    let window = MIN_WINDOW;
    while (window < span) window *= 2;
    if (this.head.length < window) this.head = new Int32Array(window);
    this.head.fill(-1, 0, window);
    this.mask = window - 1;
    this.slot = this.current & this.mask;
    for (let e = 0; e < n; e++) this.place(e, key[e << 1] as number);
  }

  /** Links entry `e` (key `c`) into its bucket, or moves it to the overflow when the window does not reach it. */
  private place(e: number, c: number): void {
    const ahead = Math.floor(c) - this.current;
    if (!(ahead <= this.mask)) {
      this.overflow.push(c, this.link[(e << 2) | 2] as number);
      this.link[(e << 2) | 3] = this.free;
      this.free = e;
      return;
    }
    // A key at or below the current bucket (a step under 1) joins the current bucket.
    const b = ahead > 0 ? (this.slot + ahead) & this.mask : this.slot;
    this.link[(e << 2) | 3] = this.head[b] as number;
    this.head[b] = e;
    this.count++;
  }

  /** A pool entry: a free one, else the next unused one (growing the pool when full). */
  private take(): number {
    const e = this.free;
    if (e >= 0) {
      this.free = this.link[(e << 2) | 3] as number;
      return e;
    }
    if (this.used === this.capacity) this.resize(2 * this.used);
    return this.used++;
  }

  private resize(capacity: number): void {
    const buffer = new ArrayBuffer(16 * capacity);
    const key = new Float64Array(buffer);
    key.set(this.key);
    this.key = key;
    this.link = new Int32Array(buffer);
    this.capacity = capacity;
  }
}
