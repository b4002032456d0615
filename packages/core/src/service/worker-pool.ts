/**
 * The workers of the service: a fixed number of slots, each holding one started worker (./spawn.ts) and the
 * job it runs. The pool starts the workers, replaces the ones that die, picks the least busy idle one, and
 * hands each grid's SharedArrayBuffer to each worker once (cached by buffer identity; when the buffer is
 * collected, the workers forget it too). It knows nothing of what a job is: its owner (./job-queue.ts) gives
 * it requests and hears about crashes through {@link PoolEvents}.
 */
import { transfer as comlinkTransfer, type Remote, wrap } from 'comlink';
import { InvalidOptionError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import { serializeError } from './error-transport.js';
import { ServiceClosedError, WorkerStartError } from './errors.js';
import type { JobPool, PoolEvents, PoolRequest, PoolSettings, PoolSlot } from './job-pool.js';
import { GRID_TOKEN, type JobReply, type JobRequest, type WorkerApi } from './protocol.js';
import { type SpawnedWorker, spawnWorker } from './spawn.js';

/** One worker of the pool and what the main thread knows of it; `J` is the owner's job type. */
export interface Slot<J> extends PoolSlot<J> {
  index: number;
  spawned: SpawnedWorker;
  remote: Remote<WorkerApi>;
  /** Grid ids this worker has cached. */
  sentGrids: Set<number>;
  /** Jobs given to this worker so far (the least served idle worker takes the next job). */
  served: number;
  /** Started and not dead (nor closed). */
  alive: boolean;
}

/**
 * Delays before a replacement worker that failed to start is tried again, in milliseconds (back-off): a worker
 * killed while starting, or a module that could not be fetched once, does not leave its slot empty for good.
 * After the last one the slot stays empty (with no worker left, queued jobs fail with WorkerCrashedError).
 */
export const REPLACE_RETRY_DELAYS_MS: readonly number[] = [100, 500, 2000];

export class WorkerPool<J> implements JobPool<J> {
  readonly shared = true;
  /** The slots, in order; null while a slot's worker is starting or could not be replaced. */
  readonly slots: (Slot<J> | null)[];
  /** Kernel names the workers serve (as the last worker to start reported them). */
  kernelNames = new Set<string>();
  /** Workers that died, or hung past an abort, and were replaced. */
  crashes = 0;
  /** Times a grid was handed to a worker. */
  gridHandoffs = 0;
  private starting = 0;
  /** Slots whose replacement is starting or waiting to be tried again, and the timers of those waits. */
  private replacing = 0;
  private readonly retryTimers = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;
  // Grid ids by buffer identity; when a grid's buffer is collected, the workers forget it too.
  private readonly gridIds = new WeakMap<object, number>();
  private nextGridId = 1;
  private dropped: number[] = [];
  private readonly forget = new FinalizationRegistry<number>((id) => {
    if (this.dropped.length === 0) queueMicrotask(() => this.flushDropped());
    this.dropped.push(id);
  });

  constructor(
    private readonly settings: PoolSettings,
    private readonly events: PoolEvents<J>,
  ) {
    this.slots = new Array(settings.size).fill(null);
  }

  /** Starts every worker; once all settled, rejects with the first start-up error, if any. */
  async start(): Promise<void> {
    const started = await Promise.allSettled(this.slots.map((_, index) => this.startSlot(index)));
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) throw (failure as PromiseRejectedResult).reason;
  }

  /** True when no worker is alive and none is starting or being replaced: a job would wait for ever. */
  get empty(): boolean {
    return this.starting === 0 && this.replacing === 0 && !this.slots.some((slot) => slot?.alive);
  }

  /** The least busy worker: an idle one, preferring the one that has served the fewest jobs; null if none. */
  idleSlot(): Slot<J> | null {
    let best: Slot<J> | null = null;
    for (const slot of this.slots) {
      if (slot?.alive && !slot.job && (!best || slot.served < best.served)) best = slot;
    }
    return best;
  }

  /** Gives `job` to the idle worker of `slot`. Send its request with {@link WorkerPool.send}. */
  assign(slot: Slot<J>, job: J): void {
    slot.job = job;
    slot.served++;
  }

  /**
   * Sends the request of the slot's job, with `transfer` moved, and calls `done` with the worker's reply (or
   * with the error when the request never reached the worker, e.g. a DataCloneError).
   */
  send(slot: Slot<J>, request: PoolRequest, transfer: Transferable[], done: (reply: JobReply) => void): void {
    const grids: [number, ArrayBufferLike][] = [];
    const full: JobRequest = { ...request, args: this.encode(slot, request.args, grids), grids };
    const unsent = (error: unknown) => {
      // The request never reached the worker: it did not cache these grids.
      for (const [id] of grids) slot.sentGrids.delete(id);
      const refused = unsendable(request.args, error);
      done({ ok: false, error: serializeError(refused), raw: refused });
    };
    slot.spawned.keepAlive(true);
    let sent: Promise<JobReply>;
    try {
      sent = withOwnIds(() => slot.remote.run(transfer.length > 0 ? comlinkTransfer(full, transfer) : full));
    } catch (error) {
      unsent(error);
      return;
    }
    sent.then(done, unsent);
  }

  /** Frees the slot if it still runs `job`; false when the job was already taken away (crash, close). */
  unassign(slot: Slot<J>, job: J): boolean {
    if (slot.job !== job) return false;
    slot.job = null;
    return true;
  }

  /** Lets an idle worker stop keeping the process alive (Node). */
  rest(slot: Slot<J>): void {
    if (!slot.job) slot.spawned.keepAlive(false);
  }

  /** Ends the worker of `slot` (dead, or hung), reports its job as crashed and starts a replacement. */
  crash(slot: Slot<J>, reason: string): void {
    if (!slot.alive) return;
    slot.alive = false;
    void slot.spawned.terminate();
    const job = slot.job;
    slot.job = null;
    if (this.closed) return;
    this.crashes++;
    this.events.crashed(slot.index, job, reason);
    this.slots[slot.index] = null;
    this.replacing++;
    this.replace(slot.index, 0);
  }

  /**
   * Starts a replacement for slot `index` (attempt `attempt`, counting from 0), trying again after the delays of
   * {@link REPLACE_RETRY_DELAYS_MS} when it fails to start. Once the last attempt fails the slot stays empty; with
   * no worker left, queued jobs fail.
   */
  private replace(index: number, attempt: number): void {
    const done = () => {
      this.replacing--;
    };
    this.startSlot(index).then(
      () => {
        done();
        this.events.replaced();
      },
      (error: unknown) => {
        const delay = REPLACE_RETRY_DELAYS_MS[attempt];
        if (!this.closed && delay !== undefined) {
          const timer = setTimeout(() => {
            this.retryTimers.delete(timer);
            if (this.closed) done();
            else this.replace(index, attempt + 1);
          }, delay);
          this.retryTimers.add(timer);
          return;
        }
        done();
        if (!this.empty) return;
        this.events.exhausted(
          index,
          `no worker could be restarted (${attempt + 1} attempts): ${error instanceof Error ? error.message : String(error)}`,
        );
      },
    );
  }

  /** Round trip to every ready worker (ms each, in slot order). */
  ping(): Promise<number[]> {
    const ready = this.slots.filter((slot): slot is Slot<J> => slot?.alive === true);
    return Promise.all(
      ready.map(async (slot) => {
        const start = performance.now();
        await withOwnIds(() => slot.remote.ping());
        return performance.now() - start;
      }),
    );
  }

  /** Workers ready, and those of them running a job. */
  counts(): { workers: number; busy: number } {
    let workers = 0;
    let busy = 0;
    for (const slot of this.slots) {
      if (!slot?.alive) continue;
      workers++;
      if (slot.job) busy++;
    }
    return { workers, busy };
  }

  /** Terminates every worker, calling `onRunning` with each running job first. Resolves once they are gone. */
  close(onRunning: (job: J) => void): Promise<void> {
    this.closed = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.replacing -= this.retryTimers.size;
    this.retryTimers.clear();
    const ends: Promise<void>[] = [];
    for (const slot of this.slots) {
      if (!slot) continue;
      slot.alive = false;
      const job = slot.job;
      slot.job = null;
      if (job) onRunning(job);
      ends.push(slot.spawned.terminate());
    }
    return Promise.all(ends).then(() => undefined);
  }

  private async startSlot(index: number): Promise<Slot<J>> {
    this.starting++;
    try {
      const spawned = await spawnWorker(this.settings.workerUrl);
      const slot: Slot<J> = {
        index,
        spawned,
        remote: wrap<WorkerApi>(spawned.endpoint),
        job: null,
        sentGrids: new Set(),
        served: 0,
        alive: false,
      };
      const died = new Promise<never>((_, reject) => {
        spawned.onDeath = (reason) => {
          if (slot.alive) this.crash(slot, reason);
          else reject(new WorkerStartError(index, reason));
        };
      });
      died.catch(() => {});
      const limit = this.settings.startTimeoutMs;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const silent = new Promise<never>((_, reject) => {
        if (!Number.isFinite(limit)) return;
        timer = setTimeout(() => {
          spawned.onDeath = null;
          void spawned.terminate();
          reject(new WorkerStartError(index, `it did not answer within ${limit} ms`));
        }, limit);
      });
      silent.catch(() => {});
      let names: string[];
      try {
        names = await Promise.race([
          withOwnIds(() => slot.remote.init({ testKernels: this.settings.testKernels })),
          died,
          silent,
        ]);
      } finally {
        clearTimeout(timer);
      }
      this.kernelNames = new Set(names);
      if (this.closed) {
        await spawned.terminate();
        throw new ServiceClosedError('start', 0);
      }
      slot.alive = true;
      spawned.keepAlive(false);
      this.slots[index] = slot;
      return slot;
    } finally {
      this.starting--;
    }
  }

  /** The job's arguments with each top-level Grid replaced by its id; grids new to the worker go into `grids`. */
  private encode(
    slot: Slot<J>,
    args: Record<string, unknown>,
    grids: [number, ArrayBufferLike][],
  ): Record<string, unknown> {
    let encoded = args;
    for (const key of Object.keys(args)) {
      const value = args[key];
      if (!(value instanceof Grid)) continue;
      const id = this.gridId(value.buffer);
      if (!slot.sentGrids.has(id)) {
        slot.sentGrids.add(id);
        grids.push([id, value.buffer]);
        this.gridHandoffs++;
      }
      if (encoded === args) encoded = { ...args };
      encoded[key] = { [GRID_TOKEN]: id };
    }
    return encoded;
  }

  private gridId(buffer: ArrayBufferLike): number {
    let id = this.gridIds.get(buffer);
    if (id === undefined) {
      id = this.nextGridId++;
      this.gridIds.set(buffer, id);
      this.forget.register(buffer, id);
    }
    return id;
  }

  private flushDropped(): void {
    const ids = this.dropped;
    this.dropped = [];
    for (const slot of this.slots) {
      if (!slot?.alive) continue;
      const known = ids.filter((id) => slot.sentGrids.delete(id));
      if (known.length > 0) withOwnIds(() => slot.remote.dropGrids(known)).catch(() => {});
    }
  }
}

/**
 * A source of distinct numbers in [0, 1): each call a new one, whatever the application did to Math.random.
 */
let idCounter = 0;
function distinctRandom(): number {
  idCounter = (idCounter + 1) % 2 ** 52;
  return idCounter / 2 ** 52;
}

/**
 * Runs `call` (a comlink request) with Math.random replaced by {@link distinctRandom}. Comlink names each request
 * by a few Math.random() numbers and matches replies by that name; an application that seeds Math.random (a
 * deterministic game loop that resets it every frame, a test harness) would make two requests in flight share a
 * name, and a reply would settle the wrong request (a job resolved with another call's answer, or never). The
 * name is drawn synchronously inside the call, so nothing else sees the swap.
 */
function withOwnIds<T>(call: () => T): T {
  const saved = Math.random;
  Math.random = distinctRandom;
  try {
    return call();
  } finally {
    Math.random = saved;
  }
}

/**
 * The typed error of a request that could not be sent to a worker: a value structured cloning refuses (a
 * function, a symbol, a Proxy...), named by its top-level argument, or a bad transfer list.
 */
function unsendable(args: Record<string, unknown>, error: unknown): Error {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (/transfer/i.test(detail)) {
    return new InvalidOptionError('transfer', detail, 'transferable objects (ArrayBuffers, MessagePorts) listed once');
  }
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
