/**
 * Landmarks for the route search (ALT: A*, landmarks and the triangle inequality; Goldberg and Harrelson,
 * "Computing the shortest path: A* search meets graph theory"). For a few entrances L, the cost from L to every
 * entrance is stored; since costs are symmetric (`steps`, `octile`), d(v, goal) >= |d(L, goal) - d(L, v)| for
 * every L, a bound that knows about walls where the distance bound does not. The route search takes the larger
 * of the two, so it stays exact and expands fewer entrances.
 *
 * Landmarks sit on the edge of the map (evenly spaced along its outline, each the entrance of the largest
 * component nearest to its spot), so they are far from most queries, and each one's costs come from one
 * Dijkstra over the entrances: independent jobs in a pool. An update of the graph makes them stale (the route
 * search then uses the distance bound alone) until they are computed again.
 *
 * The costs are stored node by node (`landmarkCost[v * count + l]`): the route search reads all of a node's
 * costs at once, from one cache line. PERF: city-8192 (95,259 entrances, 3 MiB of landmark costs), 100 far
 * pairs, both layouts interleaved in one process on a loaded machine: the route search's median 4.59 ms with
 * the costs landmark by landmark (8 lines per node), 3.22 ms node by node (0.93x in total); random-2048, whose
 * costs fit in the caches, the same.
 */
import type { KernelControl } from '../fields/types.js';
import type { SectorContext } from './build-phases.js';
import { checkAbort } from './control.js';
import {
  H_LANDMARK_REVISION,
  H_LANDMARKS,
  H_REVISION,
  MATES,
  resizeLandmarks,
  type SectorGraphData,
} from './sector-data.js';
import { M_STEPS, M_WEIGHTED } from './sector-options.js';

/** True when the graph's landmark costs describe its current entrances. */
export function landmarksValid(data: SectorGraphData): boolean {
  const h = data.header;
  return (h[H_LANDMARKS] as number) > 0 && h[H_LANDMARK_REVISION] === h[H_REVISION];
}

/**
 * Picks `count` landmarks (node indices) evenly spaced along the map's outline, each the live entrance of the
 * largest component nearest to its spot (Manhattan distance; the first in sector order among equals) and not picked
 * before; fewer when the graph has fewer entrances. Each spot looks at the sectors around it, ring by ring outward,
 * until the next ring is farther than the nearest entrance found (a sector is skipped when even its nearest tile
 * is): O(entrances near the spot) on a map whose largest component reaches its outline, O(entrances) at worst.
 * `control` is checked once per landmark. None for the weighted metric, whose costs are not symmetric.
 * PERF: city-8192 (143,007 entrances): 27-48 ms when each spot walked the sectors' node lists, then a pass over
 * the component's entrances per spot (10.8 ms warm, about 100 ms in the first calls of a worker, which runs it
 * once per build while the other workers of a pool build wait); the ring search leaves the count of the
 * components' sizes.
 */
export function pickLandmarks(ctx: SectorContext, count: number, control?: KernelControl): Int32Array {
  // The weighted metric's costs are not symmetric: no landmarks (a pool build asks here too).
  if (ctx.metric === M_WEIGHTED) return new Int32Array(0);
  const best = largestComponent(ctx.data);
  if (best < 0) return new Int32Array(0);
  const { width, height } = ctx;
  const picked = new Int32Array(count);
  let got = 0;
  const perimeter = 2 * (width + height);
  for (let l = 0; l < count; l++) {
    checkAbort(control);
    // A spot on the outline, clockwise from the top left corner.
    const p = Math.floor(((l + 0.5) * perimeter) / count);
    const sx = p < width ? p : p < width + height ? width - 1 : p < 2 * width + height ? 2 * width + height - 1 - p : 0;
    const sy = p < width ? 0 : p < width + height ? p - width : p < 2 * width + height ? height - 1 : perimeter - 1 - p;
    const nearest = nearestEntrance(ctx, best, sx, sy, picked, got);
    if (nearest >= 0) picked[got++] = nearest;
  }
  return got === count ? picked : picked.slice(0, got);
}

/**
 * The largest component's label (its smallest node index): the first in sector order to reach the largest size
 * among equals. -1 when the graph has no entrances.
 */
function largestComponent(data: SectorGraphData): number {
  const sectors = data.sectorNodeFirst.length;
  const size = new Int32Array(data.nodeTile.length);
  let best = -1;
  for (let s = 0; s < sectors; s++) {
    const first = data.sectorNodeFirst[s] as number;
    for (let n = first; n < first + (data.sectorNodeCount[s] as number); n++) {
      const c = data.nodeComp[n] as number;
      size[c] = (size[c] as number) + 1;
      if (best < 0 || (size[c] as number) > (size[best] as number)) best = c;
    }
  }
  return best;
}

/**
 * The live entrance of component `comp` nearest to tile (sx, sy) (Manhattan distance; among equals the first in
 * sector order, then in its sector's slots) that is not one of `taken`'s first `takenCount`; -1 when none is.
 * The sectors are looked at ring by ring around the spot's sector: ring r is at least (r - 1) x size + 1 tiles
 * away, so the search stops once that is more than the nearest distance found (equals are still looked at).
 */
function nearestEntrance(
  ctx: SectorContext,
  comp: number,
  sx: number,
  sy: number,
  taken: Int32Array,
  takenCount: number,
): number {
  const { data, width, height, shift, sectorsX, sectorsY } = ctx;
  const size = 1 << shift;
  const cx = sx >> shift;
  const cy = sy >> shift;
  let nearest = -1;
  let nearestD = Number.POSITIVE_INFINITY;
  let nearestS = -1;
  const rings = Math.max(sectorsX, sectorsY);
  for (let r = 0; r < rings && (r === 0 || (r - 1) * size + 1 <= nearestD); r++) {
    for (let y = Math.max(0, cy - r); y <= Math.min(sectorsY - 1, cy + r); y++) {
      // The whole row on the ring's top and bottom, its two ends elsewhere.
      const edge = y === cy - r || y === cy + r;
      const step = edge || r === 0 ? 1 : 2 * r;
      for (let x = cx - r; x <= cx + r; x += step) {
        if (x < 0 || x >= sectorsX) continue;
        // The sector's nearest tile to the spot.
        const x0 = x << shift;
        const y0 = y << shift;
        const dx = sx < x0 ? x0 - sx : Math.max(0, sx - (Math.min(width, x0 + size) - 1));
        const dy = sy < y0 ? y0 - sy : Math.max(0, sy - (Math.min(height, y0 + size) - 1));
        if (dx + dy > nearestD) continue;
        const s = y * sectorsX + x;
        const first = data.sectorNodeFirst[s] as number;
        const end = first + (data.sectorNodeCount[s] as number);
        for (let n = first; n < end; n++) {
          if (data.nodeComp[n] !== comp) continue;
          const t = data.nodeTile[n] as number;
          const ty = (t / width) | 0;
          const d = Math.abs(t - ty * width - sx) + Math.abs(ty - sy);
          // Slots in order within a sector: a later one of the same sector wins only when nearer.
          if (d > nearestD || (d === nearestD && (s > nearestS || s === nearestS))) continue;
          if (isTaken(taken, takenCount, n)) continue;
          nearest = n;
          nearestD = d;
          nearestS = s;
        }
      }
    }
  }
  return nearest;
}

function isTaken(taken: Int32Array, count: number, n: number): boolean {
  for (let i = 0; i < count; i++) if (taken[i] === n) return true;
  return false;
}

// Per-thread Dijkstra scratch: costs, and the bucket queue (entries chained per bucket: node and next entry).
let dist = new Float64Array(0);
let head = new Int32Array(0);
let entryNode = new Int32Array(1024);
let entryNext = new Int32Array(1024);

/**
 * The length of {@link landmarkCosts}' ring of buckets: one bucket per unit of cost up to the graph's dearest
 * edge, plus room. One pass over every sector's costs (2 ms on city-8192), so the landmarks of a build share it
 * (and the jobs of a pool build find it as they build the sectors: {@link dearestEdge}).
 */
export function landmarkRing(data: SectorGraphData): number {
  return dearestEdge(data, 0, data.sectorNodeFirst.length) + 2;
}

/**
 * The dearest finite cost between two entrances of a sector of [first, last), rounded up, and at least 2: the
 * largest over runs of sectors is that of the graph, and {@link landmarkRing} is it plus 2.
 */
export function dearestEdge(data: SectorGraphData, first: number, last: number): number {
  const { intra, sectorNodeCount, sectorMatrixFirst } = data;
  let dearest = 2;
  for (let s = first; s < last; s++) {
    const at = sectorMatrixFirst[s] as number;
    const k = sectorNodeCount[s] as number;
    for (let e = at; e < at + k * k; e++) {
      const w = intra[e] as number;
      if (w > dearest && w < Number.POSITIVE_INFINITY) dearest = w;
    }
  }
  return Math.ceil(dearest);
}

/**
 * Costs from node `source` to every entrance, by Dijkstra over the entrance graph, into landmark slot `slot` of
 * `out`, laid out node by node: the cost to node v at `v * count + slot` (Infinity: none).
 * Every edge costs at least 1 (a step, or a walk between two distinct tiles), so a bucket queue of unit-width
 * buckets in a ring longer than the dearest edge orders the nodes (Dial's algorithm; the nodes of one bucket
 * cannot improve each other), with the same costs as a binary heap. PERF: random-2048 (20% walls, 23,424
 * entrances), the 8 landmarks of a build: about 100 ms with a binary heap (KeyHeap), about 57 ms with the ring.
 * (The ring's length only matters for speed: an entry taken too early is expanded again when it improves.)
 * `ring` is {@link landmarkRing} of the graph, passed in by a caller that computes several landmarks.
 */
export function landmarkCosts(
  ctx: SectorContext,
  source: number,
  out: Float32Array,
  slot: number,
  count: number,
  control?: KernelControl,
  ring = landmarkRing(ctx.data),
): void {
  const { data, width, shift, sectorsX, metric } = ctx;
  const { nodeTile, nodeMates, intra, sectorNodeFirst, sectorNodeCount, sectorMatrixFirst } = data;
  const n = nodeTile.length;
  if (dist.length < n) dist = new Float64Array(n);
  dist.fill(Number.POSITIVE_INFINITY, 0, n);
  const wd = metric === M_STEPS ? 1 : Math.SQRT2;
  if (head.length < ring) head = new Int32Array(ring);
  head.fill(-1, 0, ring);
  let entries = 0;
  let live = 0;
  const push = (v: number, c: number): void => {
    if (entries === entryNode.length) {
      const node = new Int32Array(2 * entries);
      node.set(entryNode);
      entryNode = node;
      const next = new Int32Array(2 * entries);
      next.set(entryNext);
      entryNext = next;
    }
    const b = Math.floor(c) % ring;
    entryNode[entries] = v;
    entryNext[entries] = head[b] as number;
    head[b] = entries++;
    live++;
  };
  dist[source] = 0;
  push(source, 0);
  let expanded = 0;
  for (let K = 0; live > 0; K++) {
    const b = K % ring;
    // Entries pushed while this bucket is expanded land in later buckets (every edge costs at least 1).
    let e = head[b] as number;
    head[b] = -1;
    for (; e >= 0; e = entryNext[e] as number) {
      live--;
      const u = entryNode[e] as number;
      const c = dist[u] as number;
      // Stale: moved to an earlier bucket since.
      if (c < K) continue;
      // Cancellable as it goes (a pool build's Cancel): checked every 8192 entrances expanded.
      if (control !== undefined && (++expanded & 8191) === 0) checkAbort(control);
      const t = nodeTile[u] as number;
      const ty = (t / width) | 0;
      const s = (ty >> shift) * sectorsX + ((t - ty * width) >> shift);
      const first = sectorNodeFirst[s] as number;
      const k = sectorNodeCount[s] as number;
      const row = (sectorMatrixFirst[s] as number) + (u - first) * k;
      for (let j = 0; j < k; j++) {
        const w = intra[row + j] as number;
        const v = first + j;
        if (w < Number.POSITIVE_INFINITY && c + w < (dist[v] as number)) {
          dist[v] = c + w;
          push(v, c + w);
        }
      }
      for (let d = 0; d < MATES; d++) {
        const v = nodeMates[u * MATES + d] as number;
        if (v < 0) continue;
        const w = c + (d < 4 ? 1 : wd);
        if (w < (dist[v] as number)) {
          dist[v] = w;
          push(v, w);
        }
      }
    }
  }
  for (let i = 0; i < n; i++) out[i * count + slot] = dist[i] as number;
}

/**
 * Computes the landmarks of the graph on this thread (or marks them absent for the weighted metric, whose
 * costs are not symmetric). `count` 0 turns them off. `control` is checked as they go.
 */
export function computeLandmarks(ctx: SectorContext, count: number, control?: KernelControl): void {
  const { data } = ctx;
  const h = data.header;
  const picked = ctx.metric === M_WEIGHTED || count === 0 ? new Int32Array(0) : pickLandmarks(ctx, count, control);
  resizeLandmarks(data, picked.length);
  const revision = h[H_REVISION] as number;
  const ring = picked.length > 0 ? landmarkRing(data) : 0;
  for (let l = 0; l < picked.length; l++)
    landmarkCosts(ctx, picked[l] as number, data.landmarkCost, l, picked.length, control, ring);
  h[H_LANDMARKS] = picked.length;
  h[H_LANDMARK_REVISION] = revision;
}
