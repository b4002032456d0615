import { InvalidOptionError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import { type KernelRunOptions, readRunOptions } from '../util/run-options.js';
import {
  buildSectors,
  computeComponents,
  contextOf,
  countEntrances,
  labelSectors,
  layoutSectors,
  linkSectors,
  writeHeader,
} from './build-phases.js';
import { startWork } from './control.js';
import { computeLandmarks } from './landmarks.js';
import { allocateSectorArrays, int32Array } from './sector-data.js';
import { graphOf, type SectorGraph } from './sector-graph.js';
import { resolveSectorOptions, type SectorGraphOptions } from './sector-options.js';

/** True when the grid's buffer is shared (the graph's arrays are then shared too). */
export function gridIsShared(grid: Grid): boolean {
  return typeof SharedArrayBuffer === 'function' && grid.buffer instanceof SharedArrayBuffer;
}

/** Options of {@link buildSectorGraph}: the graph's options and the run options. */
export interface SectorBuildOptions extends SectorGraphOptions, KernelRunOptions {}

/**
 * Builds a sector graph of `grid` on the calling thread: the map cut into square sectors of
 * `options.sectorSize` tiles, entrances on the borders between sectors (one per short run of open border, one
 * at each end of a long run), the cost of the cheapest walk inside each sector between each pair of its
 * entrances, and the connected components of the entrances. Same move rules and metrics as `computeField`.
 * The work grows with the map and with the entrances per sector: milliseconds for a 512x512 map, seconds for
 * 4096x4096; build big maps in a worker pool with `buildSectorGraphInPool`. `onProgress` reports progress in
 * sectors (phase 3, the costs), `signal` cancels (AbortError), `control` is the worker hook (see
 * {@link KernelRunOptions}).
 *
 * @example
 * const graph = buildSectorGraph(grid, { metric: 'octile' });
 * const found = graph.findPath({ x: 4, y: 4 }, { x: 40, y: 40 }); // { cost, points: [x0, y0, x1, y1, ...] } or null
 * @throws InvalidOptionError or OutOfRangeError for bad options (as computeField's, plus sectorSize);
 *   AbortError when `signal` is aborted.
 */
export function buildSectorGraph(grid: Grid, options?: SectorBuildOptions): SectorGraph {
  if (!(grid instanceof Grid)) throw new InvalidOptionError('grid', grid, 'a Grid');
  const rules = resolveSectorOptions(options);
  const checked = readRunOptions(options, 'sector graph build');
  const shared = gridIsShared(grid);
  const sectorsX = Math.ceil(grid.width / rules.size);
  const sectorsY = Math.ceil(grid.height / rules.size);
  const sectors = sectorsX * sectorsY;
  const data = allocateSectorArrays(sectors, rules.size, shared);
  writeHeader(data, grid, rules, grid.version);
  const ctx = contextOf(grid, data);
  startWork(checked, sectors);
  labelSectors(ctx, 0, sectors);
  const counts = int32Array(sectors, false);
  countEntrances(ctx, 0, sectors, counts);
  layoutSectors(data, counts);
  buildSectors(ctx, 0, sectors, checked);
  linkSectors(ctx, 0, sectors);
  computeComponents(ctx);
  computeLandmarks(ctx, rules.landmarks);
  return graphOf(grid, data);
}
