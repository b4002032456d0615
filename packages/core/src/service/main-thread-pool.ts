/**
 * The service's fallback where shared memory is unavailable (`fallback: 'main-thread'`): one slot that runs each
 * job's kernel on the calling thread, with the same registry (./kernels.ts) and dispatcher (./worker-host.ts) as
 * a worker. Jobs run one at a time, each in its own macrotask (so a queued job can still be aborted, and the
 * caller's code between jobs runs); a running job blocks the thread until it is done, so its abort flag and
 * progress are only seen before it starts and once it ends. Nothing is shared or copied: kernels read the
 * caller's grid and write into ordinary ArrayBuffers.
 */
import type { JobPool, PoolEvents, PoolRequest, PoolSlot } from './job-pool.js';
import type { JobReply, WorkerApi } from './protocol.js';
import { createWorkerApi } from './worker-host.js';

/** Runs `task` in a later macrotask (a MessageChannel turn where there is one: no 4 ms timer clamping). */
function later(task: () => void): void {
  if (typeof MessageChannel === 'function') {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      task();
    };
    port2.postMessage(null);
    port2.close();
    return;
  }
  setTimeout(task, 0);
}

export class MainThreadPool<J> implements JobPool<J> {
  readonly shared = false;
  kernelNames = new Set<string>();
  readonly crashes = 0;
  readonly gridHandoffs = 0;
  private readonly slot: PoolSlot<J> = { index: 0, job: null };
  private readonly api: WorkerApi = createWorkerApi(true);
  private closed = false;

  constructor(
    private readonly testKernels: boolean,
    // The pool never crashes: its events are not needed.
    _events: PoolEvents<J>,
  ) {}

  get empty(): boolean {
    return this.closed;
  }

  async start(): Promise<void> {
    this.kernelNames = new Set(await this.api.init({ testKernels: this.testKernels }));
  }

  idleSlot(): PoolSlot<J> | null {
    return this.closed || this.slot.job ? null : this.slot;
  }

  assign(slot: PoolSlot<J>, job: J): void {
    slot.job = job;
  }

  send(slot: PoolSlot<J>, request: PoolRequest, _transfer: Transferable[], done: (reply: JobReply) => void): void {
    const job = slot.job;
    later(() => {
      if (slot.job !== job || this.closed) return; // Closed meanwhile: already settled.
      // The same dispatcher as a worker's, given the caller's objects as they are (nothing to decode).
      void this.api.run({ ...request, grids: [] }).then(done);
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
