import { openSync, readSync } from 'node:fs';

export { measure, measureAsync, percentile, type Stats, summarize } from './scenarios/stats.js';

/**
 * CPU time this process has used, milliseconds (user + system, all threads). For work on the main thread only
 * (the worker pool idle), the difference of two reads is its CPU time: unlike wall time, it does not grow when
 * other processes share the machine's cores.
 */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** This thread's schedstat file, open once per thread (-1: not yet; null: none), and a buffer its text is read into. */
let schedstat: number | null = -1;
const schedText = new Uint8Array(64);
/** The process's stat file (see {@link threadCpuMs}), open once per thread, and a buffer its text is read into. */
let processStat: number | null = -1;
const statText = new Uint8Array(1024);

/**
 * CPU time the calling thread (the main thread, or a worker) has run so far, ms, from Linux's
 * /proc/thread-self/schedstat (its first field: nanoseconds on a core): time the thread waited for a core does not
 * count, nor other threads'. NaN where there is no such file.
 *
 * The kernel brings a running thread's count up to date only at a scheduler tick (every 4 ms at 250 Hz) or when the
 * thread leaves its core, so the bare file is up to 4 ms behind for a thread that has run since: a difference of two
 * reads in a busy main thread counted whole ticks (a 7 ms step read as 4 or 8 ms), and one in a worker that had just
 * woken up was short by the time since the last tick (about 2 ms). Reading the process's /proc/self/stat first makes
 * the kernel account the calling thread's time to the nanosecond (its process-wide CPU sum updates the caller), so
 * every read is exact, on any thread.
 * PERF: read into buffers and parsed in place, so a ticker that reads it every millisecond allocates nothing
 * (its garbage would otherwise be collected in the middle of the work it watches).
 */
export function threadCpuMs(): number {
  if (schedstat === -1) {
    try {
      schedstat = openSync('/proc/thread-self/schedstat', 'r');
      processStat = openSync('/proc/self/stat', 'r');
    } catch {
      schedstat = null;
    }
  }
  if (schedstat === null) return Number.NaN;
  if (processStat !== null && processStat !== -1) readSync(processStat, statText, 0, statText.length, 0);
  const n = readSync(schedstat, schedText, 0, schedText.length, 0);
  let ns = 0;
  for (let i = 0; i < n; i++) {
    const digit = (schedText[i] as number) - 48;
    if (digit < 0 || digit > 9) break;
    ns = ns * 10 + digit;
  }
  return ns / 1e6;
}
