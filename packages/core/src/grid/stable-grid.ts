/**
 * A grid a kernel can read while another thread edits the original: the kernels that size their work by the
 * terrain (the `weighted` metric) read a private copy of a shared grid, taken when they start.
 */
import { Grid } from './grid.js';

/** The scratch of {@link stableGrid}: one per thread, reused (the kernels that take a snapshot are synchronous). */
let snapshotScratch: ArrayBuffer | null = null;

/**
 * The grid a kernel of `metric` reads. A `weighted` kernel on a grid in a SharedArrayBuffer with a terrain layer
 * reads a private copy made when it starts: another thread editing the terrain while it runs cannot change the
 * costs it sized its buckets by (which made it throw, or loop for ever). The copy carries the version it was
 * taken at, which the result reports, so a field computed while the grid was edited is stale, never
 * inconsistent. Other grids are read in place: a grid in an ordinary ArrayBuffer cannot change while a
 * synchronous kernel runs, and the other metrics read the passability only, whose edits during a run leave the
 * kernel safe.
 */
export function stableGrid(grid: Grid, metric: unknown): Grid {
  if (metric !== 'weighted' || grid.terrain === null) return grid;
  if (typeof SharedArrayBuffer !== 'function' || !(grid.buffer instanceof SharedArrayBuffer)) return grid;
  const bytes = grid.buffer.byteLength;
  // PERF: copying 1024x1024 tiles with terrain into the reused scratch takes well under a millisecond, into a
  // fresh buffer about 30 ms (the page faults of 5 MB). A scratch over 4 times what a job needs is replaced, so a
  // thread does not keep the memory of its largest grid for ever.
  if (snapshotScratch === null || snapshotScratch.byteLength < bytes || snapshotScratch.byteLength > 4 * bytes) {
    snapshotScratch = new ArrayBuffer(bytes);
  }
  // Copied in aligned 4-byte units (a grid's buffer is a multiple of 4 bytes long), so that a terrain value
  // written meanwhile is read whole, old or new, never torn.
  if (bytes % 4 === 0) new Int32Array(snapshotScratch, 0, bytes / 4).set(new Int32Array(grid.buffer));
  else new Uint8Array(snapshotScratch, 0, bytes).set(new Uint8Array(grid.buffer));
  return Grid.from(snapshotScratch);
}

/** The metric named by an options object's own `metric` property, or undefined (for {@link stableGrid}). */
export function metricOf(options: unknown): unknown {
  return typeof options === 'object' && options !== null && Object.hasOwn(options, 'metric')
    ? (options as { metric: unknown }).metric
    : undefined;
}
