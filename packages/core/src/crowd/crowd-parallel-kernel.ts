/**
 * The worker half of the parallel crowd step: a pure kernel over a crowd rebuilt from its SharedArrayBuffer.
 * The service registers it as `crowdStepRange`; the main-thread half is ./crowd-parallel.ts. Neither imports
 * the service (the service imports this file, never the reverse).
 */
import { AbortError } from '../errors.js';
import { ControlSlot, type KernelControl } from '../fields/types.js';
import type { Grid } from '../grid/grid.js';
import { crowdFromBuffers } from './crowd-state.js';
import { stepCrowdGridRange, stepCrowdRange } from './crowd-step.js';

/** Arguments of the worker kernel `crowdStepRange` (registered in the service's kernel registry). */
export interface CrowdStepRangeArgs {
  /** The crowd's grid (shared with each worker once by the service). */
  grid: Grid;
  /** The crowd's SharedArrayBuffer (`Crowd.buffer`). */
  crowd: SharedArrayBuffer;
  /** First unit of the range (inclusive). */
  from: number;
  /** End of the range (exclusive). */
  to: number;
  /**
   * How `from` and `to` count: `'index'` unit indices ({@link stepCrowdRange}); `'grid'` positions in the
   * neighbour grid's order (`stepCrowdGridRange`: a block of the map's rows, so each worker reads its own part of
   * the map). Either gives the same state.
   * @defaultValue `'index'`
   */
  order?: 'index' | 'grid';
  /** Time step in seconds. */
  dt: number;
}

/** Units stepped between two looks at the control array (abort flag, progress). */
export const CROWD_CONTROL_INTERVAL = 4096;

/**
 * The worker side of `stepCrowdParallel` (./crowd-parallel.ts): {@link stepCrowdRange} (or, with `order: 'grid'`,
 * `stepCrowdGridRange`) over a crowd rebuilt from its buffer, in chunks of {@link CROWD_CONTROL_INTERVAL} units (each unit's next state depends only on the current frame, so
 * chunking changes no value). With `control`: publishes units done of `to - from` and throws AbortError
 * between chunks when asked to stop (the back frame is then partly written; the front frame is untouched).
 */
export function runCrowdStepRange(args: CrowdStepRangeArgs, control: KernelControl = {}): void {
  const crowd = crowdFromBuffers({ crowd: args.crowd, grid: args.grid });
  const step = args.order === 'grid' ? stepCrowdGridRange : stepCrowdRange;
  // An empty or bad range: the step validates it (and throws OutOfRangeError naming it).
  if (!(args.to > args.from)) {
    step(crowd, args.from, args.to, args.dt);
    return;
  }
  const c = control.control;
  if (c) Atomics.store(c, ControlSlot.total, args.to - args.from);
  for (let from = args.from; from < args.to; from += CROWD_CONTROL_INTERVAL) {
    if (c) Atomics.store(c, ControlSlot.done, from - args.from);
    if ((c && Atomics.load(c, ControlSlot.abort) !== 0) || control.signal?.aborted)
      throw new AbortError('crowd step range aborted');
    step(crowd, from, Math.min(args.to, from + CROWD_CONTROL_INTERVAL), args.dt);
  }
  if (c) Atomics.store(c, ControlSlot.done, args.to - args.from);
}
