/**
 * The flank and retreat scan as a worker job (see ../jobs/job-spec.ts): one range of sets examined with the
 * flanking tutorial's keep tests. The main-thread half is ./search-pool.ts.
 */
import { defineJob } from '../jobs/job-spec.js';
import { pollKernel } from '../util/kernel-control.js';
import type { TacticConstants } from './criteria.js';
import { flankTest, retreatTest } from './keep-tests.js';
import { type SetCostPair, scanSets, type TacticKind } from './search.js';

/** Arguments of the `tacticScan` job. */
export interface TacticScanArgs {
  /** Both characters' costs into every set. */
  costs: SetCostPair;
  /** The decision's constants. */
  constants: TacticConstants;
  /** Flank or retreat. */
  kind: TacticKind;
  /** First set examined. */
  first: number;
  /** End of the sets examined (exclusive). */
  last: number;
  /** Most sets kept (the scan stops there). */
  maxCandidates: number;
}

/** Sets examined between two looks at the job's control. */
const SCAN_CONTROL_INTERVAL = 1 << 14;

/** The kept sets of `[first, last)`, ascending, at most `maxCandidates`. */
export const tacticScanJob = defineJob<TacticScanArgs, Int32Array>({
  name: 'tacticScan',
  run: (args, control) => {
    const { costs, constants, first, last, maxCandidates } = args;
    const keeps = args.kind === 'flank' ? flankTest : retreatTest;
    const found = new Int32Array(Math.max(0, Math.min(maxCandidates, last - first)));
    let kept = 0;
    for (let from = first; from < last && kept < maxCandidates; from += SCAN_CONTROL_INTERVAL) {
      pollKernel(control, from - first, 'flank/retreat scan', last - first);
      const to = Math.min(last, from + SCAN_CONTROL_INTERVAL);
      kept = scanSets(costs, constants, keeps, from, to, found, kept, maxCandidates, () => false).kept;
    }
    return found.slice(0, kept);
  },
});
