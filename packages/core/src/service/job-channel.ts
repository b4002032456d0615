/**
 * Sending a job's big arguments to a worker without blocking this thread: the buffer contents a worker lacks go
 * in chunks of at most {@link CHUNK_BYTES}, each copied and moved (transferred) in its own one-way message, the
 * thread yielding every few milliseconds; and the typed error of a request that could not be sent at all.
 */
import { InvalidOptionError } from '../errors.js';
import { nextTurn, SLICE_MS } from '../util/next-turn.js';
import type { BulkPiece } from './job-codec.js';
import type { MainThreadClock } from './main-thread-clock.js';
import { SYNC_KEY, type SyncPiece } from './protocol.js';

/** Bytes copied into one message: a few hundredths of a millisecond of copying. */
export const CHUNK_BYTES = 1 << 18;

/**
 * Sends `bulk` through `post` in chunks, yielding to the event loop whenever a slice of {@link SLICE_MS} ms is
 * used up. Stops early (quietly) once `current()` is false (the job was settled meanwhile).
 */
export async function sendBulk(
  bulk: readonly BulkPiece[],
  post: (message: unknown, transfer: Transferable[]) => void,
  current: () => boolean,
  clock: MainThreadClock,
): Promise<void> {
  let start = performance.now();
  let clocked = clock.now();
  for (const piece of bulk) {
    const length = piece.source.length;
    let at = 0;
    do {
      if (!current()) return;
      const end = Math.min(length, at + CHUNK_BYTES);
      const bytes = piece.source.slice(at, end).buffer;
      const sync: SyncPiece = { id: piece.id, offset: piece.offset + at, bytes };
      if (at === 0 && piece.create > 0) sync.create = piece.create;
      post({ [SYNC_KEY]: [sync] }, [bytes]);
      at = end;
      if (performance.now() - start >= SLICE_MS) {
        clock.add(clock.now() - clocked);
        await nextTurn();
        start = performance.now();
        clocked = clock.now();
      }
    } while (at < length);
  }
  clock.add(clock.now() - clocked);
}

/**
 * The typed error of a request that could not be sent to a worker: a value structured cloning refuses (a
 * function, a symbol, a Proxy...), named by its top-level argument.
 */
export function unsendable(args: Record<string, unknown>, error: unknown): Error {
  if (error instanceof Error && /^(InvalidOptionError|OutOfRangeError|CoordinateError)$/.test(error.name)) return error;
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  let key = 'args';
  try {
    for (const k of Object.keys(args)) {
      try {
        structuredClone(args[k]);
      } catch {
        key = k;
        break;
      }
    }
  } catch {
    // Hostile arguments: keep the generic name.
  }
  return new InvalidOptionError(key, detail, 'values a worker can receive (no functions, symbols or Proxies)');
}
