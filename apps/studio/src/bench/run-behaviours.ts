import {
  BEHAVIOUR_TARGETS,
  type CrowdStepRunner,
  createRtsScenario,
  percentile,
  runCrowdCase,
  timeRtsScenario,
} from '@fieldmarshal/bench/scenarios';
import { generateMap } from '@fieldmarshal/core';
import { RtsWorld } from '@fieldmarshal/core/rts';
import { nextTask } from '../shared/next-task.js';

/** Untimed RTS updates before the timed ones. */
const RTS_WARMUP = 20;

/** One measured behaviour case. Times in milliseconds (per crowd step, per RTS update). */
export interface BehaviourResult {
  suite: 'crowd' | 'rts';
  units: number;
  /** `single thread`, `1 worker`, `2 workers`. */
  where: string;
  /** 0: one thread, no pool. */
  workers: number;
  samples: number;
  median: number;
  p10: number;
  p90: number;
  max: number;
  /** The suite's target (a crowd step fits a 60 Hz frame; an RTS update a quarter of one). */
  targetMs: number;
  /** Crowd: the copy stepped here equals the single-thread copy byte for byte (null for RTS). */
  sameState: boolean | null;
}

function summary(
  suite: 'crowd' | 'rts',
  units: number,
  workers: number,
  times: readonly number[],
  sameState: boolean | null,
): BehaviourResult {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    suite,
    units,
    where: workers === 0 ? 'single thread' : `${workers} worker${workers > 1 ? 's' : ''}`,
    workers,
    samples: times.length,
    median: percentile(sorted, 50),
    p10: percentile(sorted, 10),
    p90: percentile(sorted, 90),
    max: sorted.at(-1) ?? Number.NaN,
    targetMs: BEHAVIOUR_TARGETS[suite],
    sameState,
  };
}

export interface BehaviourRunOptions {
  crowdUnits: readonly number[];
  rtsUnits: readonly number[];
  /** Timed crowd steps per executor (in two interleaved rounds); RTS: ten times as many updates. */
  steps: number;
  /** Pools for the crowd, by worker count (the crowd always runs on one thread too). */
  pools: ReadonlyMap<number, CrowdStepRunner>;
  onProgress: (fraction: number, label: string) => void;
  onResult: (r: BehaviourResult) => void;
}

/** Lets a worker answer messages between chunks of work. */
/**
 * The CLI's crowd and RTS scenarios (`@fieldmarshal/bench/scenarios`): the crowd on one thread and split over
 * each pool, interleaved, then every RTS size. Run it in a worker: an RTS update of 1000 units or a crowd step of
 * 50,000 takes milliseconds of one thread.
 */
export async function runBehaviours(o: BehaviourRunOptions): Promise<void> {
  const rounds = 2;
  const crowdSteps = Math.max(1, Math.ceil(o.steps / rounds));
  const rtsUpdates = o.steps * 10;
  const parts = o.crowdUnits.length + o.rtsUnits.length;
  let part = 0;
  for (const units of o.crowdUnits) {
    o.onProgress(part / parts, `crowd ${units} units: setting up`);
    await nextTask();
    const results = await runCrowdCase(units, {
      pools: o.pools,
      rounds,
      steps: crowdSteps,
      onStep: async (done, total, workers) => {
        if (done % 5 !== 0) return;
        const where = workers === 0 ? 'single thread' : `${workers} worker(s)`;
        o.onProgress((part + done / total) / parts, `crowd ${units} units, ${where}`);
        await nextTask();
      },
    });
    for (const r of results) o.onResult(summary('crowd', units, r.workers, r.samples, r.sameState));
    part++;
  }
  for (const units of o.rtsUnits) {
    o.onProgress(part / parts, `rts ${units} units: setting up`);
    await nextTask();
    const scenario = createRtsScenario({ generateMap, RtsWorld }, units);
    const times = timeRtsScenario(scenario, RTS_WARMUP, rtsUpdates, {
      onTick: (done) => {
        if (done % 20 === 0) o.onProgress((part + done / rtsUpdates) / parts, `rts ${units} units`);
      },
    });
    o.onResult(summary('rts', units, 0, times, null));
    part++;
  }
}
