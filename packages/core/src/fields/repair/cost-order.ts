/**
 * Puts a list of tiles in order of cost by counting (a bucket sort on `floor(2 * cost)`), for the repair's
 * candidates: each is decided after every neighbour that could offer it its cost. Such a neighbour is cheaper
 * by a whole step (at least 1: every step costs >= 1), so it falls in an earlier half-unit bucket, and the
 * decisions are the ones an exact sort by cost gives; the order inside a bucket does not matter.
 *
 * O(n + range): used when the costs span at most {@link spanLimit} half-units, else the caller sorts by
 * comparisons. Allocates nothing once warm.
 */

/** Per-thread counts, one per half-unit bucket, grown on demand. */
let counts = new Int32Array(1024);

/** Fewest tiles to order by counting: a few are cheaper to sort (and the counts stay out of a cold cache). */
export const MIN_TILES = 32;

/** Most half-unit buckets for `n` tiles: beyond, a comparison sort is cheaper. */
function spanLimit(n: number): number {
  return 4 * n + 256;
}

/**
 * Writes the `n` tiles of `list` into `out` cheapest first (by half-unit buckets of `cost`). Returns false (`out`
 * then holds nothing useful) for fewer than {@link MIN_TILES} tiles, when a cost is not a finite number, or when
 * the costs span too many buckets.
 */
export function orderByCost(cost: Float64Array, list: Int32Array, out: Int32Array, n: number): boolean {
  if (n < MIN_TILES) return false;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const c = cost[list[i] as number] as number;
    if (c < low) low = c;
    if (c > high) high = c;
  }
  if (!(Number.isFinite(low) && Number.isFinite(high))) return false;
  const base = Math.floor(2 * low);
  const span = Math.floor(2 * high) - base + 1;
  if (span > spanLimit(n)) return false;
  if (counts.length < span + 1) counts = new Int32Array(Math.max(span + 1, 2 * counts.length));
  const at = counts;
  at.fill(0, 0, span + 1);
  for (let i = 0; i < n; i++) {
    const b = Math.floor(2 * (cost[list[i] as number] as number)) - base;
    at[b + 1] = (at[b + 1] as number) + 1;
  }
  for (let b = 1; b <= span; b++) at[b] = (at[b] as number) + (at[b - 1] as number);
  // A cost that is not a number was counted nowhere.
  if (at[span] !== n) return false;
  for (let i = 0; i < n; i++) {
    const t = list[i] as number;
    const b = Math.floor(2 * (cost[t] as number)) - base;
    const p = at[b] as number;
    at[b] = p + 1;
    out[p] = t;
  }
  return true;
}
