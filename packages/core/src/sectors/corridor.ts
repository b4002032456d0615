/**
 * A corridor: a set of sectors, each given a block of `size * size` slots in compact per-corridor arrays, so a
 * search or a field over the corridor needs memory for its sectors only. A slot is
 * `(block << 2 * shift) | (localY << shift) | localX`. Reused between queries: {@link Corridor.clear} forgets
 * the sectors in O(blocks).
 */
export class Corridor {
  /** Block of each sector, or -1 when the sector is not in the corridor. */
  sectorBlock = new Int32Array(0);
  /** Sector of each block. */
  blockSector = new Int32Array(64);
  /** Number of blocks. */
  blocks = 0;

  /** Forgets every sector and makes room for a graph of `sectors` sectors. */
  reset(sectors: number): void {
    if (this.sectorBlock.length !== sectors) {
      this.sectorBlock = new Int32Array(sectors).fill(-1);
      this.blocks = 0;
      return;
    }
    this.clear();
  }

  clear(): void {
    for (let b = 0; b < this.blocks; b++) this.sectorBlock[this.blockSector[b] as number] = -1;
    this.blocks = 0;
  }

  /** Adds sector s (once). */
  add(s: number): void {
    if ((this.sectorBlock[s] as number) >= 0) return;
    if (this.blocks === this.blockSector.length) {
      const bigger = new Int32Array(this.blocks * 2);
      bigger.set(this.blockSector);
      this.blockSector = bigger;
    }
    this.sectorBlock[s] = this.blocks;
    this.blockSector[this.blocks++] = s;
  }

  /** Adds every sector within `margin` sectors (Chebyshev) of a sector already in the corridor. */
  dilate(margin: number, sectorsX: number, sectorsY: number): void {
    if (margin <= 0) return;
    const n = this.blocks;
    const box = this.box;
    for (let b = 0; b < n; b++) {
      this.boxAround(b, margin, sectorsX, sectorsY);
      for (let y = box[2] as number; y <= (box[3] as number); y++) {
        for (let x = box[0] as number; x <= (box[1] as number); x++) this.add(y * sectorsX + x);
      }
    }
  }

  /** The sectors within `margin` of block b's sector, clipped to the map: x from, x to, y from, y to (inclusive). */
  private readonly box = new Int32Array(4);

  private boxAround(b: number, margin: number, sectorsX: number, sectorsY: number): void {
    const s = this.blockSector[b] as number;
    const sx = s % sectorsX;
    const sy = (s - sx) / sectorsX;
    this.box[0] = Math.max(0, sx - margin);
    this.box[1] = Math.min(sectorsX - 1, sx + margin);
    this.box[2] = Math.max(0, sy - margin);
    this.box[3] = Math.min(sectorsY - 1, sy + margin);
  }

  /**
   * The number of blocks {@link Corridor.dilate} would leave, without adding them. `seen` (one slot per sector)
   * marks the sectors counted with `stamp`, a value it does not hold yet.
   */
  dilatedCount(margin: number, sectorsX: number, sectorsY: number, seen: Int32Array, stamp: number): number {
    if (margin <= 0) return this.blocks;
    let count = this.blocks;
    const box = this.box;
    for (let b = 0; b < this.blocks; b++) {
      this.boxAround(b, margin, sectorsX, sectorsY);
      for (let y = box[2] as number; y <= (box[3] as number); y++) {
        for (let x = box[0] as number; x <= (box[1] as number); x++) {
          const n = y * sectorsX + x;
          if ((this.sectorBlock[n] as number) >= 0 || seen[n] === stamp) continue;
          seen[n] = stamp;
          count++;
        }
      }
    }
    return count;
  }
}
