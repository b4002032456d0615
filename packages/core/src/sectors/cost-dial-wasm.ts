/**
 * The WebAssembly sector kernels (wasm/sector-kernels.ts, compiled with AssemblyScript into sector-wasm-bytes.ts):
 * one small module instance and one memory per thread, created on first use. Where WebAssembly is missing or
 * refused (a content security policy without 'wasm-unsafe-eval', say), switched off, or the memory cannot grow,
 * {@link CostDial} runs its JavaScript search instead, which gives the same costs.
 */
import { SECTOR_WASM_BASE64 } from './sector-wasm-bytes.js';

/** The module's exports (pointers are byte offsets into its memory). */
export interface SectorWasmExports {
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
    stride: number,
    source: number,
    rule: number,
    wd: number,
  ): number;
}

const WASM_PAGE = 65536;

let status: 'untried' | 'ready' | 'unavailable' = 'untried';
let kernels: SectorWasmExports | null = null;
let memory: WebAssembly.Memory | null = null;
let enabled = true;

/** Switches the WebAssembly sector kernels off (tests compare both searches) or back on, on this thread. */
export function setSectorWasmEnabled(on: boolean): void {
  enabled = on;
}

/** The kernels of this thread, or null where WebAssembly is unavailable or switched off. */
export function sectorWasm(): SectorWasmExports | null {
  if (!enabled) return null;
  if (status === 'untried') {
    status = 'unavailable';
    try {
      const binary = atob(SECTOR_WASM_BASE64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      // Synchronous compile of a module of about 1.5 KiB (allowed on the main thread too).
      const module = new WebAssembly.Module(bytes);
      const mem = new WebAssembly.Memory({ initial: 1 });
      const instance = new WebAssembly.Instance(module, { env: { memory: mem } });
      memory = mem;
      kernels = instance.exports as unknown as SectorWasmExports;
      status = 'ready';
    } catch {
      kernels = null;
    }
  }
  return kernels;
}

/** The module memory with room for `bytes` (grown, keeping its contents), or null when it cannot grow. */
export function sectorWasmMemory(bytes: number): ArrayBuffer | null {
  const mem = memory;
  if (mem === null) return null;
  const have = mem.buffer.byteLength;
  if (have < bytes) {
    try {
      mem.grow(Math.ceil((bytes - have) / WASM_PAGE));
    } catch {
      return null;
    }
  }
  return mem.buffer;
}
