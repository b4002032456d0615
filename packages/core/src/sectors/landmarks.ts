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
 */
import { KeyHeap } from '../util/key-heap.js';
import type { SectorContext } from './build-phases.js';
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
 * largest component nearest to its spot; fewer when the graph has fewer entrances. O(entrances x count).
 */
export function pickLandmarks(ctx: SectorContext, count: number): Int32Array {
  const { data, width, height } = ctx;
  const sectors = data.sectorNodeFirst.length;
  // The largest component (labels are node indices).
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
  if (best < 0) return new Int32Array(0);
  const picked: number[] = [];
  const perimeter = 2 * (width + height);
  for (let l = 0; l < count; l++) {
    // A spot on the outline, clockwise from the top left corner.
    const p = Math.floor(((l + 0.5) * perimeter) / count);
    let sx: number;
    let sy: number;
    if (p < width) [sx, sy] = [p, 0];
    else if (p < width + height) [sx, sy] = [width - 1, p - width];
    else if (p < 2 * width + height) [sx, sy] = [2 * width + height - 1 - p, height - 1];
    else [sx, sy] = [0, perimeter - 1 - p];
    let nearest = -1;
    let nearestD = Number.POSITIVE_INFINITY;
    for (let s = 0; s < sectors; s++) {
      const first = data.sectorNodeFirst[s] as number;
      for (let n = first; n < first + (data.sectorNodeCount[s] as number); n++) {
        if (data.nodeComp[n] !== best || picked.includes(n)) continue;
        const t = data.nodeTile[n] as number;
        const y = (t / width) | 0;
        const d = Math.abs(t - y * width - sx) + Math.abs(y - sy);
        if (d < nearestD) [nearest, nearestD] = [n, d];
      }
    }
    if (nearest >= 0) picked.push(nearest);
  }
  return Int32Array.from(picked);
}

// Per-thread Dijkstra scratch.
let dist = new Float64Array(0);
const heap = new KeyHeap(1024);

/** Costs from node `source` to every entrance, by Dijkstra over the entrance graph, into `out` (Infinity: none). */
export function landmarkCosts(ctx: SectorContext, source: number, out: Float32Array): void {
  const { data, width, shift, sectorsX, metric } = ctx;
  const { nodeTile, nodeMates, intra, sectorNodeFirst, sectorNodeCount, sectorMatrixFirst } = data;
  const n = nodeTile.length;
  if (dist.length < n) dist = new Float64Array(n);
  dist.fill(Number.POSITIVE_INFINITY, 0, n);
  const wd = metric === M_STEPS ? 1 : Math.SQRT2;
  heap.size = 0;
  dist[source] = 0;
  heap.push(0, source);
  while (heap.size > 0) {
    const c = heap.peekKey();
    const u = heap.pop();
    if (c > (dist[u] as number)) continue;
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
        heap.push(c + w, v);
      }
    }
    for (let d = 0; d < MATES; d++) {
      const v = nodeMates[u * MATES + d] as number;
      if (v < 0) continue;
      const w = c + (d < 4 ? 1 : wd);
      if (w < (dist[v] as number)) {
        dist[v] = w;
        heap.push(w, v);
      }
    }
  }
  for (let i = 0; i < n; i++) out[i] = dist[i] as number;
}

/**
 * Computes the landmarks of the graph on this thread (or marks them absent for the weighted metric, whose
 * costs are not symmetric). `count` 0 turns them off.
 */
export function computeLandmarks(ctx: SectorContext, count: number): void {
  const { data } = ctx;
  const h = data.header;
  const picked = ctx.metric === M_WEIGHTED || count === 0 ? new Int32Array(0) : pickLandmarks(ctx, count);
  resizeLandmarks(data, picked.length);
  const n = data.nodeTile.length;
  const revision = h[H_REVISION] as number;
  for (let l = 0; l < picked.length; l++)
    landmarkCosts(ctx, picked[l] as number, data.landmarkCost.subarray(l * n, (l + 1) * n));
  h[H_LANDMARKS] = picked.length;
  h[H_LANDMARK_REVISION] = revision;
}
