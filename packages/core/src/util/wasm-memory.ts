/** Small helpers shared by the hosts of the WebAssembly modules (fields/kernels/wasm-module.ts, sectors/cost-dial-wasm.ts). */

/** Bytes in a WebAssembly memory page. */
export const WASM_PAGE = 65536;

/** A native base64 decoder where the platform has one (`Uint8Array.fromBase64`, Node's `Buffer`). */
interface Base64Natives {
  fromBase64?: (text: string) => Uint8Array<ArrayBuffer>;
  nodeBuffer?: { from(text: string, encoding: 'base64'): Uint8Array };
}
const natives: Base64Natives = {
  fromBase64: (Uint8Array as unknown as Base64Natives).fromBase64,
  nodeBuffer: (globalThis as { Buffer?: Base64Natives['nodeBuffer'] }).Buffer,
};

/**
 * The bytes of a module stored as base64 text. PERF: the native decoders are about 5x faster than `atob` and a
 * byte loop (about 0.3 against 1.5 ms for the 14 KiB field module on its first use, the loop still cold): part of
 * what the first field of a thread costs.
 */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  if (typeof natives.fromBase64 === 'function') return natives.fromBase64(text);
  if (typeof natives.nodeBuffer?.from === 'function') {
    const decoded = natives.nodeBuffer.from(text, 'base64');
    // A copy that owns its bytes (Node's small buffers share a pool).
    return new Uint8Array(decoded);
  }
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * How many times a module memory of this thread grew (test hook). A memory that grows detaches its old buffer,
 * and after the first detach V8 checks every typed-array access of every optimized function of the thread for a
 * detached buffer (and reloads the array's length and data pointer at each access): the hosts avoid it where
 * they can.
 */
export const wasmGrowth = { count: 0 };

/**
 * The buffer of `mem` with room for `bytes`, grown when needed (growing keeps the contents), or null when there
 * is no memory or it cannot grow that far (the caller then uses its JavaScript kernel).
 */
export function memoryWithRoom(mem: WebAssembly.Memory | null, bytes: number): ArrayBuffer | null {
  if (mem === null) return null;
  const have = mem.buffer.byteLength;
  if (have < bytes) {
    try {
      mem.grow(Math.ceil((bytes - have) / WASM_PAGE));
      wasmGrowth.count++;
    } catch {
      return null;
    }
  }
  return mem.buffer;
}
