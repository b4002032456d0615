/**
 * The main-thread half of the parallel crowd step: splits the units into ranges, runs the `crowdStepRange`
 * job (./crowd-jobs.ts) once per range through any {@link JobRunner} (a FieldService in any mode), then swaps
 * the frames. This file does not import the service.
 */
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { JobRunner } from '../jobs/job-spec.js';
import { bare, ownOptions } from '../util/own-options.js';
import { crowdStepRangeJob } from './crowd-jobs.js';
import { MAX_CROWD_DT } from './crowd-options.js';
import { type Crowd, checkCrowd, crowdCount } from './crowd-state.js';
import { prepareCrowdStep, swapCrowd } from './crowd-step.js';

/** Options of {@link stepCrowdParallel}. */
export interface CrowdParallelOptions {
  /**
   * Number of ranges the units are split into, a count from 1 to 256.
   * @defaultValue the service's worker count (`service.size`)
   */
  parts?: number;
}

/**
 * One step of the crowd with its units split over the workers of `service`: builds the neighbour grid here,
 * runs one `crowdStepRange` job per range, then swaps the frames. The result is bit-identical to
 * {@link stepCrowd} whatever the number of workers, parts or the service's mode. A crowd on shared memory is
 * stepped in place; any other is carried by the job layer (the groups' fields and flows stay in the workers
 * between steps while they are unchanged). Do not touch the crowd until the promise settles. The promise
 * settles only once every range job settled; if any failed it rejects with the first failure (in range order)
 * and the frames are not swapped.
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
  const parts = ownOptions(options, 'options', 'an object { parts? }').parts ?? service.size;
  if (!Number.isInteger(parts) || parts < 1 || parts > 256)
    throw new OutOfRangeError('parts', parts, 'an integer from 1 to 256');
  prepareCrowdStep(crowd);
  const n = crowdCount(crowd);
  const jobs: Promise<void>[] = [];
  for (let p = 0; p < parts; p++) {
    const from = Math.floor((p * n) / parts);
    const to = Math.floor(((p + 1) * n) / parts);
    // PERF: blocks of the map's rows (the neighbour grid's order), so each worker reads its own part of the map.
    if (to > from)
      jobs.push(
        // No job options: an empty object without a prototype, so that nothing is inherited from Object.prototype.
        service.submit(crowdStepRangeJob, { grid: crowd.grid, crowd: buffer, from, to, dt, order: 'grid' }, bare({})),
      );
  }
  // Wait for EVERY range, even after one failed: the others still write the back frame, and the caller may
  // step on this thread (into the same frame) as soon as this promise settles.
  const results = await Promise.allSettled(jobs);
  for (const result of results) if (result.status === 'rejected') throw result.reason;
  swapCrowd(crowd);
}
