/**
 * The WebAssembly field kernels (wasm/kernels.ts, compiled with AssemblyScript into wasm-bytes.ts), and the flow
 * kernel (wasm/flow.ts, hosted by src/flow/flow-kernel-wasm.ts): one small module instance and one memory per
 * thread, created on first use. Where WebAssembly is missing or refused (a
 * content security policy without 'wasm-unsafe-eval', say) or the memory cannot grow, the kernels fall back to
 * their JavaScript versions, which compute the same fields.
 *
 * PERF: the same algorithms run faster compiled to WebAssembly than as JavaScript in V8 (no bounds checks,
 * registers for the whole loop state): about 1.6x for BFS waves and 1.2x for the octile buckets on 1024x1024 and
 * 2048x2048 maps, close to the C versions (bench `native` suite, packages/bench/RESULTS.md).
 */

import { decodeBase64, memoryWithRoom, WASM_PAGE } from '../../util/wasm-memory.js';
import type { KernelControl } from '../types.js';
import { pollControl } from './control.js';
import { fillOtherRows } from './scratch.js';
import { KERNELS_WASM_BASE64 } from './wasm-bytes.js';

/** The module's exports (pointers are byte offsets into its memory). */
export interface WasmKernelExports {
  bfs(
    st: number,
    q: number,
    wave: number,
    dp: number,
    seeds: number,
    groupStride: number,
    groupRows: number,
    rule: number,
    maxLevel: number,
    v0: number,
    direct: number,
  ): number;
  readonly bfsLevels: WebAssembly.Global;
  bfsInit(codes: number, st: number, stride: number, rows: number, groups: number, code: number): void;
  bfsRows(
    wave: number,
    dp: number,
    stride: number,
    width: number,
    ya: number,
    yb: number,
    out: number,
    add: number,
  ): void;
  octileInit(cp: number, dp: number, st: number, stride: number, rows: number, groups: number, code: number): void;
  octileStart(): void;
  octileRun(
    cp: number,
    dp: number,
    meta: number,
    sp: number,
    sv: number,
    seedCount: number,
    stride: number,
    rule: number,
    wd: number,
    maxCost: number,
    base: number,
    tiles: number,
  ): number;
  octileBuckets(): number;
  octileRows(cp: number, dp: number, stride: number, width: number, ya: number, yb: number, out: number): number;
  /** The flow kernel's order (wasm/flow.ts). */
  flowOrder(cost: number, order: number, counts: number, n: number): number;
  /** The flow kernel (wasm/flow.ts): its arrays, then its visit and its outputs in slices. */
  flowStart(
    pass: number,
    dir: number,
    terr: number,
    weighted: number,
    cost: number,
    order: number,
    ids: number,
    cand: number,
    table: number,
    w: number,
    h: number,
    clearance: number,
  ): void;
  flowVisit(k0: number, k1: number): number;
  flowOutputs(y0: number, y1: number): number;
}

/**
 * Rows per group of the kernels' scratch layout in WebAssembly (wasm/kernels.ts `G`): padded tile (x, y) is at
 * grouped index (y >> 3) * 8 * stride + 8 * x + (y & 7).
 */
export const GROUP = 8;

/**
 * Writes padded rows r0..r1 of a kernel's grouped scratch to the outputs, one group of rows at a time:
 * `stage(ya, yb)` has the module write rows ya..yb (costs as f64, then directions) at `stageAt`, which are then
 * copied natively. The other output rows get Infinity / 255.
 */
export function copyStagedRows(
  buffer: ArrayBuffer,
  stageAt: number,
  cost: Float64Array,
  dir: Uint8Array,
  width: number,
  height: number,
  r0: number,
  r1: number,
  stage: (ya: number, yb: number) => void,
): void {
  if (!fillOtherRows(cost, dir, width, height, r0, r1)) return;
  for (let ya = r0; ya <= r1; ) {
    const yb = Math.min(r1, ya - (ya % GROUP) + GROUP - 1);
    stage(ya, yb);
    const count = (yb - ya + 1) * width;
    cost.set(new Float64Array(buffer, stageAt, count), (ya - 1) * width);
    dir.set(new Uint8Array(buffer, stageAt + 8 * count, count), (ya - 1) * width);
    ya = yb + 1;
  }
}

/** The grouped index of padded index `p` (row-major, `stride` per row). */
export function groupedIndex(p: number, stride: number): number {
  const y = Math.floor(p / stride);
  const x = p - y * stride;
  return Math.floor(y / GROUP) * GROUP * stride + x * GROUP + (y % GROUP);
}
/** The memory is replaced by a smaller one only when it holds more than this many bytes (64 MiB)... */
const SHRINK_ABOVE_BYTES = 64 * 1024 * 1024;
/** ...and more than this many times what each of the last {@link SHRINK_AFTER_CALLS} kernel calls needed. */
const SHRINK_FACTOR = 4;
/** Consecutive small calls before the memory is replaced (a one-off small field between big ones keeps it). */
export const SHRINK_AFTER_CALLS = 16;

let status: 'untried' | 'ready' | 'unavailable' = 'untried';
let kernels: WasmKernelExports | null = null;
let memory: WebAssembly.Memory | null = null;
let compiled: WebAssembly.Module | null = null;
let enabled = true;
/** Kernel calls in a row that needed under 1 / SHRINK_FACTOR of the memory. */
let smallCalls = 0;
/** The control of the kernel call in progress (the module's `poll` import reports to it). */
let activeControl: KernelControl | undefined;
/** Which kernel last laid out the memory, and how: a kernel finds its scratch clean only after itself. */
let layoutKey = '';

/** A fresh instance of the module with a memory of `bytes` (rounded up to pages); throws where refused. */
function instantiate(module: WebAssembly.Module, bytes: number): void {
  const mem = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(bytes / WASM_PAGE)) });
  const instance = new WebAssembly.Instance(module, {
    env: { memory: mem, poll: (done: number) => pollControl(activeControl, done) },
  });
  memory = mem;
  kernels = instance.exports as unknown as WasmKernelExports;
  layoutKey = '';
}

/**
 * The kernels of this thread, or null where WebAssembly is unavailable (or switched off for tests). `bytes`, at
 * the start of a kernel call, is the memory that call lays out: when the memory holds more than 64 MiB and
 * more than 4 times what each of the last {@link SHRINK_AFTER_CALLS} calls needed (one big field, then small
 * ones), it is dropped for a fresh instance with a memory of `bytes` (WebAssembly memories cannot shrink), so a
 * thread does not keep the memory of its largest field for ever. Call it again after {@link wasmMemory}.
 */
export function wasmKernels(bytes = 0): WasmKernelExports | null {
  if (!enabled) return null;
  if (status === 'untried') {
    status = 'unavailable';
    try {
      // Synchronous compile, so the kernels stay synchronous: the module is about 8 KiB, and Chromium allows up to
      // 8 MiB on the main thread (older versions allowed 4 KiB; there this throws and the JavaScript kernels run).
      compiled = new WebAssembly.Module(decodeBase64(KERNELS_WASM_BASE64));
      // With room for the first call at once (see below: a memory that grows detaches its old buffer).
      instantiate(compiled, Math.max(WASM_PAGE, bytes));
      status = 'ready';
    } catch {
      kernels = null;
    }
  } else if (status === 'ready' && bytes > 0 && memory !== null && compiled !== null) {
    const have = memory.buffer.byteLength;
    if (have < bytes) {
      // PERF: a fresh instance with room, rather than growing the memory at wasmMemory: growing a memory detaches
      // its old ArrayBuffer, and the first detach in a thread makes V8 check every typed-array access of every
      // optimized function on that thread for a detached buffer from then on, reloading each array's length and
      // data pointer at every access (a plain Float64Array loop 1.5x slower, the followers' step 1.12-1.16x). The
      // kernel lays its scratch out afresh either way; nothing is kept in the memory between calls but clean scratch.
      smallCalls = 0;
      try {
        instantiate(compiled, bytes);
      } catch {
        // Keep the memory: wasmMemory grows it, or says the kernel cannot run.
      }
    } else if (have > SHRINK_ABOVE_BYTES && have > SHRINK_FACTOR * bytes) {
      if (++smallCalls >= SHRINK_AFTER_CALLS) {
        smallCalls = 0;
        try {
          instantiate(compiled, bytes);
        } catch {
          // Keep the big memory: it still works.
        }
      }
    } else smallCalls = 0;
  }
  return kernels;
}

/** Test hook: drops this thread's instance and its memory; the next call makes a fresh one (of the call's size). */
export function dropWasmKernels(): void {
  status = 'untried';
  kernels = null;
  memory = null;
  layoutKey = '';
  smallCalls = 0;
}

/** Test hook: the bytes of this thread's module memory (0 before the first use). */
export function wasmMemoryBytes(): number {
  return memory?.buffer.byteLength ?? 0;
}

/**
 * The module memory with room for `bytes`, grown when needed (growing keeps the contents), or null when it
 * cannot grow that far (the caller then uses the JavaScript kernel).
 */
export function wasmMemory(bytes: number): ArrayBuffer | null {
  return memoryWithRoom(memory, bytes);
}

/**
 * Runs `call` with `control` receiving the module's progress polls (an AbortError thrown by a poll unwinds out
 * of the module). On any throw the kernel's scratch is marked dirty.
 */
export function withControl<T>(control: KernelControl | undefined, call: () => T): T {
  activeControl = control;
  try {
    return call();
  } catch (error) {
    layoutKey = '';
    throw error;
  } finally {
    activeControl = undefined;
  }
}

/**
 * True when the memory still holds the clean scratch that the kernel `key` (its name and layout) left behind;
 * records `key` as the current layout either way.
 */
export function claimLayout(key: string): boolean {
  const clean = layoutKey === key;
  layoutKey = key;
  return clean;
}

/** Test hook: switch the WebAssembly kernels off (the JavaScript kernels run) or back on. */
export function setWasmKernelsEnabled(on: boolean): void {
  enabled = on;
}
