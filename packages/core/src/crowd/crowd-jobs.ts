/**
 * Range jobs of a crowd step (see ../jobs/job-spec.ts): pure kernels over a crowd rebuilt from its buffer, whose
 * neighbour grid the caller built (`prepareCrowdStep`), for callers that split a step by ranges of units
 * themselves (`service.run('crowdStepRange', ...)`). `stepCrowdParallel` (./crowd-parallel.ts) runs the band job
 * instead (./crowd-band-jobs.ts), which builds its grid where it runs. Neither imports the service (the service
 * imports this file, never the reverse).
 *
 * `crowdStepRange` writes the next frame in place (a crowd on shared memory, or on the calling thread).
 * `crowdStepPacked` serves workers that cannot share memory: a worker keeps its copy of the groups' fields and
 * flows between steps while their revision holds (`keep`), receives only what a step reads (`reads`), and
 * returns its units' next states packed in the neighbour grid's order (`outputs`), which the caller scatters.
 */
import type { KernelControl } from '../fields/types.js';
import type { Grid } from '../grid/grid.js';
import { defineJob } from '../jobs/job-spec.js';
import { finishKernel, pollKernel } from '../util/kernel-control.js';
import { crowdJobRegions, H_FIELDS_REVISION } from './crowd-layout.js';
import { type CrowdFrame, crowdFromBuffers } from './crowd-state.js';
import { stepCrowdGridRange, stepCrowdGridRangeInto, stepCrowdRange } from './crowd-step.js';

/** Arguments of the worker kernel `crowdStepRange` (registered in the service's kernel registry). */
export interface CrowdStepRangeArgs {
  /** The crowd's grid (shared with each worker once by the service). */
  grid: Grid;
  /** The crowd's buffer (`Crowd.buffer`). */
  crowd: ArrayBufferLike;
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
 * A range of a crowd step: {@link stepCrowdRange} (or, with `order: 'grid'`,
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
  for (let from = args.from; from < args.to; from += CROWD_CONTROL_INTERVAL) {
    pollKernel(control, from - args.from, 'crowd step range', args.to - args.from);
    step(crowd, from, Math.min(args.to, from + CROWD_CONTROL_INTERVAL), args.dt);
  }
  finishKernel(control, args.to - args.from);
}

/** The groups' fields and flows, kept by a worker while their revision holds (every crowd job's `keep`). */
export function keepFields(args: { grid: Grid; crowd: ArrayBufferLike }) {
  const { fields } = crowdJobRegions(args.crowd, args.grid.size);
  const stamp = new Int32Array(args.crowd, 0, H_FIELDS_REVISION + 1)[H_FIELDS_REVISION] as number;
  return [{ path: ['crowd'], stamp, byteOffset: fields[0], byteLength: fields[1] }];
}

/** One range of a crowd step (the "Group Movement / Flocking Behavior" tutorial's avoidance) into the next frame. */
export const crowdStepRangeJob = defineJob<CrowdStepRangeArgs, void>({
  name: 'crowdStepRange',
  keep: keepFields,
  writes: (args) =>
    crowdJobRegions(args.crowd, args.grid.size).back.map(([start, bytes]) => ({
      path: ['crowd'],
      range: [start, start + bytes] as const,
      diff: true,
    })),
  run: runCrowdStepRange,
});

/** Arguments of the worker kernel `crowdStepPacked`: a range of the neighbour grid's order. */
export interface CrowdStepPackedArgs {
  /** The crowd's grid. */
  grid: Grid;
  /** The crowd's buffer (`Crowd.buffer`), its neighbour grid built by `prepareCrowdStep`. */
  crowd: ArrayBufferLike;
  /** First grid-order position of the range (inclusive). */
  from: number;
  /** End of the range (exclusive). */
  to: number;
  /** Time step in seconds. */
  dt: number;
}

/** The packed next states of a range: entry `k` is the unit at grid-order position `from + k`. */
export type CrowdPackedFrame = CrowdFrame;

/** A range of a crowd step without shared memory: next states of a grid-order range, packed. */
export function runCrowdStepPacked(
  args: CrowdStepPackedArgs & CrowdPackedFrame,
  control: KernelControl = {},
): CrowdPackedFrame {
  const crowd = crowdFromBuffers({ crowd: args.crowd, grid: args.grid });
  const { from, to, dt } = args;
  const { x, y, vx, vy, timer, avoidX, avoidY, state } = args;
  const out: CrowdPackedFrame = { x, y, vx, vy, timer, avoidX, avoidY, state };
  if (!(to > from)) {
    stepCrowdGridRangeInto(crowd, from, to, dt, out, from);
    return out;
  }
  for (let at = from; at < to; at += CROWD_CONTROL_INTERVAL) {
    pollKernel(control, at - from, 'crowd step range', to - from);
    stepCrowdGridRangeInto(crowd, at, Math.min(to, at + CROWD_CONTROL_INTERVAL), dt, out, from);
  }
  finishKernel(control, to - from);
  return out;
}

/** Element kinds of a packed frame's arrays. */
const PACKED = {
  x: 'f64',
  y: 'f64',
  vx: 'f64',
  vy: 'f64',
  timer: 'f64',
  avoidX: 'f32',
  avoidY: 'f32',
  state: 'u8',
} as const;

/** One range of a crowd step, its next states returned packed (workers without shared memory). */
export const crowdStepPackedJob = defineJob<CrowdStepPackedArgs, CrowdPackedFrame, CrowdPackedFrame>({
  name: 'crowdStepPacked',
  outputs: (args) => {
    const length = Math.max(0, Number(args.to) - Number(args.from)) || 0;
    const out = {} as Record<keyof CrowdPackedFrame, { kind: (typeof PACKED)[keyof typeof PACKED]; length: number }>;
    for (const key of Object.keys(PACKED) as (keyof typeof PACKED)[]) out[key] = { kind: PACKED[key], length };
    return out;
  },
  keep: keepFields,
  reads: (args) =>
    crowdJobRegions(args.crowd, args.grid.size).reads.map(([byteOffset, byteLength]) => ({
      path: ['crowd'],
      byteOffset,
      byteLength,
    })),
  run: runCrowdStepPacked,
});
