/**
 * The order in which the flow kernel visits tiles: every reachable tile of a field, by increasing cost. A
 * field's step costs at least 1, so buckets narrower than 1 put every tile after the tile its `dir` points to
 * (its parent), and the tiles a line of sight passes through on its way to a goal are mostly visited earlier.
 */

/** Buckets per cost unit of the counting sort. */
const BUCKETS_PER_UNIT = 4;
/** Most buckets per tile before the sort falls back to a comparison sort (huge terrain costs). */
const MAX_BUCKETS_PER_TILE = 4;

let counts = new Int32Array(0);

/**
 * True when finite costs from `min` to `max` over `n` tiles are sorted by buckets (at most MAX_BUCKETS_PER_TILE
 * buckets per tile), false when they need the comparison sort. No finite cost: true.
 */
export function bucketsFit(min: number, max: number, n: number): boolean {
  return !(min < Number.POSITIVE_INFINITY) || (max - min) * BUCKETS_PER_UNIT <= MAX_BUCKETS_PER_TILE * n + 64;
}

/** What {@link finiteRange} found: [least finite cost, largest finite cost, how many are finite]. */
export const RANGE = new Float64Array(3);

/** Finds the range of the finite costs among the first `n` (see {@link RANGE}; Infinity, -Infinity, 0 for none). */
export function finiteRange(cost: Float64Array, n: number): void {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let finite = 0;
  for (let i = 0; i < n; i++) {
    const c = cost[i] as number;
    if (c < Number.POSITIVE_INFINITY) {
      finite++;
      if (c < min) min = c;
      if (c > max) max = c;
    }
  }
  RANGE[0] = min;
  RANGE[1] = max;
  RANGE[2] = finite;
}

/**
 * Writes the indices of the tiles with a finite cost into `order`, cheapest first, and returns how many there
 * are. Counting sort over buckets of 1/4 cost unit (three passes over the costs), stable within a bucket (index
 * order); when the costs span more than a bucket per tile allows, a comparison sort (exact order).
 */
export function orderByCost(cost: Float64Array, order: Int32Array): number {
  const n = cost.length;
  finiteRange(cost, n);
  const min = RANGE[0] as number;
  const max = RANGE[1] as number;
  const reachable = RANGE[2] as number;
  if (reachable === 0) return 0;
  const range = max - min;
  if (!bucketsFit(min, max, n)) return sortByCost(cost, order);
  const buckets = Math.floor(range * BUCKETS_PER_UNIT) + 2;
  if (counts.length < buckets) counts = new Int32Array(buckets);
  const count = counts;
  count.fill(0, 0, buckets);
  // PERF: (c - min) * 4 | 0 is floor for the non-negative values here; one histogram pass, one scatter pass.
  for (let i = 0; i < n; i++) {
    const c = cost[i] as number;
    if (c < Number.POSITIVE_INFINITY) {
      const b = ((c - min) * BUCKETS_PER_UNIT) | 0;
      count[b] = (count[b] as number) + 1;
    }
  }
  let sum = 0;
  for (let b = 0; b < buckets; b++) {
    const v = count[b] as number;
    count[b] = sum;
    sum += v;
  }
  for (let i = 0; i < n; i++) {
    const c = cost[i] as number;
    if (c < Number.POSITIVE_INFINITY) {
      const b = ((c - min) * BUCKETS_PER_UNIT) | 0;
      const at = count[b] as number;
      order[at] = i;
      count[b] = at + 1;
    }
  }
  return reachable;
}

/**
 * Exact order by a comparison sort (ties by index): for cost ranges too wide for buckets. Returns the number of
 * tiles with a finite cost.
 */
export function sortByCost(cost: Float64Array, order: Int32Array): number {
  let k = 0;
  for (let i = 0; i < cost.length; i++) if ((cost[i] as number) < Number.POSITIVE_INFINITY) order[k++] = i;
  order.subarray(0, k).sort((a, b) => (cost[a] as number) - (cost[b] as number) || a - b);
  return k;
}
