/**
 * Keeping a sector graph in step with its grid. The grid's edit log lists the tiles changed since the graph's
 * version; a changed tile alters the walks inside its own sector, and when it lies on the sector's edge also the
 * entrances of the border it touches (and a corner tile those of the corner step), so the sectors across are
 * rebuilt too, as are the sectors across a border whose local regions were regrouped. A rebuilt sector whose
 * entrances stayed the same only recomputes the costs between entrances whose walks may pass by the changed
 * tiles (intra-costs.ts); the others keep theirs. Rebuilt sectors keep their slots
 * when their entrances still fit, else move to the top of the arrays. The components are recomputed only when
 * some rebuilt sector's entrances, local regions or mates differ from before (otherwise every union of the
 * union-find is the same). Unknown edits, or edits dirtying more than a quarter of the sectors, rebuild all.
 */
import type { KernelControl } from '../fields/types.js';
import { EDITS_UNKNOWN } from '../grid/edit-log.js';
import {
  buildSector,
  buildSectors,
  computeComponents,
  countEntrances,
  labelSector,
  labelSectors,
  layoutSectors,
  linkSector,
  linkSectors,
  type SectorContext,
} from './build-phases.js';
import { pollWork, startWork } from './control.js';
import { maxEntrances, sectorEntrances } from './entrances.js';
import {
  graphGridVersion,
  H_MATRIX_GARBAGE,
  H_MATRIX_TOP,
  H_NODE_GARBAGE,
  H_NODE_TOP,
  H_REVISION,
  MATES,
  resizeNodeArrays,
  setGraphGridVersion,
  withSlack,
} from './sector-data.js';
import { M_WEIGHTED } from './sector-options.js';

/** What `SectorGraph.update` did. */
export interface SectorUpdate {
  /** True when every sector was rebuilt (unknown edits, or too many sectors touched). */
  full: boolean;
  /** Sectors rebuilt. */
  sectors: number;
  /** True when the components were recomputed. */
  components: boolean;
}

// Per-thread scratch.
let changed = new Int32Array(64);
let dirty = new Int32Array(64);
let seen = new Int32Array(0);
let stamp = 0;
let tiles = new Int32Array(0);
/** Old state of the dirty sectors, to tell whether the components can stay. */
let oldTiles = new Int32Array(256);
let oldRegion = new Int32Array(256);
let oldMates = new Int32Array(1024);
let oldComp = new Int32Array(256);

function nextStamp(sectors: number): number {
  if (seen.length !== sectors) {
    seen = new Int32Array(sectors);
    stamp = 0;
  }
  if (++stamp > 0x3ffffff0) {
    seen.fill(0);
    stamp = 1;
  }
  return stamp;
}

/**
 * The sectors to rebuild for the edits since the graph's version, into the module's `dirty` list; returns
 * their number, or -1 when the edits are not known.
 */
export function dirtySectors(ctx: SectorContext): number {
  const { grid, data, width, height, shift, sectorsX } = ctx;
  const since = graphGridVersion(data.header);
  const now = grid.version;
  const capacity = grid.edits.capacity;
  if (changed.length < capacity) changed = new Int32Array(capacity);
  const n = since < 0 ? EDITS_UNKNOWN : grid.edits.read(since, now, changed);
  changedCount = n;
  if (n === EDITS_UNKNOWN) return -1;
  dirtyMark = nextStamp(data.sectorNodeFirst.length);
  dirtyCount = 0;
  const add = addDirty;
  const size = 1 << shift;
  for (let i = 0; i < n; i++) {
    const t = changed[i] as number;
    const y = (t / width) | 0;
    const x = t - y * width;
    const sx = x >> shift;
    const sy = y >> shift;
    const s = sy * sectorsX + sx;
    add(s);
    const lx = x - (sx << shift);
    const ly = y - (sy << shift);
    const west = lx === 0 && x > 0;
    const east = (lx === size - 1 || x === width - 1) && x + 1 < width;
    const north = ly === 0 && y > 0;
    const south = (ly === size - 1 || y === height - 1) && y + 1 < height;
    if (west) add(s - 1);
    if (east) add(s + 1);
    if (north) add(s - sectorsX);
    if (south) add(s + sectorsX);
    // A corner tile is an end of the diagonal step into the sector across the corner.
    if (north && west) add(s - sectorsX - 1);
    if (north && east) add(s - sectorsX + 1);
    if (south && west) add(s + sectorsX - 1);
    if (south && east) add(s + sectorsX + 1);
  }
  return dirtyCount;
}

let mapTo = new Int32Array(0);
let mapFrom = new Int32Array(0);
let mapStamp = new Int32Array(0);
let mapMark = 0;

/**
 * True when the labels `a[ai..ai+n)` and `b[bi..bi+n)` group the positions alike (a one-to-one renaming): the
 * entrances of a border depend only on which positions share a region, not on the labels' values.
 */
function samePartition(a: Uint16Array, ai: number, b: Uint16Array, bi: number, n: number): boolean {
  if (mapTo.length < 65536) {
    mapTo = new Int32Array(65536);
    mapFrom = new Int32Array(65536);
    mapStamp = new Int32Array(65536 * 2);
  }
  const mark = ++mapMark;
  for (let k = 0; k < n; k++) {
    const x = a[ai + k] as number;
    const y = b[bi + k] as number;
    if (x === 0 || y === 0) {
      if (x !== y) return false;
      continue;
    }
    if (mapStamp[x] === mark) {
      if (mapTo[x] !== y) return false;
    } else {
      mapStamp[x] = mark;
      mapTo[x] = y;
    }
    if (mapStamp[65536 + y] === mark) {
      if (mapFrom[y] !== x) return false;
    } else {
      mapStamp[65536 + y] = mark;
      mapFrom[y] = x;
    }
  }
  return true;
}

let dirtyMark = 0;
let dirtyCount = 0;
/** Tiles read from the edit log by the last dirtySectors call. */
let changedCount = 0;
let oldLabels = new Uint16Array(0);

function addDirty(s: number): void {
  if (seen[s] === dirtyMark) return;
  seen[s] = dirtyMark;
  if (dirtyCount === dirty.length) {
    const bigger = new Int32Array(dirtyCount * 2);
    bigger.set(dirty);
    dirty = bigger;
  }
  dirty[dirtyCount++] = s;
}

/**
 * Labels the regions of the first `count` dirty sectors again; a sector whose border labels changed on a side
 * dirties the sector across that side too (its entrances depend on them). Returns the new dirty count.
 */
function relabel(ctx: SectorContext, count: number): number {
  const { data, shift, sectorsX, sectorsY } = ctx;
  const size = 1 << shift;
  if (oldLabels.length < 4 * size) oldLabels = new Uint16Array(4 * size);
  for (let i = 0; i < count; i++) {
    const s = dirty[i] as number;
    const at = 4 * size * s;
    oldLabels.set(data.borderLabel.subarray(at, at + 4 * size));
    labelSector(ctx, s);
    const sx = s % sectorsX;
    const sy = (s - sx) / sectorsX;
    for (let side = 0; side < 4; side++) {
      if (samePartition(oldLabels, side * size, data.borderLabel, at + side * size, size)) continue;
      if (side === 0 && sy > 0) addDirty(s - sectorsX);
      else if (side === 1 && sy + 1 < sectorsY) addDirty(s + sectorsX);
      else if (side === 2 && sx > 0) addDirty(s - 1);
      else if (side === 3 && sx + 1 < sectorsX) addDirty(s + 1);
    }
  }
  return dirtyCount;
}

/** Rebuilds every sector in place (new layout). */
function rebuildAll(ctx: SectorContext, control?: KernelControl): void {
  const { data } = ctx;
  const sectors = data.sectorNodeFirst.length;
  const counts = new Int32Array(sectors);
  labelSectors(ctx, 0, sectors);
  countEntrances(ctx, 0, sectors, counts);
  layoutSectors(data, counts);
  data.header[H_NODE_GARBAGE] = 0;
  data.header[H_MATRIX_GARBAGE] = 0;
  buildSectors(ctx, 0, sectors, control);
  linkSectors(ctx, 0, sectors);
  computeComponents(ctx);
}

/** Saves the entrances, regions, mates and components of the dirty sectors. Returns the saved nodes. */
function saveOld(ctx: SectorContext, count: number): number {
  const { data } = ctx;
  let n = 0;
  for (let i = 0; i < count; i++) n += data.sectorNodeCount[dirty[i] as number] as number;
  if (oldTiles.length < n) {
    oldTiles = new Int32Array(2 * n);
    oldRegion = new Int32Array(2 * n);
    oldComp = new Int32Array(2 * n);
    oldMates = new Int32Array(2 * n * MATES);
  }
  let at = 0;
  for (let i = 0; i < count; i++) {
    const s = dirty[i] as number;
    const first = data.sectorNodeFirst[s] as number;
    const k = data.sectorNodeCount[s] as number;
    oldTiles.set(data.nodeTile.subarray(first, first + k), at);
    oldRegion.set(data.nodeRegion.subarray(first, first + k), at);
    oldComp.set(data.nodeComp.subarray(first, first + k), at);
    // Mates as tiles (node indices move when a sector moves).
    for (let j = 0; j < k * MATES; j++) {
      const m = data.nodeMates[first * MATES + j] as number;
      oldMates[at * MATES + j] = m < 0 ? -1 : (data.nodeTile[m] as number);
    }
    at += k;
  }
  return at;
}

/** True when the dirty sectors have the saved entrances, regions and mates; then copies the saved components. */
function sameAsOld(ctx: SectorContext, count: number, counts: Int32Array): boolean {
  const { data } = ctx;
  let at = 0;
  for (let i = 0; i < count; i++) {
    const s = dirty[i] as number;
    const first = data.sectorNodeFirst[s] as number;
    const k = data.sectorNodeCount[s] as number;
    if (k !== counts[i]) return false;
    for (let j = 0; j < k; j++) {
      if (data.nodeTile[first + j] !== oldTiles[at + j] || data.nodeRegion[first + j] !== oldRegion[at + j])
        return false;
      for (let d = 0; d < MATES; d++) {
        const m = data.nodeMates[(first + j) * MATES + d] as number;
        if ((m < 0 ? -1 : data.nodeTile[m]) !== oldMates[(at + j) * MATES + d]) return false;
      }
    }
    at += k;
  }
  at = 0;
  for (let i = 0; i < count; i++) {
    const s = dirty[i] as number;
    const first = data.sectorNodeFirst[s] as number;
    const k = data.sectorNodeCount[s] as number;
    data.nodeComp.set(oldComp.subarray(at, at + k), first);
    at += k;
  }
  return true;
}

/** See `SectorGraph.update`. */
export function updateSectorGraph(ctx: SectorContext, control?: KernelControl): SectorUpdate {
  const { grid, data } = ctx;
  const now = grid.version;
  if (graphGridVersion(data.header) === now) return { full: false, sectors: 0, components: false };
  const sectors = data.sectorNodeFirst.length;
  let count = dirtySectors(ctx);
  const most = Math.max(8, sectors >> 2);
  if (count >= 0 && count <= most) count = relabel(ctx, count);
  if (count < 0 || count > most) {
    startWork(control, sectors);
    rebuildAll(ctx, control);
    setGraphGridVersion(data.header, now);
    Atomics.add(data.header, H_REVISION, 1);
    return { full: true, sectors, components: true };
  }
  startWork(control, count);
  const counts = new Int32Array(count);
  for (let i = 0; i < count; i++) counts[i] = data.sectorNodeCount[dirty[i] as number] as number;
  saveOld(ctx, count);
  const need = maxEntrances(1 << ctx.shift);
  if (tiles.length < need) tiles = new Int32Array(need);
  const repairable = ctx.metric !== M_WEIGHTED;
  for (let i = 0; i < count; i++) {
    const s = dirty[i] as number;
    const k = sectorEntrances(ctx.passable, ctx, data.borderLabel, s, tiles);
    // Same entrances: repair the costs of the pairs whose walks may pass by the changes; else rebuild.
    let same = repairable && k === counts[i];
    const first = data.sectorNodeFirst[s] as number;
    for (let j = 0; j < k && same; j++) same = tiles[j] === data.nodeTile[first + j];
    if (same) buildSector(ctx, s, changed, changedCount);
    else {
      if (k > (data.sectorNodeCap[s] as number)) moveToTop(ctx, s, k);
      buildSector(ctx, s);
    }
    if ((i & 15) === 15) pollWork(control, i + 1);
  }
  // Mates of the rebuilt sectors and of the sectors around them (whose mates may point into them).
  const mark = nextStamp(sectors);
  const { sectorsX, sectorsY } = ctx;
  for (let i = 0; i < count; i++) {
    const s = dirty[i] as number;
    const sx = s % sectorsX;
    const sy = (s - sx) / sectorsX;
    for (let y = Math.max(0, sy - 1); y <= Math.min(sectorsY - 1, sy + 1); y++) {
      for (let x = Math.max(0, sx - 1); x <= Math.min(sectorsX - 1, sx + 1); x++) {
        const n = y * sectorsX + x;
        if (seen[n] === mark) continue;
        seen[n] = mark;
        linkSector(ctx, n);
      }
    }
  }
  const same = sameAsOld(ctx, count, counts);
  if (!same) computeComponents(ctx);
  setGraphGridVersion(data.header, now);
  Atomics.add(data.header, H_REVISION, 1);
  return { full: false, sectors: count, components: !same };
}

/** Gives sector s new slots for k entrances at the top of the arrays (growing them when needed). */
function moveToTop(ctx: SectorContext, s: number, k: number): void {
  const { data } = ctx;
  const h = data.header;
  const nodeTop = h[H_NODE_TOP] as number;
  const matrixTop = h[H_MATRIX_TOP] as number;
  if (nodeTop + k > data.nodeTile.length || matrixTop + k * k > data.intra.length)
    resizeNodeArrays(data, withSlack(nodeTop + k), withSlack(matrixTop + k * k));
  const oldCap = data.sectorNodeCap[s] as number;
  h[H_NODE_GARBAGE] = (h[H_NODE_GARBAGE] as number) + oldCap;
  h[H_MATRIX_GARBAGE] = (h[H_MATRIX_GARBAGE] as number) + oldCap * oldCap;
  data.sectorNodeFirst[s] = nodeTop;
  data.sectorNodeCap[s] = k;
  data.sectorMatrixFirst[s] = matrixTop;
  h[H_NODE_TOP] = nodeTop + k;
  h[H_MATRIX_TOP] = matrixTop + k * k;
}
