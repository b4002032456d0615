/**
 * The repair's own scratch, in one small buffer: its priority queue (a binary min-heap of (cost, tile) entries,
 * lowest cost first, as util/key-heap.ts) and its two tile lists (the candidates and the walk's stack). A
 * one-tile repair touches the first few entries of each, so the state it reads when caches are cold is a few
 * cache lines of one allocation (a handful of separate arrays each cost a miss or two of their own). Grows by
 * doubling, everything at once; allocates nothing once warm. One per thread.
 */
export class RepairScratch {
  /** Heap keys and values, the candidate list and the stack: views of one buffer, `capacity` entries each. */
  keys = new Float64Array(0);
  values = new Int32Array(0);
  list = new Int32Array(0);
  stack = new Int32Array(0);
  /** Entries in the heap. */
  size = 0;
  private capacity = 0;

  constructor(capacity = 256) {
    this.resize(capacity);
  }

  /** Makes room for `n` entries in each list and in the heap (the contents are kept). */
  ensure(n: number): void {
    if (n > this.capacity) this.resize(Math.max(n, 2 * this.capacity));
  }

  private resize(capacity: number): void {
    const buffer = new ArrayBuffer(20 * capacity);
    const keys = new Float64Array(buffer, 0, capacity);
    const values = new Int32Array(buffer, 8 * capacity, capacity);
    const list = new Int32Array(buffer, 12 * capacity, capacity);
    const stack = new Int32Array(buffer, 16 * capacity, capacity);
    keys.set(this.keys);
    values.set(this.values);
    list.set(this.list);
    stack.set(this.stack);
    this.keys = keys;
    this.values = values;
    this.list = list;
    this.stack = stack;
    this.capacity = capacity;
  }

  /** Adds `value` with key `c` to the heap. */
  push(c: number, value: number): void {
    const size = this.size;
    if (size === this.capacity) this.resize(2 * size);
    const { keys, values } = this;
    let i = size;
    this.size = size + 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if ((keys[p] as number) <= c) break;
      keys[i] = keys[p] as number;
      values[i] = values[p] as number;
      i = p;
    }
    keys[i] = c;
    values[i] = value;
  }

  /** The key of the heap's top entry (the heap must not be empty). */
  peekKey(): number {
    return this.keys[0] as number;
  }

  /** Removes the heap's top entry (the heap must not be empty) and returns its value. */
  pop(): number {
    const { keys, values } = this;
    const top = values[0] as number;
    const n = --this.size;
    if (n > 0) {
      const c = keys[n] as number;
      const q = values[n] as number;
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && (keys[child + 1] as number) < (keys[child] as number)) child++;
        if ((keys[child] as number) >= c) break;
        keys[i] = keys[child] as number;
        values[i] = values[child] as number;
        i = child;
      }
      keys[i] = c;
      values[i] = q;
    }
    return top;
  }
}
