/**
 * A binary min-heap of tile indices with decrease-key, keyed by f, then larger g first. Each
 * tile is in the heap at most once; `positions` (one Int32 per tile, sized at construction) tracks its slot,
 * so improving a queued tile moves it up in place instead of leaving a stale entry behind. Used by
 * {@link RtsPathfinder}. No allocation per operation once grown.
 */
export class RtsIndexedHeap {
  /** Tile index per heap slot. */
  private nodes: Int32Array;
  /** Keys per heap slot, interleaved: `keys[2i]` f, `keys[2i+1]` g. */
  private keys: Float64Array;
  /** Heap slot per tile; meaningful only for tiles currently in the heap (the caller knows which). */
  private readonly positions: Int32Array;
  /** Number of entries. */
  size = 0;

  /**
   * @param tiles number of tiles (largest tile index + 1).
   * @param capacity initial number of slots (grows as needed, up to `tiles`). Default 1024.
   */
  constructor(tiles: number, capacity = 1024) {
    const c = Math.max(16, capacity | 0);
    this.nodes = new Int32Array(c);
    this.keys = new Float64Array(2 * c);
    this.positions = new Int32Array(Math.max(1, tiles));
  }

  clear(): void {
    this.size = 0;
  }

  private grow(): void {
    const c = this.nodes.length * 2;
    const nodes = new Int32Array(c);
    nodes.set(this.nodes);
    const keys = new Float64Array(2 * c);
    keys.set(this.keys);
    this.nodes = nodes;
    this.keys = keys;
  }

  /** Adds a tile that is not in the heap. */
  push(node: number, key: number, g: number): void {
    if (this.size === this.nodes.length) this.grow();
    this.siftUp(this.size++, node, key, g);
  }

  /** Lowers the key of a tile that is in the heap (the new key must not be after the old one). */
  decrease(node: number, key: number, g: number): void {
    this.siftUp(this.positions[node] as number, node, key, g);
  }

  // PERF: hole sifting: parents move down into the hole, the entry is written once at its final slot.
  private siftUp(from: number, node: number, key: number, g: number): void {
    const nodes = this.nodes;
    const keys = this.keys;
    const positions = this.positions;
    let i = from;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pk = keys[2 * p] as number;
      if (!(key < pk || (key === pk && g > (keys[2 * p + 1] as number)))) break;
      const pn = nodes[p] as number;
      nodes[i] = pn;
      positions[pn] = i;
      keys[2 * i] = pk;
      keys[2 * i + 1] = keys[2 * p + 1] as number;
      i = p;
    }
    nodes[i] = node;
    positions[node] = i;
    keys[2 * i] = key;
    keys[2 * i + 1] = g;
  }

  /** Key of the top entry (Infinity when empty). */
  peekKey(): number {
    return this.size > 0 ? (this.keys[0] as number) : Number.POSITIVE_INFINITY;
  }

  /** Removes and returns the tile index with the smallest key; -1 when empty. */
  pop(): number {
    if (this.size === 0) return -1;
    const nodes = this.nodes;
    const keys = this.keys;
    const positions = this.positions;
    const top = nodes[0] as number;
    const last = --this.size;
    if (last > 0) {
      const node = nodes[last] as number;
      const key = keys[2 * last] as number;
      const g = keys[2 * last + 1] as number;
      let i = 0;
      // PERF: hole sifting: move the hole down and write the entry once, instead of swapping at every level.
      for (;;) {
        const l = 2 * i + 1;
        if (l >= last) break;
        const r = l + 1;
        let c = l;
        let ck = keys[2 * l] as number;
        let cg = keys[2 * l + 1] as number;
        if (r < last) {
          const rk = keys[2 * r] as number;
          const rg = keys[2 * r + 1] as number;
          if (rk < ck || (rk === ck && rg > cg)) {
            c = r;
            ck = rk;
            cg = rg;
          }
        }
        if (!(ck < key || (ck === key && cg > g))) break;
        const cn = nodes[c] as number;
        nodes[i] = cn;
        positions[cn] = i;
        keys[2 * i] = ck;
        keys[2 * i + 1] = cg;
        i = c;
      }
      nodes[i] = node;
      positions[node] = i;
      keys[2 * i] = key;
      keys[2 * i + 1] = g;
    }
    return top;
  }
}
