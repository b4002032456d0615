import { AbortError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { ControlSlot, type KernelControl } from '../fields/types.js';
import type { Grid } from '../grid/grid.js';
import type { FieldService } from '../service/field-service.js';
import { MAX_CROWD_DT } from './crowd-options.js';
import { type Crowd, crowdCount, crowdFromBuffers } from './crowd-state.js';
import { prepareCrowdStep, stepCrowdRange, swapCrowd } from './crowd-step.js';

/** Arguments of the worker kernel `crowdStepRange` (registered in the service's kernel registry). */
export interface CrowdStepRangeArgs {
  /** The crowd's grid (shared with each worker once by the service). */
  grid: Grid;
  /** The crowd's SharedArrayBuffer ({@link Crowd.buffer}). */
  crowd: SharedArrayBuffer;
  /** First unit of the range (inclusive). */
  from: number;
  /** End of the range (exclusive). */
  to: number;
  /** Time step in seconds. */
  dt: number;
}

/** Units stepped between two looks at the control array (abort flag, progress). */
export const CROWD_CONTROL_INTERVAL = 4096;

/**
 * The worker side of {@link stepCrowdParallel}: {@link stepCrowdRange} over a crowd rebuilt from its buffer, in
 * chunks of {@link CROWD_CONTROL_INTERVAL} units (each unit's next state depends only on the current frame, so
 * chunking changes no value). With `control`: publishes units done of `to - from` and throws AbortError
 * between chunks when asked to stop (the back frame is then partly written; the front frame is untouched).
 */
export function runCrowdStepRange(args: CrowdStepRangeArgs, control: KernelControl = {}): void {
  const crowd = crowdFromBuffers({ crowd: args.crowd, grid: args.grid });
  // An empty or bad range: stepCrowdRange validates it (and throws OutOfRangeError naming it).
  if (!(args.to > args.from)) {
    stepCrowdRange(crowd, args.from, args.to, args.dt);
    return;
  }
  const c = control.control;
  if (c) Atomics.store(c, ControlSlot.total, args.to - args.from);
  for (let from = args.from; from < args.to; from += CROWD_CONTROL_INTERVAL) {
    if (c) Atomics.store(c, ControlSlot.done, from - args.from);
    if ((c && Atomics.load(c, ControlSlot.abort) !== 0) || control.signal?.aborted)
      throw new AbortError('crowd step range aborted');
    stepCrowdRange(crowd, from, Math.min(args.to, from + CROWD_CONTROL_INTERVAL), args.dt);
  }
  if (c) Atomics.store(c, ControlSlot.done, args.to - args.from);
}

/** Options of {@link stepCrowdParallel}. */
export interface CrowdParallelOptions {
  /** Number of ranges the units are split into, 1 to 256. Default: the service's worker count. */
  parts?: number;
}

/**
 * One step of the crowd with its units split over the workers of `service`: builds the neighbour grid here,
 * runs one `crowdStepRange` job per range, then swaps the frames. The result is bit-identical to
 * {@link stepCrowd} whatever the number of workers or parts. The crowd must live in a SharedArrayBuffer (and
 * its grid too); do not touch the crowd until the promise settles. The promise settles only once every range
 * job settled; if any failed it rejects with the first failure (in range order) and the frames are not swapped.
 */
export async function stepCrowdParallel(
  service: Pick<FieldService, 'run' | 'size'>,
  crowd: Crowd,
  dt: number,
  options: CrowdParallelOptions = {},
): Promise<void> {
  if (typeof dt !== 'number' || !(dt > 0 && dt <= MAX_CROWD_DT))
    throw new OutOfRangeError('dt', dt, `seconds, > 0 and at most ${MAX_CROWD_DT}`);
  const buffer = crowd.buffer;
  if (typeof SharedArrayBuffer !== 'function' || !(buffer instanceof SharedArrayBuffer))
    throw new InvalidOptionError('crowd.buffer', buffer, 'a SharedArrayBuffer (create the crowd with shared: true)');
  const parts = options.parts ?? service.size;
  if (!Number.isInteger(parts) || parts < 1 || parts > 256)
    throw new OutOfRangeError('parts', parts, 'an integer from 1 to 256');
  prepareCrowdStep(crowd);
  const n = crowdCount(crowd);
  const jobs: Promise<void>[] = [];
  for (let p = 0; p < parts; p++) {
    const from = Math.floor((p * n) / parts);
    const to = Math.floor(((p + 1) * n) / parts);
    if (to > from) jobs.push(service.run('crowdStepRange', { grid: crowd.grid, crowd: buffer, from, to, dt }));
  }
  // Wait for EVERY range, even after one failed: the others still write the back frame, and the caller may
  // step on this thread (into the same frame) as soon as this promise settles.
  const results = await Promise.allSettled(jobs);
  for (const result of results) if (result.status === 'rejected') throw result.reason;
  swapCrowd(crowd);
}
