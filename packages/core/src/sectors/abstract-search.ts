/**
 * Searches over the entrances of a sector graph (the abstract graph of HPA*, Botea, Müller and Schaeffer):
 * - {@link AbstractSearch.route}: A* from the entrances of the start's sector (with the costs of the start's
 *   local search) to a virtual goal reached from the entrances of the goal's sector (with the costs of the
 *   goal's local search), guided by the distance bound to the goal tile (consistent: intra costs are walks,
 *   never below the bound) weighted by {@link ROUTE_WEIGHT}, so the route found costs at most that many times
 *   the cheapest through entrances;
 * - {@link AbstractSearch.backward}: Dijkstra towards the goal (edges reversed) until every target entrance is
 *   settled, guided by the distance to the targets' bounding box: the cost to the goal of many entrances at
 *   once, and the tree of their routes (corridor fields).
 * Edges: the intra block of an entrance's sector (Infinity where there is no walk inside the sector) and its
 * mates across the borders (one step). With landmarks (landmarks.ts) the route search's estimate is the larger
 * of the distance bound and the landmark bound, both consistent (before the weight). Scratch is
 * per search object and grows with the graph; a search allocates nothing once warm.
 */
import type { SectorContext } from './build-phases.js';
import { landmarksValid } from './landmarks.js';
import { distanceBound } from './moves.js';
import { H_LANDMARKS, MATES } from './sector-data.js';
import { M_STEPS, R_NEVER } from './sector-options.js';
import { SlotHeap } from './slot-heap.js';

const INF = Number.POSITIVE_INFINITY;

/**
 * The route search's weight on its estimate (weighted A*, Pohl): the route found costs at most this many times the
 * cheapest route through entrances. Far routes on big maps expand far fewer entrances: city-2048 (Berlin_0_256
 * scaled up), far pairs, median 859 entrances expanded exactly, 303 with the weight; random-2048 925 and 642. The
 * refinements win the difference back (windows and corridors cross borders anywhere).
 */
export const ROUTE_WEIGHT = 1.01;

/** Cost of the step across a border into tile `to`, in direction d or its opposite (same length). */
function mateCost(metric: number, terrain: Float32Array | null, to: number, d: number): number {
  if (metric === M_STEPS) return 1;
  const w = terrain === null ? 1 : (terrain[to] as number);
  return d < 4 ? w : w * Math.SQRT2;
}

export class AbstractSearch {
  /** Best known cost per node (valid where `stamp` is `gen` or `gen + 1`). */
  g = new Float64Array(0);
  /** Node each node was reached from (-1: from the start's local search, or a goal entrance going backward). */
  parent = new Int32Array(0);
  /** `gen` open, `gen + 1` closed, anything else untouched by this search. */
  stamp = new Int32Array(0);
  /** Heuristic of each node touched by this search (computed once per node). */
  private hval = new Float64Array(0);
  gen = 2;
  /** Nodes expanded by the last search. */
  expanded = 0;
  /** Cost from each landmark to the goal of the current route search. */
  private readonly toGoal = new Float64Array(32);
  private readonly heap = new SlotHeap();

  /** Makes room for node indices below `capacity` plus the virtual goal (index `capacity`). */
  ensure(capacity: number): void {
    if (this.g.length < capacity + 1) {
      const n = capacity + 1;
      this.g = new Float64Array(n);
      this.parent = new Int32Array(n);
      this.stamp = new Int32Array(n);
      this.hval = new Float64Array(n);
      this.gen = 2;
    }
  }

  private begin(): void {
    this.gen += 2;
    if (this.gen > 0x3ffffff0) {
      this.stamp.fill(0);
      this.gen = 2;
    }
    this.heap.reset(this.g.length);
    this.expanded = 0;
  }

  /** Offers cost `gv` to node v (from `from`) with estimate `h`. */
  private relax(v: number, gv: number, from: number, h: number): void {
    const st = this.stamp[v] as number;
    if (st === this.gen + 1) return;
    if (st === this.gen && (this.g[v] as number) <= gv) return;
    this.stamp[v] = this.gen;
    this.g[v] = gv;
    this.parent[v] = from;
    this.heap.push(gv + h, gv, v);
  }

  /**
   * A* from the start's sector to the goal tile (gx, gy). `startCost[j]` is the cost from the start to the j-th
   * entrance of `startSector` (Infinity: not reached), `goalCost[j]` the cost from the j-th entrance of
   * `goalSector` to the goal, `direct` the cost of the walk inside the start's sector when start and goal share
   * it (else Infinity). Returns the route's cost, or Infinity when the goal cannot be reached through entrances.
   * The route is read backwards from `parent[goalNode]` (goalNode = capacity) with -1 marking the start.
   * PERF: a node's heuristic is computed once, when it is first reached, and only for accepted offers.
   */
  route(
    ctx: SectorContext,
    startSector: number,
    startCost: Float64Array,
    goalSector: number,
    goalCost: Float64Array,
    direct: number,
    gx: number,
    gy: number,
  ): number {
    const { data, width, metric, rule, terrain, shift, sectorsX } = ctx;
    const goal = data.nodeTile.length;
    this.ensure(goal);
    this.begin();
    const { nodeTile, nodeMates, intra, sectorNodeFirst, sectorNodeCount, sectorMatrixFirst } = data;
    const { g, stamp, parent, hval, heap } = this;
    const gen = this.gen;
    const closed = gen + 1;
    const straight = rule === R_NEVER;
    const octile = metric !== M_STEPS;
    // Landmarks (ALT): the cost from each landmark to the goal, through the goal's sector's entrances.
    const landmarks = landmarksValid(data) ? (data.header[H_LANDMARKS] as number) : 0;
    const lc = data.landmarkCost;
    const dg = this.toGoal;
    const f1 = sectorNodeFirst[goalSector] as number;
    const k1 = sectorNodeCount[goalSector] as number;
    for (let l = 0; l < landmarks; l++) {
      let best = INF;
      for (let j = 0; j < k1; j++) {
        const c = (lc[(f1 + j) * landmarks + l] as number) + (goalCost[j] as number);
        if (c < best) best = c;
      }
      dg[l] = best;
    }
    // Offers gv to node v from u; computes v's heuristic the first time v is reached.
    const offer = (v: number, gv: number, u: number): void => {
      const st = stamp[v] as number;
      let h: number;
      if (st === gen) {
        if ((g[v] as number) <= gv) return;
        h = hval[v] as number;
      } else if (st === closed) return;
      else {
        const t = nodeTile[v] as number;
        const y = (t / width) | 0;
        const dx = Math.abs(t - y * width - gx);
        const dy = Math.abs(y - gy);
        if (straight) h = dx + dy;
        else {
          const lo = Math.min(dx, dy);
          const hi = Math.max(dx, dy);
          h = octile ? hi - lo + lo * Math.SQRT2 : hi;
        }
        // d(v, goal) >= |d(L, goal) - d(L, v)|, less the 32-bit rounding of the stored costs.
        const at = v * landmarks;
        for (let l = 0; l < landmarks; l++) {
          const dv = lc[at + l] as number;
          const gl = dg[l] as number;
          if (dv < INF && gl < INF) {
            const b = Math.abs(gl - dv) - 1.2e-7 * (gl + dv);
            if (b > h) h = b;
          }
        }
        h *= ROUTE_WEIGHT;
        hval[v] = h;
        stamp[v] = gen;
      }
      g[v] = gv;
      parent[v] = u;
      heap.push(gv + h, gv, v);
    };
    const first0 = sectorNodeFirst[startSector] as number;
    const k0 = sectorNodeCount[startSector] as number;
    for (let j = 0; j < k0; j++) {
      const c = startCost[j] as number;
      if (c < INF) offer(first0 + j, c, -1);
    }
    if (direct < INF) {
      stamp[goal] = gen;
      hval[goal] = 0;
      g[goal] = direct;
      parent[goal] = -1;
      heap.push(direct, direct, goal);
    }
    while (heap.size > 0) {
      const u = heap.pop();
      const gu = heap.popped;
      if (stamp[u] === closed || gu > (g[u] as number)) continue;
      if (u === goal) return gu;
      stamp[u] = closed;
      this.expanded++;
      const t = nodeTile[u] as number;
      const ty = (t / width) | 0;
      const s = (ty >> shift) * sectorsX + ((t - ty * width) >> shift);
      const first = sectorNodeFirst[s] as number;
      const k = sectorNodeCount[s] as number;
      const li = u - first;
      const row = (sectorMatrixFirst[s] as number) + li * k;
      for (let j = 0; j < k; j++) {
        const c = intra[row + j] as number;
        if (j !== li && c < INF) offer(first + j, gu + c, u);
      }
      const mates = u * MATES;
      for (let d = 0; d < MATES; d++) {
        const m = nodeMates[mates + d] as number;
        if (m >= 0) offer(m, gu + mateCost(metric, terrain, nodeTile[m] as number, d), u);
      }
      if (s === goalSector) {
        const c = goalCost[li] as number;
        if (c < INF) {
          const gv = gu + c;
          if (stamp[goal] !== gen || (g[goal] as number) > gv) {
            stamp[goal] = gen;
            hval[goal] = 0;
            g[goal] = gv;
            parent[goal] = u;
            heap.push(gv, gv, goal);
          }
        }
      }
    }
    return INF;
  }

  /**
   * Dijkstra backwards from the goal: `goalCost[j]` is the cost from the j-th entrance of `goalSector` to the
   * goal. Runs until every node marked in `isTarget` (`isTarget[n] === mark`) is settled or nothing is left,
   * guided by the distance bound to the box [bx0, bx1] x [by0, by1] that holds every target. Afterwards `g[n]`
   * is the cost from node n to the goal for every settled node n, and `parent[n]` the next node of its route
   * (-1: it walks to the goal inside the goal's sector). Returns the number of targets settled.
   */
  backward(
    ctx: SectorContext,
    goalSector: number,
    goalCost: Float64Array,
    isTarget: Int32Array,
    mark: number,
    targets: number,
    bx0: number,
    by0: number,
    bx1: number,
    by1: number,
  ): number {
    const { data, width, metric, rule, terrain, shift, sectorsX } = ctx;
    this.ensure(data.nodeTile.length);
    this.begin();
    const { nodeTile, nodeMates, intra, sectorNodeFirst, sectorNodeCount, sectorMatrixFirst } = data;
    const h = (n: number): number => {
      const t = nodeTile[n] as number;
      const y = (t / width) | 0;
      const x = t - y * width;
      const dx = x < bx0 ? bx0 - x : x > bx1 ? x - bx1 : 0;
      const dy = y < by0 ? by0 - y : y > by1 ? y - by1 : 0;
      return distanceBound(metric, rule, dx, dy);
    };
    const gen = this.gen;
    const heap = this.heap;
    const firstG = sectorNodeFirst[goalSector] as number;
    const kG = sectorNodeCount[goalSector] as number;
    for (let j = 0; j < kG; j++) {
      const c = goalCost[j] as number;
      if (c < INF) this.relax(firstG + j, c, -1, h(firstG + j));
    }
    let found = 0;
    while (heap.size > 0 && found < targets) {
      const u = heap.pop();
      const gu = heap.popped;
      if (this.stamp[u] === gen + 1 || gu > (this.g[u] as number)) continue;
      this.stamp[u] = gen + 1;
      this.expanded++;
      if (isTarget[u] === mark) found++;
      const t = nodeTile[u] as number;
      const ty = (t / width) | 0;
      const s = (ty >> shift) * sectorsX + ((t - ty * width) >> shift);
      const first = sectorNodeFirst[s] as number;
      const k = sectorNodeCount[s] as number;
      const li = u - first;
      const at = sectorMatrixFirst[s] as number;
      for (let j = 0; j < k; j++) {
        // The edge j -> u: column li of the block.
        const c = intra[at + j * k + li] as number;
        if (j === li || !(c < INF)) continue;
        const v = first + j;
        this.relax(v, gu + c, u, h(v));
      }
      for (let d = 0; d < MATES; d++) {
        // The step m -> u enters u (direction d from u, the opposite from m).
        const m = nodeMates[u * MATES + d] as number;
        if (m >= 0) this.relax(m, gu + mateCost(metric, terrain, t, d), u, h(m));
      }
    }
    return found;
  }

  /** True when node n was settled by the last search. */
  settled(n: number): boolean {
    return this.stamp[n] === this.gen + 1;
  }
}
