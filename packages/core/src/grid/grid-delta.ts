/**
 * Replicating a grid into a thread that cannot share its memory (a worker of the service's `transfer` mode): a
 * {@link GridDelta} brings a copy of the grid taken at one version up to the grid's current version, byte for
 * byte (header, the edit-log slots written since, and the tiles those edits changed), so that the copy's own
 * edit log lets fields be repaired there exactly as on the original.
 */
import { EDITS_UNKNOWN } from './edit-log.js';
import type { Grid } from './grid.js';

/** Bytes of a grid's header: everything before its passability codes, at the start of its buffer. */
function headerBytes(grid: Grid): number {
  return grid.passable.byteOffset;
}

/** What changed in a grid since a copy of it was taken (see {@link gridDelta}). */
export interface GridDelta {
  /** The version the delta brings a copy to. */
  version: number;
  /** The grid's header bytes. */
  header: ArrayBuffer;
  /** First ring slot of `slots` in the edit log (the run may wrap past the ring's end). */
  slotStart: number;
  /** Versions of the newest edit-log entries, in ring order from `slotStart`. */
  slotVersions: BigInt64Array;
  /** Tiles of those entries. */
  slotTiles: Int32Array;
  /** Tiles changed since the copy (a tile may appear more than once). */
  tiles: Int32Array;
  /** Passability code of each tile of `tiles`. */
  passable: Uint8Array;
  /** Terrain cost of each tile of `tiles`, or null when the grid has no terrain layer. */
  terrain: Float32Array | null;
}

/** Bytes a delta of `tiles` changed tiles and `slots` log entries takes. */
function deltaBytes(grid: Grid, tiles: number, slots: number): number {
  return headerBytes(grid) + slots * 12 + tiles * (grid.terrain ? 9 : 5);
}

/**
 * The changes that bring a copy of `grid` taken at version `since` to its current version, or null when the edit
 * log cannot tell them (it overflowed, an unknown edit happened, `since` is not an older version of this grid) or
 * when they would take more than `maxBytes` (send the whole grid then).
 */
export function gridDelta(grid: Grid, since: number, maxBytes: number): GridDelta | null {
  const version = grid.version;
  if (!(since <= version)) return null;
  const log = grid.edits;
  const newer = log.newerThan(since);
  if (deltaBytes(grid, newer, newer) > maxBytes) return null;
  const tiles = new Int32Array(newer);
  const n = log.read(since, version, tiles);
  if (n === EDITS_UNKNOWN) return null;
  const passable = new Uint8Array(n);
  const terrain = grid.terrain ? new Float32Array(n) : null;
  for (let k = 0; k < n; k++) {
    const t = tiles[k] as number;
    passable[k] = grid.passable[t] as number;
    if (terrain) terrain[k] = (grid.terrain as Float32Array)[t] as number;
  }
  const capacity = log.capacity;
  const slotStart = capacity === 0 ? 0 : (log.head - newer + capacity) % capacity;
  const slotVersions = new BigInt64Array(newer);
  const slotTiles = new Int32Array(newer);
  for (let k = 0; k < newer; k++) {
    const at = (slotStart + k) % capacity;
    slotVersions[k] = log.versionSlots[at] as bigint;
    slotTiles[k] = log.tileSlots[at] as number;
  }
  return {
    version,
    header: grid.buffer.slice(0, headerBytes(grid)) as ArrayBuffer,
    slotStart,
    slotVersions,
    slotTiles,
    tiles: tiles.subarray(0, n),
    passable,
    terrain,
  };
}

/** Applies a delta made by {@link gridDelta} to a copy of the grid (same size, layers and log capacity). */
export function applyGridDelta(copy: Grid, delta: GridDelta): void {
  const { tiles, passable, terrain } = delta;
  for (let k = 0; k < tiles.length; k++) {
    const t = tiles[k] as number;
    copy.passable[t] = passable[k] as number;
    if (terrain && copy.terrain) copy.terrain[t] = terrain[k] as number;
  }
  const { versionSlots, tileSlots } = copy.edits;
  const capacity = tileSlots.length;
  for (let k = 0; k < delta.slotTiles.length; k++) {
    const at = (delta.slotStart + k) % capacity;
    versionSlots[at] = delta.slotVersions[k] as bigint;
    tileSlots[at] = delta.slotTiles[k] as number;
  }
  // The header last: the version it holds then describes every tile written above.
  new Uint8Array(copy.buffer, 0, headerBytes(copy)).set(new Uint8Array(delta.header));
}
