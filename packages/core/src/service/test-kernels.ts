/**
 * Test-only kernels. A worker registers them only when the service was created with
 * `enableTestKernels: true`; otherwise `service.run('__crash', ...)` rejects with InvalidOptionError, so they are
 * harmless in production.
 */
import { AbortError, CoordinateError } from '../errors.js';
import { ControlSlot, type KernelControl } from '../fields/types.js';
import type { Kernel } from './kernels.js';

/** Busy-waits `ms` milliseconds, publishing progress (done = elapsed ms) and honouring the abort flag. */
function spin(ms: number, control: KernelControl): number {
  const start = performance.now();
  const c = control.control;
  if (c) Atomics.store(c, ControlSlot.total, Math.max(1, Math.ceil(ms)));
  let rounds = 0;
  for (;;) {
    const elapsed = performance.now() - start;
    if (elapsed >= ms) break;
    rounds++;
    if (c) {
      Atomics.store(c, ControlSlot.done, Math.floor(elapsed));
      if (Atomics.load(c, ControlSlot.abort) !== 0) throw new AbortError(`__spin aborted after ${rounds} rounds`);
    }
  }
  if (c) Atomics.store(c, ControlSlot.done, Math.max(1, Math.ceil(ms)));
  return rounds;
}

interface WorkerScope {
  close(): void;
}

export const TEST_KERNELS = {
  /** Spins for `ms` milliseconds (progress and abort honoured); returns the number of loop rounds. */
  __spin: (args: { ms: number }, control: KernelControl): number => spin(args.ms, control),
  /**
   * Kills the worker after spinning `afterMs` (default 0) ms: `exit` ends the thread (process.exit in Node,
   * self.close in a browser), `throw` throws an uncaught error outside the job. Never resolves.
   */
  __crash: (args: { mode: 'exit' | 'throw'; afterMs?: number }, control: KernelControl): Promise<never> => {
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
  /**
   * Busy-waits `ms` milliseconds without looking at the abort flag or answering anything: a worker stuck in a
   * loop, or dead without telling. Returns the number of loop rounds.
   */
  __hang: (args: { ms: number }): number => {
    const end = performance.now() + args.ms;
    let rounds = 0;
    while (performance.now() < end) rounds++;
    return rounds;
  },
  /**
   * Shared-memory handshake without messages: stores 1 into slot 0 of `buffer` (Int32) and notifies, then waits
   * (up to `timeoutMs`, default 10 s) until the main thread stores a non-zero value into slot 1; returns it.
   */
  __handshake: (args: { buffer: SharedArrayBuffer; timeoutMs?: number }): number => {
    const view = new Int32Array(args.buffer);
    Atomics.store(view, 0, 1);
    Atomics.notify(view, 0);
    Atomics.wait(view, 1, 0, args.timeoutMs ?? 10_000);
    return Atomics.load(view, 1);
  },
  /** Throws a CoordinateError for (x, y), to test that typed errors cross the thread boundary intact. */
  __throw: (args: { x: number; y: number }): never => {
    throw new CoordinateError('__throw', args.x, args.y, 'is a test coordinate');
  },
} satisfies Record<string, Kernel<never, unknown>>;

export type TestKernelName = keyof typeof TEST_KERNELS;
