/**
 * The main-thread half of the per-set fields and set costs built in a worker pool: cuts the work into jobs and
 * runs them through any {@link JobRunner} (a FieldService in any mode). This file does not import the service;
 * the worker half is ./set-jobs.ts.
 */
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { checkGrid } from '../grid/check-grid.js';
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import { sharesMemory } from '../jobs/arrays.js';
import type { JobRunner } from '../jobs/job-spec.js';
import { ownOptions } from '../util/own-options.js';
import { assertSetsMatch, type ConvexSets, checkSets } from './convex-sets.js';
import {
  allocateSetFields,
  resolveSetMoves,
  type SetFields,
  type SetFieldsOptions,
  type SetMoveOptions,
} from './set-fields.js';
import { computeSetFieldsJob, setCostsJob } from './set-jobs.js';

/** Per-job options the pool functions pass on. */
export interface SetPoolJobOptions {
  /**
   * Aborting aborts every job; the promise rejects with AbortError.
   * @defaultValue undefined (meaning the call cannot be aborted)
   */
  signal?: AbortSignal;
  /**
   * Progress: `done` of `total` units (sets for {@link buildSetFieldsInPool}, fields for
   * {@link setCostPairInPool}), called as each job ends.
   * @defaultValue undefined (meaning no progress reports)
   */
  onProgress?: (done: number, total: number) => void;
}

/** Options of {@link buildSetFieldsInPool}. `shared` is ignored: the arrays are shared where the runner shares memory. */
export interface SetFieldsPoolOptions extends SetFieldsOptions, SetPoolJobOptions {
  /**
   * Jobs per worker (the sets are cut into `workers * jobsPerWorker` ranges, for balance); an integer >= 1.
   * @defaultValue 2
   */
  jobsPerWorker?: number;
}

/** The job options read from own properties only, in an object without a prototype; a signal must be one. */
function readPoolJobOptions(options: unknown): SetPoolJobOptions {
  const { signal, onProgress } = ownOptions(options as SetPoolJobOptions, 'options');
  const out = Object.create(null) as SetPoolJobOptions;
  if (onProgress !== undefined) {
    if (typeof onProgress !== 'function')
      throw new InvalidOptionError('onProgress', onProgress, 'a function (done, total)');
    out.onProgress = onProgress;
  }
  if (signal === undefined) return out;
  if (
    signal === null ||
    typeof signal !== 'object' ||
    typeof signal.addEventListener !== 'function' ||
    typeof signal.removeEventListener !== 'function'
  )
    throw new InvalidOptionError('signal', signal, 'an AbortSignal');
  out.signal = signal;
  return out;
}

/** Throws InvalidOptionError unless `runner` is a worker pool: a `submit` method and a worker count. */
function checkRunner(runner: unknown): asserts runner is JobRunner {
  const expected = 'a worker pool with submit and size (a FieldService)';
  if (runner === null || typeof runner !== 'object') throw new InvalidOptionError('service', runner, expected);
  if (typeof (runner as Record<string, unknown>).submit !== 'function')
    throw new InvalidOptionError('service', runner, expected);
  const n = (runner as { size?: unknown }).size;
  if (!(typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 1024))
    throw new OutOfRangeError('service.size', n, 'an integer from 1 to 1024');
}

/** Checks a tile position given as `{ x, y }` (the tile itself is checked by the field computation). */
function checkPoint(point: unknown, name: string): { x: number; y: number } {
  const own = ownOptions(point as { x?: unknown; y?: unknown }, name, 'a tile position { x, y }');
  return { x: own.x as number, y: own.y as number };
}

/** `a` on shared memory when `shared` (copied unless it already lives there), else `a` itself. */
function sharedCopy(a: Int32Array, shared: boolean): Int32Array {
  if (!shared || a.buffer instanceof SharedArrayBuffer) return a;
  const out = new Int32Array(new SharedArrayBuffer(a.byteLength));
  out.set(a);
  return out;
}

/**
 * Builds the per-set fields of all sets in the worker pool: one buffer for all costs and one for all directions
 * (see SetFieldsOptions.maxCells for the memory: sets x tiles x 3 bytes with Uint16 costs; shared memory where
 * the runner shares it), the sets cut into contiguous ranges, each job (`computeSetFields`) filling its own
 * slices. Resolves once every job finished; if one fails the others are aborted and the promise rejects with the
 * first error.
 * @throws (rejects with) GridTooLargeError before allocating past `maxCells`; InvalidOptionError or
 *   OutOfRangeError for a bad argument.
 */
export async function buildSetFieldsInPool(
  service: JobRunner,
  grid: Grid,
  sets: ConvexSets,
  options: SetFieldsPoolOptions = {},
): Promise<SetFields> {
  checkRunner(service);
  checkGrid(grid);
  checkSets(sets);
  const own = ownOptions(options, 'options') as SetFieldsPoolOptions;
  const { signal: outer, onProgress } = readPoolJobOptions(own);
  let setsDone = 0;
  const jobsPerWorker = own.jobsPerWorker ?? 2;
  if (!(Number.isInteger(jobsPerWorker) && jobsPerWorker >= 1))
    throw new OutOfRangeError('jobsPerWorker', jobsPerWorker, 'an integer >= 1');
  const moves = resolveSetMoves(own);
  const shared = sharesMemory(service.mode);
  const fields = allocateSetFields(grid, sets, { ...own, shared });
  const size = grid.width * grid.height;
  const common = { count: sets.count, setOf: sharedCopy(sets.setOf, shared), rects: sharedCopy(sets.rects, shared) };
  const jobs = Math.max(1, Math.min(sets.count, service.size * jobsPerWorker));
  const abort = new AbortController();
  const onOuterAbort = () => abort.abort();
  // Already aborted: every job then rejects with AbortError before it starts (an 'abort' listener never fires).
  if (outer?.aborted) abort.abort();
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  const runs: Promise<void>[] = [];
  for (let j = 0; j < jobs; j++) {
    const firstSet = Math.floor((sets.count * j) / jobs);
    const lastSet = Math.floor((sets.count * (j + 1)) / jobs);
    if (firstSet === lastSet) continue;
    // Each job writes only its own sets' slices: views of them, the slice base its first set.
    const slice = [firstSet * size, lastSet * size] as const;
    runs.push(
      service
        .submit(
          computeSetFieldsJob,
          {
            grid,
            sets: common,
            firstSet,
            lastSet,
            cost: fields.cost.subarray(...slice),
            dir: fields.dir.subarray(...slice),
            options: { ...moves, sliceBase: firstSet },
          },
          { signal: abort.signal },
        )
        .then(() => {
          setsDone += lastSet - firstSet;
          onProgress?.(setsDone, sets.count);
        }),
    );
  }
  try {
    await Promise.all(runs);
    return fields;
  } catch (error) {
    abort.abort();
    // Every job settles before the promise does: none writes the arrays afterwards.
    await Promise.allSettled(runs);
    throw error;
  } finally {
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

/**
 * The two-field method in the pool: both characters' costs into every set (`setCostsFrom`) computed in parallel
 * by workers, each a `steps` field reduced per set in its worker. The result feeds the flank/retreat searches
 * (`costs` option) so their frame-budgeted steps only examine sets.
 */
export async function setCostPairInPool(
  service: JobRunner,
  grid: Grid,
  sets: ConvexSets,
  me: Point,
  target: Point,
  options: SetMoveOptions & SetPoolJobOptions = {},
): Promise<{ me: Int32Array; target: Int32Array }> {
  checkRunner(service);
  checkGrid(grid);
  checkSets(sets);
  const from = checkPoint(me, 'me');
  const to = checkPoint(target, 'target');
  const { signal, onProgress } = readPoolJobOptions(options);
  let fieldsDone = 0;
  const moves = resolveSetMoves(ownOptions(options, 'options') as SetMoveOptions);
  // Checked before any job is posted, so that a mismatch throws here.
  assertSetsMatch(grid, sets);
  grid.assertWalkable('me', from.x, from.y);
  grid.assertWalkable('target', to.x, to.y);
  // One job's failure stops the other.
  const abort = new AbortController();
  const onOuterAbort = () => abort.abort();
  if (signal?.aborted) abort.abort();
  signal?.addEventListener('abort', onOuterAbort, { once: true });
  const jobs = [from, to].map((p) =>
    service.submit(setCostsJob, { grid, sets, x: p.x, y: p.y, options: moves }, { signal: abort.signal }).then((c) => {
      onProgress?.(++fieldsDone, 2);
      return c;
    }),
  );
  let a: Int32Array;
  let b: Int32Array;
  try {
    [a, b] = (await Promise.all(jobs)) as [Int32Array, Int32Array];
  } catch (error) {
    abort.abort();
    await Promise.allSettled(jobs);
    throw error;
  } finally {
    signal?.removeEventListener('abort', onOuterAbort);
  }
  return { me: a, target: b };
}
