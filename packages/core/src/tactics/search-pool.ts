/**
 * The flank and retreat searches in a worker pool (any {@link JobRunner}: a FieldService in any mode): both
 * characters' costs into every set computed in parallel (`setCosts` jobs), then the scan over the sets cut into
 * ranges spread across the pool (`tacticScan` jobs, ./tactic-jobs.ts). The candidates are those of the
 * calling-thread search (`searchTactic`), in the same order. This file does not import the service.
 */
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import type { JobRunner, SubmitOptions } from '../jobs/job-spec.js';
import type { ConvexSets } from '../sets/convex-sets.js';
import { resolveSetMoves, type SetFields } from '../sets/set-fields.js';
import { setCostsJob } from '../sets/set-jobs.js';
import { ownOptions } from '../util/own-options.js';
import { tacticConstants } from './criteria.js';
import {
  readTacticSearch,
  type SetCostPair,
  setFieldColumns,
  type TacticKind,
  type TacticSearchOptions,
  type TacticSearchResult,
} from './search.js';
import { tacticScanJob } from './tactic-jobs.js';

/** Options of {@link searchTacticInPool}: the search's own, how the scan is cut, `signal` and `onProgress`. */
export interface TacticPoolOptions extends TacticSearchOptions, TacticPoolJobOptions {
  /**
   * Scan jobs per worker (the sets are cut into `workers * jobsPerWorker` ranges), an integer >= 1.
   * @defaultValue 2
   */
  jobsPerWorker?: number;
}

/** Per-call options of {@link searchTacticInPool}. */
export interface TacticPoolJobOptions {
  /**
   * Aborting aborts every job of the search; the promise rejects with AbortError.
   * @defaultValue undefined (meaning the search cannot be aborted)
   */
  signal?: AbortSignal;
  /**
   * Progress: sets examined of all sets.
   * @defaultValue undefined (meaning no progress reports)
   */
  onProgress?: (done: number, total: number) => void;
}

function isSetFields(source: unknown): source is SetFields {
  return typeof source === 'object' && source !== null && 'dir' in source && 'size' in source;
}

function checkRunner(runner: unknown): asserts runner is JobRunner {
  const r = runner as Partial<JobRunner> | null;
  if (r === null || typeof r !== 'object' || typeof r.submit !== 'function')
    throw new InvalidOptionError('service', runner, 'a worker pool with submit() and size (a FieldService)');
  if (!(Number.isInteger(r.size) && (r.size as number) >= 1))
    throw new OutOfRangeError('service.size', r.size, 'an integer >= 1');
}

/**
 * The flank or retreat search of `searchTactic`, run in the workers of `service`: the same result (candidates,
 * constants, sets examined). Set costs come as in the calling-thread search (`options.costs`): with `'two-field'`
 * both characters' fields are computed in parallel in workers; per-set fields are read here (two strided reads per
 * set); a cost pair is used as it is. Use the frame-budgeted `createTacticSearch` to search on your own thread.
 * @throws (rejects with) CoordinateError when `me` or `target` is outside the grid or on a wall; InvalidOptionError
 *   or OutOfRangeError for a bad argument or option; AbortError when aborted.
 */
export async function searchTacticInPool(
  service: JobRunner,
  grid: Grid,
  sets: ConvexSets,
  me: Point,
  target: Point,
  kind: TacticKind,
  options: TacticPoolOptions = {},
): Promise<TacticSearchResult> {
  checkRunner(service);
  const a = readTacticSearch(grid, sets, me, target, kind, options);
  const perWorker = ownOptions(options, 'options').jobsPerWorker ?? 2;
  if (!(Number.isInteger(perWorker) && perWorker >= 1))
    throw new OutOfRangeError('jobsPerWorker', perWorker, 'an integer >= 1');
  const { signal, onProgress } = ownOptions(options, 'options');
  if (onProgress !== undefined && typeof onProgress !== 'function')
    throw new InvalidOptionError('onProgress', onProgress, 'a function (done, total)');
  const { mySet, targetSet, count, maxCandidates } = a;
  const none = { kind, mySet, targetSet, constants: null, candidates: new Int32Array(0), examined: 0 };
  if (mySet === targetSet) return none;
  const submit: SubmitOptions = signal ? { signal } : {};
  let pair: SetCostPair;
  if (a.source === 'two-field') {
    const moves = resolveSetMoves(a.options);
    const [mine, theirs] = await Promise.all([
      service.submit(setCostsJob, { grid, sets, x: a.mine.x, y: a.mine.y, options: moves }, submit),
      service.submit(setCostsJob, { grid, sets, x: a.theirs.x, y: a.theirs.y, options: moves }, submit),
    ]);
    pair = { me: mine, target: theirs };
  } else if (isSetFields(a.source)) pair = setFieldColumns(a.source, a.meTile, a.targetTile, count);
  else pair = a.source;
  const myCost = pair.me[targetSet] as number;
  const targetCost = pair.target[mySet] as number;
  if (myCost < 0 || targetCost < 0) return none; // they cannot reach each other: no set is reachable by both
  const constants = tacticConstants(myCost, targetCost, a.options);
  const jobs = Math.max(1, Math.min(count, service.size * perWorker));
  const done = new Array<number>(jobs).fill(0);
  const ranges = Array.from(
    { length: jobs },
    (_, j) => [Math.floor((count * j) / jobs), Math.floor((count * (j + 1)) / jobs)] as const,
  );
  const found = await Promise.all(
    ranges.map(([first, last], j) =>
      service
        .submit(tacticScanJob, { costs: pair, constants, kind, first, last, maxCandidates }, submit)
        .then((kept) => {
          done[j] = last - first;
          onProgress?.(
            done.reduce((x, y) => x + y, 0),
            count,
          );
          return kept;
        }),
    ),
  );
  // The ranges' kept sets in order, up to the buffer's size: the calling-thread search's candidates.
  const candidates = new Int32Array(
    Math.min(
      maxCandidates,
      found.reduce((n, k) => n + k.length, 0),
    ),
  );
  let kept = 0;
  for (const k of found) {
    const take = Math.min(k.length, candidates.length - kept);
    candidates.set(k.subarray(0, take), kept);
    kept += take;
    if (kept === candidates.length) break;
  }
  const full = kept >= maxCandidates;
  return {
    kind,
    mySet,
    targetSet,
    constants,
    candidates,
    examined: full ? (candidates[kept - 1] as number) + 1 : count,
  };
}
