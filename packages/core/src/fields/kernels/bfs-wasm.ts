import { BFS_MAX_TILES, copyRows, OPEN, SEED_DIR, toStates } from './bfs.js';
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

/** Largest wave count the WebAssembly kernel takes as "no limit". */
const NO_LEVEL_LIMIT = 0x7fffffff;

/**
 * The first wave number that must not be expanded: the JavaScript kernel expands wave `w` while
 * `v0 + w + 1 <= maxCost`, evaluated here with the same floating-point expression.
 */
function levelLimit(v0: number, maxCost: number): number {
  if (maxCost === Number.POSITIVE_INFINITY) return NO_LEVEL_LIMIT;
  let level = Math.max(0, Math.min(NO_LEVEL_LIMIT, Math.floor(maxCost - v0)));
  while (level > 0 && !(v0 + (level - 1) + 1 <= maxCost)) level--;
  while (level < NO_LEVEL_LIMIT && v0 + level + 1 <= maxCost) level++;
  return level;
}

/** Tiles from which the WebAssembly BFS uses the grouped layout. */
const BFS_GROUPED_FROM_TILES = 1 << 21;
let groupedFromTiles = BFS_GROUPED_FROM_TILES;

/** Test hook: the tile count from which the WebAssembly BFS uses the grouped layout (default 2^21). */
export function setBfsGroupedFromTiles(tiles: number = BFS_GROUPED_FROM_TILES): void {
  groupedFromTiles = tiles;
}

/**
 * {@link runBfs} in WebAssembly (wasm/kernels.ts `bfs`): the same waves, queue order and outputs as
 * the JavaScript kernel. From {@link BFS_GROUPED_FROM_TILES} tiles on, the states, wave costs and directions store each
 * group of 8 padded rows column by column (wasm/kernels.ts `G`), so the wavefront touches up to 8 times fewer
 * cache lines (2048x2048 with 20% walls: ~90 instead of ~120 ms in Node), and the queue entries hold indices in
 * that layout. Smaller maps stay in plain rows, where the extra passes to build and read the grouped layout cost
 * more than they save (512x512: ~4.2 against ~3.5 ms; 1024x1024 about even): native output copies there, and no
 * state pass on ground-only maps. Returns -1, having written nothing, where the module or its memory is
 * unavailable.
 */
export function runBfsWasm(k: KernelInput): number {
  const { stride, width, height, seeds } = k;
  const grouped = width * height >= groupedFromTiles;
  const paddedSize = stride * (height + 2);
  const groups = Math.ceil((height + 2) / GROUP);
  const size = grouped ? groups * GROUP * stride : paddedSize;
  const at = (p: number) => (grouped ? groupedIndex(p, stride) : p);
  // Layout (bytes): passability codes (plain rows; grouped only), states, queue (a slot per tile plus 8 scratch
  // slots), wave costs (f32), directions, then room to stage one group of output rows (grouped only).
  const stAt = grouped ? (paddedSize + 7) & ~7 : 0;
  const qAt = (stAt + size + 7) & ~7;
  const waveAt = qAt + 4 * (size + 9);
  const dpAt = waveAt + 4 * size;
  const stageAt = (dpAt + size + 7) & ~7;
  const bytes = grouped ? stageAt + 9 * GROUP * width : dpAt + size;
  const wasm = wasmKernels(bytes);
  if (wasm === null) return -1;
  const buffer = wasmMemory(bytes);
  if (buffer === null) return -1;
  const st = new Uint8Array(buffer, stAt, size);
  const q = new Int32Array(buffer, qAt, size + 9);
  const wave = new Float32Array(buffer, waveAt, size);
  const dp = new Uint8Array(buffer, dpAt, size);
  if (!claimLayout(`bfs ${grouped} ${paddedSize} ${stride}`)) {
    wave.fill(Number.POSITIVE_INFINITY);
    dp.fill(255);
  }
  if (grouped) {
    new Uint8Array(buffer, 0, paddedSize).set(k.st.subarray(0, paddedSize));
    wasm.bfsInit(0, stAt, stride, height + 2, groups, k.code);
  } else {
    st.set(k.st.subarray(0, paddedSize));
    toStates(st, paddedSize, k.code, k.passable);
  }
  const v0 = seeds.v[0] as number;
  const direct = Number.isInteger(v0) && Math.abs(v0) + width * height <= BFS_MAX_TILES;
  let t = 0;
  for (let s = 0; s < seeds.n; s++) {
    const p = at(seeds.p[s] as number);
    if (st[p] !== OPEN) continue;
    st[p] = OPEN + 1;
    q[t++] = (p << 4) | SEED_DIR;
  }
  const maxLevel = levelLimit(v0, k.maxCost);
  const seedCount = t;
  const g = grouped ? GROUP : 1;
  const labelled = withControl(k.control, () =>
    wasm.bfs(stAt, qAt, waveAt, dpAt, seedCount, g * stride, g, k.rule, maxLevel, v0, direct ? 1 : 0),
  );
  const level = wasm.bfsLevels.value as number;
  for (let s = 0; s < seeds.n; s++) dp[at(seeds.p[s] as number)] = 255;
  const { r0, r1 } = reachRows(seeds, stride, height, level);
  // Both copies restore the scratch rows they read, so the layout stays clean for the next call.
  if (grouped) {
    copyStagedRows(buffer, stageAt, k.cost, k.dir, width, height, r0, r1, (ya, yb) =>
      wasm.bfsRows(waveAt, dpAt, stride, width, ya, yb, stageAt, direct ? 0 : v0),
    );
  } else {
    copyRows(wave, dp, k.cost, k.dir, stride, width, height, r0, r1);
    if (!direct) for (let i = (r0 - 1) * width; i < r1 * width; i++) k.cost[i] = (k.cost[i] as number) + v0;
  }
  return labelled;
}
