/**
 * The worker service: a thin typed front over the job layer (./job-layer.ts), which runs every kernel of the
 * registry (./registry.ts) in one of three modes (see FieldServiceMode): workers over SharedArrayBuffers, workers
 * fed with copies and moved results where memory cannot be shared, or the calling thread.
 */
import { InvalidOptionError, SharedMemoryUnavailableError } from '../errors.js';
import { computeFieldJob, updateFieldJob } from '../fields/field-jobs.js';
import type { Field } from '../fields/types.js';
import { Grid } from '../grid/grid.js';
import { gridIdText } from '../grid/grid-id.js';
import type { ExecutionMode } from '../jobs/job-spec.js';
import { OutputBuffers } from './buffer-pool.js';
import { type FieldService, type FieldServiceOptions, MAX_WORKERS } from './field-service-types.js';
import { flowCalls } from './flow-calls.js';
import { JobLayer } from './job-layer.js';
import { readJobOptions, splitServiceOptions } from './job-options.js';
import { MainThreadPool } from './main-thread-pool.js';
import { jobTable } from './registry.js';
import { readServiceOptions } from './service-options.js';
import { hardwareConcurrency, hasWebWorkers } from './spawn.js';
import { WorkerPool } from './worker-pool.js';

/**
 * Closes services that became unreachable without close(): their workers end (the held value is the layer,
 * which never refers back to the service object).
 */
const forgotten = new FinalizationRegistry<JobLayer>((layer) => {
  void layer.close();
});

/** True where this thread can share memory with workers. */
function sharedMemoryHere(): boolean {
  return (
    typeof SharedArrayBuffer === 'function' &&
    (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false
  );
}

/** True where this thread can start workers (Web Workers, or Node's worker_threads). */
function workersHere(): boolean {
  return hasWebWorkers() || (typeof process !== 'undefined' && typeof process.versions?.node === 'string');
}

/** Why `field` cannot be updated for `grid`, or null. */
function fieldProblem(grid: Grid, field: Field | undefined): string | null {
  if (typeof field !== 'object' || field === null) return 'a field';
  const size = grid.width * grid.height;
  if (!(field.cost instanceof Float64Array) || !(field.dir instanceof Uint8Array)) return 'a field { cost, dir }';
  if (
    field.width !== grid.width ||
    field.height !== grid.height ||
    field.cost.length !== size ||
    field.dir.length !== size
  )
    return `a field of this ${grid.width}x${grid.height} grid`;
  if (!Number.isInteger(field.gridVersion)) return 'a field with an integer gridVersion';
  if (field.gridId !== undefined && field.gridId !== grid.id)
    return `a field of the grid given (${gridIdText(grid.id)}), not of ${gridIdText(field.gridId)}`;
  return null;
}

function defaultWorkers(cores: number): number {
  return Math.max(1, Math.min(MAX_WORKERS, cores - 1));
}

/** The own `into` of updateField's job options (checked by the caller), or undefined. */
function intoOf(jobOptions: unknown): Field | undefined {
  return typeof jobOptions === 'object' && jobOptions !== null && Object.hasOwn(jobOptions, 'into')
    ? (jobOptions as { into?: Field }).into
    : undefined;
}

/** The typed arrays `item` holds: itself, or its own properties (and arrays of them), one level down. */
function arraysOf(item: object): ArrayBufferView[] {
  if (ArrayBuffer.isView(item)) return [item];
  const out: ArrayBufferView[] = [];
  for (const key of Object.keys(item)) {
    const value = (item as Record<string, unknown>)[key];
    if (ArrayBuffer.isView(value)) out.push(value);
    else if (Array.isArray(value)) for (const v of value) if (ArrayBuffer.isView(v)) out.push(v);
  }
  return out;
}

/**
 * Starts a worker pool and resolves once every worker answered. The mode is chosen by `options.mode` (default
 * `'auto'`: shared memory where it works, else workers fed by copies, else the calling thread). Rejects with
 * SharedMemoryUnavailableError for `mode: 'shared'` where memory cannot be shared, InvalidOptionError or
 * OutOfRangeError for bad options, or WorkerStartError when a worker fails to load or does not answer within
 * `startTimeoutMs` (the workers that did start are ended).
 *
 * Platforms: browsers start module Web Workers with `new Worker(new URL('../worker.js', import.meta.url),
 * { type: 'module' })`, which Vite bundles in dev and build; other bundlers may need `workerUrl`. Node 20+ starts
 * worker_threads running dist/worker.js and talks comlink over a MessageChannel port. In Node, idle workers do
 * not keep the process alive; call {@link FieldService.close} to end them early.
 *
 * @example
 * const service = await createFieldService({ workers: 2 });
 * const field = await service.computeField(grid, { goals: [{ x: 3, y: 4 }], onProgress: (d, t) => bar(d / t) });
 * service.release(oldField); // optional: recycle buffers
 * await service.close();
 */
export async function createFieldService(options: FieldServiceOptions = {}): Promise<FieldService> {
  const settings = readServiceOptions(options);
  const shared = sharedMemoryHere();
  let mode: ExecutionMode;
  if (settings.mode === 'auto') mode = shared ? 'shared' : workersHere() ? 'transfer' : 'main-thread';
  else mode = settings.mode;
  if (mode === 'shared' && !shared) throw new SharedMemoryUnavailableError('createFieldService');
  const size = mode === 'main-thread' ? 1 : (settings.workers ?? defaultWorkers(await hardwareConcurrency()));
  const { startTimeoutMs, workerUrl } = settings;
  const buffers = new OutputBuffers(settings.maxPooledBytes, settings.maxFieldBytes, mode === 'shared');
  const specs = jobTable(settings.jobs);
  const layer = new JobLayer(
    (events) =>
      mode === 'main-thread'
        ? new MainThreadPool(specs, settings.clock)
        : new WorkerPool({ size, workerUrl, startTimeoutMs, mode, clock: settings.clock }, events),
    specs,
    buffers,
    settings.abortGraceMs,
  );
  const pool = layer.pool;
  let closing: Promise<void> | null = null;
  const submit = (spec: unknown, args: unknown, jobOptions: unknown) =>
    layer.submit(spec as never, args, jobOptions) as Promise<never>;
  const flows = flowCalls(submit);

  const service: FieldService = {
    size,
    mode,
    submit,
    run: (name, args, runOptions) => submit(name, args, runOptions),

    computeField(grid, options) {
      const { kernel: fieldOptions, job: jobOptions } = splitServiceOptions(options);
      if (!(grid instanceof Grid)) return Promise.reject(new InvalidOptionError('grid', grid, 'a Grid'));
      return submit(computeFieldJob, { grid, options: fieldOptions }, jobOptions);
    },

    async computeFields(grid, optionsList, jobOptions) {
      let isList: boolean;
      try {
        isList = Array.isArray(optionsList);
      } catch {
        isList = false; // A revoked Proxy.
      }
      if (!isList) throw new InvalidOptionError('optionsList', optionsList, 'an array of FieldOptions');
      const { signal: outer, onProgress: report } = readJobOptions(jobOptions);
      // One controller per job, one listener on the caller's signal.
      const controllers = optionsList.map(() => new AbortController());
      const abortAll = () => {
        for (const controller of controllers) controller.abort();
      };
      if (outer?.aborted) abortAll();
      outer?.addEventListener('abort', abortAll, { once: true });
      const done = new Array<number>(optionsList.length).fill(0);
      const total = new Array<number>(optionsList.length).fill(0);
      const jobs = optionsList.map((fieldOptions, i) => {
        const entry = splitServiceOptions(fieldOptions).kernel;
        // An entry that is not an object is passed on as it is, for computeField's checks to refuse.
        if (entry === null || typeof entry !== 'object') return service.computeField(grid, entry);
        return service.computeField(grid, {
          ...entry,
          signal: (controllers[i] as AbortController).signal,
          ...(report && {
            onProgress: (d: number, t: number) => {
              done[i] = d;
              total[i] = t;
              report(
                done.reduce((a, b) => a + b, 0),
                total.reduce((a, b) => a + b, 0),
              );
            },
          }),
        });
      });
      try {
        return await Promise.all(
          jobs.map((job) =>
            job.catch((error: unknown) => {
              abortAll();
              throw error;
            }),
          ),
        );
      } catch (error) {
        // Give back the buffers of the fields that did finish: nobody will ever see them.
        for (const result of await Promise.allSettled(jobs)) {
          if (result.status === 'fulfilled') service.release(result.value);
        }
        throw error;
      } finally {
        outer?.removeEventListener('abort', abortAll);
      }
    },

    updateField(grid, field, options) {
      const { kernel: fieldOptions, job: jobOptions } = splitServiceOptions(options);
      let into: Field | undefined;
      let checked: ReturnType<typeof readJobOptions>;
      try {
        if (!(grid instanceof Grid)) throw new InvalidOptionError('grid', grid, 'a Grid');
        const problem = fieldProblem(grid, field);
        if (problem) throw new InvalidOptionError('field', field, problem);
        checked = readJobOptions(jobOptions);
        into = intoOf(options);
        if (into !== undefined) {
          const intoProblem = fieldProblem(grid, into);
          if (intoProblem) throw new InvalidOptionError('into', into, intoProblem);
          if (!buffers.owns(into.cost.buffer) || !buffers.owns(into.dir.buffer))
            throw new InvalidOptionError('into', into, 'a field this service made and still owns');
          if (into.cost.buffer === field.cost.buffer || into.dir.buffer === field.dir.buffer)
            throw new InvalidOptionError('into', into, 'another field than the one updated');
        }
      } catch (error) {
        return Promise.reject(error);
      }
      // Repair `into` from its own version when it has one; otherwise start from a copy of `field`.
      const fromInto = into !== undefined && into.gridVersion >= 0 && into.gridVersion <= grid.version;
      const args = fromInto
        ? { grid, options: fieldOptions, gridVersion: (into as Field).gridVersion }
        : { grid, options: fieldOptions, gridVersion: field.gridVersion, base: { cost: field.cost, dir: field.dir } };
      const { signal, onProgress } = checked;
      const runOptions = {
        ...(signal && { signal }),
        ...(onProgress && { onProgress }),
        ...(into && { out: { cost: into.cost, dir: into.dir } }),
      };
      return submit(updateFieldJob, args, runOptions).then(
        (result: { field: Field; full: boolean; tiles: number }) => {
          if (into) into.gridVersion = result.field.gridVersion;
          return result;
        },
        (error: unknown) => {
          // A job that ran may have written part of `into` (or moved it away): it is incomplete now.
          if (into) into.gridVersion = -1;
          throw error;
        },
      );
    },

    computeFlow: flows.computeFlow,

    updateFlow: flows.updateFlow,

    release(item) {
      try {
        if (typeof item !== 'object' || item === null) return false;
        const owned = arraysOf(item)
          .map((a) => a.buffer)
          .filter((b) => buffers.owns(b));
        if (owned.length === 0) return false;
        // A repairable flow's state goes back with it.
        const state = flows.takeState(item).map((a) => a.buffer);
        buffers.giveBack([...new Set([...owned, ...state.filter((b) => buffers.owns(b))])]);
        return true;
      } catch {
        return false; // A hostile object (a Proxy whose traps throw): not a result of this service.
      }
    },

    ping() {
      return pool.ping();
    },

    stats() {
      const { workers, busy } = pool.counts();
      return {
        mode,
        workers,
        busy,
        queued: layer.queued,
        completed: layer.completed,
        failed: layer.failed,
        crashes: pool.crashes,
        gridHandoffs: pool.gridHandoffs,
        pooledBytes: buffers.pool.bytes,
        jobBufferBytes: buffers.jobBytes,
        issuedBytes: buffers.issuedBytes,
        mainThreadMs: pool.clock.total,
        longestMainThreadMs: pool.clock.longest,
      };
    },

    close() {
      if (closing) return closing;
      forgotten.unregister(layer);
      const ended = layer.close();
      buffers.clear();
      closing = ended;
      return closing;
    },
  };

  // Start every worker; if one cannot start, end the others and fail.
  try {
    await pool.start();
  } catch (error) {
    await service.close();
    throw error;
  }
  forgotten.register(service, layer, layer);
  return service;
}
