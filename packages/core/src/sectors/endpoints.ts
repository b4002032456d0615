/**
 * The two ends of a query joined to the graph: a local Dijkstra inside the sector of the tile (forward from a
 * start, backward to a goal) gives its cost to each entrance of that sector, and the search tree to walk the
 * first or last stretch of a path. Endpoints of different sectors meet only through entrances; an endpoint
 * whose sector holds the other end also has the direct cost inside the sector.
 */
import type { SectorContext } from './build-phases.js';
import { LocalSearch } from './local-search.js';
import type { PathBuffer } from './path-buffer.js';
import { H_REVISION } from './sector-data.js';

const INF = Number.POSITIVE_INFINITY;

export class Endpoint {
  readonly search = new LocalSearch();
  /** Cost to (or from) each entrance of the sector, by local index. */
  cost = new Float64Array(64);
  /** Sector of the tile. */
  sector = -1;
  /** Padded index of the tile in `search`. */
  pad = -1;
  /** Padded targets scratch. */
  private targets = new Int32Array(64);
  /**
   * What the last search without an `other` tile was run for (graph context, tile, direction, grid version and
   * graph revision), so that a query to the same goal again (many units, one goal) reuses it: `ctx` null when
   * nothing is kept.
   */
  private keptCtx: SectorContext | null = null;
  private keptTile = -1;
  private keptBackward = false;
  private keptVersion = -1;
  private keptRevision = -1;
  /** Searches the last {@link Endpoint.load} reused (1) or ran (0); for tests. */
  reused = 0;

  /**
   * Runs the local search of tile (x, y): forward (costs from the tile) or backward (costs to the tile; only the
   * weighted metric differs). `other` is a second tile whose cost is wanted too when it lies in the same
   * sector (-1 for none). Returns the cost to `other`, or Infinity.
   */
  load(ctx: SectorContext, x: number, y: number, backward: boolean, other: number): number {
    const { data, width, height, shift, sectorsX } = ctx;
    // The same tile again on the same grid and graph: the search (and so `cost`, `pad`, the tree) is unchanged.
    // PERF: city-8192, 100 far pairs over 4 goals: the goal's search is about a tenth of findPath's median.
    const version = ctx.grid.version;
    const revision = data.header[H_REVISION] as number;
    const tile = y * width + x;
    if (
      other < 0 &&
      this.keptCtx === ctx &&
      this.keptTile === tile &&
      this.keptBackward === backward &&
      this.keptVersion === version &&
      this.keptRevision === revision
    ) {
      this.reused = 1;
      return INF;
    }
    this.reused = 0;
    this.keptCtx = null;
    const sx = x >> shift;
    const sy = y >> shift;
    const s = sy * sectorsX + sx;
    this.sector = s;
    const search = this.search;
    const x0 = sx << shift;
    const y0 = sy << shift;
    search.load(
      ctx.passable,
      ctx.terrain,
      width,
      x0,
      y0,
      Math.min(width - x0, 1 << shift),
      Math.min(height - y0, 1 << shift),
    );
    const first = data.sectorNodeFirst[s] as number;
    const k = data.sectorNodeCount[s] as number;
    if (this.targets.length < k + 1) {
      this.targets = new Int32Array(2 * k + 1);
      this.cost = new Float64Array(2 * k + 1);
    }
    for (let j = 0; j < k; j++) this.targets[j] = search.padOf(data.nodeTile[first + j] as number, width);
    let n = k;
    let otherPad = -1;
    if (other >= 0) {
      const oy = (other / width) | 0;
      const ox = other - oy * width;
      if (ox >> shift === sx && oy >> shift === sy) {
        otherPad = search.padOf(other, width);
        this.targets[n++] = otherPad;
      }
    }
    this.pad = search.padOf(y * width + x, width);
    search.run(this.pad, ctx.metric, ctx.rule, this.targets, n, backward);
    const cost = search.cost;
    for (let j = 0; j < k; j++) this.cost[j] = cost[this.targets[j] as number] as number;
    if (other < 0) {
      this.keptCtx = ctx;
      this.keptTile = tile;
      this.keptBackward = backward;
      this.keptVersion = version;
      this.keptRevision = revision;
    }
    return otherPad >= 0 ? (cost[otherPad] as number) : INF;
  }

  /** See {@link LocalSearch.walkTree}. */
  walk(p: number, width: number, out: PathBuffer, skipFirst: boolean, withEnd: boolean): void {
    this.search.walkTree(p, width, out, skipFirst, withEnd);
  }

  /** Cost from (or to) the tile to padded index p, Infinity when not reached. */
  costAt(p: number): number {
    return this.search.cost[p] as number;
  }
}
