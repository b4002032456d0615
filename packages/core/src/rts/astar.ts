import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { checkGrid } from '../grid/check-grid.js';
import { DEFAULT_DIAGONAL_RULE, DIAGONAL_RULES, DIR_DX, DIR_DY, type DiagonalRule } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';
import { BLOCKED, MAX_GRID_SIDE } from '../grid/grid.js';
import { makePath, type Point, readPoint, type TilePath } from '../grid/point.js';
import { checkInteger } from '../util/check-number.js';
import { typedArrayName } from '../util/describe-value.js';
import { ownOptions } from '../util/own-options.js';
import { RtsSearchMemo, settingsKey } from './astar-memo.js';
import { computeRtsClearance } from './clearance.js';
import { RtsIndexedHeap } from './heap.js';

/** Options of {@link RtsPathfinder.findPath}. */
export interface RtsPathOptions {
  /**
   * Neighbours per tile: 4 (orthogonal moves only) or 8.
   * @defaultValue 8
   */
  neighbors?: 4 | 8;
  /**
   * When a diagonal move is allowed (ignored with 4 neighbours).
   * @defaultValue {@link DEFAULT_DIAGONAL_RULE} (`'if-both-free'`)
   */
  diagonal?: DiagonalRule;
  /**
   * Radius in tiles of the square a unit needs (0: one tile). A tile is usable only if its
   * {@link computeRtsClearance} value is at least this. The start and goal tiles are always usable.
   * @defaultValue 0
   */
  clearance?: number;
  /**
   * Extra blocked tiles (non-zero = blocked), `y * width + x`, e.g. tiles held by idle units.
   * @defaultValue null (meaning no extra blocked tiles)
   */
  blocked?: Uint8Array | null;
  /**
   * Give up (return null) after this many tile expansions, a count.
   * @defaultValue Infinity (no limit)
   */
  maxExpansions?: number;
  /**
   * Filled with what the search did (for the benches and the debug view), found or not.
   * @defaultValue undefined (meaning nothing is reported)
   */
  info?: RtsPathInfo;
}

/** What a {@link RtsPathfinder.findPath} search did. */
export interface RtsPathInfo {
  /** Number of tiles expanded by the search. */
  expanded: number;
}

/** Defaults of `RtsPathOptions`: 8 neighbours, `if-both-free`, clearance 0, nothing blocked, no expansion limit. */
export const DEFAULT_RTS_PATH_OPTIONS: Readonly<Required<Omit<RtsPathOptions, 'info'>>> = Object.freeze({
  neighbors: 8,
  diagonal: DEFAULT_DIAGONAL_RULE,
  clearance: 0,
  blocked: null,
  maxExpansions: Number.POSITIVE_INFINITY,
});

const SQRT2 = Math.SQRT2;

/** Neighbour bits of the expansion mask: bit d is direction d of the DIRECTIONS table (0 N .. 7 NW). */
const BIT_N = 1;
const BIT_E = 2;
const BIT_S = 4;
const BIT_W = 8;
const BIT_NE = 16;
const BIT_SE = 32;
const BIT_SW = 64;
const BIT_NW = 128;

/** Diagonal rule as a small integer for the hot loop: 0 never, 1 always, 2 if-one-free, 3 if-both-free. */
function ruleCode(diagonal: DiagonalRule): number {
  return diagonal === 'never' ? 0 : diagonal === 'always' ? 1 : diagonal === 'if-one-free' ? 2 : 3;
}

/**
 * A* on a {@link Grid} with an octile heuristic (Manhattan with 4 neighbours), moves only between tiles of the
 * same non-zero passability code and the grid's diagonal rules. One instance owns scratch arrays sized to the
 * grid (one record per tile: generation stamp, parent, step counts; a decrease-key typed-array heap) and reuses
 * them across searches: a search never clears a per-tile array (generation stamps), and allocates only its
 * result.
 */
export class RtsPathfinder {
  /** The map searched. */
  readonly grid: Grid;
  /**
   * Search state, four Int32 per tile at `4 * i`:
   * - `+0` generation stamp: `generation` = open (has a g value) in this search, `generation + 1` = closed in
   *   this search, anything smaller = untouched by this search;
   * - `+1` parent tile (-1 at the start);
   * - `+2`, `+3` straight and diagonal steps of the best known path. g is always formed as
   *   `straight + diagonal * SQRT2`, so two paths of the same length get bit-identical g (a running float sum
   *   differs in the last bits with the order of the steps, which re-opens tiles for no gain and breaks f/g
   *   ties at random).
   */
  // PERF: one 16-byte record per tile: a relaxation touches one cache line instead of four arrays.
  private readonly record: Int32Array;
  /** Open stamp of the current search (even); the closed stamp is one more. */
  private generation = 0;
  private readonly heap: RtsIndexedHeap;
  /** Index offset of each direction (y * width + x step), DIRECTIONS order. */
  private readonly offsets: Int32Array;
  private trail: Int32Array;
  /** Open tiles whose f equals the f being expanded (see findPath); grows by doubling. */
  private lane: Int32Array;
  private clearanceMap: Int8Array | null = null;
  private clearanceVersion = -1;
  /** Tiles expanded by the last search, and whether it ended (not stopped by its expansion limit). */
  private expanded = 0;
  private complete = false;
  /** The last complete searches without `blocked` tiles, answered again without searching (astar-memo.ts). */
  private readonly memo = new RtsSearchMemo();

  /** @throws InvalidOptionError when `grid` is not a Grid. */
  constructor(grid: Grid) {
    checkGrid(grid);
    this.grid = grid;
    const n = grid.width * grid.height;
    this.record = new Int32Array(4 * n);
    this.heap = new RtsIndexedHeap(n, Math.min(n, 4096));
    this.offsets = Int32Array.from({ length: 8 }, (_, d) => (DIR_DY[d] as number) * grid.width + (DIR_DX[d] as number));
    this.trail = new Int32Array(256);
    this.lane = new Int32Array(256);
  }

  /** The clearance map of the grid (recomputed when the grid's version changed). */
  clearance(): Int8Array {
    if (!this.clearanceMap || this.clearanceVersion !== this.grid.version) {
      this.clearanceMap = computeRtsClearance(this.grid, { out: this.clearanceMap ?? undefined });
      this.clearanceVersion = this.grid.version;
    }
    return this.clearanceMap;
  }

  /** Starts a search: returns its open stamp (the closed stamp is one more). O(1) except once per 2^30 searches. */
  private nextGeneration(): number {
    this.generation += 2;
    if (this.generation >= 0x7ffffffe) {
      this.record.fill(0);
      this.generation = 2;
    }
    return this.generation;
  }

  /**
   * Shortest path from the tile `from` to the tile `to` (`{ x, y }` in tiles), or null when there is none
   * (different passability codes, a start or goal on a wall, `blocked`, `clearance`, or `maxExpansions`).
   * A {@link TilePath} whose `cost` is the path's length in tiles (straight step 1, diagonal step sqrt 2) and
   * whose `points` are the RTS tutorial's waypoints: the start, every tile where the direction changes, then the
   * goal, as x, y pairs, consecutive ones joined by straight 8-direction lines (one pair when start = goal; see
   * {@link rtsWaypointLength}). Pass `info` to hear how many tiles the search expanded.
   * @throws CoordinateError when start or goal is outside the grid; InvalidOptionError / OutOfRangeError for bad
   *   options or a point that is not `{ x, y }`.
   */
  findPath(from: Point, to: Point, options?: RtsPathOptions): TilePath | null {
    const { x: sx, y: sy } = readPoint(from, 'from');
    const { x: gx, y: gy } = readPoint(to, 'to');
    const grid = this.grid;
    grid.assertInside('start', sx, sy);
    grid.assertInside('goal', gx, gy);
    // Own properties only: an option inherited from a prototype is not an option.
    const own = ownOptions(options, 'options');
    const neighbors = own.neighbors ?? 8;
    if (neighbors !== 4 && neighbors !== 8) throw new InvalidOptionError('neighbors', neighbors, '4 or 8');
    const diagonal = own.diagonal ?? DEFAULT_DIAGONAL_RULE;
    if (!DIAGONAL_RULES.includes(diagonal))
      throw new InvalidOptionError('diagonal', diagonal, DIAGONAL_RULES.join(' | '));
    const clearance = own.clearance ?? 0;
    if (!Number.isInteger(clearance) || clearance < 0 || clearance > 126)
      throw new OutOfRangeError('clearance', clearance, 'an integer from 0 to 126');
    const blocked = own.blocked ?? null;
    const w = grid.width;
    if (blocked !== null && (typedArrayName(blocked) !== 'Uint8Array' || blocked.length !== w * grid.height))
      throw new InvalidOptionError('blocked', blocked, `a Uint8Array of ${w * grid.height} tiles`);
    const maxExpansions = own.maxExpansions ?? Number.POSITIVE_INFINITY;
    if (typeof maxExpansions !== 'number' || !(maxExpansions > 0))
      throw new OutOfRangeError('maxExpansions', maxExpansions, 'a number > 0');
    const info = own.info;
    if (info !== undefined && (info === null || typeof info !== 'object'))
      throw new InvalidOptionError('info', info, 'an object to fill');
    if (info !== undefined) info.expanded = 0;

    const passable = grid.passable;
    const start = sy * w + sx;
    const goal = gy * w + gx;
    const code = passable[start] as number;
    if (passable[goal] !== code || code === BLOCKED) return null;
    if (start === goal) return makePath(0, Int32Array.of(sx, sy));
    const clear = clearance > 0 ? this.clearance() : null;
    // PERF: the rule becomes a small integer (0 never .. 3 if-both-free) so the hot loop compares numbers.
    const rule = neighbors === 8 ? ruleCode(diagonal) : 0;
    // The same search on the same grid version gives the same answer: a kept one is returned as it was found.
    const version = blocked === null ? grid.version : -1;
    const settings = settingsKey(neighbors, rule, clearance);
    if (blocked === null) {
      const kept = this.memo.find(version, start, goal, settings, maxExpansions);
      if (kept !== null) {
        if (info !== undefined) info.expanded = kept.expanded;
        return kept.path;
      }
    }

    const path = this.search(sx, sy, gx, gy, code, rule, clear, clearance, blocked, maxExpansions);
    if (info !== undefined) info.expanded = this.expanded;
    if (blocked === null && this.complete) this.memo.keep(version, start, goal, settings, path, this.expanded);
    return path;
  }

  /**
   * The search of {@link RtsPathfinder.findPath} (checked inputs; start and goal distinct, on tiles of `code`).
   * Leaves the count of expanded tiles in `expanded`, and whether the search ended (goal found or no tile left,
   * not stopped by `maxExpansions`) in `complete`.
   */
  private search(
    sx: number,
    sy: number,
    gx: number,
    gy: number,
    code: number,
    rule: number,
    clear: Int8Array | null,
    clearance: number,
    blocked: Uint8Array | null,
    maxExpansions: number,
  ): TilePath | null {
    const grid = this.grid;
    const passable = grid.passable;
    const w = grid.width;
    const start = sy * w + sx;
    const goal = gy * w + gx;
    const octile = rule !== 0;
    // PERF: blocked tiles and clearance are folded into one flag so most searches skip both checks.
    const filtered = blocked !== null || clear !== null;
    const open = this.nextGeneration();
    const closed = open + 1;
    const { record, heap, offsets } = this;
    const h = grid.height;
    const wm = w - 1;
    const hm = h - 1;
    const oN = offsets[0] as number;
    const oS = offsets[2] as number;
    heap.clear();
    record[4 * start] = open;
    record[4 * start + 1] = -1;
    record[4 * start + 2] = 0;
    record[4 * start + 3] = 0;
    heap.push(start, heuristic(sx, sy, gx, gy, octile), 0);
    let expanded = 0;

    // PERF: the loop works on flat typed arrays and integer indices only; nothing is allocated per tile. Each
    // expansion first builds a bit mask of the usable moves (no bounds checks away from the map border, each
    // orthogonal neighbour read once and reused by the corner rule), then relaxes the set bits.
    //
    // PERF: a new tile whose f equals the f of the tile being expanded goes onto a LIFO "lane" instead of the
    // heap, and the lane is drained before the heap is popped. With a consistent heuristic no open tile has a
    // smaller f than the one being expanded, so lane tiles are minimal (A* may expand them in any order) and
    // their g is already optimal (they are never decreased later). f values are compared as exact integer step
    // counts. Straight runs toward the goal, where f stays constant, then never touch the heap.
    let lane = this.lane;
    let laneSize = 0;
    for (;;) {
      let cur: number;
      if (laneSize > 0) cur = lane[--laneSize] as number;
      else if (heap.size > 0)
        cur = heap.pop(); // PERF: decrease-key heap: every pop is an open tile
      else break;
      const rc = 4 * cur;
      const ca = record[rc + 2] as number;
      const cb = record[rc + 3] as number;
      if (cur === goal) {
        this.expanded = expanded;
        this.complete = true;
        return makePath(ca + cb * SQRT2, this.trace(goal, w));
      }
      record[rc] = closed;
      if (++expanded > maxExpansions) {
        this.expanded = expanded;
        this.complete = false;
        return null;
      }
      const cx = cur % w;
      const cy = (cur - cx) / w;
      // f of this tile as step counts (straight fa, diagonal fb), the same form as the neighbours' keys below.
      let fa = cx > gx ? cx - gx : gx - cx;
      let fb = cy > gy ? cy - gy : gy - cy;
      if (octile) {
        const m = Math.min(fa, fb);
        fa = fa + fb - 2 * m;
        fb = m;
      } else {
        fa += fb;
        fb = 0;
      }
      fa += ca;
      fb += cb;

      // Orthogonal moves: the neighbour exists and has the start's code.
      let mask = 0;
      if (cy > 0 && passable[cur + oN] === code) mask |= BIT_N;
      if (cx < wm && passable[cur + 1] === code) mask |= BIT_E;
      if (cy < hm && passable[cur + oS] === code) mask |= BIT_S;
      if (cx > 0 && passable[cur - 1] === code) mask |= BIT_W;
      if (rule !== 0) {
        // Diagonal moves: the neighbour exists, has the code, and the corner rule holds for the two
        // orthogonal tiles (out-of-map orthogonal tiles count as not free; they exist when the diagonal does).
        const inN = cy > 0;
        const inS = cy < hm;
        const inE = cx < wm;
        const inW = cx > 0;
        if (rule === 3) {
          if ((mask & (BIT_N | BIT_E)) === (BIT_N | BIT_E) && passable[cur + oN + 1] === code) mask |= BIT_NE;
          if ((mask & (BIT_S | BIT_E)) === (BIT_S | BIT_E) && passable[cur + oS + 1] === code) mask |= BIT_SE;
          if ((mask & (BIT_S | BIT_W)) === (BIT_S | BIT_W) && passable[cur + oS - 1] === code) mask |= BIT_SW;
          if ((mask & (BIT_N | BIT_W)) === (BIT_N | BIT_W) && passable[cur + oN - 1] === code) mask |= BIT_NW;
        } else {
          const any = rule === 1;
          if (inN && inE && (any || (mask & (BIT_N | BIT_E)) !== 0) && passable[cur + oN + 1] === code) mask |= BIT_NE;
          if (inS && inE && (any || (mask & (BIT_S | BIT_E)) !== 0) && passable[cur + oS + 1] === code) mask |= BIT_SE;
          if (inS && inW && (any || (mask & (BIT_S | BIT_W)) !== 0) && passable[cur + oS - 1] === code) mask |= BIT_SW;
          if (inN && inW && (any || (mask & (BIT_N | BIT_W)) !== 0) && passable[cur + oN - 1] === code) mask |= BIT_NW;
        }
      }

      // Relax the usable moves in DIRECTIONS order (the order fixes tie-breaking, so results stay stable).
      while (mask !== 0) {
        const low = mask & -mask;
        mask ^= low;
        const d = 31 - Math.clz32(low); // PERF: index of the lowest set bit
        const ni = cur + (offsets[d] as number);
        const rn = 4 * ni;
        const st = record[rn] as number;
        if (st === closed) continue;
        if (filtered && ni !== goal) {
          if (blocked !== null && blocked[ni] !== 0) continue;
          if (clear !== null && (clear[ni] as number) < clearance) continue;
        }
        // PERF: exact step counts (integers), g and f formed once from them; see `record`.
        const na = d < 4 ? ca + 1 : ca;
        const nb = d < 4 ? cb : cb + 1;
        const ng = na + nb * SQRT2;
        if (st === open && ng >= (record[rn + 2] as number) + (record[rn + 3] as number) * SQRT2) continue;
        record[rn] = open;
        record[rn + 1] = cur;
        record[rn + 2] = na;
        record[rn + 3] = nb;
        // PERF: heuristic inline as step counts too (octile: |dx - dy| straight + min(dx, dy) diagonal;
        // Manhattan: dx + dy straight), so equal f values are bit-identical and f/g ties are exact.
        let hx = cx + (DIR_DX[d] as number) - gx;
        let hy = cy + (DIR_DY[d] as number) - gy;
        if (hx < 0) hx = -hx;
        if (hy < 0) hy = -hy;
        let ha = hx + hy;
        let hb = 0;
        if (octile) {
          hb = Math.min(hx, hy);
          ha -= 2 * hb;
        }
        if (st === open) heap.decrease(ni, na + ha + (nb + hb) * SQRT2, ng);
        else if (na + ha === fa && nb + hb === fb) {
          if (laneSize === lane.length) {
            const bigger = new Int32Array(lane.length * 2);
            bigger.set(lane);
            lane = bigger;
            this.lane = bigger;
          }
          lane[laneSize++] = ni;
        } else heap.push(ni, na + ha + (nb + hb) * SQRT2, ng);
      }
    }
    this.expanded = expanded;
    this.complete = true;
    return null;
  }

  /** Walks the parent chain back from `goal` and keeps the start, the turning tiles and the goal. */
  private trace(goal: number, w: number): Int32Array {
    let count = 0;
    for (let t = goal; t !== -1; t = this.record[4 * t + 1] as number) {
      if (count === this.trail.length) {
        const bigger = new Int32Array(this.trail.length * 2);
        bigger.set(this.trail);
        this.trail = bigger;
      }
      this.trail[count++] = t;
    }
    return rtsCompressTiles(this.trail, count, w, true);
  }
}

/** Octile (or Manhattan) distance in the same step-count form as the search's keys: straight + diagonal * SQRT2. */
function heuristic(x: number, y: number, gx: number, gy: number, octile: boolean): number {
  const dx = Math.abs(x - gx);
  const dy = Math.abs(y - gy);
  if (!octile) return dx + dy;
  const diag = Math.min(dx, dy);
  return dx + dy - 2 * diag + diag * SQRT2;
}

/**
 * Turns a sequence of adjacent tile indices into waypoints (x, y pairs): the first tile, each tile where the
 * step direction changes, and the last tile. `reversed` reads `tiles[count-1]` first.
 */
export function rtsCompressTiles(tiles: Int32Array, count: number, width: number, reversed = false): Int32Array {
  if (typedArrayName(tiles) !== 'Int32Array') throw new InvalidOptionError('tiles', tiles, 'an Int32Array');
  checkInteger('count', count, 0, tiles.length);
  checkInteger('width', width, 1, MAX_GRID_SIDE);
  if (typeof reversed !== 'boolean') throw new InvalidOptionError('reversed', reversed, 'true or false');
  const at = (k: number) => (reversed ? (tiles[count - 1 - k] as number) : (tiles[k] as number));
  const out: number[] = [];
  let px = -1;
  let py = -1;
  let ldx = 0;
  let ldy = 0;
  for (let k = 0; k < count; k++) {
    const t = at(k);
    const x = t % width;
    const y = (t - x) / width;
    if (k === 0) out.push(x, y);
    else {
      const dx = x - px;
      const dy = y - py;
      if (k > 1 && (dx !== ldx || dy !== ldy)) out.push(px, py);
      ldx = dx;
      ldy = dy;
    }
    px = x;
    py = y;
  }
  if (count > 1) out.push(px, py);
  return Int32Array.from(out);
}

/** Length of a waypoint polyline (x, y pairs) in tiles, each segment a straight or diagonal run. */
export function rtsWaypointLength(waypoints: Int32Array): number {
  if (typedArrayName(waypoints) !== 'Int32Array') throw new InvalidOptionError('waypoints', waypoints, 'an Int32Array');
  let total = 0;
  for (let k = 2; k + 1 < waypoints.length; k += 2) {
    const dx = Math.abs((waypoints[k] as number) - (waypoints[k - 2] as number));
    const dy = Math.abs((waypoints[k + 1] as number) - (waypoints[k - 1] as number));
    total += dx > dy ? dx - dy + SQRT2 * dy : dy - dx + SQRT2 * dx;
  }
  return total;
}
