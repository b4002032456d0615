/**
 * The worker side of the pool: the buffers a worker holds (copies of grids and arrays sent by the main thread,
 * or shared memory handed to it once), and a dispatcher that rebuilds a job's arguments, runs its kernel from the
 * registry and sends back its outputs and writes. The worker module (../worker.ts) exposes the object made here
 * over comlink; it contains no kernel logic itself.
 */
import { transfer } from 'comlink';
import { InvalidOptionError } from '../errors.js';
import { CONTROL_LENGTH, ControlSlot, type KernelControl } from '../fields/types.js';
import { Grid } from '../grid/grid.js';
import { applyGridDelta } from '../grid/grid-delta.js';
import { atPath, bytesPerElement, isSharedBuffer, viewOf } from '../jobs/arrays.js';
import type { AnyJobSpec } from '../jobs/job-spec.js';
import { serializeError } from './error-transport.js';
import { PROGRESS_POLL_MS } from './progress.js';
import {
  type ArgToken,
  type JobReply,
  type JobRequest,
  type OutputToken,
  type OutputWire,
  PROGRESS_KEY,
  type SyncPiece,
  TOKEN,
  type WorkerApi,
  type WorkerConfig,
  type WriteResult,
} from './protocol.js';
import { byteView, changedRanges } from './write-ranges.js';

/** How the worker talks back outside replies (progress). */
export interface WorkerHostOptions {
  /** The kernels the worker serves. */
  jobs: readonly AnyJobSpec[];
  /** Posts a message to the main thread on the worker's endpoint. */
  post(message: unknown): void;
}

/** A buffer the worker holds: a copy, or shared memory. */
interface Held {
  buffer: ArrayBufferLike;
  /** The grid over it, once a job asked for one. */
  grid: Grid | null;
}

/** Builds the API a pool worker exposes. */
export function createWorkerApi(options: WorkerHostOptions): WorkerApi {
  const registry = new Map<string, AnyJobSpec>();
  for (const spec of options.jobs) registry.set(spec.name, spec);
  const held = new Map<number, Held>();
  let progress = false;

  const apply = (pieces: readonly SyncPiece[]): void => {
    for (const piece of pieces) {
      if (piece.shared) held.set(piece.id, { buffer: piece.shared, grid: null });
      else if (piece.create) held.set(piece.id, { buffer: new ArrayBuffer(piece.create), grid: null });
      const entry = held.get(piece.id);
      if (!entry) throw new InvalidOptionError('buffer', piece.id, 'a buffer this worker holds');
      if (piece.bytes)
        new Uint8Array(entry.buffer, piece.offset ?? 0, piece.bytes.byteLength).set(new Uint8Array(piece.bytes));
      if (piece.delta) applyGridDelta(gridOf(entry), piece.delta);
    }
  };

  const gridOf = (entry: Held): Grid => {
    entry.grid ??= Grid.from(entry.buffer);
    return entry.grid;
  };

  /** The argument with its tokens replaced by what they name (nested plain objects and arrays, 4 deep). */
  const decode = (value: unknown, depth: number): unknown => {
    if (value === null || typeof value !== 'object' || depth > 4 || ArrayBuffer.isView(value)) return value;
    if (Object.hasOwn(value, TOKEN)) return resolve(value as ArgToken);
    if (Array.isArray(value)) return value.map((v) => decode(v, depth + 1));
    if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = decode((value as Record<string, unknown>)[key], depth + 1);
    return out;
  };

  const resolve = (token: ArgToken): unknown => {
    const kind = token[TOKEN];
    if (kind === 'fresh') {
      if (token.kind === null) return new ArrayBuffer(token.length);
      return viewOf(token.kind, new ArrayBuffer(token.length * bytesPerElement(token.kind)), 0, token.length);
    }
    const entry = held.get(token.id);
    if (!entry) throw new InvalidOptionError('argument', token.id, 'a buffer this worker holds');
    if (kind === 'grid') return gridOf(entry);
    return token.kind === null ? entry.buffer : viewOf(token.kind, entry.buffer, token.byteOffset, token.length);
  };

  const run = async (request: JobRequest): Promise<JobReply> => {
    let control: Int32Array | null = null;
    // The output buffers moved here go back with the reply (shared memory stays where it is).
    const outputs: Record<string, ArrayBufferLike> = {};
    for (const key of Object.keys(request.outputs)) {
      const buffer = (request.outputs[key] as OutputWire).buffer;
      if (buffer && !isSharedBuffer(buffer)) outputs[key] = buffer;
    }
    try {
      apply(request.pieces);
      const spec = registry.get(request.name);
      if (!spec) throw new InvalidOptionError('kernel', request.name, `one of ${[...registry.keys()].join(', ')}`);
      const args = decode(request.args, 0) as Record<string, unknown>;
      for (const [key, plan] of Object.entries(request.outputs))
        args[key] = viewOf(plan.kind, plan.buffer ?? heldBuffer(plan.held), 0, plan.length);
      // Snapshots of the arrays whose changes return (compared once the kernel is done).
      const targets = request.writes.map((plan) => (plan.skip ? null : atPath(args, plan.path)));
      const before = request.writes.map((plan, i) =>
        plan.diff || (!plan.fresh && !plan.range) ? snapshot(targets[i], plan.range) : null,
      );
      const kernelControl = controlFor(request);
      control = kernelControl.control ?? null;
      const value = await spec.run(args, kernelControl);
      const writes: WriteResult[] = [];
      request.writes.forEach((plan, index) => {
        const target = targets[index];
        // A kernel that replaced the array (a new one in its result) wrote nothing back into the old one.
        if (plan.skip || target !== atPath(args, plan.path) || target === undefined) return;
        const result = collect(index, plan, target, before[index] ?? null);
        if (result) writes.push(result);
      });
      const reply: JobReply = { ok: true, value: tokenizeOutputs(value, args, request, 0), outputs, writes };
      if (!isShared(request)) reply.counts = countsOf(control);
      return transfer(reply, transferables(reply, held));
    } catch (error) {
      const reply: JobReply = { ok: false, error: serializeError(error), outputs };
      if (!isShared(request) && control) reply.counts = countsOf(control);
      return transfer(reply, transferables(reply, held));
    } finally {
      for (const id of request.drop) held.delete(id);
    }
  };

  const heldBuffer = (id: number | undefined): ArrayBufferLike => {
    const entry = id === undefined ? undefined : held.get(id);
    if (!entry) throw new InvalidOptionError('buffer', id, 'a buffer this worker holds');
    return entry.buffer;
  };

  const controlFor = (request: JobRequest): KernelControl => {
    if (request.control) return { control: request.control };
    if (request.controlHeld !== undefined)
      return { control: new Int32Array(heldBuffer(request.controlHeld), 0, CONTROL_LENGTH) };
    // No shared control: a local one, whose progress is posted now and then (abort comes by termination).
    const control = new Int32Array(CONTROL_LENGTH);
    if (!progress) return { control };
    let last = 0;
    const tick = () => {
      const now = performance.now();
      if (now - last < PROGRESS_POLL_MS) return;
      last = now;
      options.post({ [PROGRESS_KEY]: [request.id, control[ControlSlot.done], control[ControlSlot.total]] });
    };
    return { control, tick };
  };

  return {
    async init(config: WorkerConfig): Promise<string[]> {
      progress = config.progress === true;
      return [...registry.keys()];
    },
    sync(pieces: SyncPiece[]): void {
      apply(pieces);
    },
    run,
    drop(ids: number[]): void {
      for (const id of ids) held.delete(id);
    },
    ping(): number {
      return held.size;
    },
  };
}

/**
 * The kernel's result with every view of an output array replaced by an {@link OutputToken} (plain objects and
 * arrays, 4 deep): the main thread's own views go in their place.
 */
function tokenizeOutputs(value: unknown, args: Record<string, unknown>, request: JobRequest, depth: number): unknown {
  if (value === null || typeof value !== 'object' || depth > 4) return value;
  if (ArrayBuffer.isView(value)) {
    for (const key of Object.keys(request.outputs)) {
      const output = args[key] as ArrayBufferView & { BYTES_PER_ELEMENT: number; length: number };
      if (value.buffer !== output.buffer || value.constructor !== output.constructor) continue;
      const start = (value.byteOffset - output.byteOffset) / output.BYTES_PER_ELEMENT;
      return {
        [TOKEN]: 'output',
        key,
        start,
        length: (value as unknown as { length: number }).length,
      } satisfies OutputToken;
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => tokenizeOutputs(v, args, request, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    out[key] = tokenizeOutputs((value as Record<string, unknown>)[key], args, request, depth + 1);
  return out;
}

/** True when the job's control slots are shared with the main thread. */
function isShared(request: JobRequest): boolean {
  return request.control !== null || request.controlHeld !== undefined;
}

/** The `[done, total]` a local control array holds. */
function countsOf(control: Int32Array | null): [number, number] {
  return control ? [control[ControlSlot.done] ?? 0, control[ControlSlot.total] ?? 0] : [0, 0];
}

/** A copy of the bytes of `target` (elements `range` when given) to compare with after the job. */
function snapshot(target: unknown, range: readonly [number, number] | undefined): Uint8Array | null {
  const bytes = byteView(target, range);
  return bytes ? bytes.slice() : null;
}

/** What a declared write returns: the whole array, the range, or the changed byte ranges. */
function collect(
  index: number,
  plan: JobRequest['writes'][number],
  target: unknown,
  before: Uint8Array | null,
): WriteResult | null {
  if (before !== null) {
    const now = byteView(target, plan.range);
    if (!now) return null;
    const { ranges, data } = changedRanges(before, now);
    if (ranges.length === 0) return null;
    const base = plan.range ? plan.range[0] * elementBytes(target) : 0;
    if (base !== 0) for (let k = 0; k < ranges.length; k += 2) ranges[k] = (ranges[k] as number) + base;
    return { index, start: 0, ranges, data };
  }
  const bytes = byteView(target, plan.range);
  if (!bytes) return null;
  // A fresh array that fills its buffer moves back whole; anything else is copied.
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && !isSharedBuffer(bytes.buffer);
  return {
    index,
    start: plan.range ? plan.range[0] : 0,
    ranges: null,
    data: (whole ? bytes.buffer : bytes.slice().buffer) as ArrayBuffer,
  };
}

function elementBytes(target: unknown): number {
  return ArrayBuffer.isView(target) ? (target as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT : 1;
}

/**
 * Smallest buffer a reply moves; smaller ones are copied by the message. Moving a buffer detaches it in this
 * worker, and after the first detached buffer V8 checks every typed-array access of every optimized function of
 * the thread, for good (loops 1.5-2x slower). A pool build's reply held one 32-byte buffer, so every worker that
 * had built a sector graph ran its later jobs under those checks. Copying a buffer this small costs microseconds.
 */
export const MIN_MOVED_BYTES = 1 << 16;

/**
 * The ArrayBuffers a reply moves: outputs, write data and new buffers in the value of at least
 * {@link MIN_MOVED_BYTES} (never a buffer held).
 */
function transferables(reply: JobReply, held: Map<number, Held>): Transferable[] {
  const keep = new Set<ArrayBufferLike>();
  for (const entry of held.values()) keep.add(entry.buffer);
  const out = new Set<ArrayBuffer>();
  const add = (buffer: ArrayBufferLike) => {
    if (!isSharedBuffer(buffer) && !keep.has(buffer) && buffer.byteLength >= MIN_MOVED_BYTES)
      out.add(buffer as ArrayBuffer);
  };
  for (const buffer of Object.values(reply.outputs ?? {})) add(buffer);
  if (reply.ok) {
    for (const w of reply.writes) add(w.data);
    walk(reply.value, 0, add);
  }
  return [...out];
}

function walk(value: unknown, depth: number, add: (buffer: ArrayBufferLike) => void): void {
  if (value === null || typeof value !== 'object' || depth > 4) return;
  if (value instanceof ArrayBuffer) add(value);
  else if (ArrayBuffer.isView(value)) add(value.buffer);
  else if (Array.isArray(value)) for (const v of value) walk(v, depth + 1, add);
  else for (const key of Object.keys(value)) walk((value as Record<string, unknown>)[key], depth + 1, add);
}
