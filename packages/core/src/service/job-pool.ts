/**
 * What the job layer (./job-layer.ts) needs of the place its jobs run: worker threads, with or without shared
 * memory (./worker-pool.ts), or the calling thread itself (./main-thread-pool.ts).
 */
import type { AnyJobSpec, ExecutionMode, KeepSpec, ReadSpec, WriteSpec } from '../jobs/job-spec.js';
import type { MainThreadClock } from './main-thread-clock.js';
import type { JobReply, OutputPlan } from './protocol.js';

/** One place a job runs (a worker, or the calling thread) and the job it runs; `J` is the owner's job type. */
export interface PoolSlot<J> {
  readonly index: number;
  /** The job it runs, or null when idle. */
  job: J | null;
}

/** A job as a pool sees it. */
export interface PoolJob {
  /** Job id (unique per service). */
  readonly id: number;
  /** The job's spec (its kernel runs by name in a worker, by reference on the calling thread). */
  readonly spec: AnyJobSpec;
  /** The caller's arguments. */
  readonly args: Record<string, unknown>;
  /** The output arrays made for the job, by argument key. */
  outputs: Record<string, OutputPlan>;
  /** The calling thread's views of the outputs (the caller's own arrays where they are written in place). */
  views: Record<string, ArrayBufferView>;
  /** The spec's declared writes and kept arrays for these arguments. */
  writes: readonly WriteSpec[];
  keep: readonly KeepSpec[];
  reads: readonly ReadSpec[];
  /** Control slots (ControlSlot layout): shared with the worker in `shared` mode; elsewhere progress lands here. */
  readonly control: Int32Array;
  /** True once the job's promise settled (an abort may settle it before its worker answers). */
  readonly done: boolean;
}

/** What the pool tells its owner. None of these is called once the pool is closed. */
export interface PoolEvents<J> {
  /** The worker of slot `index` died or was given up on; `job` (the one it ran, if any) must fail. */
  crashed(index: number, job: J | null, reason: string): void;
  /** A replacement worker is ready to take jobs. */
  replaced(): void;
  /** A replacement for slot `index` could not start and no worker is left or starting. */
  exhausted(index: number, why: string): void;
}

/** How a worker pool starts its workers. */
export interface PoolSettings {
  /** Number of slots. */
  size: number;
  /** The worker module, or undefined for this package's own. */
  workerUrl: URL | string | undefined;
  /** Milliseconds a starting worker has to answer before it is given up on (`Infinity`: wait for ever). */
  startTimeoutMs: number;
  /** `shared` (SharedArrayBuffers) or `transfer` (copies and transfers). */
  mode: 'shared' | 'transfer';
  /** The clock of the main-thread slices (undefined: `performance.now`). */
  clock?: (() => number) | undefined;
}

/** The slots jobs run in, as the job layer sees them. */
export interface JobPool<J extends PoolJob> {
  /** Where jobs run. */
  readonly mode: ExecutionMode;
  /** Kernel names the pool serves. */
  readonly kernelNames: Set<string>;
  /** Workers that died, or hung past an abort, and were replaced. */
  readonly crashes: number;
  /** Times a grid was handed to (or copied in whole to) a worker. */
  readonly gridHandoffs: number;
  /** True when no slot can run a job and none is starting: a job would wait for ever. */
  readonly empty: boolean;
  /** The calling thread's time spent carrying jobs (and running them, on the main thread). */
  readonly clock: MainThreadClock;
  /** Starts every slot; rejects with the first start-up error (and ends the slots that did start). */
  start(): Promise<void>;
  /** The least busy idle slot, or null. */
  idleSlot(): PoolSlot<J> | null;
  /** Gives `job` to the idle `slot`. */
  assign(slot: PoolSlot<J>, job: J): void;
  /**
   * Runs the slot's job; `done` gets the reply once the job's writes are in the caller's arrays (or the error of a
   * request that could not be sent).
   */
  send(slot: PoolSlot<J>, job: J, done: (reply: JobReply) => void): void;
  /** Frees the slot if it still runs `job`; false when the job was already taken away (crash, close). */
  unassign(slot: PoolSlot<J>, job: J): boolean;
  /** The slot is idle for now (Node: its worker may stop keeping the process alive). */
  rest(slot: PoolSlot<J>): void;
  /** Gives up on the slot's worker (dead, hung, or running an aborted job it cannot hear about) and replaces it. */
  crash(slot: PoolSlot<J>, reason: string): void;
  /** Round trip to every ready slot, ms each. */
  ping(): Promise<number[]>;
  /** Slots ready, and those of them running a job. */
  counts(): { workers: number; busy: number };
  /** Ends every slot, calling `onRunning` with each running job first. */
  close(onRunning: (job: J) => void): Promise<void>;
}
