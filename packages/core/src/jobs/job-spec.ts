/**
 * The contract between an algorithm's worker half and the job layer (../service): a {@link JobSpec} registers
 * one pure kernel with the arrays it writes, so that the job layer can run it in any execution mode without the
 * algorithm knowing which:
 * - `shared`: workers over SharedArrayBuffers; arrays on shared memory are read and written in place;
 * - `transfer`: workers without shared memory; inputs are copied to the worker (large ones cached there while
 *   their {@link KeepSpec.stamp} holds), outputs come back by transfer, in-place writes come back as ranges;
 * - `main-thread`: the calling thread runs the kernel on the caller's objects.
 * Algorithm folders import this file (never ../service); the service imports their specs.
 */
import { InvalidOptionError } from '../errors.js';
import type { KernelControl } from '../fields/types.js';
import { ownOptions } from '../util/own-options.js';

/** Element kinds of the typed arrays a job allocates. */
export type ArrayKind = 'u8' | 'i8' | 'u16' | 'i16' | 'u32' | 'i32' | 'f32' | 'f64';

/** An output array the job layer allocates (from its pool) before the kernel runs, and hands to the caller. */
export interface OutputSpec {
  /** Element kind. */
  readonly kind: ArrayKind;
  /** Length in elements (a safe integer >= 0). */
  readonly length: number;
}

/** Where an argument lives in a job's arguments: a key, or keys into nested plain objects (at most 3 deep). */
export type ArgPath = readonly string[];

/**
 * An argument array the kernel writes in place: a typed array at `path`, or an ArrayBuffer (whose elements are
 * then its bytes). Where it lives on shared memory (or on the calling thread) the writes land directly; elsewhere
 * the worker writes a copy and the job layer copies what it wrote back into the caller's array before the job
 * settles:
 * - `fresh`: the kernel overwrites the whole array and never reads it (nothing is sent; the whole array returns);
 * - `range`: the kernel writes only elements `[start, end)`; they return whole, or with `diff` only those that
 *   changed;
 * - neither: the kernel may write anywhere; the worker compares the array before and after and returns the
 *   elements that changed.
 */
export interface WriteSpec {
  /** Path of the typed array or ArrayBuffer in the arguments. */
  readonly path: ArgPath;
  /** True when the kernel overwrites every element and reads none. @defaultValue false */
  readonly fresh?: boolean;
  /** The only elements written, `[start, end)`. @defaultValue undefined (meaning anywhere) */
  readonly range?: readonly [number, number];
  /** Return only the elements of `range` that changed (scattered writes). @defaultValue false */
  readonly diff?: boolean;
}

/**
 * An argument array (or a byte region of the ArrayBuffer at `path`) that a worker without shared memory may keep
 * between jobs: it is sent again only when `stamp` changed since the worker's copy (or when another job wrote it).
 * The caller's stamp must change whenever the calling thread changes those bytes.
 */
export interface KeepSpec {
  /** Path of the typed array or ArrayBuffer in the arguments. */
  readonly path: ArgPath;
  /** Changes whenever the calling thread changes the region (a revision counter, a version). */
  readonly stamp: number;
  /** First byte of the region in the array's buffer. @defaultValue the array's own bytes */
  readonly byteOffset?: number;
  /** Bytes of the region. @defaultValue the array's own bytes */
  readonly byteLength?: number;
}

/**
 * A byte region of an argument array that the kernel reads. Where a job declares reads for a path, a worker
 * without shared memory keeps its copy of that array between jobs and gets only those regions, the kept ones
 * (when their stamp changed) and the regions of its declared writes that it must compare; its copy of every other
 * byte is left as an earlier job left it, which the kernel must not read.
 */
export interface ReadSpec {
  /** Path of the typed array or ArrayBuffer in the arguments. */
  readonly path: ArgPath;
  /** First byte of the region in the array's buffer. */
  readonly byteOffset: number;
  /** Bytes of the region. */
  readonly byteLength: number;
}

/**
 * One worker kernel and its contract. `In` are the arguments the caller passes, `Out` the output arrays the job
 * layer adds (by key) before `run` sees them, `R` what `run` returns (it may hold the output arrays). `run` is
 * pure and synchronous (a Promise is allowed), reads its inputs, writes its outputs and its declared writes, and
 * checks `control` every few thousand elements (see ../util/kernel-control.ts).
 */
export interface JobSpec<In extends object = object, R = unknown, Out extends object = object> {
  /** The registry key (unique). */
  readonly name: string;
  /** The kernel. */
  run(args: In & Out, control: KernelControl): R | Promise<R>;
  /** Output arrays allocated by the job layer, by argument key. @defaultValue none */
  outputs?(args: In): { readonly [K in keyof Out]: OutputSpec };
  /** Argument arrays written in place. @defaultValue none */
  writes?(args: In): readonly WriteSpec[];
  /** Argument arrays a worker may keep between jobs. @defaultValue none (everything is sent with each job) */
  keep?(args: In): readonly KeepSpec[];
  /**
   * The only regions of argument arrays the kernel reads (see {@link ReadSpec}).
   * @defaultValue none (an argument's bytes outside its kept regions are all sent with each job)
   */
  reads?(args: In): readonly ReadSpec[];
}

/** Any job spec (for registries). */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds specs of every argument type.
export type AnyJobSpec = JobSpec<any, any, any>;

/** Arguments a caller passes to job `S`. */
export type JobArgs<S> = S extends JobSpec<infer In, unknown, object> ? In : never;
/** What job `S` resolves to. */
export type JobResult<S> = S extends JobSpec<object, infer R, object> ? Awaited<R> : never;

/** Where a runner computes (see the file comment). */
export type ExecutionMode = 'shared' | 'transfer' | 'main-thread';

/** Per-job options of {@link JobRunner.submit}. */
export interface SubmitOptions {
  /**
   * Aborting rejects the job with AbortError.
   * @defaultValue undefined (meaning the job cannot be aborted)
   */
  signal?: AbortSignal;
  /**
   * Progress of the running job: `done` of `total` in the kernel's units (`total` 0 while unknown).
   * @defaultValue undefined (meaning no progress reports)
   */
  onProgress?: (done: number, total: number) => void;
}

/**
 * What the main-thread half of a parallel algorithm needs of a worker pool (a FieldService is one): its size,
 * its mode (which tells the algorithm whether to put its state arrays on shared memory) and a way to run a job.
 */
export interface JobRunner {
  /** Number of slots jobs run in at once. */
  readonly size: number;
  /** Where jobs run. */
  readonly mode: ExecutionMode;
  /** Runs `spec` on `args` in a free slot (or queues it); resolves to what its kernel returned. */
  submit<In extends object, R, Out extends object>(
    spec: JobSpec<In, R, Out>,
    args: In,
    options?: SubmitOptions,
  ): Promise<Awaited<R>>;
  /**
   * Gives the output arrays of a settled job back to the runner's pool (do not use them afterwards).
   * @defaultValue none (the arrays are left to the garbage collector)
   */
  release?(result: unknown): void;
}

/**
 * Defines a job spec: checks it, and returns a frozen copy of its own properties (a registry shares it with every
 * call, so nothing may change it).
 * @throws InvalidOptionError unless `spec` is an object with a string `name`, a function `run`, and functions (or
 *   nothing) for `outputs`, `writes`, `keep` and `reads`.
 */
export function defineJob<In extends object, R, Out extends object = object>(
  spec: JobSpec<In, R, Out>,
): JobSpec<In, R, Out> {
  const expected = 'a job spec { name, run, outputs?, writes?, keep?, reads? }';
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec) || ArrayBuffer.isView(spec))
    throw new InvalidOptionError('spec', spec, expected);
  const own = ownOptions(spec, 'spec', expected);
  if (typeof own.name !== 'string' || own.name === '')
    throw new InvalidOptionError('spec.name', own.name, 'a non-empty string');
  if (typeof own.run !== 'function') throw new InvalidOptionError('spec.run', own.run, 'a function (args, control)');
  for (const key of ['outputs', 'writes', 'keep', 'reads'] as const) {
    if (own[key] !== undefined && typeof own[key] !== 'function')
      throw new InvalidOptionError(`spec.${key}`, own[key], 'a function (args) or nothing');
  }
  const copy: JobSpec<In, R, Out> = { name: own.name, run: own.run };
  if (own.outputs) (copy as { outputs?: unknown }).outputs = own.outputs;
  if (own.writes) (copy as { writes?: unknown }).writes = own.writes;
  if (own.keep) (copy as { keep?: unknown }).keep = own.keep;
  if (own.reads) (copy as { reads?: unknown }).reads = own.reads;
  return Object.freeze(copy);
}
