/**
 * What each worker holds of the main thread's buffers, where workers cannot share memory: copies of grids (kept
 * up to date by edit-log deltas) and of arrays that jobs keep between them (kept while the caller's stamp holds,
 * patched with what other workers' jobs wrote). One instance per pool; ids name buffers on both sides.
 */

/** A byte interval `[start, end)` of a buffer. */
export type Span = readonly [number, number];

/** A worker's copy of a buffer. */
interface Copy {
  /** The write log position the copy has seen (entries after it are patches it still lacks). */
  seq: number;
  /** Stamp of each kept region the copy holds, by region key. */
  stamps: Map<string, number>;
  /** Grids: the version the copy describes. */
  version: number;
}

/** A write merged into the main thread's buffer, which other workers' copies lack. */
interface LogEntry {
  seq: number;
  writer: number;
  start: number;
  end: number;
}

/** A buffer some worker holds a copy of. */
interface Replica {
  id: number;
  byteLength: number;
  copies: Map<number, Copy>;
  log: LogEntry[];
  seq: number;
  logBytes: number;
}

/** What to send a worker so that its copy of a buffer holds `need`. */
export interface ReplicaPlan {
  /** The worker buffer's id. */
  id: number;
  /** Bytes of a buffer to make first (0: the worker has one). */
  create: number;
  /** Byte spans to send, in order, not overlapping. */
  spans: Span[];
}

function key(span: Span): string {
  return `${span[0]}:${span[1]}`;
}

/** Adds `span` to `spans` (sorted, merged). */
function addSpan(spans: Span[], span: Span): void {
  if (span[1] <= span[0]) return;
  spans.push(span);
}

/** Sorted, overlapping and touching spans merged. */
function normalise(spans: Span[]): Span[] {
  spans.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [s, e] of spans) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** `outer` minus every span of `holes` (sorted, merged). */
function subtract(outer: Span, holes: readonly Span[]): Span[] {
  const out: Span[] = [];
  let at = outer[0];
  for (const [s, e] of holes) {
    if (e <= at || s >= outer[1]) continue;
    if (s > at) out.push([at, s]);
    at = Math.max(at, e);
  }
  if (at < outer[1]) out.push([at, outer[1]]);
  return out;
}

export class Replicas {
  private readonly byBuffer = new WeakMap<object, Replica>();
  private readonly byId = new Map<number, Replica>();
  private nextId = 1;
  private dropped: number[] = [];
  private readonly collected = new FinalizationRegistry<number>((id) => {
    if (this.dropped.length === 0) queueMicrotask(() => this.flush());
    this.dropped.push(id);
  });

  /** @param drop Tells the worker of `slot` to forget buffers (their originals were collected). */
  constructor(private readonly drop: (slot: number, ids: number[]) => void) {}

  /** A new id for a buffer a worker holds for one job only. */
  newId(): number {
    return this.nextId++;
  }

  /** The replica of `buffer` (made on first use). */
  of(buffer: ArrayBufferLike): Replica {
    let r = this.byBuffer.get(buffer);
    if (!r) {
      r = { id: this.nextId++, byteLength: buffer.byteLength, copies: new Map(), log: [], seq: 0, logBytes: 0 };
      this.byBuffer.set(buffer, r);
      this.byId.set(r.id, r);
      this.collected.register(buffer, r.id);
    }
    return r;
  }

  /** True when `slot`'s worker holds a copy of `buffer`. */
  holds(buffer: ArrayBufferLike, slot: number): boolean {
    return this.byBuffer.get(buffer)?.copies.has(slot) === true;
  }

  /** Marks `buffer` as held by `slot`'s worker (shared memory handed over, or a whole copy sent). */
  hold(buffer: ArrayBufferLike, slot: number, version = -1): Replica {
    const r = this.of(buffer);
    r.copies.set(slot, { seq: r.seq, stamps: new Map(), version });
    return r;
  }

  /** The version of the grid over `buffer` that `slot`'s worker holds, or -1. */
  versionAt(buffer: ArrayBufferLike, slot: number): number {
    return this.byBuffer.get(buffer)?.copies.get(slot)?.version ?? -1;
  }

  /** Records that `slot`'s worker now holds version `version` of the grid over `buffer`. */
  setVersion(buffer: ArrayBufferLike, slot: number, version: number): void {
    const copy = this.byBuffer.get(buffer)?.copies.get(slot);
    if (copy) copy.version = version;
  }

  /**
   * What `slot`'s worker needs so that its copy of `buffer` holds the bytes of `need`: the kept regions (`kept`, with
   * their stamps) it holds at the same stamp only get the other workers' writes since, everything else is sent.
   */
  plan(
    buffer: ArrayBufferLike,
    slot: number,
    need: readonly Span[],
    kept: readonly { span: Span; stamp: number }[],
  ): ReplicaPlan {
    const r = this.of(buffer);
    let copy = r.copies.get(slot);
    const create = copy ? 0 : r.byteLength;
    if (!copy) {
      copy = { seq: r.seq, stamps: new Map(), version: -1 };
      r.copies.set(slot, copy);
    }
    const spans: Span[] = [];
    const holes = normalise(kept.map((k) => k.span) as Span[]);
    for (const part of need) for (const span of subtract(part, holes)) addSpan(spans, span);
    for (const { span, stamp } of kept) {
      if (!create && copy.stamps.get(key(span)) === stamp) {
        for (const entry of r.log) {
          if (entry.seq <= copy.seq || entry.writer === slot) continue;
          addSpan(spans, [Math.max(entry.start, span[0]), Math.min(entry.end, span[1])]);
        }
      } else {
        addSpan(spans, span);
        copy.stamps.set(key(span), stamp);
      }
    }
    copy.seq = r.seq;
    this.trim(r);
    return { id: r.id, create, spans: normalise(spans) };
  }

  /** Records that the main thread's `buffer` got bytes `[start, end)` from `slot`'s job (other copies lack them). */
  wrote(buffer: ArrayBufferLike, slot: number, start: number, end: number): void {
    const r = this.byBuffer.get(buffer);
    if (!r || r.copies.size === 0) return;
    r.seq++;
    r.log.push({ seq: r.seq, writer: slot, start, end });
    r.logBytes += end - start;
    if (r.logBytes > r.byteLength) {
      // More patches than the buffer itself: send whole regions instead.
      r.log = [];
      r.logBytes = 0;
      for (const copy of r.copies.values()) copy.stamps.clear();
    }
  }

  /** The worker of `slot` was replaced: it holds nothing. */
  forgetSlot(slot: number): void {
    for (const r of this.byId.values()) r.copies.delete(slot);
  }

  /** Drops log entries every copy has seen. */
  private trim(r: Replica): void {
    let oldest = r.seq;
    for (const copy of r.copies.values()) oldest = Math.min(oldest, copy.seq);
    if (r.log.length === 0 || (r.log[0] as LogEntry).seq > oldest) return;
    r.log = r.log.filter((entry) => {
      if (entry.seq > oldest) return true;
      r.logBytes -= entry.end - entry.start;
      return false;
    });
  }

  private flush(): void {
    const ids = this.dropped;
    this.dropped = [];
    const bySlot = new Map<number, number[]>();
    for (const id of ids) {
      const r = this.byId.get(id);
      if (!r) continue;
      this.byId.delete(id);
      for (const slot of r.copies.keys()) {
        const list = bySlot.get(slot) ?? [];
        list.push(id);
        bySlot.set(slot, list);
      }
    }
    for (const [slot, list] of bySlot) this.drop(slot, list);
  }
}
