/**
 * Test-only jobs, registered by the tests themselves (a worker module of their own serves them: ./test-worker.ts;
 * the service gets them in its `jobs` option). Not part of the package: the build leaves this folder out.
 */
import { CoordinateError } from '../../errors.js';
import type { KernelControl } from '../../fields/types.js';
import { type AnyJobSpec, defineJob } from '../../jobs/job-spec.js';
import { pollKernel } from '../../util/kernel-control.js';

/** Busy-waits `ms` milliseconds, publishing progress (done = elapsed ms) and honouring the abort flag. */
function spin(ms: number, control: KernelControl): number {
  const start = performance.now();
  const total = Math.max(1, Math.ceil(ms));
  let rounds = 0;
  for (;;) {
    const elapsed = performance.now() - start;
    if (elapsed >= ms) break;
    rounds++;
    if (rounds % 64 === 0) pollKernel(control, Math.floor(elapsed), `__spin after ${rounds} rounds`, total);
  }
  pollKernel(control, total, '__spin', total);
  return rounds;
}

interface WorkerScope {
  close(): void;
}

/** Spins for `ms` milliseconds (progress and abort honoured); returns the number of loop rounds. */
export const spinJob = defineJob<{ ms: number }, number>({
  name: '__spin',
  run: (args, control) => spin(args.ms, control),
});

/**
 * Kills the worker after spinning `afterMs` (default 0) ms: `exit` ends the thread (process.exit in Node,
 * self.close in a browser), `throw` throws an uncaught error outside the job. Never resolves.
 */
export const crashJob = defineJob<{ mode: 'exit' | 'throw'; afterMs?: number }, never>({
  name: '__crash',
  run: (args, control) => {
    spin(args.afterMs ?? 0, control);
    return new Promise<never>(() => {
      if (args.mode === 'throw') {
        setTimeout(() => {
          throw new Error('__crash: uncaught error outside the job');
        }, 0);
      } else if (typeof process !== 'undefined' && typeof process.exit === 'function' && process.versions?.node) {
        process.exit(7);
      } else {
        (globalThis as unknown as WorkerScope).close();
      }
    });
  },
});

/**
 * Busy-waits `ms` milliseconds without looking at the abort flag or answering anything: a worker stuck in a
 * loop, or dead without telling. Returns the number of loop rounds.
 */
export const hangJob = defineJob<{ ms: number }, number>({
  name: '__hang',
  run: (args) => {
    const end = performance.now() + args.ms;
    let rounds = 0;
    while (performance.now() < end) rounds++;
    return rounds;
  },
});

/**
 * Shared-memory handshake without messages: stores 1 into slot 0 of `buffer` (Int32) and notifies, then waits
 * (up to `timeoutMs`, default 10 s) until the main thread stores a non-zero value into slot 1; returns it.
 */
export const handshakeJob = defineJob<{ buffer: SharedArrayBuffer; timeoutMs?: number }, number>({
  name: '__handshake',
  run: (args) => {
    const view = new Int32Array(args.buffer);
    Atomics.store(view, 0, 1);
    Atomics.notify(view, 0);
    Atomics.wait(view, 1, 0, args.timeoutMs ?? 10_000);
    return Atomics.load(view, 1);
  },
});

/** Throws a CoordinateError for (x, y), to test that typed errors cross the thread boundary intact. */
export const throwJob = defineJob<{ x: number; y: number }, never>({
  name: '__throw',
  run: (args) => {
    throw new CoordinateError('__throw', args.x, args.y, 'is a test coordinate');
  },
});

/**
 * A kernel added by a test alone (a spec and a registry entry, nothing else): a prefix sum of `values` times
 * `scale` into an output `sums`, a histogram of the values' low bytes written in place into `counts` (diffed
 * writes), and the total returned. It reads a grid too, so the three modes' handling of inputs, outputs, writes
 * and grids are all exercised.
 */
export const prefixJob = defineJob<
  { grid: import('../../grid/grid.js').Grid; values: Float64Array; counts: Int32Array; scale: number },
  { total: number; walls: number; sums: Float64Array },
  { sums: Float64Array }
>({
  name: '__prefix',
  outputs: (args) => ({ sums: { kind: 'f64', length: args.values.length } }),
  writes: () => [{ path: ['counts'] }],
  run: (args, control) => {
    let total = 0;
    for (let i = 0; i < args.values.length; i++) {
      if ((i & 4095) === 0) pollKernel(control, i, '__prefix', args.values.length);
      total += (args.values[i] as number) * args.scale;
      args.sums[i] = total;
      const bucket = (args.values[i] as number) & 255;
      args.counts[bucket] = (args.counts[bucket] as number) + 1;
    }
    let walls = 0;
    for (let t = 0; t < args.grid.size; t++) if (args.grid.passable[t] === 0) walls++;
    return { total, walls, sums: args.sums };
  },
});

/** Every test job. */
export const TEST_JOBS: AnyJobSpec[] = [spinJob, crashJob, hangJob, handshakeJob, throwJob, prefixJob];
