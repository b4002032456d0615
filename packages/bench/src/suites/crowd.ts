import { createFieldService, type FieldService } from '@fieldmarshal/core';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { CROWD_DT, CROWD_SIDE, CROWD_WARMUP_STEPS, runCrowdCase } from '../scenarios/crowd-scenario.js';
import { BEHAVIOUR_TARGETS } from '../scenarios/targets.js';
import { summarize } from '../stats.js';

/** Worker counts of the pools the crowd step is split over (besides this thread). */
const POOLS = [1, 2] as const;

/**
 * The crowd of seed 001 (stop timers, chirality avoidance): milliseconds per step of 10k and 50k units on a 1024^2
 * map, on the main thread and split over 1 and 2 workers (`stepCrowdParallel`). Each executor steps its own copy
 * of the same crowd; the executors take turns in `rounds` rounds of `steps` steps each (interleaved, so a noisy
 * neighbour on the machine hits them alike), and every step is one sample. The copies must stay bit-identical
 * (the `same state` column). The scenario is the studio's too (scenarios/crowd-scenario.ts).
 */
export async function runCrowd(options: { units: number[]; rounds: number; steps: number }) {
  const data: Row[] = [];
  const rows: string[][] = [];
  const executors = 1 + POOLS.length;
  const bar = new ProgressBar(options.units.length * executors * (options.rounds * options.steps + CROWD_WARMUP_STEPS));
  const pools = new Map<number, FieldService>();
  try {
    for (const workers of POOLS) pools.set(workers, await createFieldService({ workers }));
    for (const units of options.units) {
      bar.setLabel(`${units} units`);
      const results = await runCrowdCase(units, {
        pools,
        rounds: options.rounds,
        steps: options.steps,
        onStep: () => bar.tick(),
      });
      for (const r of results) {
        const stats = summarize(r.samples);
        const where = r.workers === 0 ? 'main thread' : `${r.workers} worker${r.workers > 1 ? 's' : ''}`;
        data.push({
          suite: 'crowd',
          map: `random-${CROWD_SIDE} (10% walls)`,
          case: `${units} units, ${where}`,
          stats,
          extra: {
            units,
            executor: r.workers === 0 ? 'main' : String(r.workers),
            sameState: String(r.sameState),
            targetMs: BEHAVIOUR_TARGETS.crowd,
          },
        });
        rows.push([
          `${units} units`,
          where,
          `${r.samples.length}`,
          fmt(stats.median),
          `${fmt(stats.p10)}-${fmt(stats.p90)}`,
          `< ${BEHAVIOUR_TARGETS.crowd}: ${stats.median < BEHAVIOUR_TARGETS.crowd ? 'met' : 'not met'}`,
          r.sameState ? 'yes' : 'NO',
        ]);
      }
    }
  } finally {
    for (const s of pools.values()) await s.close();
  }
  bar.finish();
  return {
    title: `Crowd (seed 001), ${CROWD_SIDE}x${CROWD_SIDE} map, one ${(CROWD_DT * 1000).toFixed(1)} ms step per sample`,
    header: ['case', 'where', 'steps', 'median ms', 'p10-p90 ms', 'target ms', 'same state'],
    rows,
    data,
  };
}
