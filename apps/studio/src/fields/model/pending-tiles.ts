/** What a painted tile became: a wall, ground (erased) or a new terrain cost. */
export type PendingKind = 0 | 1 | 2;
export const PENDING_WALL: PendingKind = 0;
export const PENDING_GROUND: PendingKind = 1;
export const PENDING_TERRAIN: PendingKind = 2;

/** Most tiles kept for drawing; past it the oldest are dropped (the next heatmap shows them anyway). */
const MAX_PENDING = 65_536;

/**
 * Tiles painted since the heatmap on screen was made: the overlay draws them at once, so painting shows
 * without waiting for the next image; they are dropped when an image that includes them arrives. Flat arrays,
 * no object per tile.
 */
export class PendingTiles {
  private xs: number[] = [];
  private ys: number[] = [];
  private kinds: number[] = [];
  private versions: number[] = [];

  get size(): number {
    return this.xs.length;
  }

  add(x: number, y: number, kind: PendingKind, version: number): void {
    this.xs.push(x);
    this.ys.push(y);
    this.kinds.push(kind);
    this.versions.push(version);
    if (this.xs.length > MAX_PENDING) this.drop(this.xs.length - MAX_PENDING);
  }

  /** Forgets the tiles painted at or before `version` (an image of that version is on screen). */
  prune(version: number): void {
    let k = 0;
    while (k < this.versions.length && (this.versions[k] as number) <= version) k++;
    if (k > 0) this.drop(k);
  }

  clear(): void {
    this.drop(this.xs.length);
  }

  /** Calls `fn` for every tile inside x0 <= x < x1, y0 <= y < y1. */
  forEachIn(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    fn: (x: number, y: number, kind: PendingKind) => void,
  ): void {
    for (let k = 0; k < this.xs.length; k++) {
      const x = this.xs[k] as number;
      const y = this.ys[k] as number;
      if (x >= x0 && y >= y0 && x < x1 && y < y1) fn(x, y, this.kinds[k] as PendingKind);
    }
  }

  private drop(count: number): void {
    this.xs.splice(0, count);
    this.ys.splice(0, count);
    this.kinds.splice(0, count);
    this.versions.splice(0, count);
  }
}
