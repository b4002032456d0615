/**
 * The edit log of a {@link Grid}: a bounded ring of `(version, tile)` entries that lives in the grid's own
 * buffer, so every thread that rebuilt the grid with `Grid.from` reads the same edits. Field repair
 * (`updateField`) reads it to learn which tiles changed since a field was computed.
 *
 * Layout (Int32 slots of the grid header, see grid.ts): the ring's capacity, the next write position, how many
 * entries it holds, the floor (the newest version whose edits are no longer all in the ring) and the newest
 * version made by an unknown edit (`touch()` after direct writes). Entries are `[version, tile]` pairs.
 *
 * One writer at a time (the thread that edits the grid); any number of readers. The writer stores an entry
 * before it publishes the version the entry belongs to, so a reader that first reads the version sees every
 * entry up to it; a reader checks the floor again after copying entries, in case the ring wrapped meanwhile.
 */

/** Header slots used by the log (indices into the grid's Int32 header). */
export const H_LOG_CAPACITY = 5;
export const H_LOG_HEAD = 6;
export const H_LOG_COUNT = 7;
export const H_LOG_FLOOR = 8;
export const H_UNKNOWN = 9;

/** Result of {@link EditLog.read} when the edits cannot be known (overflow or unknown edits). */
export const EDITS_UNKNOWN = -1;

export class EditLog {
  constructor(
    private readonly header: Int32Array,
    /** `[version, tile]` pairs, `2 * capacity` slots. */
    private readonly entries: Int32Array,
  ) {}

  get capacity(): number {
    return this.entries.length >> 1;
  }

  /** The ring's `[version, tile]` slots (internal: grid replication copies the newest ones). */
  get slots(): Int32Array {
    return this.entries;
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
    let n = 0;
    while (n < count) {
      at = at === 0 ? capacity - 1 : at - 1;
      if (Atomics.load(this.entries, 2 * at) <= since) break;
      n++;
    }
    return n;
  }

  /** Newest version whose edits are not all in the log (0 when none was lost). */
  get floor(): number {
    return Atomics.load(this.header, H_LOG_FLOOR);
  }

  /** Newest version produced by an unknown edit (0 when there was none). */
  get unknownVersion(): number {
    return Atomics.load(this.header, H_UNKNOWN);
  }

  /** Records that `tile` changed in the edit that produces `version`. */
  record(tile: number, version: number): void {
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
      const lost = this.entries[2 * head] as number;
      if (lost > (header[H_LOG_FLOOR] as number)) Atomics.store(header, H_LOG_FLOOR, lost);
    } else Atomics.store(header, H_LOG_COUNT, count + 1);
    Atomics.store(this.entries, 2 * head, version);
    Atomics.store(this.entries, 2 * head + 1, tile);
    Atomics.store(header, H_LOG_HEAD, head + 1 === capacity ? 0 : head + 1);
  }

  /** Records an edit whose tiles are not known (direct writes, or a batch larger than the log). */
  markUnknown(version: number): void {
    if (version > (this.header[H_UNKNOWN] as number)) Atomics.store(this.header, H_UNKNOWN, version);
  }

  /**
   * Copies into `out` the tiles changed by the edits with versions in `(since, upTo]`, newest first (a tile may
   * appear more than once), and returns how many; or {@link EDITS_UNKNOWN} when some of those edits are not in
   * the log (it overflowed, or an unknown edit happened). Grows nothing: returns EDITS_UNKNOWN as well when
   * `out` is too short.
   */
  read(since: number, upTo: number, out: Int32Array): number {
    if (since >= upTo) return 0;
    if (this.unknownVersion > since || this.floor > since) return EDITS_UNKNOWN;
    const capacity = this.capacity;
    const header = this.header;
    const count = Atomics.load(header, H_LOG_COUNT);
    let at = Atomics.load(header, H_LOG_HEAD);
    let n = 0;
    for (let k = 0; k < count; k++) {
      at = at === 0 ? capacity - 1 : at - 1;
      const version = Atomics.load(this.entries, 2 * at);
      if (version <= since) break;
      if (version > upTo) continue;
      if (n === out.length) return EDITS_UNKNOWN;
      out[n++] = Atomics.load(this.entries, 2 * at + 1);
    }
    // The ring may have wrapped over entries we needed while we copied.
    if (this.floor > since) return EDITS_UNKNOWN;
    return n;
  }
}
