/**
 * The binary min-heap of the Dijkstra and A* runs that order by one key (field repair, the sectors' local
 * searches, corridor fills and landmarks, any-angle paths): entries
 * (key, value) over two parallel typed arrays, lowest key first (equal keys in no promised order, the same order
 * for the same pushes). Grows by doubling; allocates nothing once warm. Stale entries are left in and skipped
 * by the caller (no decrease-key).
 */
export class KeyHeap {
  protected key: Float64Array;
  protected value: Int32Array;
  /** Entries in the heap. */
  size = 0;

  constructor(capacity: number) {
    this.key = new Float64Array(capacity);
    this.value = new Int32Array(capacity);
  }

  /** Makes room for twice the entries, keeping them (a subclass may keep its arrays elsewhere). */
  protected grow(): void {
    const size = this.key.length;
    const k = new Float64Array(size * 2);
    k.set(this.key);
    this.key = k;
    const a = new Int32Array(size * 2);
    a.set(this.value);
    this.value = a;
  }

  /** Adds `value` with key `c`. */
  push(c: number, value: number): void {
    const size = this.size;
    if (size === this.key.length) this.grow();
    const { key, value: at } = this;
    let i = size;
    this.size = size + 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if ((key[p] as number) <= c) break;
      key[i] = key[p] as number;
      at[i] = at[p] as number;
      i = p;
    }
    key[i] = c;
    at[i] = value;
  }

  /** The key of the top entry (the heap must not be empty). */
  peekKey(): number {
    return this.key[0] as number;
  }

  /** Removes the top entry (the heap must not be empty) and returns its value. */
  pop(): number {
    const { key, value: at } = this;
    const top = at[0] as number;
    const n = --this.size;
    if (n > 0) {
      // Move the last entry down from the root.
      const c = key[n] as number;
      const q = at[n] as number;
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && (key[child + 1] as number) < (key[child] as number)) child++;
        if ((key[child] as number) >= c) break;
        key[i] = key[child] as number;
        at[i] = at[child] as number;
        i = child;
      }
      key[i] = c;
      at[i] = q;
    }
    return top;
  }
}
