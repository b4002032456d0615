/**
 * The WebAssembly sector kernels (wasm/sector-kernels.ts, compiled with AssemblyScript into sector-wasm-bytes.ts):
 * one small module instance and one memory per thread, created on first use. Where WebAssembly is missing or
 * refused (a content security policy without 'wasm-unsafe-eval', say), switched off, or no memory of the size needed can be had,
 * {@link CostDial} runs its JavaScript search instead, which gives the same costs.
 */
import { decodeBase64, WASM_PAGE } from '../util/wasm-memory.js';
import { SECTOR_WASM_BASE64 } from './sector-wasm-bytes.js';

/** The module's exports (pointers are byte offsets into its memory). */
export interface SectorWasmExports {
  costMoves(st: number, moves: number, size: number, stride: number, rule: number, tab: number): void;
  costRun(
    st: number,
    cost: number,
    mark: number,
    tg: number,
    count: number,
    b0: number,
    b1: number,
    b2: number,
    size: number,
    source: number,
    wd: number,
    moves: number,
    tab: number,
    stride: number,
  ): number;
  corridorRun(
    st: number,
    nbr: number,
    cost: number,
    dir: number,
    done: number,
    bk: number,
    cap: number,
    state: number,
    shift: number,
    base: number,
    maxCost: number,
    rule: number,
    wd: number,
    budget: number,
  ): number;
}

/**
 * Who uses an instance: the intra-sector searches ('dial', which keep arrays in their memory from one call to the
 * next) and the corridor fields ('corridor') each have their own instance and memory, so neither overwrites the
 * other's arrays.
 */
export type SectorWasmUser = 'dial' | 'corridor';

interface Slot {
  status: 'untried' | 'ready' | 'unavailable';
  kernels: SectorWasmExports | null;
  memory: WebAssembly.Memory | null;
}

const slots: Record<SectorWasmUser, Slot> = {
  dial: { status: 'untried', kernels: null, memory: null },
  corridor: { status: 'untried', kernels: null, memory: null },
};
let compiled: WebAssembly.Module | null = null;
let enabled = true;

/** Switches the WebAssembly sector kernels off (tests compare both searches) or back on, on this thread. */
export function setSectorWasmEnabled(on: boolean): void {
  enabled = on;
}

/** The kernels of this thread for `user`, or null where WebAssembly is unavailable or switched off. */
export function sectorWasm(user: SectorWasmUser = 'dial'): SectorWasmExports | null {
  if (!enabled) return null;
  const slot = slots[user];
  if (slot.status === 'untried') {
    slot.status = 'unavailable';
    try {
      if (compiled === null) {
        // Synchronous compile of a module of about 4 KiB (allowed on the main thread too).
        compiled = new WebAssembly.Module(decodeBase64(SECTOR_WASM_BASE64));
      }
      instantiate(slot, compiled, 1);
      slot.status = 'ready';
    } catch {
      slot.kernels = null;
    }
  }
  return slot.kernels;
}

/** Drops `user`'s instance and its memory (which cannot shrink); the next call makes a small fresh one. */
export function dropSectorWasm(user: SectorWasmUser): void {
  slots[user] = { status: 'untried', kernels: null, memory: null };
}

/**
 * The memory of `user`'s instance with room for `bytes`, or null when the instance does not exist or no memory of
 * that size can be had. When the memory is too small, `user` gets a fresh instance with a memory of the size
 * asked for, and the old contents are NOT kept: a memory that grows would detach its old buffer, after which V8
 * checks every typed-array access of the thread (util/wasm-memory.ts), queries and game loops on the main thread
 * included. So a caller that asks for more room lays its arrays out anew, and takes the kernels
 * ({@link sectorWasm}) after asking.
 */
export function sectorWasmMemory(bytes: number, user: SectorWasmUser = 'dial'): ArrayBuffer | null {
  const slot = slots[user];
  const mem = slot.memory;
  if (mem === null || compiled === null) return null;
  if (mem.buffer.byteLength >= bytes) return mem.buffer;
  try {
    return instantiate(slot, compiled, Math.ceil(bytes / WASM_PAGE)).buffer;
  } catch {
    return null;
  }
}

/** Gives `slot` a fresh instance of `module` over a new memory of `pages` pages (throws when none can be had). */
function instantiate(slot: Slot, module: WebAssembly.Module, pages: number): WebAssembly.Memory {
  const memory = new WebAssembly.Memory({ initial: pages });
  const instance = new WebAssembly.Instance(module, { env: { memory } });
  slot.memory = memory;
  slot.kernels = instance.exports as unknown as SectorWasmExports;
  return memory;
}
