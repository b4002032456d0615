/**
 * The edit log of a {@link Grid}: a bounded ring of `(version, tile)` entries that lives in the grid's own
 * buffer, so every thread that rebuilt the grid with `Grid.from` reads the same edits. Field repair
 * (`updateField`) reads it to learn which tiles changed since a field was computed.
 *
 * Layout (slots of the grid header, see grid.ts): Int32 slots for the ring's capacity, the next write position
 * and how many entries it holds; 64-bit slots (a BigInt64Array over the header) for the floor (the newest version
 * whose edits are no longer all in the ring) and the newest version made by an unknown edit (`touch()` after
 * direct writes). Versions are 64-bit integers, so that they never wrap in practice (2^53 edits, the largest
 * version a number holds exactly, take 285 years at a million edits a second): each entry is a 64-bit version
 * (`versions`) and an Int32 tile (`tiles`).
 *
 * One writer at a time (the thread that edits the grid); any number of readers. The writer stores an entry
 * before it publishes the version the entry belongs to, so a reader that first reads the version sees every
 * entry up to it; a reader checks the floor again after copying entries, in case the ring wrapped meanwhile.
 */

import { loadWide } from './wide-load.js';

/** Int32 header slots used by the log (indices into the grid's Int32 header). */
export const H_LOG_CAPACITY = 5;
export const H_LOG_HEAD = 6;
export const H_LOG_COUNT = 7;
/** 64-bit header slots used by the log (indices into the grid's BigInt64 view of its header). */
export const W_LOG_FLOOR = 9;
export const W_UNKNOWN = 10;

/** Result of {@link EditLog.read} when the edits cannot be known (overflow or unknown edits). */
export const EDITS_UNKNOWN = -1;

export class EditLog {
  constructor(
    private readonly header: Int32Array,
    /** The header's 64-bit view (the same bytes as `header`). */
    private readonly wide: BigInt64Array,
    /** The version of each entry, `capacity` slots. */
    private readonly versions: BigInt64Array,
    /** The tile of each entry, `capacity` slots. */
    private readonly tiles: Int32Array,
  ) {
    this.versionWords = new Int32Array(versions.buffer, versions.byteOffset, 2 * versions.length);
  }

  /** `versions` as Int32 halves, read without BigInts (see wide-load.ts); the header is `wide`'s. */
  private readonly versionWords: Int32Array;

  get capacity(): number {
    return this.tiles.length;
  }

  /** The ring's version slots (internal: grid replication copies the newest ones). */
  get versionSlots(): BigInt64Array {
    return this.versions;
  }

  /** The ring's tile slots (internal, as {@link EditLog.versionSlots}). */
  get tileSlots(): Int32Array {
    return this.tiles;
  }

  /** The ring's version slots as Int32 halves (internal: field repair reads the log in its own loop). */
  get versionWordSlots(): Int32Array {
    return this.versionWords;
  }

  /** The grid header's Int32 slots, where the log keeps its head, count, floor and unknown version (internal). */
  get headerSlots(): Int32Array {
    return this.header;
  }

  /** The ring position after the newest entry. */
  get head(): number {
    return Atomics.load(this.header, H_LOG_HEAD);
  }

  /**
   * How many of the newest entries have versions above `since` (walking back from the head until an older one):
   * the ring slots written since a copy of the grid at version `since` was taken.
   */
  newerThan(since: number): number {
    const capacity = this.capacity;
    const count = Atomics.load(this.header, H_LOG_COUNT);
    let at = Atomics.load(this.header, H_LOG_HEAD);
    const low = BigInt(Math.max(0, Math.floor(since)));
    let n = 0;
    while (n < count) {
      at = at === 0 ? capacity - 1 : at - 1;
      if (Atomics.load(this.versions, at) <= low) break;
      n++;
    }
    return n;
  }

  /** Newest version whose edits are not all in the log (0 when none was lost). */
  get floor(): number {
    return loadWide(this.header, W_LOG_FLOOR);
  }

  /** Newest version produced by an unknown edit (0 when there was none). */
  get unknownVersion(): number {
    return loadWide(this.header, W_UNKNOWN);
  }

  /** Records that `tile` changed in the edit that produces `version` (a bigint: made once per edit, not per tile). */
  record(tile: number, version: bigint): void {
    const capacity = this.capacity;
    if (capacity === 0) {
      this.markUnknown(version);
      return;
    }
    const header = this.header;
    const head = header[H_LOG_HEAD] as number;
    const count = header[H_LOG_COUNT] as number;
    if (count === capacity) {
      // The oldest entry is overwritten: its version is no longer fully known.
      const lost = this.versions[head] as bigint;
      if (lost > (this.wide[W_LOG_FLOOR] as bigint)) Atomics.store(this.wide, W_LOG_FLOOR, lost);
    } else Atomics.store(header, H_LOG_COUNT, count + 1);
    Atomics.store(this.versions, head, version);
    Atomics.store(this.tiles, head, tile);
    Atomics.store(header, H_LOG_HEAD, head + 1 === capacity ? 0 : head + 1);
  }

  /** Records an edit whose tiles are not known (direct writes, or a batch larger than the log). */
  markUnknown(version: bigint): void {
    if (version > (this.wide[W_UNKNOWN] as bigint)) Atomics.store(this.wide, W_UNKNOWN, version);
  }

  /**
   * Copies into `out` the tiles changed by the edits with versions in `(since, upTo]`, newest first (a tile may
   * appear more than once), and returns how many; or {@link EDITS_UNKNOWN} when some of those edits are not in
   * the log (it overflowed, or an unknown edit happened). Grows nothing: returns EDITS_UNKNOWN as well when
   * `out` is too short. Versions are whole numbers below 2^53 (a negative `since` means an unknown past).
   */
  read(since: number, upTo: number, out: Int32Array): number {
    if (since >= upTo) return 0;
    const header = this.header;
    // (Getters not called: each call costs microseconds in code V8 has not optimized yet.)
    if (!(since >= 0) || loadWide(header, W_UNKNOWN) > since || loadWide(header, W_LOG_FLOOR) > since)
      return EDITS_UNKNOWN;
    const capacity = this.tiles.length;
    const versions = this.versionWords;
    const count = Atomics.load(header, H_LOG_COUNT);
    let at = Atomics.load(header, H_LOG_HEAD);
    let n = 0;
    for (let k = 0; k < count; k++) {
      at = at === 0 ? capacity - 1 : at - 1;
      const version = loadWide(versions, at);
      if (version <= since) break;
      if (version > upTo) continue;
      if (n === out.length) return EDITS_UNKNOWN;
      out[n++] = Atomics.load(this.tiles, at);
    }
    // The ring may have wrapped over entries we needed while we copied.
    if (loadWide(header, W_LOG_FLOOR) > since) return EDITS_UNKNOWN;
    return n;
  }
}
