/**
 * Grid identities: random integers from 1 to 2^53 - 1, so that grids made in different threads (each with its
 * own module state) do not share an id. Drawn from `crypto.getRandomValues` where it exists (browsers, Node 20+),
 * else from a counter mixed with `Math.random` and the clock.
 */
import { describeValue } from '../util/describe-value.js';

let fallbackCounter = 0;

/** A new grid id, an integer from 1 to 2^53 - 1. */
export function newGridId(): number {
  const words = new Uint32Array(2);
  const crypto = (globalThis as { crypto?: { getRandomValues?: (array: Uint32Array) => Uint32Array } }).crypto;
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(words);
  else {
    fallbackCounter = (fallbackCounter + 1) >>> 0;
    words[0] = ((Math.random() * 0x1_0000_0000) ^ fallbackCounter) >>> 0;
    words[1] = ((Math.random() * 0x20_0000) ^ Date.now()) >>> 0;
  }
  const id = ((words[1] as number) & 0x1fffff) * 0x1_0000_0000 + (words[0] as number);
  return id === 0 ? 1 : id;
}

/** How an id reads in messages: `grid <id>` (any other value described, never converted: it may be hostile). */
export function gridIdText(id: unknown): string {
  return `grid ${describeValue(id)}`;
}
