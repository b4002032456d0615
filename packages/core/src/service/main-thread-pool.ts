/**
 * The `main-thread` execution mode: one slot that runs each job's kernel on the calling thread, from the same
 * registry as the workers. Jobs run one at a time, each in its own macrotask (so a queued job can still be
 * aborted, and the caller's code between jobs runs); a running job blocks the thread until it is done, so its
 * abort flag and progress are only seen before it starts and once it ends. Nothing is shared or copied: kernels
 * read the caller's arguments and write into ordinary ArrayBuffers.
 */
import type { AnyJobSpec } from '../jobs/job-spec.js';
import { later } from '../util/next-turn.js';
import { serializeError } from './error-transport.js';
import type { JobPool, PoolJob, PoolSlot } from './job-pool.js';
import { MainThreadClock } from './main-thread-clock.js';
import type { JobReply } from './protocol.js';

export class MainThreadPool<J extends PoolJob> implements JobPool<J> {
  readonly mode = 'main-thread' as const;
  readonly kernelNames: Set<string>;
  readonly crashes = 0;
  readonly gridHandoffs = 0;
  readonly clock: MainThreadClock;
  private readonly slot: PoolSlot<J> = { index: 0, job: null };
  private closed = false;

  constructor(specs: ReadonlyMap<string, AnyJobSpec>, clock?: () => number) {
    this.kernelNames = new Set(specs.keys());
    this.clock = new MainThreadClock(clock);
  }

  get empty(): boolean {
    return this.closed;
  }

  async start(): Promise<void> {}

  idleSlot(): PoolSlot<J> | null {
    return this.closed || this.slot.job ? null : this.slot;
  }

  assign(slot: PoolSlot<J>, job: J): void {
    slot.job = job;
  }

  send(slot: PoolSlot<J>, job: J, done: (reply: JobReply) => void): void {
    later(() => {
      if (slot.job !== job || this.closed) return; // Closed or aborted meanwhile: already settled.
      const args: Record<string, unknown> = { ...job.args, ...job.views };
      let value: unknown;
      try {
        value = this.clock.time(() => job.spec.run(args, { control: job.control }));
      } catch (error) {
        done({ ok: false, error: serializeError(error), raw: error });
        return;
      }
      Promise.resolve(value).then(
        (resolved) => done({ ok: true, value: resolved, outputs: {}, writes: [] }),
        (error: unknown) => done({ ok: false, error: serializeError(error), raw: error }),
      );
    });
  }

  unassign(slot: PoolSlot<J>, job: J): boolean {
    if (slot.job !== job) return false;
    slot.job = null;
    return true;
  }

  rest(): void {}

  crash(): void {
    // A job on this thread cannot outlive its own call: by the time a grace timer fires, it has answered.
  }

  async ping(): Promise<number[]> {
    if (this.closed) return [];
    const start = performance.now();
    await new Promise<void>((resolve) => later(resolve));
    return [performance.now() - start];
  }

  counts(): { workers: number; busy: number } {
    if (this.closed) return { workers: 0, busy: 0 };
    return { workers: 1, busy: this.slot.job ? 1 : 0 };
  }

  async close(onRunning: (job: J) => void): Promise<void> {
    this.closed = true;
    const job = this.slot.job;
    this.slot.job = null;
    if (job) onRunning(job);
  }
}
