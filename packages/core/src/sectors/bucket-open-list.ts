/**
 * An open list of buckets (Dial's queue, made approximate for real-valued keys): an entry of estimate f goes to
 * bucket floor((f - base) / width), never below the bucket being taken from; within a bucket the last entry in
 * is the first out (the deeper entry, as the heap's tie-break on larger g). So an entry taken has an estimate at
 * most `width` above the smallest waiting one (a monotone search: each taken entry at least the last bucket's
 * lower end). Entries are not moved when a key gets a better one: the old entry stays and the caller skips it
 * when it comes out (its g differs from the key's). Push and pop cost O(1) (plus the empty buckets passed).
 */
export class BucketOpenList {
  /** First entry of each bucket, -1 when empty. */
  private head = new Int32Array(1024).fill(-1);
  private next = new Int32Array(1024);
  private key = new Int32Array(1024);
  private cost = new Float64Array(1024);
  private entries = 0;
  private base = 0;
  private scale = 1;
  /** The bucket taken from; buckets below it are empty. */
  private cursor = 0;
  /** The highest bucket with an entry (buckets above are empty). */
  private top = -1;
  /** Entries waiting (stale ones included). */
  size = 0;
  /** The g of the entry taken by the last {@link BucketOpenList.pop}. */
  popped = 0;

  /** Empties the queue for a search whose smallest estimate is `base`, with buckets `width` wide. */
  reset(base: number, width: number): void {
    const head = this.head;
    for (let b = this.cursor; b <= this.top; b++) head[b] = -1;
    this.entries = 0;
    this.size = 0;
    this.cursor = 0;
    this.top = -1;
    this.base = base;
    this.scale = 1 / width;
  }

  /** Adds key `n` with estimate `f` and cost `g`. */
  push(f: number, g: number, n: number): void {
    let b = ((f - this.base) * this.scale) | 0;
    if (b < this.cursor) b = this.cursor;
    if (b >= this.head.length) this.growBuckets(b);
    if (this.entries === this.key.length) this.growEntries();
    const e = this.entries++;
    this.key[e] = n;
    this.cost[e] = g;
    this.next[e] = this.head[b] as number;
    this.head[b] = e;
    if (b > this.top) this.top = b;
    this.size++;
  }

  /** Takes an entry of the lowest bucket (the queue must not be empty); returns its key, its g in `popped`. */
  pop(): number {
    const head = this.head;
    let b = this.cursor;
    while ((head[b] as number) < 0) b++;
    this.cursor = b;
    const e = head[b] as number;
    head[b] = this.next[e] as number;
    this.size--;
    this.popped = this.cost[e] as number;
    return this.key[e] as number;
  }

  private growBuckets(b: number): void {
    const bigger = new Int32Array(Math.max(2 * this.head.length, b + 1)).fill(-1);
    bigger.set(this.head);
    this.head = bigger;
  }

  private growEntries(): void {
    const n = 2 * this.key.length;
    const key = new Int32Array(n);
    key.set(this.key);
    this.key = key;
    const next = new Int32Array(n);
    next.set(this.next);
    this.next = next;
    const cost = new Float64Array(n);
    cost.set(this.cost);
    this.cost = cost;
  }
}
