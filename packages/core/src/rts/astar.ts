import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { DEFAULT_DIAGONAL_RULE, DIAGONAL_RULES, DIR_DX, DIR_DY, type DiagonalRule } from '../grid/directions.js';
import type { Grid } from '../grid/grid.js';
import { computeRtsClearance } from './clearance.js';
import { RtsHeap } from './heap.js';

/** Options of {@link RtsPathfinder.findPath}. */
export interface RtsPathOptions {
  /** 4 (orthogonal moves only) or 8. Default 8. */
  neighbors?: 4 | 8;
  /** When a diagonal move is allowed (ignored with 4 neighbours). Default `if-both-free`. */
  diagonal?: DiagonalRule;
  /**
   * Radius in tiles of the square a unit needs (0: one tile). A tile is usable only if its
   * {@link computeRtsClearance} value is at least this. The start and goal tiles are always usable. Default 0.
   */
  clearance?: number;
  /** Extra blocked tiles (non-zero = blocked), `y * width + x`, e.g. tiles held by idle units. Default none. */
  blocked?: Uint8Array | null;
  /** Give up (return null) after this many tile expansions. Default Infinity. */
  maxExpansions?: number;
}

export const DEFAULT_RTS_PATH_OPTIONS: Readonly<Required<RtsPathOptions>> = Object.freeze({
  neighbors: 8,
  diagonal: DEFAULT_DIAGONAL_RULE,
  clearance: 0,
  blocked: null,
  maxExpansions: Number.POSITIVE_INFINITY,
});

/** A path found by {@link RtsPathfinder.findPath}. */
export interface RtsPath {
  /** Path length in tiles (straight step 1, diagonal step sqrt 2). */
  cost: number;
  /**
   * Tile coordinates as x, y pairs: the start, every tile where the direction changes, then the goal (the
   * seed's waypoints). Consecutive waypoints are joined by straight 8-direction lines. One pair when
   * start = goal.
   */
  waypoints: Int32Array;
  /** Number of tiles expanded by the search (for the benches and the debug view). */
  expanded: number;
}

const SQRT2 = Math.SQRT2;

/**
 * A* on a {@link Grid} with an octile heuristic (Manhattan with 4 neighbours), moves only between tiles of the
 * same non-zero passability code and the grid's diagonal rules. One instance owns scratch arrays sized to the
 * grid (g, parent, generation stamps, a typed-array heap) and reuses them across searches: a search never
 * clears a per-tile array (generation stamps), and allocates only its result.
 */
export class RtsPathfinder {
  readonly grid: Grid;
  private readonly g: Float64Array;
  private readonly parent: Int32Array;
  /** Generation stamp: tile has a g value in this search. */
  private readonly seen: Uint32Array;
  /** Generation stamp: tile is closed in this search. */
  private readonly closed: Uint32Array;
  private generation = 0;
  private readonly heap: RtsHeap;
  private trail: Int32Array;
  private clearanceMap: Int8Array | null = null;
  private clearanceVersion = -1;

  constructor(grid: Grid) {
    this.grid = grid;
    const n = grid.width * grid.height;
    this.g = new Float64Array(n);
    this.parent = new Int32Array(n);
    this.seen = new Uint32Array(n);
    this.closed = new Uint32Array(n);
    this.heap = new RtsHeap(Math.min(n, 4096));
    this.trail = new Int32Array(256);
  }

  /** The clearance map of the grid (recomputed when the grid's version changed). */
  clearance(): Int8Array {
    if (!this.clearanceMap || this.clearanceVersion !== this.grid.version) {
      this.clearanceMap = computeRtsClearance(this.grid, this.clearanceMap ?? undefined);
      this.clearanceVersion = this.grid.version;
    }
    return this.clearanceMap;
  }

  private nextGeneration(): number {
    this.generation++;
    if (this.generation >= 0xffffffff) {
      this.seen.fill(0);
      this.closed.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }

  /**
   * Shortest path from (sx, sy) to (gx, gy), or null when the goal cannot be reached (different passability
   * codes, walls, `blocked`, `clearance`, or `maxExpansions`).
   * @throws CoordinateError when start or goal is outside the grid or on a wall; InvalidOptionError /
   * OutOfRangeError for bad options.
   */
  findPath(sx: number, sy: number, gx: number, gy: number, options: RtsPathOptions = {}): RtsPath | null {
    const grid = this.grid;
    grid.assertWalkable('start', sx, sy);
    grid.assertWalkable('goal', gx, gy);
    const neighbors = options.neighbors ?? 8;
    if (neighbors !== 4 && neighbors !== 8) throw new InvalidOptionError('neighbors', neighbors, '4 or 8');
    const diagonal = options.diagonal ?? DEFAULT_DIAGONAL_RULE;
    if (!DIAGONAL_RULES.includes(diagonal))
      throw new InvalidOptionError('diagonal', diagonal, DIAGONAL_RULES.join(' | '));
    const clearance = options.clearance ?? 0;
    if (!Number.isInteger(clearance) || clearance < 0 || clearance > 126)
      throw new OutOfRangeError('clearance', clearance, 'an integer from 0 to 126');
    const blocked = options.blocked ?? null;
    const w = grid.width;
    if (blocked && blocked.length !== w * grid.height)
      throw new InvalidOptionError('blocked', blocked, `a Uint8Array of ${w * grid.height} tiles`);
    const maxExpansions = options.maxExpansions ?? Number.POSITIVE_INFINITY;
    if (!(maxExpansions > 0)) throw new OutOfRangeError('maxExpansions', maxExpansions, 'a number > 0');

    const passable = grid.passable;
    const start = sy * w + sx;
    const goal = gy * w + gx;
    const code = passable[start] as number;
    if (passable[goal] !== code) return null;
    if (start === goal) return { cost: 0, waypoints: Int32Array.of(sx, sy), expanded: 0 };
    const clear = clearance > 0 ? this.clearance() : null;
    const dirs = neighbors === 8 && diagonal !== 'never' ? 8 : 4;
    const octile = dirs === 8;

    const gen = this.nextGeneration();
    const { g, parent, seen, closed, heap } = this;
    const h = grid.height;
    heap.clear();
    g[start] = 0;
    parent[start] = -1;
    seen[start] = gen;
    heap.push(start, heuristic(sx, sy, gx, gy, octile), 0);
    let expanded = 0;

    // PERF: the loop works on flat typed arrays and integer indices only; nothing is allocated per tile.
    while (heap.size > 0) {
      const cur = heap.pop();
      if (closed[cur] === gen) continue; // stale entry (lazy deletion)
      if (cur === goal) return { cost: g[goal] as number, waypoints: this.trace(goal, w), expanded };
      closed[cur] = gen;
      if (++expanded > maxExpansions) return null;
      const cx = cur % w;
      const cy = (cur - cx) / w;
      const gc = g[cur] as number;
      for (let d = 0; d < dirs; d++) {
        const dx = DIR_DX[d] as number;
        const dy = DIR_DY[d] as number;
        const nx = cx + dx;
        const ny = cy + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const ni = ny * w + nx;
        if (passable[ni] !== code || closed[ni] === gen) continue;
        if (ni !== goal) {
          if (blocked !== null && blocked[ni] !== 0) continue;
          if (clear !== null && (clear[ni] as number) < clearance) continue;
        }
        let step = 1;
        if (d >= 4) {
          step = SQRT2;
          if (diagonal !== 'always') {
            const a = passable[cy * w + nx] === code;
            const b = passable[ny * w + cx] === code;
            if (diagonal === 'if-both-free' ? !(a && b) : !(a || b)) continue;
          }
        }
        const ng = gc + step;
        if (seen[ni] === gen && ng >= (g[ni] as number)) continue;
        seen[ni] = gen;
        g[ni] = ng;
        parent[ni] = cur;
        heap.push(ni, ng + heuristic(nx, ny, gx, gy, octile), ng);
      }
    }
    return null;
  }

  /** Walks the parent chain back from `goal` and keeps the start, the turning tiles and the goal. */
  private trace(goal: number, w: number): Int32Array {
    let count = 0;
    for (let t = goal; t !== -1; t = this.parent[t] as number) {
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

function heuristic(x: number, y: number, gx: number, gy: number, octile: boolean): number {
  const dx = Math.abs(x - gx);
  const dy = Math.abs(y - gy);
  if (!octile) return dx + dy;
  return dx > dy ? dx - dy + SQRT2 * dy : dy - dx + SQRT2 * dx;
}

/**
 * Turns a sequence of adjacent tile indices into waypoints (x, y pairs): the first tile, each tile where the
 * step direction changes, and the last tile. `reversed` reads `tiles[count-1]` first.
 */
export function rtsCompressTiles(tiles: Int32Array, count: number, width: number, reversed = false): Int32Array {
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
  let total = 0;
  for (let k = 2; k + 1 < waypoints.length; k += 2) {
    const dx = Math.abs((waypoints[k] as number) - (waypoints[k - 2] as number));
    const dy = Math.abs((waypoints[k + 1] as number) - (waypoints[k - 1] as number));
    total += dx > dy ? dx - dy + SQRT2 * dy : dy - dx + SQRT2 * dx;
  }
  return total;
}
