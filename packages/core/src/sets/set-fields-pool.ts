/**
 * The main-thread half of the per-set fields and set costs built in a worker pool: cuts the work into jobs,
 * runs them through any runner that has the kernels (the FieldService of ../service does) and assembles the
 * results. This file does not import the service: it declares the little it needs as {@link SetFieldsRunner}
 * and {@link SetCostPairRunner}. The worker half is ./set-fields-pool-kernel.ts.
 */
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { Field, FieldOptions } from '../fields/types.js';
import { checkGrid } from '../grid/check-grid.js';
import type { Grid } from '../grid/grid.js';
import { ownOptions } from '../util/own-options.js';
import { assertSetsMatch, type ConvexSets, checkSets } from './convex-sets.js';
import { reduceFieldToSets } from './set-costs.js';
import {
  allocateSetFields,
  resolveSetMoves,
  type SetFields,
  type SetFieldsOptions,
  type SetMoveOptions,
} from './set-fields.js';
import type { ComputeSetFieldsArgs } from './set-fields-pool-kernel.js';

/** Per-job options the pool functions pass on. */
export interface SetPoolJobOptions {
  /**
   * Aborting aborts every job; the promise rejects with AbortError.
   * @defaultValue undefined (meaning the call cannot be aborted)
   */
  signal?: AbortSignal;
}

/**
 * What {@link buildSetFieldsInPool} needs of a worker pool: its size and a way to run the `computeSetFields`
 * kernel. A FieldService satisfies it.
 */
export interface SetFieldsRunner {
  /** Number of workers (the jobs are `size * jobsPerWorker`). */
  readonly size: number;
  /** Runs one range of sets in a worker; resolves once the worker wrote their slices. */
  run(name: 'computeSetFields', args: ComputeSetFieldsArgs, options: SetPoolJobOptions): Promise<void>;
}

/** What {@link setCostPairInPool} needs of a worker pool. A FieldService satisfies it. */
export interface SetCostPairRunner {
  /** Computes one field per options entry in the workers (rejecting with the first error). */
  computeFields(grid: Grid, optionsList: readonly FieldOptions[], options: SetPoolJobOptions): Promise<Field[]>;
  /** Gives a field's buffers back to the pool. */
  release(field: Field): boolean;
}

/** Options of {@link buildSetFieldsInPool}. `shared` is ignored: the pool's arrays are always shared. */
export interface SetFieldsPoolOptions extends SetFieldsOptions {
  /**
   * Jobs per worker (the sets are cut into `workers * jobsPerWorker` ranges, for balance); an integer >= 1.
   * @defaultValue 2
   */
  jobsPerWorker?: number;
}

/** The job options read from own properties only, in an object without a prototype; a signal must be one. */
function readPoolJobOptions(jobOptions: unknown): SetPoolJobOptions {
  const { signal } = ownOptions(jobOptions as SetPoolJobOptions, 'jobOptions');
  const out = Object.create(null) as SetPoolJobOptions;
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

/** Throws InvalidOptionError unless `runner` has the named methods (and a worker count when `size`). */
function checkRunner(runner: unknown, methods: readonly string[], size: boolean): void {
  const expected = `a worker pool with ${methods.join(' and ')} (a FieldService)`;
  if (runner === null || typeof runner !== 'object') throw new InvalidOptionError('service', runner, expected);
  for (const m of methods)
    if (typeof (runner as Record<string, unknown>)[m] !== 'function')
      throw new InvalidOptionError('service', runner, expected);
  if (size) {
    const n = (runner as { size?: unknown }).size;
    if (!(typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 1024))
      throw new InvalidOptionError('service.size', n, 'an integer from 1 to 1024');
  }
}

/** Checks a tile position given as `{ x, y }` (the tile itself is checked by the field computation). */
function checkPoint(point: unknown, name: string): { x: number; y: number } {
  const own = ownOptions(point as { x?: unknown; y?: unknown }, name, 'a tile position { x, y }');
  return { x: own.x as number, y: own.y as number };
}

/** Copies an Int32Array into a SharedArrayBuffer unless it already lives in one. */
function sharedCopy(a: Int32Array): Int32Array {
  if (typeof SharedArrayBuffer === 'function' && a.buffer instanceof SharedArrayBuffer) return a;
  const out = new Int32Array(new SharedArrayBuffer(a.byteLength));
  out.set(a);
  return out;
}

/**
 * Builds the per-set fields of all sets in the worker pool: one shared buffer for all costs and one for all
 * directions (see SetFieldsOptions.maxCells for the memory: sets x tiles x 3 bytes with Uint16 costs), the sets
 * cut into contiguous ranges, each job (kernel `computeSetFields`) filling its own slices. Resolves once every
 * job finished; if one fails the others are aborted and the promise rejects with the first error.
 * `grid` must live in a SharedArrayBuffer.
 * @throws GridTooLargeError (synchronously, before allocating) past `maxCells`.
 */
export function buildSetFieldsInPool(
  service: SetFieldsRunner,
  grid: Grid,
  sets: ConvexSets,
  optionsGiven: SetFieldsPoolOptions = {},
  jobOptionsGiven: SetPoolJobOptions = {},
): Promise<SetFields> {
  checkRunner(service, ['run'], true);
  checkGrid(grid);
  checkSets(sets);
  const options = ownOptions(optionsGiven, 'options') as SetFieldsPoolOptions;
  const jobOptions = readPoolJobOptions(jobOptionsGiven);
  const jobsPerWorker = options.jobsPerWorker ?? 2;
  if (!(Number.isInteger(jobsPerWorker) && jobsPerWorker >= 1))
    throw new OutOfRangeError('jobsPerWorker', jobsPerWorker, 'an integer >= 1');
  const moves = resolveSetMoves(options);
  const fields = allocateSetFields(grid, sets, { ...options, shared: true });
  const shared: ConvexSets = { count: sets.count, setOf: sharedCopy(sets.setOf), rects: sharedCopy(sets.rects) };
  const jobs = Math.max(1, Math.min(sets.count, service.size * jobsPerWorker));
  const abort = new AbortController();
  const outer = jobOptions.signal;
  const onOuterAbort = () => abort.abort();
  // Already aborted: every job then rejects with AbortError before it starts (an 'abort' listener never fires).
  if (outer?.aborted) abort.abort();
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  const runs: Promise<void>[] = [];
  for (let j = 0; j < jobs; j++) {
    const firstSet = Math.floor((sets.count * j) / jobs);
    const lastSet = Math.floor((sets.count * (j + 1)) / jobs);
    if (firstSet === lastSet) continue;
    runs.push(
      service.run(
        'computeSetFields',
        { grid, sets: shared, firstSet, lastSet, cost: fields.cost, dir: fields.dir, options: moves },
        { signal: abort.signal },
      ),
    );
  }
  return Promise.all(runs)
    .then(() => fields)
    .catch((error: unknown) => {
      abort.abort();
      throw error;
    })
    .finally(() => outer?.removeEventListener('abort', onOuterAbort));
}

/**
 * The two-field method in the pool: the `steps` fields from both characters computed in parallel by workers,
 * then reduced per set on this thread (one pass over the tiles each). The result feeds the flank/retreat
 * searches (`costs` option) so their frame-budgeted steps only examine sets.
 */
export async function setCostPairInPool(
  service: SetCostPairRunner,
  grid: Grid,
  sets: ConvexSets,
  me: { x: number; y: number },
  target: { x: number; y: number },
  options: SetMoveOptions = {},
  jobOptionsGiven: SetPoolJobOptions = {},
): Promise<{ me: Int32Array; target: Int32Array }> {
  checkRunner(service, ['computeFields', 'release'], false);
  checkGrid(grid);
  checkSets(sets);
  me = checkPoint(me, 'me');
  target = checkPoint(target, 'target');
  const jobOptions = readPoolJobOptions(jobOptionsGiven);
  const { neighbors, diagonal } = resolveSetMoves(ownOptions(options, 'options') as SetMoveOptions);
  // Checked before any field is computed, so a mismatch throws without taking pooled buffers.
  assertSetsMatch(grid, sets);
  const [a, b] = (await service.computeFields(
    grid,
    [
      { goals: [me], metric: 'steps', neighbors, diagonal },
      { goals: [target], metric: 'steps', neighbors, diagonal },
    ],
    jobOptions,
  )) as [Field, Field];
  try {
    return { me: reduceFieldToSets(sets, a.cost), target: reduceFieldToSets(sets, b.cost) };
  } finally {
    // Both fields go back to the pool even when the reduction throws.
    service.release(a);
    service.release(b);
  }
}
