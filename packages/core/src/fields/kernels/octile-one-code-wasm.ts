import { METRIC_STEPS } from '../options.js';
import type { KernelInput } from './kernel-input.js';
import { reachRows } from './scratch.js';
import {
  claimLayout,
  copyStagedRows,
  GROUP,
  groupedIndex,
  wasmKernels,
  wasmMemory,
  withControl,
} from './wasm-module.js';

/** Entries each bucket starts with in the WebAssembly kernel's memory (one eighth of the tiles, at least 4096). */
function firstBucketRoom(paddedSize: number): number {
  return Math.max(4096, Math.ceil(paddedSize / 8));
}

/**
 * {@link runOctileOneCode} in WebAssembly (wasm/kernels.ts `octileRun`): the same buckets, order and outputs.
 * The cost and direction scratch there store each group of 8 padded rows column by column (wasm/kernels.ts `G`:
 * a wavefront crossing the rows touches 8 times fewer cache lines; ~20% faster on 2048x2048); the bucket entries
 * and seeds are indices in that layout. Memory (bytes): states (row by row), costs (f64), directions, bucket
 * meta, seed indices and values, then the three buckets; a bucket that runs out of room is moved to the end of the
 * memory and the search resumes; after the search, the outputs are staged there one group of rows at a time.
 * Returns -1, having written nothing, where the module or its memory is unavailable.
 */
export function runOctileOneCodeWasm(k: KernelInput): number {
  const { stride, width, height, seeds, rule, maxCost, metric } = k;
  const paddedSize = stride * (height + 2);
  const groups = Math.ceil((height + 2) / GROUP);
  const grouped = groups * GROUP * stride;
  const n = seeds.n;
  const align8 = (b: number) => Math.ceil(b / 8) * 8;
  // The module addresses its memory with 32-bit offsets (and the host's arithmetic stays in safe integers):
  // layouts past 2 GiB stay in JavaScript.
  if (paddedSize + 12 * grouped + 12 * n > 2_130_706_432 /* 2^31 - 2^24 */) return -1;
  const cpAt = align8(paddedSize);
  const dpAt = cpAt + 8 * grouped;
  const metaAt = align8(dpAt + grouped);
  const spAt = metaAt + 64;
  const svAt = align8(spAt + 4 * n);
  let end = svAt + 8 * n;
  const room = firstBucketRoom(grouped);
  // With room to stage the output rows after the buckets too, so that the memory need not grow for them (a memory
  // that grows detaches its old buffer: see wasmKernels).
  const ask = end + 3 * 4 * room + 8 + 9 * GROUP * width;
  const wasm = wasmKernels(ask);
  if (wasm === null) return -1;
  const first = wasmMemory(ask);
  if (first === null) return -1;
  let buffer: ArrayBuffer = first;
  claimLayout('octile');
  new Uint8Array(buffer, 0, paddedSize).set(k.st.subarray(0, paddedSize));
  const sp = new Int32Array(buffer, spAt, n);
  for (let s = 0; s < n; s++) sp[s] = groupedIndex(seeds.p[s] as number, stride);
  new Float64Array(buffer, svAt, n).set(seeds.v.subarray(0, n));
  const meta = new Int32Array(buffer, metaAt, 16);
  for (let b = 0; b < 3; b++) {
    meta[b] = end;
    meta[3 + b] = room;
    meta[6 + b] = 0;
    end += 4 * room;
  }
  let base = seeds.v[0] as number;
  let top = base;
  for (let s = 1; s < n; s++) {
    const v = seeds.v[s] as number;
    if (v < base) base = v;
    if (v > top) top = v;
  }
  const wd = metric === METRIC_STEPS ? 1 : Math.SQRT2;
  const tiles = width * height;
  // Bucket numbers are 32-bit integers there: seeds spread over more than 2^30 units stay in JavaScript.
  if (top - base >= 1_073_741_824 /* 2^30 */) return -1;
  const buckets = withControl(k.control, () => {
    wasm.octileInit(cpAt, dpAt, 0, stride, height + 2, groups, k.code);
    wasm.octileStart();
    while (wasm.octileRun(cpAt, dpAt, metaAt, spAt, svAt, n, stride, rule, wd, maxCost, base, tiles) !== 0) {
      // A bucket needs more room: move it to the end of the memory with twice what it asked for.
      const asked = new Int32Array(buffer, metaAt, 16);
      const b = asked[9] as number;
      const want = 2 * (asked[10] as number);
      const grown = wasmMemory(end + 4 * want);
      if (grown === null) return -1;
      buffer = grown;
      const moved = new Int32Array(buffer, metaAt, 16);
      const from = moved[b] as number;
      new Uint8Array(buffer).copyWithin(end, from, from + 4 * (moved[6 + b] as number));
      moved[b] = end;
      moved[3 + b] = want;
      end += 4 * want;
    }
    return wasm.octileBuckets();
  });
  // Out of memory part-way: nothing was written to the outputs yet, so the JavaScript kernel starts afresh.
  if (buckets < 0) return -1;
  // Room to stage one group of output rows (costs, then directions).
  const stageAt = align8(end);
  const staged = wasmMemory(stageAt + 9 * GROUP * width);
  if (staged === null) return -1;
  // A labelled tile lies at most `buckets` rows from a seed (every move costs at least 1).
  const { r0, r1 } = reachRows(seeds, stride, height, buckets);
  let settled = 0;
  copyStagedRows(staged, stageAt, k.cost, k.dir, width, height, r0, r1, (ya, yb) => {
    settled += wasm.octileRows(cpAt, dpAt, stride, width, ya, yb, stageAt);
  });
  return settled;
}
