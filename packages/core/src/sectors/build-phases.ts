/**
 * The phases of a sector graph build, each over a range of sectors so that a worker pool can share them:
 * 0. labels: the local regions of each sector, kept for its border tiles (regions.ts);
 * 1. count: the entrances of each sector (a scan of its four borders);
 * 2. layout (one thread, O(sectors)): node slots and intra blocks from the counts;
 * 3. sectors: the entrances again, written into their slots, and the costs between them (intra-costs.ts);
 * 4. link: the mates of each entrance (the entrance one step across a border), found in the neighbour's
 *    sorted entrance list;
 * 5. components (one thread, O(entrances)): union-find over the local regions and the mates.
 * The synchronous build runs them in a row; the pool build (sector-pool.ts) runs 0, 1, 3 and 4 in bands of
 * sectors across the workers, and over shared memory 5 too (pool-components.ts).
 */

import { OutOfRangeError } from '../errors.js';
import type { KernelControl } from '../fields/types.js';
import type { Grid } from '../grid/grid.js';
import { checkAbort, pollWork } from './control.js';
import { maxEntrances, type SectorGeometry, sectorEntrances } from './entrances.js';
import { fillIntraCosts, IntraScratch } from './intra-costs.js';
import { LocalSearch } from './local-search.js';
import { canStep, DX, DY } from './moves.js';
import { joinComponents, labelComponents, startComponents } from './pool-components.js';
import { labelRegions } from './regions.js';
import {
  H_GAP,
  H_HEIGHT,
  H_LANDMARK_OPTION,
  H_MATRIX_TOP,
  H_METRIC,
  H_NODE_TOP,
  H_RULE,
  H_SECTORS_X,
  H_SECTORS_Y,
  H_SHIFT,
  H_SPACING,
  H_SPLIT,
  H_WIDTH,
  MATES,
  resizeNodeArrays,
  type SectorGraphData,
  setGraphGridId,
  setGraphGridVersion,
  withSlack,
} from './sector-data.js';
import { M_WEIGHTED, R_NEVER, type SectorRules } from './sector-options.js';

/** What the phases read: the grid's arrays, the rules and the graph's arrays. */
export interface SectorContext extends SectorGeometry {
  grid: Grid;
  height: number;
  sectorsY: number;
  metric: number;
  rule: number;
  passable: Uint8Array;
  /** Terrain for the weighted metric (null: every tile costs 1, or another metric). */
  terrain: Float32Array | null;
  data: SectorGraphData;
}

/** Per-thread scratch of the phases. */
const scratch = {
  search: new LocalSearch(),
  intra: new IntraScratch(),
  tiles: new Int32Array(0),
  labels: new Int32Array(64),
  near: new Int32Array(64),
};

export function localSearch(): LocalSearch {
  return scratch.search;
}

function entranceBuffer(shift: number): Int32Array {
  const need = maxEntrances(1 << shift);
  if (scratch.tiles.length < need) scratch.tiles = new Int32Array(need);
  return scratch.tiles;
}

/** Writes the header of a new graph of `grid` under `rules`. */
export function writeHeader(data: SectorGraphData, grid: Grid, rules: SectorRules, gridVersion: number): void {
  const h = data.header;
  h[H_WIDTH] = grid.width;
  h[H_HEIGHT] = grid.height;
  h[H_SHIFT] = rules.shift;
  h[H_METRIC] = rules.metric;
  h[H_RULE] = rules.rule;
  h[H_SPLIT] = rules.split;
  h[H_SPACING] = rules.spacing;
  h[H_GAP] = rules.gap;
  h[H_LANDMARK_OPTION] = rules.landmarks;
  h[H_SECTORS_X] = Math.ceil(grid.width / rules.size);
  h[H_SECTORS_Y] = Math.ceil(grid.height / rules.size);
  setGraphGridVersion(h, gridVersion);
  setGraphGridId(h, grid.id);
}

/** The context of `data` over `grid` (whose size must be the header's). */
export function contextOf(grid: Grid, data: SectorGraphData): SectorContext {
  const h = data.header;
  const metric = h[H_METRIC] as number;
  return {
    grid,
    width: h[H_WIDTH] as number,
    height: h[H_HEIGHT] as number,
    shift: h[H_SHIFT] as number,
    sectorsX: h[H_SECTORS_X] as number,
    sectorsY: h[H_SECTORS_Y] as number,
    split: h[H_SPLIT] as number,
    spacing: h[H_SPACING] as number,
    gap: h[H_GAP] as number,
    metric,
    rule: h[H_RULE] as number,
    passable: grid.passable,
    terrain: metric === M_WEIGHTED ? grid.terrain : null,
    data,
  };
}

/** Loads sector s of the grid into a local search. */
export function loadSector(ctx: SectorContext, search: LocalSearch, s: number): void {
  const sx = s % ctx.sectorsX;
  const sy = (s - sx) / ctx.sectorsX;
  const x0 = sx << ctx.shift;
  const y0 = sy << ctx.shift;
  search.load(
    ctx.passable,
    ctx.terrain,
    ctx.width,
    x0,
    y0,
    Math.min(ctx.width - x0, 1 << ctx.shift),
    Math.min(ctx.height - y0, 1 << ctx.shift),
  );
}

/** Phase 0: the local regions of the sectors in [first, last), kept for their border tiles. */
export function labelSectors(ctx: SectorContext, first: number, last: number, control?: KernelControl): void {
  for (let s = first; s < last; s++) {
    labelSector(ctx, s);
    if (control !== undefined && ((s - first) & 63) === 63) pollWork(control, s - first + 1);
  }
}

/** Labels the regions of sector s into `borderLabel` (loads the sector into the phases' search). */
export function labelSector(ctx: SectorContext, s: number): void {
  const size = 1 << ctx.shift;
  loadSector(ctx, scratch.search, s);
  labelRegions(scratch.search, ctx.rule, size, ctx.data.borderLabel, 4 * size * s);
}

/** Phase 1: the entrance count of each sector in [first, last) into `counts`. `control` is polled between sectors. */
export function countEntrances(
  ctx: SectorContext,
  first: number,
  last: number,
  counts: Int32Array,
  control?: KernelControl,
): void {
  const tiles = entranceBuffer(ctx.shift);
  const labels = ctx.data.borderLabel;
  for (let s = first; s < last; s++) {
    counts[s] = sectorEntrances(ctx.passable, ctx, labels, s, tiles);
    if (control !== undefined && ((s - first) & 63) === 63) checkAbort(control);
  }
}

/** Phase 2: slots and intra blocks laid out from the counts (with slack for updates); allocates the arrays. */
export function layoutSectors(data: SectorGraphData, counts: Int32Array): void {
  let nodes = 0;
  let entries = 0;
  for (let s = 0; s < counts.length; s++) {
    const k = counts[s] as number;
    data.sectorNodeFirst[s] = nodes;
    data.sectorNodeCount[s] = k;
    data.sectorNodeCap[s] = k;
    data.sectorMatrixFirst[s] = entries;
    nodes += k;
    entries += k * k;
  }
  if (entries > 0x7fffffff - 1024)
    throw new OutOfRangeError(
      'sectorSize',
      1 << (data.header[H_SHIFT] as number),
      `a smaller sector size: the costs between entrances would need ${entries} entries, more than 2^31`,
    );
  resizeNodeArrays(data, withSlack(nodes), Math.min(0x7fffffff, withSlack(entries)));
  data.header[H_NODE_TOP] = nodes;
  data.header[H_MATRIX_TOP] = entries;
}

/**
 * Phase 3: entrances and intra costs of the sectors in [first, last), into the slots laid out. Returns the tiles
 * settled. `control` reports sectors done (`done` is advanced by `progressBase + sectors finished`).
 */
export function buildSectors(
  ctx: SectorContext,
  first: number,
  last: number,
  control?: KernelControl,
  progressBase = 0,
): number {
  let settled = 0;
  for (let s = first; s < last; s++) {
    settled += buildSector(ctx, s);
    if (control !== undefined && ((s - first) & 15) === 15) pollWork(control, progressBase + s - first + 1);
  }
  return settled;
}

/**
 * Entrances and intra costs of sector `s` into its current slots (which must hold its entrances). With `changed`
 * (tile indices, `changedCount` of them, any sector), the slots already hold the sector's costs from before
 * those tiles changed and the entrances are the same: only the pairs whose walks may pass by the changes are
 * computed again (see fillIntraCosts).
 */
export function buildSector(
  ctx: SectorContext,
  s: number,
  changed: Int32Array | null = null,
  changedCount = 0,
): number {
  const { data, width, shift } = ctx;
  const tiles = entranceBuffer(shift);
  const k = sectorEntrances(ctx.passable, ctx, data.borderLabel, s, tiles);
  const first = data.sectorNodeFirst[s] as number;
  data.sectorNodeCount[s] = k;
  data.nodeTile.set(tiles.subarray(0, k), first);
  data.nodeMates.fill(-1, first * MATES, (first + k) * MATES);
  if (k === 0) return 0;
  const search = scratch.search;
  loadSector(ctx, search, s);
  // The region label of each entrance, read from the border labels.
  const size = 1 << shift;
  if (scratch.labels.length < k) scratch.labels = new Int32Array(2 * k);
  const labels = scratch.labels;
  const base = 4 * size * s;
  for (let i = 0; i < k; i++) {
    const t = tiles[i] as number;
    const y = (t / width) | 0;
    const lx = t - y * width - search.x0;
    const ly = y - search.y0;
    let at: number;
    if (ly === 0) at = base + lx;
    else if (ly === search.h - 1) at = base + size + lx;
    else if (lx === 0) at = base + 2 * size + ly;
    else at = base + 3 * size + ly;
    labels[i] = data.borderLabel[at] as number;
  }
  const at = data.sectorMatrixFirst[s] as number;
  let near: Int32Array | null = null;
  let nearCount = 0;
  if (changed !== null) {
    // The walkable tiles within one step of a changed tile of this sector (repeats are skipped by the search).
    if (scratch.near.length < 9 * changedCount) scratch.near = new Int32Array(9 * changedCount);
    near = scratch.near;
    const { x0, y0, w, h } = search;
    for (let c = 0; c < changedCount; c++) {
      const t = changed[c] as number;
      const ty = (t / width) | 0;
      const tx = t - ty * width;
      if (tx < x0 || ty < y0 || tx >= x0 + w || ty >= y0 + h) continue;
      for (let y = Math.max(y0, ty - 1); y <= Math.min(y0 + h - 1, ty + 1); y++)
        for (let x = Math.max(x0, tx - 1); x <= Math.min(x0 + w - 1, tx + 1); x++)
          near[nearCount++] = (y - y0 + 1) * search.stride + (x - x0 + 1);
    }
  }
  return fillIntraCosts(
    search,
    scratch.intra,
    ctx,
    tiles,
    labels,
    k,
    data.intra,
    at,
    data.nodeRegion,
    first,
    near,
    nearCount,
  );
}

/** Node index of tile `t` in sector `s`, or -1 (binary search in the sorted slots). */
export function nodeAt(data: SectorGraphData, s: number, t: number): number {
  let lo = data.sectorNodeFirst[s] as number;
  let hi = lo + (data.sectorNodeCount[s] as number) - 1;
  const tiles = data.nodeTile;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = tiles[mid] as number;
    if (v === t) return mid;
    if (v < t) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Phase 4: the mates of the entrances of the sectors in [first, last). `control` is polled between sectors. */
export function linkSectors(ctx: SectorContext, first: number, last: number, control?: KernelControl): void {
  for (let s = first; s < last; s++) {
    linkSector(ctx, s);
    if (control !== undefined && ((s - first) & 63) === 63) checkAbort(control);
  }
}

/** Mates of sector `s`'s entrances: the entrances one legal step away in another sector, per direction. */
export function linkSector(ctx: SectorContext, s: number): void {
  const { data, width, height, shift, sectorsX, passable, rule } = ctx;
  const first = data.sectorNodeFirst[s] as number;
  const end = first + (data.sectorNodeCount[s] as number);
  const mates = data.nodeMates;
  const dirs = rule === R_NEVER ? 4 : 8;
  for (let n = first; n < end; n++) {
    const t = data.nodeTile[n] as number;
    const y = (t / width) | 0;
    const x = t - y * width;
    for (let d = 0; d < MATES; d++) {
      let m = -1;
      if (d < dirs && canStep(passable, width, height, rule, x, y, d)) {
        const nx = x + (DX[d] as number);
        const ny = y + (DY[d] as number);
        const ns = (ny >> shift) * sectorsX + (nx >> shift);
        if (ns !== s) m = nodeAt(data, ns, ny * width + nx);
      }
      mates[n * MATES + d] = m;
    }
  }
}

/**
 * Phase 5: the connected component of every live entrance (`nodeComp`), by union-find, labelled with its smallest
 * entrance: the pool build's stages (./pool-components.ts) over every sector at once.
 */
export function computeComponents(ctx: SectorContext, control?: KernelControl): void {
  checkAbort(control);
  const { data } = ctx;
  const sectors = data.sectorNodeFirst.length;
  startComponents(data, 0, sectors);
  joinComponents(data, 0, sectors);
  labelComponents(data, 0, sectors);
}
