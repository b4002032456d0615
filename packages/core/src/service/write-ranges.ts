/**
 * The bytes a kernel wrote into a copy of an argument (where the worker cannot share the caller's memory): found
 * by comparing the copy before and after the job (worker side), and copied into the caller's array (main side).
 */

/** The bytes of a typed array (elements `range` when given) or of an ArrayBuffer, or null for anything else. */
export function byteView(target: unknown, range?: readonly [number, number]): Uint8Array | null {
  if (
    target instanceof ArrayBuffer ||
    (typeof SharedArrayBuffer === 'function' && target instanceof SharedArrayBuffer)
  ) {
    const all = new Uint8Array(target);
    return range ? all.subarray(range[0], range[1]) : all;
  }
  if (!ArrayBuffer.isView(target) || target instanceof DataView) return null;
  const per = (target as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
  const start = range ? range[0] * per : 0;
  const end = range ? range[1] * per : target.byteLength;
  return new Uint8Array(target.buffer, target.byteOffset + start, end - start);
}

/**
 * The byte ranges where `now` differs from `before` (same length), as `[start, length]` pairs, and their bytes
 * one after another. Exact to the byte: other workers may write the bytes between two changes (two units' states
 * in one word), so an unchanged byte is never sent. PERF: compared in 4-byte words where both are aligned, the
 * bytes of a differing word then one by one.
 */
export function changedRanges(before: Uint8Array, now: Uint8Array): { ranges: Int32Array; data: ArrayBuffer } {
  const n = now.length;
  const pairs: number[] = [];
  let runStart = -1;
  let runEnd = -1;
  const note = (i: number) => {
    if (i === runEnd) {
      runEnd = i + 1;
      return;
    }
    if (runStart >= 0) pairs.push(runStart, runEnd - runStart);
    runStart = i;
    runEnd = i + 1;
  };
  let i = 0;
  if (before.byteOffset % 4 === 0 && now.byteOffset % 4 === 0) {
    const words = n >> 2;
    const a = new Int32Array(before.buffer, before.byteOffset, words);
    const b = new Int32Array(now.buffer, now.byteOffset, words);
    for (let w = 0; w < words; w++) {
      if (a[w] === b[w]) continue;
      for (let k = w << 2, end = k + 4; k < end; k++) if (before[k] !== now[k]) note(k);
    }
    i = words << 2;
  }
  for (; i < n; i++) if (before[i] !== now[i]) note(i);
  if (runStart >= 0) pairs.push(runStart, runEnd - runStart);
  const ranges = Int32Array.from(pairs);
  let bytes = 0;
  for (let k = 1; k < ranges.length; k += 2) bytes += ranges[k] as number;
  const data = new Uint8Array(bytes);
  let at = 0;
  for (let k = 0; k < ranges.length; k += 2) {
    const start = ranges[k] as number;
    const length = ranges[k + 1] as number;
    if (length <= 16) for (let j = 0; j < length; j++) data[at + j] = now[start + j] as number;
    else data.set(now.subarray(start, start + length), at);
    at += length;
  }
  return { ranges, data: data.buffer };
}

/**
 * Copies changed ranges made by {@link changedRanges} into `target` (the caller's bytes), ranges `[from, to)` of
 * the list; `at` is where range `from`'s bytes start in `data`. Returns the offset after range `to - 1`.
 */
export function copyRanges(
  target: Uint8Array,
  ranges: Int32Array,
  data: Uint8Array,
  from: number,
  to: number,
  at: number,
): number {
  for (let k = 2 * from; k < 2 * to; k += 2) {
    const start = ranges[k] as number;
    const length = ranges[k + 1] as number;
    if (length <= 16) {
      // PERF: short ranges (a unit's field) byte by byte; a subarray per range would allocate.
      for (let i = 0; i < length; i++) target[start + i] = data[at + i] as number;
    } else target.set(data.subarray(at, at + length), start);
    at += length;
  }
  return at;
}
