/**
 * The workers of the service: a fixed number of slots, each holding one started worker (./spawn.ts) and the
 * job it runs. The pool starts the workers, replaces the ones that die, picks the least busy idle one, and
 * carries each job there and back: in `shared` mode grids and arrays on SharedArrayBuffers are handed over once
 * and written in place; in `transfer` mode (no shared memory) the codec (./job-codec.ts) sends copies, in slices
 * that never block this thread for long, and copies the kernel's writes back. It knows nothing of what a job
 * means: its owner (./job-layer.ts) gives it jobs and hears about crashes through {@link PoolEvents}.
 */
import { transfer as comlinkTransfer, type Remote, wrap } from 'comlink';
import { ServiceClosedError, WorkerStartError } from '../errors.js';
import { ControlSlot } from '../fields/types.js';
import { nextTurn, SLICE_MS } from '../util/next-turn.js';
import { serializeError } from './error-transport.js';
import { sendBulk, unsendable } from './job-channel.js';
import { type EncodedJob, encodeJob, mergeWrite } from './job-codec.js';
import type { JobPool, PoolEvents, PoolJob, PoolSettings, PoolSlot } from './job-pool.js';
import { MainThreadClock } from './main-thread-clock.js';
import { DROP_KEY, type JobReply, PROGRESS_KEY, type WorkerApi, type WritePlan, type WriteResult } from './protocol.js';
import { Replicas } from './replicas.js';
import { type SpawnedWorker, spawnWorker } from './spawn.js';

/** One worker of the pool and what the main thread knows of it; `J` is the owner's job type. */
export interface Slot<J> extends PoolSlot<J> {
  index: number;
  spawned: SpawnedWorker;
  remote: Remote<WorkerApi>;
  /** The calls to the worker, one after another (comlink's request names never collide then). */
  chain: Promise<unknown>;
  /** Calls made and not answered yet (the worker keeps a Node process alive while there are any, or a job). */
  pending: number;
  /** Jobs given to this worker so far (the least served idle worker takes the next job). */
  served: number;
  /** Started and not dead (nor closed). */
  alive: boolean;
}

/** Times an encoded job is encoded again when its grid changed in a way only a whole copy can follow. */
const ENCODE_TRIES = 4;

/**
 * Delays before a replacement worker that failed to start is tried again, in milliseconds (back-off): a worker
 * killed while starting, or a module that could not be fetched once, does not leave its slot empty for good.
 * After the last one the slot stays empty (with no worker left, queued jobs fail with WorkerCrashedError).
 */
export const REPLACE_RETRY_DELAYS_MS: readonly number[] = [100, 500, 2000];

export class WorkerPool<J extends PoolJob> implements JobPool<J> {
  readonly mode: 'shared' | 'transfer';
  /** The slots, in order; null while a slot's worker is starting or could not be replaced. */
  readonly slots: (Slot<J> | null)[];
  /** Kernel names the workers serve (as the last worker to start reported them). */
  kernelNames = new Set<string>();
  /** Workers that died, or hung past an abort, and were replaced. */
  crashes = 0;
  /** Times a grid was handed to (or copied in whole to) a worker. */
  gridHandoffs = 0;
  readonly clock: MainThreadClock;
  private starting = 0;
  /** Slots whose replacement is starting or waiting to be tried again, and the timers of those waits. */
  private replacing = 0;
  private readonly retryTimers = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;
  private readonly replicas = new Replicas((slot, ids) => this.post(slot, { [DROP_KEY]: ids }));

  constructor(
    private readonly settings: PoolSettings,
    private readonly events: PoolEvents<J>,
  ) {
    this.mode = settings.mode;
    this.clock = new MainThreadClock(settings.clock);
    this.slots = new Array(settings.size).fill(null);
  }

  /** Starts every worker; once all settled, rejects with the first start-up error (the others are ended). */
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

  assign(slot: Slot<J>, job: J): void {
    slot.job = job;
    slot.served++;
  }

  /**
   * Sends the slot's job (its big arguments first, in slices), and calls `done` with the worker's reply once the
   * kernel's writes are copied back (or with the error of a request that never reached the worker).
   */
  send(slot: Slot<J>, job: J, done: (reply: JobReply) => void): void {
    slot.spawned.keepAlive(true);
    const fail = (error: unknown) => {
      const refused = unsendable(job.args, error);
      done({ ok: false, error: serializeError(refused), raw: refused });
    };
    const current = () => slot.alive && slot.job === job;
    const run = async (): Promise<void> => {
      let encoded: EncodedJob | null = null;
      for (let tries = 0; encoded === null; tries++) {
        encoded = this.clock.time(() => this.encode(job, slot));
        await sendBulk(encoded.bulk, (message, list) => this.post(slot.index, message, list), current, this.clock);
        if (!current()) return;
        const done = encoded;
        if (!this.clock.time(() => done.finish()))
          encoded = tries + 1 < ENCODE_TRIES ? null : this.clock.time(() => this.encodeWhole(job, slot));
      }
      const request = encoded.request;
      const moved =
        this.mode === 'transfer'
          ? Object.values(request.outputs).flatMap((o) => (o.buffer ? [o.buffer as ArrayBuffer] : []))
          : [];
      const reply: JobReply = await this.call(slot, () =>
        this.clock.time(
          () => slot.remote.run(moved.length > 0 ? comlinkTransfer(request, moved) : request) as Promise<JobReply>,
        ),
      );
      if (!current()) return;
      // A job settled meanwhile (aborted) writes nothing more into the caller's arrays.
      if (reply?.ok && !job.done)
        await this.merge(job, slot.index, request.writes, reply.writes, () => current() && !job.done);
      if (current()) done(reply);
    };
    run().catch((error: unknown) => {
      // What the worker holds is unknown now (the request may not have reached it): it gets everything again.
      this.replicas.forgetSlot(slot.index);
      if (current()) fail(error);
    });
  }

  unassign(slot: Slot<J>, job: J): boolean {
    if (slot.job !== job) return false;
    slot.job = null;
    return true;
  }

  /** Lets a worker with no job and no call pending stop keeping the process alive (Node). */
  rest(slot: Slot<J>): void {
    if (!slot.job && slot.pending === 0) slot.spawned.keepAlive(false);
  }

  /** Ends the worker of `slot` (dead, hung, or running an aborted job), reports its job and starts a replacement. */
  crash(slot: Slot<J>, reason: string): void {
    if (!slot.alive) return;
    slot.alive = false;
    void slot.spawned.terminate();
    this.replicas.forgetSlot(slot.index);
    const job = slot.job;
    slot.job = null;
    if (this.closed) return;
    // An aborted job's worker in transfer mode is ended on purpose, not counted as a crash.
    if (!(job && Atomics.load(job.control, ControlSlot.abort) !== 0 && this.mode === 'transfer')) this.crashes++;
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

  /** Round trip to every ready worker (ms each, in slot order); the process stays alive until they answer. */
  ping(): Promise<number[]> {
    const ready = this.slots.filter((slot): slot is Slot<J> => slot?.alive === true);
    return Promise.all(
      ready.map(async (slot) => {
        const start = performance.now();
        await this.call(slot, () => slot.remote.ping());
        return performance.now() - start;
      }),
    );
  }

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

  private encode(job: J, slot: Slot<J>): EncodedJob {
    const { id, spec, args, outputs, writes, keep, reads } = job;
    const control = this.mode === 'shared' ? job.control : null;
    return encodeJob({ id, name: spec.name, args, outputs, writes, keep, reads, control }, slot.index, {
      replicas: this.replicas,
      onGridHandoff: () => this.gridHandoffs++,
    });
  }

  /** The job encoded with its grids copied whole in the request itself (a grid edited through every try). */
  private encodeWhole(job: J, slot: Slot<J>): EncodedJob {
    this.replicas.forgetSlot(slot.index);
    const encoded = this.encode(job, slot);
    for (const piece of encoded.bulk) {
      encoded.request.pieces.unshift({
        id: piece.id,
        create: piece.create,
        offset: piece.offset,
        bytes: piece.source.slice().buffer,
      });
    }
    encoded.bulk.length = 0;
    encoded.finish();
    return encoded;
  }

  /** Copies the kernel's writes into the caller's arrays, a slice at a time. */
  private async merge(
    job: J,
    slot: number,
    plans: readonly WritePlan[],
    results: readonly WriteResult[],
    current: () => boolean,
  ): Promise<void> {
    let start = performance.now();
    let clocked = this.clock.now();
    const yieldNow = () => performance.now() - start >= SLICE_MS;
    const pause = async () => {
      this.clock.add(this.clock.now() - clocked);
      await nextTurn();
      start = performance.now();
      clocked = this.clock.now();
      return current();
    };
    for (const result of results) {
      const plan = plans[result.index];
      if (!plan) continue;
      await mergeWrite(job.args, plan, result, slot, this.replicas, yieldNow, pause);
      if (!current()) return;
      if (yieldNow() && !(await pause())) return;
    }
    this.clock.add(this.clock.now() - clocked);
  }

  /**
   * Runs `call` after the slot's previous calls (one request at a time per worker); the worker keeps the process
   * alive until the answer comes.
   */
  private call<T>(slot: Slot<J>, call: () => Promise<T>): Promise<T> {
    slot.pending++;
    slot.spawned.keepAlive(true);
    const next = slot.chain.then(call, call);
    const after = next.finally(() => {
      slot.pending--;
      this.rest(slot);
    });
    slot.chain = after.catch(() => {});
    return next;
  }

  /** Posts a one-way message to the worker of slot `index` (dropped if it is gone). */
  private post(index: number, message: unknown, list: Transferable[] = []): void {
    const slot = this.slots[index];
    if (!slot?.alive) return;
    (slot.spawned.endpoint as unknown as { postMessage(m: unknown, t: Transferable[]): void }).postMessage(
      message,
      list,
    );
  }

  private async startSlot(index: number): Promise<Slot<J>> {
    this.starting++;
    let spawned: SpawnedWorker | null = null;
    try {
      spawned = await spawnWorker(this.settings.workerUrl, index);
      const worker = spawned;
      const slot: Slot<J> = {
        index,
        spawned: worker,
        remote: wrap<WorkerApi>(worker.endpoint),
        chain: Promise.resolve(),
        pending: 0,
        job: null,
        served: 0,
        alive: false,
      };
      worker.endpoint.addEventListener('message', ((event: MessageEvent) => this.progress(slot, event.data)) as never);
      const died = new Promise<never>((_, reject) => {
        worker.onDeath = (reason) => {
          if (slot.alive) this.crash(slot, reason);
          else reject(new WorkerStartError(index, reason));
        };
      });
      died.catch(() => {});
      const limit = this.settings.startTimeoutMs;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const silent = new Promise<never>((_, reject) => {
        if (!Number.isFinite(limit)) return;
        timer = setTimeout(() => reject(new WorkerStartError(index, `it did not answer within ${limit} ms`)), limit);
      });
      silent.catch(() => {});
      let names: string[];
      try {
        names = await Promise.race([
          this.call(slot, () => slot.remote.init({ progress: this.mode === 'transfer' })),
          died,
          silent,
        ]);
      } finally {
        clearTimeout(timer);
      }
      if (this.closed) throw new ServiceClosedError('start', 0);
      this.kernelNames = new Set(names);
      slot.alive = true;
      worker.keepAlive(false);
      this.slots[index] = slot;
      return slot;
    } catch (error) {
      // Whatever went wrong, the thread that was started ends here.
      if (spawned) {
        spawned.onDeath = null;
        void spawned.terminate();
      }
      throw error instanceof WorkerStartError || error instanceof ServiceClosedError
        ? error
        : new WorkerStartError(index, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    } finally {
      this.starting--;
    }
  }

  /** A progress message of the slot's running job (transfer mode): stored where the job layer polls it. */
  private progress(slot: Slot<J>, data: unknown): void {
    if (typeof data !== 'object' || data === null || !Object.hasOwn(data, PROGRESS_KEY)) return;
    const [id, done, total] = (data as Record<string, [number, number, number]>)[PROGRESS_KEY] as [
      number,
      number,
      number,
    ];
    const job = slot.job;
    if (!job || job.id !== id) return;
    Atomics.store(job.control, ControlSlot.done, done);
    Atomics.store(job.control, ControlSlot.total, total);
  }
}
