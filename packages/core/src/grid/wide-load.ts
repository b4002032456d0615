/**
 * Reads a 64-bit slot of shared memory (written whole, as a BigInt64, by `Atomics.store`/`Atomics.add`) as a
 * number, through an Int32 view of the same bytes: no BigInt is made. PERF: a BigInt load allocates and calls
 * into the runtime, which costs several microseconds when caches are cold (a one-tile field repair reads a few
 * versions per call); two 32-bit atomic loads compile to plain loads.
 *
 * Exact for every value a number holds exactly (|value| <= 2^53 - 1, negative ones too). The two halves are read
 * high, low, high again, and again until both high reads agree: the slots read here only grow (versions, the log's
 * floor and unknown version, and each ring slot, which is only overwritten by a newer version), so an unchanged
 * high half means the low half belongs to a value with that high half, and no torn value is returned.
 */

/** Index of the low 32-bit half of a 64-bit slot (0 on little-endian machines, 1 on big-endian ones). */
export const LOW = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1 ? 0 : 1;
export const HIGH = 1 - LOW;

/** The value of 64-bit slot `slot` of `words` (an Int32Array over the BigInt64 slots). */
export function loadWide(words: Int32Array, slot: number): number {
  const low = 2 * slot + LOW;
  const high = 2 * slot + HIGH;
  for (;;) {
    const hi = Atomics.load(words, high);
    const lo = Atomics.load(words, low);
    if (Atomics.load(words, high) === hi) return hi * 0x1_0000_0000 + (lo >>> 0);
  }
}
