/**
 * A set of tile indices (integers >= 0) in flat typed arrays: open addressing with linear probing, cleared in
 * O(1) by a generation stamp, grown by doubling. For the breadth-first searches of group planning, which used to
 * build a JavaScript Set (and a queue array) per call: a set reused between calls allocates nothing once it is
 * large enough.
 */
export class RtsTileSet {
  private keys: Int32Array;
  private stamps: Uint32Array;
  private generation = 1;
  private mask: number;
  /** Number of tiles in the set. */
  size = 0;

  constructor(capacity = 256) {
    let c = 16;
    while (c < capacity * 2) c *= 2;
    this.keys = new Int32Array(c);
    this.stamps = new Uint32Array(c);
    this.mask = c - 1;
  }

  /** Empties the set (O(1)). */
  clear(): void {
    this.size = 0;
    if (++this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
  }

  /** True when tile t is in the set. */
  has(t: number): boolean {
    const { keys, stamps, generation, mask } = this;
    for (let i = Math.imul(t, 0x9e3779b1) & mask; ; i = (i + 1) & mask) {
      if (stamps[i] !== generation) return false;
      if (keys[i] === t) return true;
    }
  }

  /** Adds tile t; false when it was in the set already. */
  add(t: number): boolean {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const { keys, stamps, generation, mask } = this;
    for (let i = Math.imul(t, 0x9e3779b1) & mask; ; i = (i + 1) & mask) {
      if (stamps[i] !== generation) {
        stamps[i] = generation;
        keys[i] = t;
        this.size++;
        return true;
      }
      if (keys[i] === t) return false;
    }
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldStamps = this.stamps;
    const old = this.generation;
    const c = oldKeys.length * 2;
    this.keys = new Int32Array(c);
    this.stamps = new Uint32Array(c);
    this.mask = c - 1;
    this.generation = 1;
    this.size = 0;
    for (let i = 0; i < oldKeys.length; i++) if (oldStamps[i] === old) this.add(oldKeys[i] as number);
  }
}
