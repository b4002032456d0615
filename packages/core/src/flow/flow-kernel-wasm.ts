/**
 * The flow kernel in WebAssembly (wasm/flow.ts, in the field kernels' module and memory): the same order, anchor
 * choices and outputs as the JavaScript kernel (./flow-kernel.ts), bit for bit. Where the module or its memory is
 * unavailable, {@link runFlowKernelWasm} returns -1 having written nothing, and the JavaScript kernel runs.
 *
 * PERF: the JavaScript kernel spends its time in small hot calls (anchor choice, the local sight rule, line walks)
 * whose double arithmetic and typed-array reads V8 cannot keep in registers across calls. Compiled to WebAssembly
 * the same code takes 0.5-0.65 of the JavaScript kernel's time (medians of 5, both in one process, flow over
 * field time: random 1024x1024 5.9x against 8.8x, rooms 1024x1024 3.8x against 7.1x, den520d 4.1x against 7.4x).
 * The copies in and out (costs, codes and directions in; vx, vy and anchor codes out) take a few ms of that.
 */
import { claimLayout, wasmKernels, wasmMemory } from '../fields/kernels/wasm-module.js';
import { wasmGrowth } from '../util/wasm-memory.js';
import { FLOW_CONTROL_INTERVAL, type FlowKernelInput, pollFlow } from './flow-kernel-input.js';
import { sortByCost } from './flow-order.js';
import { StateSlot } from './flow-state.js';

/** Bytes reserved for the kernel's candidate scratch (it uses 1248). */
const CAND_BYTES = 2048;
/**
 * Anchors the table has room for at the start, per tile (it grows the memory when full). PERF: a memory that grows
 * detaches its old buffer, which slows every typed-array loop of the thread from then on (see wasmKernels in
 * ../fields/kernels/wasm-module.ts); 3 / 8 covers the random maps with 20% walls (about 0.28 anchors per tile at
 * radius 0.25 on random-1024), where 1 / 8 grew.
 */
const START_ANCHORS_PER_TILE = 3 / 8;
/** Above this many tiles (2048 x 2048) the table starts with room for 1 / 8 anchor per tile, and grows if need be. */
const FULL_START_TILES = 1 << 22;
/** Least room for the anchor table, bytes: what the module asks for past the table's start before its first anchor. */
const TABLE_MIN_BYTES = 65536;
/** {@link START_ANCHORS_PER_TILE} unless set (0: the default), for the tests of the table's growth. */
let startOverride = 0;

/** Sets the anchors per tile the table has room for at the start (0: the default); returns the old setting. */
export function setFlowTableStart(perTile: number): number {
  const old = startOverride;
  startOverride = perTile;
  return old;
}

function align8(n: number): number {
  return (n + 7) & ~7;
}

/**
 * Runs the flow kernel of `input` in WebAssembly, after the host has published the control's total; returns the
 * number of reachable tiles, or -1 (nothing written) where WebAssembly or its memory is unavailable.
 * @throws AbortError when the control asks to stop.
 */
export function runFlowKernelWasm(input: FlowKernelInput): number {
  const { width: w, height: h, passable, terrain, cost, dir } = input;
  const size = w * h;
  const weighted = terrain !== null;
  // Layout (bytes): codes, directions, terrain (weighted only), costs (then vx, vy), order (then anchor codes),
  // anchor ids, candidate scratch, then the anchor table (32 bytes per anchor, growing at the end).
  const passAt = 0;
  const dirAt = size;
  const terrAt = align8(2 * size);
  const costAt = align8(terrAt + (weighted ? 4 * size : 0));
  const orderAt = costAt + 8 * size;
  const idsAt = orderAt + 4 * size;
  const candAt = idsAt + 4 * size;
  const tableAt = candAt + CAND_BYTES;
  const perTile = startOverride > 0 ? startOverride : size <= FULL_START_TILES ? START_ANCHORS_PER_TILE : 1 / 8;
  // The module's first anchor asks for 64 KiB past the table's start (wasm/flow.ts, addAnchor): at least that much,
  // or small maps grow the memory.
  const bytes = tableAt + Math.max(TABLE_MIN_BYTES, 32 * Math.ceil(size * perTile + 64));
  const wasm = wasmKernels(bytes);
  if (wasm === null) return -1;
  const buffer = wasmMemory(bytes);
  if (buffer === null) return -1;
  claimLayout('flow');
  new Uint8Array(buffer, passAt, size).set(passable.subarray(0, size));
  new Uint8Array(buffer, dirAt, size).set(dir.subarray(0, size));
  if (terrain !== null) new Float32Array(buffer, terrAt, size).set(terrain.subarray(0, size));
  new Float64Array(buffer, costAt, size).set(cost.subarray(0, size));
  let reachable = wasm.flowOrder(costAt, orderAt, tableAt, size);
  if (reachable === -2) return -1;
  const mem = (): ArrayBuffer => wasmMemory(0) as ArrayBuffer;
  if (reachable === -1) reachable = sortByCost(cost, new Int32Array(mem(), orderAt, size));
  wasm.flowStart(
    passAt,
    dirAt,
    terrAt,
    weighted ? 1 : 0,
    costAt,
    orderAt,
    idsAt,
    candAt,
    tableAt,
    w,
    h,
    input.clearance,
  );
  // PERF: slices of FLOW_CONTROL_INTERVAL tiles (the control is polled between them, at the same counts as the
  // JavaScript kernel): WebAssembly has no on-stack replacement, so one long call would run in the baseline
  // compiler to its end.
  const control = input.control;
  for (let k = 0; k < reachable; k += FLOW_CONTROL_INTERVAL) {
    if (k > 0) pollFlow(control, k);
    if (wasm.flowVisit(k, Math.min(reachable, k + FLOW_CONTROL_INTERVAL)) < 0) return -1;
  }
  const rows = Math.max(1, Math.floor(FLOW_CONTROL_INTERVAL / w));
  let count = 0;
  for (let y = 0; y < h; y += rows) count = wasm.flowOutputs(y, Math.min(h, y + rows));
  const out = mem();
  // The module grew its memory for the anchor table (see START_ANCHORS_PER_TILE).
  if (out !== buffer) wasmGrowth.count++;
  input.vx.set(new Float32Array(out, costAt, size));
  input.vy.set(new Float32Array(out, costAt + 4 * size, size));
  input.anchor.set(new Int32Array(out, orderAt, size));
  const state = input.state;
  if (state !== undefined) {
    // The table's rows are 32 bytes: x, y, g (f64) and the code (i32).
    state.ids.set(new Int32Array(out, idsAt, size));
    const rowsF = new Float64Array(out, tableAt, count * 4);
    const rowsI = new Int32Array(out, tableAt, count * 8);
    const { code, g } = state;
    for (let k = 0; k < count; k++) {
      g[k] = rowsF[4 * k + 2] as number;
      code[k] = rowsI[8 * k + 6] as number;
    }
    state.info[StateSlot.count] = count;
  }
  return reachable;
}
