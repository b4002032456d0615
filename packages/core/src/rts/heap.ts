/**
 * A binary min-heap of tile indices keyed by (f, then larger g first), stored in flat typed arrays that grow by
 * doubling. Used by {@link RtsPathfinder} with lazy deletion: a tile may be pushed again with a better key and
 * stale entries are skipped by the caller (closed check). No allocation per push once grown.
 */
export class RtsHeap {
  /** Tile index per heap slot. */
  private nodes: Int32Array;
  /** Primary key (f = g + h) per heap slot. */
  private keys: Float64Array;
  /** Secondary key (g) per heap slot: on equal f the larger g pops first (goes deeper, fewer expansions). */
  private gs: Float64Array;
  /** Number of entries. */
  size = 0;

  /** @param capacity initial number of slots (grows as needed). Default 1024. */
  constructor(capacity = 1024) {
    const c = Math.max(16, capacity | 0);
    this.nodes = new Int32Array(c);
    this.keys = new Float64Array(c);
    this.gs = new Float64Array(c);
  }

  clear(): void {
    this.size = 0;
  }

  private before(a: number, b: number): boolean {
    const ka = this.keys[a] as number;
    const kb = this.keys[b] as number;
    return ka < kb || (ka === kb && (this.gs[a] as number) > (this.gs[b] as number));
  }

  private swap(a: number, b: number): void {
    const n = this.nodes[a] as number;
    this.nodes[a] = this.nodes[b] as number;
    this.nodes[b] = n;
    const k = this.keys[a] as number;
    this.keys[a] = this.keys[b] as number;
    this.keys[b] = k;
    const g = this.gs[a] as number;
    this.gs[a] = this.gs[b] as number;
    this.gs[b] = g;
  }

  push(node: number, key: number, g: number): void {
    if (this.size === this.nodes.length) {
      const c = this.nodes.length * 2;
      const nodes = new Int32Array(c);
      nodes.set(this.nodes);
      const keys = new Float64Array(c);
      keys.set(this.keys);
      const gs = new Float64Array(c);
      gs.set(this.gs);
      this.nodes = nodes;
      this.keys = keys;
      this.gs = gs;
    }
    let i = this.size++;
    this.nodes[i] = node;
    this.keys[i] = key;
    this.gs[i] = g;
    // PERF: sift up with index arithmetic on typed arrays, no objects.
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.before(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }

  /** Key of the top entry (Infinity when empty). */
  peekKey(): number {
    return this.size > 0 ? (this.keys[0] as number) : Number.POSITIVE_INFINITY;
  }

  /** Removes and returns the tile index with the smallest key; -1 when empty. */
  pop(): number {
    if (this.size === 0) return -1;
    const top = this.nodes[0] as number;
    const last = --this.size;
    if (last > 0) {
      this.nodes[0] = this.nodes[last] as number;
      this.keys[0] = this.keys[last] as number;
      this.gs[0] = this.gs[last] as number;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= last) break;
        const r = l + 1;
        const c = r < last && this.before(r, l) ? r : l;
        if (!this.before(c, i)) break;
        this.swap(i, c);
        i = c;
      }
    }
    return top;
  }
}
