import { OutOfRangeError } from '../errors.js';

/** Number of cells below which the index uses cells of one tile. */
const TARGET_CELLS = 1 << 14;

/**
 * A spatial index of points (the units' newest positions) over a map of `width` x `height` tiles: a uniform grid
 * of cells filled by a counting sort, in flat typed arrays (the shape of mourner's kdbush and flatbush: add the
 * points, finish, then query boxes into an array the caller supplies; no allocation per query, and none per
 * build once the arrays are large enough).
 *
 * Cells are one tile wide (dense crowds give few candidates per query), made larger only on big maps so that
 * there are at most max(16384, 16 per point) cells and a build costs O(points), not O(width x height).
 *
 * The points may drift after the build (units move between two rebuilds): {@link RtsUnitIndex.finish} takes the
 * largest drift, and every query box is widened by it, so a query never misses a point that lies in the box now.
 *
 * Usage: `reset(n)`, `add(x, y)` n times (point i is the i-th added), `finish(pad)`, then `range(...)`.
 */
export class RtsUnitIndex {
  /** Size of the map, tiles. */
  readonly width: number;
  readonly height: number;
  /** Side of a cell, tiles. */
  cellSize = 2;
  /** Cells per row and per column. */
  cols = 0;
  rows = 0;
  /** Query boxes are widened by this much on every side, tiles (the drift allowed since the build). */
  pad = 0;
  /** Number of points added since the last reset. */
  size = 0;
  private capacity = 0;
  /** Cell c holds items[start[c]] to items[start[c + 1] - 1]. */
  private start: Int32Array = new Int32Array(1);
  /** Point indices, grouped by cell. */
  private items: Int32Array = new Int32Array(16);
  /** Cell of each point. */
  private cellOf: Int32Array = new Int32Array(16);

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
  }

  /** Starts a new build for `count` points (the cell size depends on the count). */
  reset(count: number): void {
    const cell = Math.max(1, Math.ceil(Math.sqrt((this.width * this.height) / Math.max(TARGET_CELLS, 16 * count))));
    const cols = Math.ceil(this.width / cell);
    const rows = Math.ceil(this.height / cell);
    const cells = cols * rows;
    this.cellSize = cell;
    this.cols = cols;
    this.rows = rows;
    if (this.start.length < cells + 1) this.start = new Int32Array(cells + 1);
    if (this.items.length < count) {
      this.items = new Int32Array(count * 2);
      this.cellOf = new Int32Array(count * 2);
    }
    this.start.fill(0, 0, cells + 1);
    this.capacity = count;
    this.size = 0;
    this.pad = 0;
  }

  /** Adds a point (positions outside the map go to the nearest border cell); returns its index. */
  add(x: number, y: number): number {
    const i = this.size;
    if (i >= this.capacity) throw new OutOfRangeError('points', i + 1, `at most the ${this.capacity} given to reset`);
    const cell = this.cellSize;
    const cx = Math.min(this.cols - 1, Math.max(0, Math.floor(x / cell)));
    const cy = Math.min(this.rows - 1, Math.max(0, Math.floor(y / cell)));
    const c = cy * this.cols + cx;
    this.cellOf[i] = c;
    this.start[c + 1] = (this.start[c + 1] as number) + 1;
    this.size = i + 1;
    return i;
  }

  /** Sorts the added points into their cells. `pad` (tiles, >= 0) widens every later query box. */
  finish(pad: number): void {
    const n = this.size;
    const cells = this.cols * this.rows;
    const start = this.start;
    const items = this.items;
    const of = this.cellOf;
    for (let c = 0; c < cells; c++) start[c + 1] = (start[c + 1] as number) + (start[c] as number);
    // Fill (the start of each cell moves up as it fills, then is restored from its neighbour).
    for (let i = 0; i < n; i++) {
      const c = of[i] as number;
      items[start[c] as number] = i;
      start[c] = (start[c] as number) + 1;
    }
    for (let c = cells; c > 0; c--) start[c] = start[c - 1] as number;
    start[0] = 0;
    this.pad = pad;
  }

  /**
   * Indices of the points that may lie in the box [x0, x1] x [y0, y1] (every point of the cells the padded box
   * touches), written to `out` (length >= {@link RtsUnitIndex.size}); returns their count. They come cell by
   * cell, not in index order.
   */
  range(x0: number, y0: number, x1: number, y1: number, out: Int32Array): number {
    if (out.length < this.size) throw new OutOfRangeError('out.length', out.length, `>= ${this.size}`);
    const m = this.pad;
    const cell = this.cellSize;
    const cols = this.cols;
    const cx0 = Math.max(0, Math.floor((x0 - m) / cell));
    const cy0 = Math.max(0, Math.floor((y0 - m) / cell));
    const cx1 = Math.min(cols - 1, Math.floor((x1 + m) / cell));
    const cy1 = Math.min(this.rows - 1, Math.floor((y1 + m) / cell));
    const start = this.start;
    const items = this.items;
    let count = 0;
    for (let cy = cy0; cy <= cy1; cy++) {
      for (let cx = cx0; cx <= cx1; cx++) {
        const c = cy * cols + cx;
        const end = start[c + 1] as number;
        for (let k = start[c] as number; k < end; k++) out[count++] = items[k] as number;
      }
    }
    return count;
  }
}
