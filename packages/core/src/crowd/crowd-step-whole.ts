/** The whole crowd step on this thread, with the API's `signal` / `onProgress` options. */
import { InvalidOptionError } from '../errors.js';
import type { ProgressCallback } from '../service/progress.js';
import { checkKernelAbort, readKernelControl } from '../util/kernel-control.js';
import { ownOptions } from '../util/own-options.js';
import { prepareCrowdStep } from './crowd-grid.js';
import { type Crowd, checkCrowd, crowdCount } from './crowd-state.js';
import { checkDt, stepCrowdRange, swapCrowd } from './crowd-step.js';

/** Options of {@link stepCrowd}. */
export interface CrowdStepOptions {
  /**
   * Cancels the step: an already-aborted signal throws AbortError before any work; one aborted during the step
   * throws AbortError at the next look (every {@link CROWD_STEP_CHUNK} units) and the frames are not swapped (the
   * crowd stays as it was before the step).
   * @defaultValue undefined (meaning no cancellation)
   */
  signal?: AbortSignal;
  /**
   * Called with (units stepped, units in all) at every look (every {@link CROWD_STEP_CHUNK} units) and at the end.
   * @defaultValue undefined (meaning no progress reports)
   */
  onProgress?: ProgressCallback;
}

/** Units {@link stepCrowd} steps between two looks at its signal and progress callback. */
export const CROWD_STEP_CHUNK = 4096;

/**
 * One whole step of `dt` seconds on this thread: {@link prepareCrowdStep}, every unit by {@link stepCrowdRange},
 * {@link swapCrowd}. Chunking for `signal`/`onProgress` changes no value (each unit reads only the current frame).
 */
export function stepCrowd(crowd: Crowd, dt: number, options?: CrowdStepOptions): void {
  checkCrowd(crowd);
  checkDt(dt);
  if (options === undefined) {
    prepareCrowdStep(crowd);
    stepCrowdRange(crowd, 0, crowdCount(crowd), dt);
    swapCrowd(crowd);
    return;
  }
  const own = ownOptions(options, 'options', 'an object { signal?, onProgress? }');
  const control = readKernelControl(own.signal === undefined ? undefined : { signal: own.signal }, 'options');
  const onProgress = own.onProgress;
  if (onProgress !== undefined && typeof onProgress !== 'function')
    throw new InvalidOptionError('onProgress', onProgress, 'a function (done, total) => void');
  checkKernelAbort(control, 'crowd step');
  prepareCrowdStep(crowd);
  const n = crowdCount(crowd);
  for (let from = 0; from < n; from += CROWD_STEP_CHUNK) {
    if (from > 0) {
      onProgress?.(from, n);
      checkKernelAbort(control, 'crowd step');
    }
    stepCrowdRange(crowd, from, Math.min(n, from + CROWD_STEP_CHUNK), dt);
  }
  onProgress?.(n, n);
  swapCrowd(crowd);
}
