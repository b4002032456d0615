/**
 * The main-thread side of a job's trip to a worker: its arguments encoded for one worker (grids and big arrays
 * replaced by tokens naming buffers the worker holds, the buffer contents it lacks listed as pieces to send), and
 * the writes that come back copied into the caller's arrays. Memory on SharedArrayBuffers is passed as it is
 * (the worker writes it in place); everything else travels as copies (see ./replicas.ts for what a worker keeps).
 */

import { Grid } from '../grid/grid.js';
import { gridDelta } from '../grid/grid-delta.js';
import { atPath, isSharedBuffer, type KindArray, kindOf } from '../jobs/arrays.js';
import type { ArgPath, KeepSpec, ReadSpec, WriteSpec } from '../jobs/job-spec.js';
import type { ArgToken, JobRequest, OutputPlan, SyncPiece, WritePlan, WriteResult } from './protocol.js';
import { TOKEN } from './protocol.js';
import type { Replicas, Span } from './replicas.js';
import { byteView, copyRanges } from './write-ranges.js';

/** Arrays up to this many bytes travel inside the job's message (a copy); bigger ones as pieces sent before. */
export const INLINE_BYTES = 64 * 1024;
/** Bytes a grid delta may take before the whole grid is sent again instead. */
const DELTA_BYTES = 1 << 20;

/** Bytes of a buffer to send: read from `source` when the piece is sent (so that big copies are made in chunks). */
export interface BulkPiece {
  id: number;
  create: number;
  offset: number;
  source: Uint8Array;
}

/** A job encoded for one worker. */
export interface EncodedJob {
  /** The request, without the pieces `finish` adds. */
  request: JobRequest;
  /** Big buffer contents to send before the request, in chunks. */
  bulk: BulkPiece[];
  /**
   * Called right before the request is sent: the grid changes since the bulk copies were made, as small pieces
   * added to the request; false when a grid changed in a way only a whole copy can follow (encode again).
   */
  finish(): boolean;
}

/** What the encoder needs of its pool. */
export interface CodecContext {
  replicas: Replicas;
  /** Counts a grid handed to (or copied to) a worker. */
  onGridHandoff(): void;
}

type Job = Pick<JobRequest, 'id' | 'name' | 'outputs' | 'control'> & {
  args: Record<string, unknown>;
  writes: readonly WriteSpec[];
  keep: readonly KeepSpec[];
  reads: readonly ReadSpec[];
};

function samePath(a: ArgPath, b: ArgPath): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i]);
}

/** The bytes `[start, end)` of `array` in its buffer. */
function spanOf(array: ArrayBufferView | ArrayBufferLike): Span {
  return ArrayBuffer.isView(array) ? [array.byteOffset, array.byteOffset + array.byteLength] : [0, array.byteLength];
}

/**
 * The bytes of the kept array `value` at `path` a worker must get: all of `whole`, or where the job declares
 * reads for it, those regions and the regions its declared writes compare (a write that returns changes needs
 * the caller's bytes as they are).
 */
function needOf(job: Job, path: ArgPath, value: ArrayBufferView | ArrayBufferLike, whole: Span): Span[] {
  const reads = job.reads.filter((r) => samePath(r.path, path));
  if (reads.length === 0) return [whole];
  const need: Span[] = reads.map((r) => clampSpan(r.byteOffset, r.byteOffset + r.byteLength, whole));
  const per = ArrayBuffer.isView(value) ? (value as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT : 1;
  for (const w of job.writes) {
    if (w.fresh || !samePath(w.path, path)) continue;
    if (!w.range) return [whole];
    if (w.diff) need.push(clampSpan(whole[0] + w.range[0] * per, whole[0] + w.range[1] * per, whole));
  }
  return need;
}

/** `[start, end)` inside `whole` (empty when outside it or not numbers). */
function clampSpan(start: number, end: number, whole: Span): Span {
  const s = Number.isFinite(start) ? Math.min(Math.max(start, whole[0]), whole[1]) : whole[0];
  const e = Number.isFinite(end) ? Math.min(Math.max(end, s), whole[1]) : s;
  return [s, e];
}

/** Encodes `job` for the worker of `slot`. */
export function encodeJob(job: Job, slot: number, ctx: CodecContext): EncodedJob {
  const { replicas } = ctx;
  const pieces: SyncPiece[] = [];
  const bulk: BulkPiece[] = [];
  const drop: number[] = [];
  const grids: { grid: Grid; buffer: ArrayBufferLike }[] = [];
  const fresh = job.writes.filter((w) => w.fresh);

  const encodeGrid = (grid: Grid): ArgToken => {
    const buffer = grid.buffer;
    if (isSharedBuffer(buffer)) {
      const r = replicas.of(buffer);
      if (!replicas.holds(buffer, slot)) {
        replicas.hold(buffer, slot);
        pieces.push({ id: r.id, shared: buffer });
        ctx.onGridHandoff();
      }
      return { [TOKEN]: 'grid', id: r.id };
    }
    const held = replicas.versionAt(buffer, slot);
    const r = replicas.of(buffer);
    const behind = held < 0 ? Number.POSITIVE_INFINITY : grid.edits.newerThan(held) * 21;
    if (behind > DELTA_BYTES) {
      // A whole copy, sent in chunks; the edits made meanwhile follow as a delta (finish).
      replicas.hold(buffer, slot, grid.version);
      bulk.push({ id: r.id, create: buffer.byteLength, offset: 0, source: new Uint8Array(buffer) });
      ctx.onGridHandoff();
    }
    grids.push({ grid, buffer });
    return { [TOKEN]: 'grid', id: r.id };
  };

  const encodeArray = (value: ArrayBufferView | ArrayBufferLike, path: string[]): unknown => {
    const buffer = ArrayBuffer.isView(value) ? value.buffer : value;
    if (isSharedBuffer(buffer)) return value;
    const kind = ArrayBuffer.isView(value) ? kindOf(value) : null;
    if (ArrayBuffer.isView(value) && kind === null) return value; // A DataView or another view: copied as it is.
    const length = ArrayBuffer.isView(value) ? (value as KindArray).length : value.byteLength;
    if (fresh.some((w) => samePath(w.path, path))) return { [TOKEN]: 'fresh', kind, length };
    const [start, end] = spanOf(value);
    const keep = job.keep.filter((k) => samePath(k.path, path));
    // An array with kept regions, or with declared reads, lives on in the worker between jobs.
    if (keep.length > 0 || job.reads.some((r) => samePath(r.path, path))) {
      const kept = keep.map((k) => {
        const from = k.byteOffset ?? start;
        return { span: [from, from + (k.byteLength ?? end - start)] as Span, stamp: k.stamp };
      });
      const plan = replicas.plan(buffer, slot, needOf(job, path, value, [start, end]), kept);
      let create = plan.create;
      for (const [s, e] of plan.spans) {
        bulk.push({ id: plan.id, create, offset: s, source: new Uint8Array(buffer, s, e - s) });
        create = 0;
      }
      if (create) bulk.push({ id: plan.id, create, offset: 0, source: new Uint8Array(0) });
      return { [TOKEN]: 'array', id: plan.id, kind, byteOffset: start, length };
    }
    if (end - start <= INLINE_BYTES) {
      // A small array: a copy of its own bytes travels with the job (structured cloning a view would copy its
      // whole buffer).
      return ArrayBuffer.isView(value) ? (value as KindArray).slice() : value.slice(0);
    }
    const id = replicas.newId();
    drop.push(id);
    bulk.push({ id, create: end - start, offset: 0, source: new Uint8Array(buffer, start, end - start) });
    return { [TOKEN]: 'array', id, kind, byteOffset: 0, length };
  };

  const encode = (value: unknown, path: string[], depth: number): unknown => {
    if (value === null || typeof value !== 'object' || depth > 4) return value;
    if (value instanceof Grid) return encodeGrid(value);
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || isSharedBuffer(value))
      return encodeArray(value, path);
    if (Array.isArray(value)) return value.map((v, i) => encode(v, [...path, String(i)], depth + 1));
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value))
      out[key] = encode((value as Record<string, unknown>)[key], [...path, key], depth + 1);
    return out;
  };

  const args = encode(job.args, [], 0) as Record<string, unknown>;
  const writes: WritePlan[] = job.writes.map((w) => {
    const target = atPath(job.args, w.path);
    const buffer = ArrayBuffer.isView(target) ? target.buffer : target;
    return { path: w.path, fresh: w.fresh, range: w.range, diff: w.diff, skip: isSharedBuffer(buffer) };
  });
  // Shared buffers the pool reuses job after job (outputs, control slots) are handed over once, then named.
  const heldId = (buffer: SharedArrayBuffer): number => {
    const r = replicas.of(buffer);
    if (!replicas.holds(buffer, slot)) {
      replicas.hold(buffer, slot);
      pieces.push({ id: r.id, shared: buffer });
    }
    return r.id;
  };
  const outputs: JobRequest['outputs'] = {};
  for (const key of Object.keys(job.outputs)) {
    const plan = job.outputs[key] as OutputPlan;
    outputs[key] =
      plan.buffer && isSharedBuffer(plan.buffer)
        ? { kind: plan.kind, length: plan.length, buffer: null, held: heldId(plan.buffer as SharedArrayBuffer) }
        : plan;
  }
  const request: JobRequest = { id: job.id, name: job.name, args, outputs, writes, control: job.control, pieces, drop };
  if (job.control && isSharedBuffer(job.control.buffer) && job.control.byteOffset === 0) {
    request.control = null;
    request.controlHeld = heldId(job.control.buffer as SharedArrayBuffer);
  }
  return {
    request,
    bulk,
    finish() {
      for (const { grid, buffer } of grids) {
        const delta = gridDelta(grid, replicas.versionAt(buffer, slot), DELTA_BYTES);
        if (delta === null) {
          replicas.setVersion(buffer, slot, -1);
          return false;
        }
        pieces.push({ id: replicas.of(buffer).id, delta });
        replicas.setVersion(buffer, slot, delta.version);
      }
      return true;
    },
  };
}

/** Ranges copied between two looks at the clock while a write result is copied back. */
const MERGE_BATCH = 4096;
/** Bytes copied between two looks at the clock while a whole-range result is copied back. */
const MERGE_BYTES = 1 << 18;

/**
 * Copies a write result into the caller's array at `plan.path` in `args`, a batch at a time: `yieldNow()` is
 * asked after each batch, and when it says so the copy awaits `pause()` (the thread's next turn) before going on.
 * Records the span it wrote for the other workers' copies of that array's buffer (one span per result: they get
 * the caller's bytes of it, which are right whoever wrote them).
 */
export async function mergeWrite(
  args: Record<string, unknown>,
  plan: WritePlan,
  result: WriteResult,
  slot: number,
  replicas: Replicas,
  yieldNow: () => boolean,
  pause: () => Promise<boolean>,
): Promise<void> {
  const target = atPath(args, plan.path);
  const bytes = byteView(target);
  if (!bytes) return;
  const data = new Uint8Array(result.data);
  const per = ArrayBuffer.isView(target) ? (target as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT : 1;
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  if (result.ranges) {
    const ranges = result.ranges;
    const count = ranges.length >> 1;
    if (count === 0) return;
    first = ranges[0] as number;
    last = (ranges[2 * count - 2] as number) + (ranges[2 * count - 1] as number);
    let at = 0;
    for (let from = 0; from < count; from += MERGE_BATCH) {
      at = copyRanges(bytes, ranges, data, from, Math.min(count, from + MERGE_BATCH), at);
      if (from + MERGE_BATCH < count && yieldNow() && !(await pause())) return;
    }
  } else {
    const at = result.start * per;
    const length = Math.max(0, Math.min(data.length, bytes.length - at));
    first = at;
    last = at + length;
    for (let k = 0; k < length; k += MERGE_BYTES) {
      bytes.set(data.subarray(k, Math.min(length, k + MERGE_BYTES)), at + k);
      if (k + MERGE_BYTES < length && yieldNow() && !(await pause())) return;
    }
  }
  replicas.wrote(bytes.buffer, slot, bytes.byteOffset + first, bytes.byteOffset + last);
}
