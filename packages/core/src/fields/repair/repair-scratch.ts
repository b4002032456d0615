import { KeyHeap } from '../../util/key-heap.js';
import { BucketQueue } from './bucket-queue.js';

/**
 * The repair's own scratch, in one small buffer: its priority queue (util/key-heap.ts, lowest cost first) and its
 * two tile lists (the candidates and the walk's stack). A one-tile repair touches the first few entries of each,
 * so the state it reads when caches are cold is a few cache lines of one allocation (a handful of separate
 * arrays each cost a miss or two of their own). Grows by doubling, everything at once; allocates nothing once
 * warm. One per thread.
 */
export class RepairScratch extends KeyHeap {
  /** The candidate list and the stack: views of the heap's buffer, `capacity` entries each. */
  list = new Int32Array(0);
  stack = new Int32Array(0);
  /** The settling's bucket queue, whose overflow is this heap. */
  readonly queue: BucketQueue = new BucketQueue(this);
  private capacity = 0;

  constructor(capacity = 256) {
    super(0);
    this.resize(capacity);
  }

  /** Swaps the two lists (after one was written from the other). */
  swapLists(): void {
    const list = this.list;
    this.list = this.stack;
    this.stack = list;
  }

  /** Makes room for `n` entries in each list and in the heap (the contents are kept). */
  ensure(n: number): void {
    if (n > this.capacity) this.resize(Math.max(n, 2 * this.capacity));
  }

  protected override grow(): void {
    this.resize(2 * this.capacity);
  }

  private resize(capacity: number): void {
    const buffer = new ArrayBuffer(20 * capacity);
    const key = new Float64Array(buffer, 0, capacity);
    const value = new Int32Array(buffer, 8 * capacity, capacity);
    const list = new Int32Array(buffer, 12 * capacity, capacity);
    const stack = new Int32Array(buffer, 16 * capacity, capacity);
    key.set(this.key);
    value.set(this.value);
    list.set(this.list);
    stack.set(this.stack);
    this.key = key;
    this.value = value;
    this.list = list;
    this.stack = stack;
    this.capacity = capacity;
  }
}
