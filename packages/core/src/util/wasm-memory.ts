/** Small helpers shared by the hosts of the WebAssembly modules (fields/kernels/wasm-module.ts, sectors/cost-dial-wasm.ts). */

/** Bytes in a WebAssembly memory page. */
export const WASM_PAGE = 65536;

/** The bytes of a module stored as base64 text. */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

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
    } catch {
      return null;
    }
  }
  return mem.buffer;
}
