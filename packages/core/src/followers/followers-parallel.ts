/**
 * The main-thread half of the parallel followers step: splits the followers into ranges, runs the
 * `followersStepRange` job (./followers-jobs.ts) once per range through any {@link JobRunner} (a FieldService in
 * any mode), then counts the step. This file does not import the service.
 */
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { JobRunner } from '../jobs/job-spec.js';
import { bare, ownOptions } from '../util/own-options.js';
import { followersStepRangeJob } from './followers-jobs.js';
import { checkFollowers, type Followers } from './followers-state.js';
import { countFollowerStep, MAX_FOLLOWER_DT } from './followers-step.js';

/** Options of {@link stepFollowersParallel}. */
export interface FollowersParallelOptions {
  /**
   * Number of ranges the followers are split into, a count from 1 to 256.
   * @defaultValue the service's worker count (`service.size`)
   */
  parts?: number;
}

/**
 * One step of the followers with their ranges spread over the workers of `service`, then counted. The result is
 * bit-identical to {@link stepFollowers} whatever the number of workers, parts or the service's mode. Followers on
 * shared memory are stepped in place; any others are carried by the job layer (the targets' arrays stay in the
 * workers; each worker gets and returns only its range). Do not touch the followers until the promise settles.
 * It settles once every range job settled; if any failed it rejects with the first failure (in range order) and
 * the step is not counted (the ranges that ran have moved).
 */
export async function stepFollowersParallel(
  service: JobRunner,
  followers: Followers,
  dt: number,
  options?: FollowersParallelOptions,
): Promise<void> {
  if (service === null || typeof service !== 'object' || typeof service.submit !== 'function')
    throw new InvalidOptionError('service', service, 'a worker pool with submit() and size (a FieldService)');
  const n = checkFollowers(followers);
  if (typeof dt !== 'number' || !(dt > 0 && dt <= MAX_FOLLOWER_DT))
    throw new OutOfRangeError('dt', dt, `seconds, > 0 and at most ${MAX_FOLLOWER_DT}`);
  const parts = ownOptions(options, 'options', 'an object { parts? }').parts ?? service.size;
  if (!Number.isInteger(parts) || parts < 1 || parts > 256)
    throw new OutOfRangeError('parts', parts, 'an integer from 1 to 256');
  const { buffer, grid, targets } = followers;
  const jobs: Promise<unknown>[] = [];
  for (let p = 0; p < parts; p++) {
    const from = Math.floor((p * n) / parts);
    const to = Math.floor(((p + 1) * n) / parts);
    if (to > from)
      jobs.push(service.submit(followersStepRangeJob, { grid, followers: buffer, targets, from, to, dt }, bare({})));
  }
  // Wait for every range, even after one failed: the others still write the followers.
  const results = await Promise.allSettled(jobs);
  for (const result of results) if (result.status === 'rejected') throw result.reason;
  countFollowerStep(followers);
}
