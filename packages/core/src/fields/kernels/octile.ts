import { METRIC_STEPS, RULE_ALWAYS, RULE_BOTH_FREE, RULE_NEVER } from '../options.js';
import { CONTROL_INTERVAL, pollControl } from './control.js';
import type { KernelInput } from './kernel-input.js';
import { bucketWithRoom, cleanCostDir, releaseCostDir, SETTLED } from './scratch.js';

/** The three rotating bucket stacks (entries `paddedIndex << 4 | direction back`, 8 = none). */
const bucketArrays: Int32Array[] = [new Int32Array(1 << 12), new Int32Array(1 << 12), new Int32Array(1 << 12)];
/** Direction per low nibble of an entry: 0..7 as is, 8 = none (a seed). */
const DIR_TABLE = Uint8Array.from({ length: 16 }, (_, d) => (d < 8 ? d : 255));
const NONE = 8;

/**
 * Exact Dijkstra for the `octile` metric (and `steps` with unequal seed values): edges cost 1 or sqrt 2, at
 * least 1, so Dial's unit-width buckets settle tiles exactly without a heap. Bucket K holds tiles with cost in
 * [base + K, base + K + 1); they cannot improve one another, so a whole bucket is settled in one tight loop with
 * no comparisons between entries. A straight step from bucket K always lands in bucket K + 1, a diagonal one in
 * K + 1 or K + 2 (decided once per settled tile), so three rotating stacks suffice. Seeds are injected lazily by
 * key (sorted by `floor(v - base)`), and the window jumps over empty stretches, so seeds over a wide range of
 * values cost nothing extra. A tile improved after it was queued is queued again; the older entry is skipped by
 * the settled bit.
 *
 * PERF: tentative costs live in a padded scratch array (same index as the state bytes, no index conversion);
 * the direction is taken from the entry that settles the tile (it carries the step back) and written once
 * (correct because a bucket is read newest first and a later push of a tile is always cheaper); the
 * outputs are copied row by row at the end (memcpy); room for a bucket's pushes is ensured once per bucket; each
 * relaxation is one call of {@link relax} (inlined by V8). Returns the number of settled tiles.
 */
export function runOctile(k: KernelInput): number {
  const { st, cost, dir, stride, width, height, rule, maxCost, seeds, control, metric } = k;
  const paddedSize = stride * (height + 2);
  // PERF: the scratch is clean on entry and only the rows used are copied out and restored at the end, so a
  // range-limited field costs little more than the two output fills.
  const { cp, dp } = cleanCostDir(paddedSize);
  cost.fill(Number.POSITIVE_INFINITY);
  dir.fill(255);
  let pMin = paddedSize;
  let pMax = -1;
  let ok = false;
  try {
    const wd = metric === METRIC_STEPS ? 1 : Math.SQRT2;
    const sN = -stride;
    const diagonals = rule !== RULE_NEVER;
    const both = rule === RULE_BOTH_FREE;
    const always = rule === RULE_ALWAYS;
    const seedCount = seeds.n;
    const sv = seeds.v;
    const seedP = seeds.p;
    let base = sv[0] as number;
    for (let s = 1; s < seedCount; s++) if ((sv[s] as number) < base) base = sv[s] as number;
    const lengths = [0, 0, 0];
    let K = 0;
    let slot = 0;
    let next = 0;
    let settled = 0;
    let nextPoll = CONTROL_INTERVAL;
    let t = 0;
    for (;;) {
      let len = lengths[slot] as number;
      const s1 = slot === 2 ? 0 : slot + 1;
      const s2 = s1 === 2 ? 0 : s1 + 1;
      if (len === 0 && lengths[s1] === 0 && lengths[s2] === 0) {
        if (next >= seedCount) break;
        // Every bucket is empty: jump to the next seed's bucket.
        const key = Math.floor((sv[next] as number) - base);
        if (key > K) K = key;
      }
      // Inject this bucket's seeds (a tile may already be cheaper through another seed).
      while (next < seedCount) {
        const v = sv[next] as number;
        if (v - base >= K + 1) break;
        const p = seedP[next] as number;
        next++;
        if (!(v < (cp[p] as number))) continue;
        cp[p] = v;
        const cur = bucketWithRoom(bucketArrays, slot, len + 1, len);
        cur[len++] = (p << 4) | NONE;
      }
      if (len > 0) {
        const curBase = base + K;
        const cur = bucketArrays[slot] as Int32Array;
        // PERF: room for all pushes of this bucket, ensured once.
        let l1 = lengths[s1] as number;
        let l2 = lengths[s2] as number;
        const b1 = bucketWithRoom(bucketArrays, s1, l1 + 8 * len + 1, l1);
        const b2 = bucketWithRoom(bucketArrays, s2, l2 + 4 * len + 1, l2);
        if (settled >= nextPoll) {
          nextPoll = settled + CONTROL_INTERVAL;
          pollControl(control, settled);
        }
        // Newest entry first: a tile queued twice in one bucket was improved, and its newer entry carries the
        // direction of the cheaper cost (every push is a strict improvement, so newer means cheaper).
        for (let h = len - 1; h >= 0; h--) {
          const e = cur[h] as number;
          const p = e >> 4;
          const a0 = st[p] as number;
          if (a0 & SETTLED) continue;
          st[p] = a0 | SETTLED;
          dp[p] = DIR_TABLE[e & 15] as number;
          if (p < pMin) pMin = p;
          if (p > pMax) pMax = p;
          settled++;
          const pu = a0 & 3;
          const cu = cp[p] as number;
          const c1 = cu + 1;
          if (!(c1 <= maxCost)) continue;
          // PERF: `st[t] === pu` is "same passability code and not settled yet". Straight steps land in K + 1.
          t = p + sN;
          const aN = st[t] as number;
          if (aN === pu) l1 = relax(cp, b1, l1, t, c1, 2);
          t = p + 1;
          const aE = st[t] as number;
          if (aE === pu) l1 = relax(cp, b1, l1, t, c1, 3);
          t = p + stride;
          const aS = st[t] as number;
          if (aS === pu) l1 = relax(cp, b1, l1, t, c1, 0);
          t = p - 1;
          const aW = st[t] as number;
          if (aW === pu) l1 = relax(cp, b1, l1, t, c1, 1);
          if (!diagonals) continue;
          const c2 = cu + wd;
          if (!(c2 <= maxCost)) continue;
          const fN = (aN & 3) === pu;
          const fE = (aE & 3) === pu;
          const fS = (aS & 3) === pu;
          const fW = (aW & 3) === pu;
          // PERF: the diagonal rule stays inline here: diagonalsAllowed (util/diagonals.ts, used by the Dial kernel
          // and the sector searches) measured 7-8% slower on this kernel (512x512, two codes, if-both-free).
          let ne: boolean;
          let se: boolean;
          let sw: boolean;
          let nw: boolean;
          if (both) {
            ne = fN && fE;
            se = fS && fE;
            sw = fS && fW;
            nw = fN && fW;
          } else if (always) {
            ne = se = sw = nw = true;
          } else {
            ne = fN || fE;
            se = fS || fE;
            sw = fS || fW;
            nw = fN || fW;
          }
          // Diagonal steps land in K + 1 or K + 2: one test per settled tile.
          const far = c2 - curBase >= 2;
          const bd = far ? b2 : b1;
          let ld = far ? l2 : l1;
          t = p + sN + 1;
          if (ne && st[t] === pu) ld = relax(cp, bd, ld, t, c2, 6);
          t = p + stride + 1;
          if (se && st[t] === pu) ld = relax(cp, bd, ld, t, c2, 7);
          t = p + stride - 1;
          if (sw && st[t] === pu) ld = relax(cp, bd, ld, t, c2, 4);
          t = p + sN - 1;
          if (nw && st[t] === pu) ld = relax(cp, bd, ld, t, c2, 5);
          if (far) l2 = ld;
          else l1 = ld;
        }
        lengths[s1] = l1;
        lengths[s2] = l2;
      }
      lengths[slot] = 0;
      K++;
      slot = s1;
    }
    ok = true;
    return settled;
  } finally {
    releaseCostDir(cost, dir, stride, width, height, pMin, pMax, ok);
  }
}

/**
 * One relaxation: offers padded tile t the cost c, `back` being the direction from t back to the tile being
 * settled. When c beats t's tentative cost, writes it and pushes t (with `back`) at `bucket[l]` (room ensured).
 * Returns the bucket's new length.
 */
function relax(cp: Float64Array, bucket: Int32Array, l: number, t: number, c: number, back: number): number {
  if (!(c < (cp[t] as number))) return l;
  cp[t] = c;
  bucket[l] = (t << 4) | back;
  return l + 1;
}
