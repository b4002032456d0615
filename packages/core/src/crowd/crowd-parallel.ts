/**
 * The main-thread half of the parallel crowd step: splits the units into ranges, runs the `crowdStepRange`
 * job (./crowd-jobs.ts) once per range through any {@link JobRunner} (a FieldService in any mode), then swaps
 * the frames. This file does not import the service.
 */
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { isSharedBuffer } from '../jobs/arrays.js';
import type { JobRunner } from '../jobs/job-spec.js';
import { nextTurn } from '../util/next-turn.js';
import { bare, ownOptions } from '../util/own-options.js';
import { prepareCrowdStep } from './crowd-grid.js';
import { type CrowdPackedFrame, crowdStepPackedJob, crowdStepRangeJob } from './crowd-jobs.js';
import { H_CURRENT } from './crowd-layout.js';
import { MAX_CROWD_DT } from './crowd-options.js';
import { type Crowd, type CrowdFrame, checkCrowd, crowdCount } from './crowd-state.js';
import { swapCrowd } from './crowd-step.js';

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
  // In place where the workers see the crowd's memory (or run on this thread); elsewhere packed and scattered.
  const inPlace = isSharedBuffer(buffer) || service.mode === 'main-thread';
  const jobs: Promise<unknown>[] = [];
  const ranges: [number, number][] = [];
  for (let p = 0; p < parts; p++) {
    const from = Math.floor((p * n) / parts);
    const to = Math.floor(((p + 1) * n) / parts);
    if (!(to > from)) continue;
    ranges.push([from, to]);
    // PERF: blocks of the map's rows (the neighbour grid's order), so each worker reads its own part of the map.
    // No job options: an empty object without a prototype, so that nothing is inherited from Object.prototype.
    const args = { grid: crowd.grid, crowd: buffer, from, to, dt };
    jobs.push(
      inPlace
        ? service.submit(crowdStepRangeJob, { ...args, order: 'grid' }, bare({}))
        : service.submit(crowdStepPackedJob, args, bare({})),
    );
  }
  // Wait for EVERY range, even after one failed: the others still write the back frame, and the caller may
  // step on this thread (into the same frame) as soon as this promise settles.
  const results = await Promise.allSettled(jobs);
  let failure: { reason: unknown } | null = null;
  for (const result of results) if (result.status === 'rejected') failure ??= { reason: result.reason };
  if (!failure && !inPlace) {
    const back = crowd.frames[((crowd.header[H_CURRENT] as number) ^ 1) & 1] as CrowdFrame;
    for (let k = 0; k < results.length; k++) {
      const packed = (results[k] as PromiseFulfilledResult<CrowdPackedFrame>).value;
      const [from, to] = ranges[k] as [number, number];
      await scatterPacked(crowd.cellItems, back, packed, from, to);
    }
  }
  if (!inPlace) for (const result of results) if (result.status === 'fulfilled') service.release?.(result.value);
  if (failure) throw failure.reason;
  swapCrowd(crowd);
}

/** Units scattered between two looks at the clock. */
const SCATTER_BATCH = 16_384;

/**
 * Copies packed next states (entry `k`: the unit at grid-order position `from + k`) into the next frame at the
 * units' indices, yielding to the event loop between batches so that a big crowd does not block this thread.
 */
async function scatterPacked(
  order: Int32Array,
  back: CrowdFrame,
  packed: CrowdPackedFrame,
  from: number,
  to: number,
): Promise<void> {
  const { x, y, vx, vy, timer, avoidX, avoidY, state } = back;
  for (let start = from; start < to; start += SCATTER_BATCH) {
    const end = Math.min(to, start + SCATTER_BATCH);
    for (let e = start; e < end; e++) {
      const i = order[e] as number;
      const k = e - from;
      x[i] = packed.x[k] as number;
      y[i] = packed.y[k] as number;
      vx[i] = packed.vx[k] as number;
      vy[i] = packed.vy[k] as number;
      timer[i] = packed.timer[k] as number;
      avoidX[i] = packed.avoidX[k] as number;
      avoidY[i] = packed.avoidY[k] as number;
      state[i] = packed.state[k] as number;
    }
    if (end < to) await nextTurn();
  }
}
