import { InvalidOptionError } from '../errors.js';
import type { Goal } from '../fields/types.js';
import { checkGrid, checkSameGrid } from '../grid/check-grid.js';
import { NO_DIRECTION } from '../grid/directions.js';
import { BLOCKED, type Grid } from '../grid/grid.js';
import { makePath, type Point, readPoint, type TilePath } from '../grid/point.js';
import { type KernelRunOptions, readRunOptions } from '../util/run-options.js';
import { contextOf, type SectorContext } from './build-phases.js';
import { checkSectorData } from './check-sector-data.js';
import { type CorridorField, type CorridorFieldOptions, CorridorFieldQuery, corridorField } from './corridor-field.js';
import { findRoute, findSectorPath, firstSectorMove, PathQuery, type SectorPathOptions } from './find-path.js';
import { computeLandmarks, landmarksValid } from './landmarks.js';
import {
  dataBytes,
  graphGridId,
  graphGridVersion,
  H_GAP,
  H_HEIGHT,
  H_LANDMARK_OPTION,
  H_METRIC,
  H_RULE,
  H_SECTORS_X,
  H_SECTORS_Y,
  H_SHIFT,
  H_SPACING,
  H_SPLIT,
  H_WIDTH,
  type SectorGraphData,
} from './sector-data.js';
import { type SectorGraphOptions, sectorOptionsOf } from './sector-options.js';
import { type SectorUpdate, updateSectorGraph } from './update.js';

/** True while {@link graphOf} runs. */
let trusting = false;

/**
 * A graph over arrays this package has just built (buildSectorGraph, buildSectorGraphInPool): as
 * `SectorGraph.from` without the O(size) check, so that a build in the pool never blocks the main thread for it.
 * Internal.
 */
export function graphOf(grid: Grid, data: SectorGraphData): SectorGraph {
  trusting = true;
  try {
    return SectorGraph.from(grid, data);
  } finally {
    trusting = false;
  }
}

/** Sizes of a graph, for benchmarks and displays. */
export interface SectorGraphStats {
  /** Sectors of the map. */
  sectors: number;
  /** Entrances (nodes) in use. */
  entrances: number;
  /** Finite costs between entrances of the same sector (each direction counted). */
  intraEdges: number;
  /** Bytes of the graph's arrays (the grid not included). */
  bytes: number;
}

/**
 * A sector graph over a grid: the map cut into square sectors, entrances on their borders, the costs between the
 * entrances of each sector and the connected components of the entrances. Made by {@link buildSectorGraph} (or
 * `buildSectorGraphInPool`); its arrays (`data`) live in SharedArrayBuffers when the grid's does, so a worker can
 * rebuild the same graph with {@link SectorGraph.from}. Queries allocate only their results.
 *
 * The graph describes the grid at `gridVersion`. After the grid is edited, {@link SectorGraph.update} rebuilds
 * the sectors the edits touched (queries call it first when the grid has changed).
 */
export class SectorGraph {
  /** The grid the graph describes. */
  readonly grid: Grid;
  /** The graph's arrays (SharedArrayBuffers when the grid's is one): pass them to {@link SectorGraph.from}. */
  readonly data: SectorGraphData;
  /** Width of the grid, in tiles. */
  readonly width: number;
  /** Height of the grid, in tiles. */
  readonly height: number;
  /** Sector side in tiles. */
  readonly sectorSize: number;
  /** Sectors per row. */
  readonly sectorsX: number;
  /** Sectors per column. */
  readonly sectorsY: number;
  /** @internal */
  readonly ctx: SectorContext;
  private query: PathQuery | null = null;
  private fieldQuery: CorridorFieldQuery | null = null;

  private constructor(grid: Grid, data: SectorGraphData) {
    const h = data.header;
    if (h[H_WIDTH] !== grid.width || h[H_HEIGHT] !== grid.height)
      throw new InvalidOptionError('data', `a graph of a ${h[H_WIDTH]}x${h[H_HEIGHT]} grid`, 'a graph of this grid');
    checkSameGrid('sector graph', graphGridId(h), grid);
    this.grid = grid;
    this.data = data;
    this.width = grid.width;
    this.height = grid.height;
    this.sectorSize = 1 << (h[H_SHIFT] as number);
    this.sectorsX = h[H_SECTORS_X] as number;
    this.sectorsY = h[H_SECTORS_Y] as number;
    this.ctx = contextOf(grid, data);
  }

  /** A graph over arrays made by a build (for example in another thread, over the same shared buffers). */
  /**
   * A graph over arrays made by a build (for example in another thread, over the same shared buffers). The
   * arrays are checked once here, in O(their size): every index they hold must point inside them and every cost
   * must be a number >= 0, so that a forged or damaged graph is refused with a typed error instead of read out of
   * bounds. (Arrays changed afterwards by another thread are not checked again.)
   * @throws InvalidOptionError when `data` is not the data of a sector graph of `grid` (another size, or the graph
   *   of another grid: the message names both grid ids).
   */
  static from(grid: Grid, data: SectorGraphData): SectorGraph {
    checkGrid(grid);
    return new SectorGraph(grid, trusting ? data : checkSectorData(grid, data));
  }

  /** The options the graph was built with. */
  get options(): Required<SectorGraphOptions> {
    const h = this.data.header;
    return sectorOptionsOf({
      metric: h[H_METRIC] as number,
      rule: h[H_RULE] as number,
      size: this.sectorSize,
      shift: h[H_SHIFT] as number,
      split: h[H_SPLIT] as number,
      spacing: h[H_SPACING] as number,
      gap: h[H_GAP] as number,
      landmarks: h[H_LANDMARK_OPTION] as number,
    });
  }

  /** The id of the grid the graph describes (`grid.id`). */
  get gridId(): number {
    return graphGridId(this.data.header);
  }

  /** The grid version the graph describes. */
  get gridVersion(): number {
    return graphGridVersion(this.data.header);
  }

  /** Sector index (`sy * sectorsX + sx`) of tile (x, y). */
  sectorOf(x: number, y: number): number {
    this.grid.assertInside('tile', x, y);
    const shift = this.data.header[H_SHIFT] as number;
    return (y >> shift) * this.sectorsX + (x >> shift);
  }

  /**
   * The cheapest path from the tile `from` to the tile `to` (`{ x, y }` in tiles) that the graph finds, or null
   * when there is none: the goal cannot be reached (answered from the components, without a search, in most
   * cases), or the start or the goal is a wall. A {@link TilePath}: `points` are the tiles as x, y pairs from
   * start to goal (one pair when they are the same tile), `cost` the path's true cost in the graph's metric (the
   * sum of its steps' costs). Every step is a legal move under the graph's rules. See
   * {@link SectorPathOptions.refine} for what the cost is guaranteed to be; pass `info` to hear what the query did.
   * @throws CoordinateError when start or goal is outside the grid; InvalidOptionError when a point is not
   *   `{ x, y }`.
   */
  findPath(from: Point, to: Point, options?: SectorPathOptions): TilePath | null {
    const { x: sx, y: sy } = readPoint(from, 'from');
    const { x: gx, y: gy } = readPoint(to, 'to');
    if (!this.checkEnds(sx, sy, gx, gy)) return null;
    return findSectorPath(this.ctx, this.pathQuery(), sx, sy, gx, gy, options);
  }

  /**
   * The first step from (sx, sy) towards (gx, gy), as a direction index into `DIRECTIONS`, from the route
   * search and the start's own sector alone: a unit can start moving before its path or corridor field is
   * ready. NO_DIRECTION (255) when start and goal are the same tile, the goal cannot be reached, or the start or
   * the goal is a wall. Takes `x, y` numbers: a per-frame call (see {@link Point}).
   * @throws CoordinateError when start or goal is outside the grid.
   */
  firstMove(sx: number, sy: number, gx: number, gy: number): number {
    if (!this.checkEnds(sx, sy, gx, gy)) return NO_DIRECTION;
    return firstSectorMove(this.ctx, this.pathQuery(), sx, sy, gx, gy);
  }

  /**
   * The route through entrances from the tile `from` to the tile `to`, or null when there is none (as
   * {@link SectorGraph.findPath}): the abstract path of the hierarchy, for display. A {@link TilePath} whose
   * `points` are the start, the entrances in order and the goal (not adjacent tiles), and whose `cost` is the
   * route's cost in the graph's metric (the cost of the path `findPath` gives with `refine: 'sectors'`).
   * @throws CoordinateError when start or goal is outside the grid; InvalidOptionError when a point is not
   *   `{ x, y }`.
   */
  route(from: Point, to: Point): TilePath | null {
    const { x: sx, y: sy } = readPoint(from, 'from');
    const { x: gx, y: gy } = readPoint(to, 'to');
    if (!this.checkEnds(sx, sy, gx, gy)) return null;
    if (sx === gx && sy === gy) return makePath(0, Int32Array.of(sx, sy));
    const q = this.pathQuery();
    if (!findRoute(this.ctx, q, sx, sy, gx, gy)) return null;
    const direct = q.direct < Number.POSITIVE_INFINITY && !(q.routeCost < q.direct);
    const n = direct ? 0 : q.routeCount;
    const waypoints = new Int32Array(2 * n + 4);
    waypoints[0] = sx;
    waypoints[1] = sy;
    for (let i = 0; i < n; i++) {
      const t = this.data.nodeTile[q.route[i] as number] as number;
      const y = (t / this.width) | 0;
      waypoints[2 + 2 * i] = t - y * this.width;
      waypoints[3 + 2 * i] = y;
    }
    waypoints[2 * n + 2] = gx;
    waypoints[2 * n + 3] = gy;
    return makePath(direct ? q.direct : q.routeCost, waypoints);
  }

  /**
   * A field towards `goal` computed only in the sectors of the routes from `starts` to it (and `margin` sectors
   * around them): see {@link CorridorField}. `starts` are x, y pairs in tiles (a flat array: a corridor usually
   * serves many units). Starts that cannot reach the goal are ignored. `signal`, `onProgress` (settled tiles) and
   * `control` as every kernel's (see {@link KernelRunOptions}).
   * @throws CoordinateError when the goal or a start is outside the grid or a wall; AbortError when `signal` is
   *   aborted (before or during the fill).
   */
  corridorField(
    goal: Goal,
    starts: ArrayLike<number>,
    options?: CorridorFieldOptions & KernelRunOptions,
  ): CorridorField {
    const checked = readRunOptions(options, 'corridor field');
    this.ensureCurrent();
    if (this.fieldQuery === null) this.fieldQuery = new CorridorFieldQuery();
    return corridorField(this.ctx, this.fieldQuery, this.pathQuery(), goal, starts, options, checked);
  }

  /**
   * Brings the graph up to the grid's current version: rebuilds only the sectors holding tiles changed since
   * `gridVersion` (read from the grid's edit log) and the neighbours across the borders they touch, then the
   * components; a full rebuild when the edits are unknown (the log overflowed, or `touch()`). `signal`,
   * `onProgress` (sectors) and `control` as every kernel's (see {@link KernelRunOptions}).
   * @throws AbortError when `signal` is aborted (before or during the update).
   */
  update(options?: KernelRunOptions): SectorUpdate {
    if (options !== undefined && (options === null || typeof options !== 'object'))
      throw new InvalidOptionError('options', options, '{ signal?, onProgress?, control? }');
    return updateSectorGraph(this.ctx, readRunOptions(options, 'sector graph update'));
  }

  /**
   * Computes the landmarks of the route search again on this thread (an update leaves them stale, and queries
   * then search with the straight-line bound alone: exact, but slower). Costs one Dijkstra over the entrances
   * per landmark; `refreshLandmarksInPool` does it in workers.
   */
  refreshLandmarks(): void {
    this.ensureCurrent();
    computeLandmarks(this.ctx, this.data.header[H_LANDMARK_OPTION] as number);
  }

  /** True when the landmarks describe the current graph (see {@link SectorGraph.refreshLandmarks}). */
  get landmarksFresh(): boolean {
    return landmarksValid(this.data);
  }

  /** x, y pairs of every entrance (for display). */
  entrances(): Int32Array {
    const d = this.data;
    let n = 0;
    const sectors = d.sectorNodeCount.length;
    for (let s = 0; s < sectors; s++) n += d.sectorNodeCount[s] as number;
    const out = new Int32Array(2 * n);
    let i = 0;
    for (let s = 0; s < sectors; s++) {
      const first = d.sectorNodeFirst[s] as number;
      const end = first + (d.sectorNodeCount[s] as number);
      for (let v = first; v < end; v++) {
        const t = d.nodeTile[v] as number;
        const y = (t / this.width) | 0;
        out[i++] = t - y * this.width;
        out[i++] = y;
      }
    }
    return out;
  }

  /** Sizes of the graph. */
  stats(): SectorGraphStats {
    const d = this.data;
    let entrances = 0;
    let intraEdges = 0;
    const sectors = d.sectorNodeCount.length;
    for (let s = 0; s < sectors; s++) {
      const k = d.sectorNodeCount[s] as number;
      entrances += k;
      const at = d.sectorMatrixFirst[s] as number;
      for (let e = at; e < at + k * k; e++) if ((d.intra[e] as number) < Number.POSITIVE_INFINITY) intraEdges++;
      intraEdges -= k;
    }
    return { sectors, entrances, intraEdges, bytes: dataBytes(d) };
  }

  private pathQuery(): PathQuery {
    this.ensureCurrent();
    if (this.query === null) this.query = new PathQuery();
    return this.query;
  }

  private ensureCurrent(): void {
    if (graphGridVersion(this.data.header) !== this.grid.version) this.update();
  }

  /**
   * Throws CoordinateError for an end outside the grid; false for a start or a goal on a wall (no route there, as
   * between tiles cut off from each other).
   */
  private checkEnds(sx: number, sy: number, gx: number, gy: number): boolean {
    this.grid.assertInside('start', sx, sy);
    this.grid.assertInside('goal', gx, gy);
    const passable = this.grid.passable;
    return passable[sy * this.width + sx] !== BLOCKED && passable[gy * this.width + gx] !== BLOCKED;
  }
}
