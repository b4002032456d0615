/**
 * The seeds of a field kernel (padded index, tile index and starting cost of each), in scratch arrays reused
 * between calls like the rest of the kernels' scratch (see scratch.ts), and their order by Dial bucket key.
 */

/** Seed list scratch: padded index, tile index and starting cost of each seed. */
export interface SeedList {
  p: Int32Array;
  i: Int32Array;
  v: Float64Array;
  n: number;
}

let seedScratch: SeedList = { p: new Int32Array(64), i: new Int32Array(64), v: new Float64Array(64), n: 0 };
let seedSpare: SeedList = { p: new Int32Array(64), i: new Int32Array(64), v: new Float64Array(64), n: 0 };

/** An empty seed list able to hold `capacity` seeds. */
export function seedList(capacity: number): SeedList {
  if (seedScratch.p.length < capacity) {
    seedScratch = { p: new Int32Array(capacity), i: new Int32Array(capacity), v: new Float64Array(capacity), n: 0 };
  }
  seedScratch.n = 0;
  return seedScratch;
}

/** Seed lists up to this length are sorted exactly by value (insertion sort), longer ones only by key. */
export const EXACT_SORT_LIMIT = 32;

/**
 * Orders the seeds by `floor(v - base)` (the Dial bucket key; order inside one key does not matter). Small lists
 * and narrow key ranges are sorted by counting, wide ranges by comparison. Returns the sorted list.
 */
export function sortSeedsByKey(list: SeedList, base: number): SeedList {
  const n = list.n;
  if (n < 2) return list;
  const { p, i, v } = list;
  if (n <= EXACT_SORT_LIMIT) {
    for (let a = 1; a < n; a++) {
      const pa = p[a] as number;
      const ia = i[a] as number;
      const va = v[a] as number;
      let b = a - 1;
      while (b >= 0 && (v[b] as number) > va) {
        p[b + 1] = p[b] as number;
        i[b + 1] = i[b] as number;
        v[b + 1] = v[b] as number;
        b--;
      }
      p[b + 1] = pa;
      i[b + 1] = ia;
      v[b + 1] = va;
    }
    return list;
  }
  if (seedSpare.p.length < n) {
    seedSpare = { p: new Int32Array(n), i: new Int32Array(n), v: new Float64Array(n), n: 0 };
  }
  const out = seedSpare;
  let max = base;
  for (let a = 0; a < n; a++) if ((v[a] as number) > max) max = v[a] as number;
  const range = Math.floor(max - base) + 1;
  if (range <= 4 * n + 4096) {
    // Counting sort by key.
    const counts = new Int32Array(range + 1);
    for (let a = 0; a < n; a++) (counts[Math.floor((v[a] as number) - base) + 1] as number)++;
    for (let k = 1; k <= range; k++) counts[k] = (counts[k] as number) + (counts[k - 1] as number);
    for (let a = 0; a < n; a++) {
      const k = Math.floor((v[a] as number) - base);
      const at = counts[k] as number;
      counts[k] = at + 1;
      out.p[at] = p[a] as number;
      out.i[at] = i[a] as number;
      out.v[at] = v[a] as number;
    }
  } else {
    const order = Array.from({ length: n }, (_, a) => a).sort((a, b) => (v[a] as number) - (v[b] as number));
    for (let a = 0; a < n; a++) {
      const from = order[a] as number;
      out.p[a] = p[from] as number;
      out.i[a] = i[from] as number;
      out.v[a] = v[from] as number;
    }
  }
  out.n = n;
  // Swap roles so the next call reuses both buffers.
  seedSpare = list;
  seedScratch = out;
  return out;
}
