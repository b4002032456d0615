/**
 * The worker half of `stepCrowdParallel` (./crowd-parallel.ts) as a job (see ../jobs/job-spec.ts): one band of rows
 * of a crowd step, stepped by ./crowd-band.ts over a crowd rebuilt from its buffer, with a neighbour grid of its own
 * built where the job runs. Nothing of the step that grows with the crowd is left to the calling thread.
 *
 * In place (`packed` false) the band writes the crowd's next frame (a crowd on shared memory, or on the calling
 * thread). Packed (`packed` true) it returns its units' indices and next states in one transferred buffer, which the
 * caller scatters (workers without shared memory). Either way a worker without shared memory keeps its copy of the
 * groups' fields and flows between steps while their revision holds (`keep`) and receives only what a band reads.
 */
import { OutOfRangeError } from '../errors.js';
import type { KernelControl } from '../fields/types.js';
import type { Grid } from '../grid/grid.js';
import { defineJob } from '../jobs/job-spec.js';
import { stepCrowdBand } from './crowd-band.js';
import { keepFields } from './crowd-jobs.js';
import { crowdJobRegions } from './crowd-layout.js';
import { MAX_CROWD_DT } from './crowd-options.js';
import { checkCrowd, crowdFromBuffers } from './crowd-state.js';

/** Arguments of the worker kernel `crowdStepBand` (registered in the service's kernel registry). */
export interface CrowdStepBandArgs {
  /** The crowd's grid (shared with each worker once by the service). */
  grid: Grid;
  /** The crowd's buffer (`Crowd.buffer`). */
  crowd: ArrayBufferLike;
  /** First row of cells (tiles) of the band, inclusive: an integer from 0. */
  rowFrom: number;
  /** End of the band's rows of cells, exclusive: an integer above `rowFrom`, at most the map's height + 1. */
  rowTo: number;
  /** First unit (by index) whose position this band checks for the whole step, inclusive. */
  checkFrom: number;
  /** End of the units this band checks, exclusive (`checkFrom <= checkTo <=` the unit count). */
  checkTo: number;
  /** Time step in seconds. */
  dt: number;
  /**
   * True to return the band's next states packed (see {@link CrowdBandResult}); false to write them into the
   * crowd's next frame.
   * @defaultValue false
   */
  packed?: boolean;
}

/** What a band returns (see `stepCrowdBand` in ./crowd-band.ts). */
export interface CrowdBandResult {
  /**
   * The work of each segment of the band's rows (units stepped plus neighbours looked at), for the balance of the
   * next step's bands.
   */
  work: Float64Array;
  /** Units of the band, when packed. */
  units?: number;
  /** Their indices and next states, when packed (an internal layout, read by `stepCrowdParallel`). */
  packed?: ArrayBuffer;
}

/**
 * The worker side of `stepCrowdParallel`: one band of a step (./crowd-band.ts) over a crowd rebuilt from its buffer.
 * @throws OutOfRangeError for a bad band, unit range or `dt`, and for the first unit of the crowd off the map or of
 *   no group (as `prepareCrowdStep`); AbortError when asked to stop (the next frame is then partly written).
 */
export function runCrowdStepBand(args: CrowdStepBandArgs, control: KernelControl = {}): CrowdBandResult {
  const crowd = crowdFromBuffers({ crowd: args.crowd, grid: args.grid });
  const n = checkCrowd(crowd);
  const { rowFrom, rowTo, checkFrom, checkTo, dt } = args;
  // Rows of cells 0 to the map's height (a unit on the bottom edge is in row `height`).
  const rows = crowd.grid.height + 1;
  if (!Number.isInteger(rowFrom) || !Number.isInteger(rowTo) || rowFrom < 0 || rowTo > rows || rowFrom >= rowTo)
    throw new OutOfRangeError('band rows', [rowFrom, rowTo], `integers with 0 <= rowFrom < rowTo <= ${rows}`);
  if (!Number.isInteger(checkFrom) || !Number.isInteger(checkTo) || checkFrom < 0 || checkTo > n || checkFrom > checkTo)
    throw new OutOfRangeError('band units', [checkFrom, checkTo], `integers with 0 <= from <= to <= ${n}`);
  if (typeof dt !== 'number' || !(dt > 0 && dt <= MAX_CROWD_DT))
    throw new OutOfRangeError('dt', dt, `seconds, > 0 and at most ${MAX_CROWD_DT}`);
  return stepCrowdBand(crowd, { rowFrom, rowTo, checkFrom, checkTo }, dt, args.packed === true, control);
}

/** One band of rows of a crowd step (the "Group Movement / Flocking Behavior" tutorial's avoidance). */
export const crowdStepBandJob = defineJob<CrowdStepBandArgs, CrowdBandResult>({
  name: 'crowdStepBand',
  keep: keepFields,
  writes: (args) =>
    args.packed === true
      ? []
      : crowdJobRegions(args.crowd, args.grid.size).back.map(([start, bytes]) => ({
          path: ['crowd'],
          range: [start, start + bytes] as const,
          diff: true,
        })),
  reads: (args) =>
    crowdJobRegions(args.crowd, args.grid.size).bandReads.map(([byteOffset, byteLength]) => ({
      path: ['crowd'],
      byteOffset,
      byteLength,
    })),
  run: runCrowdStepBand,
});
