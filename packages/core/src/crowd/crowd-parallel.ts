/**
 * The main-thread half of the parallel crowd step: cuts the map's rows into bands (./crowd-balance.ts), runs the
 * `crowdStepBand` job (./crowd-band-jobs.ts) once per band through any {@link JobRunner} (a FieldService in any
 * mode), then swaps the frames. Each band builds its own neighbour grid where it runs, so this thread's work grows
 * with the number of bands, not with the crowd: only a crowd without shared memory in workers (`transfer` mode)
 * costs this thread a copy of the next states (scattered in slices, see {@link scatterBand}). This file does not
 * import the service.
 */
import { AbortError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { isSharedBuffer } from '../jobs/arrays.js';
import type { JobRunner } from '../jobs/job-spec.js';
import type { ProgressCallback } from '../service/progress.js';
import { nextTurn } from '../util/next-turn.js';
import { bare, ownOptions } from '../util/own-options.js';
import { planCrowdBands, recordCrowdBands } from './crowd-balance.js';
import { packedBandViews } from './crowd-band.js';
import { type CrowdBandResult, crowdStepBandJob } from './crowd-band-jobs.js';
import { H_CURRENT } from './crowd-layout.js';
import { MAX_CROWD_DT } from './crowd-options.js';
import { type Crowd, type CrowdFrame, checkCrowd, crowdCount } from './crowd-state.js';
import { swapCrowd } from './crowd-step.js';

/** Options of {@link stepCrowdParallel}. */
export interface CrowdParallelOptions {
  /**
   * Number of bands of the map's rows the units are split into, a count from 1 to 256 (fewer on a map of fewer
   * rows). The bands are balanced by the work each reported in the crowd's last parallel step.
   * @defaultValue the service's worker count (`service.size`)
   */
  parts?: number;
  /**
   * Cancels the step: an already-aborted signal throws AbortError before any job is submitted; one aborted later
   * rejects the band jobs still running with AbortError, and the frames are not swapped (the crowd stays as it
   * was before the step).
   * @defaultValue undefined (meaning no cancellation)
   */
  signal?: AbortSignal;
  /**
   * Called with (bands finished, bands in all) as each band job settles.
   * @defaultValue undefined (meaning no progress reports)
   */
  onProgress?: ProgressCallback;
}

/**
 * One step of the crowd with its units split over the workers of `service`: cuts the map into bands of rows, runs
 * one `crowdStepBand` job per band (each builds the neighbour grid of its rows where it runs), then swaps the
 * frames. The result is bit-identical to {@link stepCrowd} whatever the number of workers, parts or the service's
 * mode. A crowd on shared memory is stepped in place; any other is carried by the job layer (the groups' fields
 * and flows stay in the workers between steps while they are unchanged). The crowd's own neighbour grid
 * ({@link prepareCrowdStep}'s) is left as it was. Do not touch the crowd until the promise settles. The promise
 * settles only once every band job settled; if any failed it rejects with the first failure (in band order) and
 * the frames are not swapped.
 */
export async function stepCrowdParallel(
  service: JobRunner,
  crowd: Crowd,
  dt: number,
  options?: CrowdParallelOptions,
): Promise<void> {
  if (service === null || typeof service !== 'object' || typeof service.submit !== 'function')
    throw new InvalidOptionError('service', service, 'a worker pool with submit() and size (a FieldService)');
  checkCrowd(crowd);
  if (typeof dt !== 'number' || !(dt > 0 && dt <= MAX_CROWD_DT))
    throw new OutOfRangeError('dt', dt, `seconds, > 0 and at most ${MAX_CROWD_DT}`);
  const buffer = crowd.buffer;
  const own = ownOptions(options, 'options', 'an object { parts?, signal?, onProgress? }');
  const parts = own.parts ?? service.size;
  const { signal, onProgress } = own;
  if (signal !== undefined && (signal === null || typeof signal !== 'object' || typeof signal.aborted !== 'boolean'))
    throw new InvalidOptionError('signal', signal, 'an AbortSignal');
  if (onProgress !== undefined && typeof onProgress !== 'function')
    throw new InvalidOptionError('onProgress', onProgress, 'a function (done, total) => void');
  if (!Number.isInteger(parts) || parts < 1 || parts > 256)
    throw new OutOfRangeError('parts', parts, 'an integer from 1 to 256');
  if (signal?.aborted) throw new AbortError('crowd step aborted');
  const n = crowdCount(crowd);
  // In place where the workers see the crowd's memory (or run on this thread); elsewhere packed and scattered.
  const packed = !(isSharedBuffer(buffer) || service.mode === 'main-thread');
  const bounds = planCrowdBands(crowd, parts);
  const bands = bounds.length - 1;
  const jobs: Promise<CrowdBandResult>[] = [];
  let settled = 0;
  for (let b = 0; b < bands; b++) {
    // Each band also checks a share of the units (by index) for the whole step: every unit once.
    const args = {
      grid: crowd.grid,
      crowd: buffer,
      rowFrom: bounds[b] as number,
      rowTo: bounds[b + 1] as number,
      checkFrom: Math.floor((b * n) / bands),
      checkTo: Math.floor(((b + 1) * n) / bands),
      dt,
      packed,
    };
    // Job options without a prototype, so that nothing is inherited from Object.prototype.
    const job = service.submit(crowdStepBandJob, args, bare(signal === undefined ? {} : { signal }));
    jobs.push(onProgress === undefined ? job : job.finally(() => onProgress(++settled, bands)));
  }
  // Wait for EVERY band, even after one failed: the others still write the back frame, and the caller may
  // step on this thread (into the same frame) as soon as this promise settles.
  const results = await Promise.allSettled(jobs);
  let failure: { reason: unknown } | null = null;
  for (const result of results) if (result.status === 'rejected') failure ??= { reason: result.reason };
  if (failure) throw failure.reason;
  if (signal?.aborted) throw new AbortError('crowd step aborted');
  const done = results.map((r) => (r as PromiseFulfilledResult<CrowdBandResult>).value);
  if (packed) {
    const back = crowd.frames[((crowd.header[H_CURRENT] as number) ^ 1) & 1] as CrowdFrame;
    let scattered = 0;
    for (const band of done) scattered += await scatterBand(back, band, n);
    if (scattered !== n) throw new OutOfRangeError('units stepped by the bands', scattered, `${n}, every unit once`);
  }
  recordCrowdBands(
    crowd,
    parts,
    bounds,
    done.map((band) => band.work),
  );
  swapCrowd(crowd);
}

/** Units scattered between two looks at the clock. */
const SCATTER_BATCH = 16_384;

/**
 * Copies a packed band's next states into the next frame at the units' indices, yielding to the event loop
 * between batches so that a big crowd does not block this thread. Returns the band's unit count.
 */
async function scatterBand(back: CrowdFrame, band: CrowdBandResult, n: number): Promise<number> {
  const units = band.units ?? 0;
  const p = packedBandViews({ units, packed: band.packed as ArrayBuffer });
  const { x, y, vx, vy, timer, avoidX, avoidY, state } = back;
  for (let start = 0; start < units; start += SCATTER_BATCH) {
    const end = Math.min(units, start + SCATTER_BATCH);
    for (let k = start; k < end; k++) {
      const i = p.index[k] as number;
      if (!(i >= 0 && i < n)) throw new OutOfRangeError('packed band unit', i, `an index below ${n}`);
      x[i] = p.x[k] as number;
      y[i] = p.y[k] as number;
      vx[i] = p.vx[k] as number;
      vy[i] = p.vy[k] as number;
      timer[i] = p.timer[k] as number;
      avoidX[i] = p.avoidX[k] as number;
      avoidY[i] = p.avoidY[k] as number;
      state[i] = p.state[k] as number;
    }
    if (end < units) await nextTurn();
  }
  return units;
}
