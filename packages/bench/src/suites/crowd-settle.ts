import {
  addCrowdUnit,
  commandCrowdGroup,
  countMovingCrowdUnits,
  createCrowd,
  createRandom,
  crowdCount,
  crowdFrame,
  crowdSpotIsFree,
  crowdTotalSpeed,
  generateOpen,
  stepCrowd,
} from '@fieldmarshal/core';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { percentile } from '../stats.js';

const DT = 1 / 60;
const UNITS = 200;
/** Simulated seconds after which a run counts as not settled. */
const LIMIT = 200;

/**
 * How long a crowd takes to settle (simulated seconds, not a timing): 200 units scattered over an open 40x40-tile
 * map (seeded) and sent to its centre, in straight lines and down a vector field, until every unit has stopped
 * and stands still; percentiles over `seeds` seeds, and how tight the clump is (the distance from the point
 * within which 90% of the units stand, median over the seeds). The crowd tests' scene.
 */
export function runCrowdSettle(options: { seeds: number }) {
  const data: Row[] = [];
  const rows: string[][] = [];
  const bar = new ProgressBar(2 * options.seeds, 'crowd-settle');
  for (const useField of [false, true]) {
    const settled: number[] = [];
    const within: number[] = [];
    for (let seed = 1; seed <= options.seeds; seed++) {
      const crowd = createCrowd({ grid: generateOpen(40, 40), capacity: UNITS });
      const random = createRandom(seed);
      while (crowdCount(crowd) < UNITS) {
        const x = random() * 1200;
        const y = random() * 1200;
        if (crowdSpotIsFree(crowd, x, y)) addCrowdUnit(crowd, x, y, 0);
      }
      commandCrowdGroup(crowd, 0, 600, 600, { useField });
      let t = Number.POSITIVE_INFINITY;
      for (let s = 1; s <= LIMIT / DT; s++) {
        stepCrowd(crowd, DT);
        if (countMovingCrowdUnits(crowd) === 0 && crowdTotalSpeed(crowd) === 0) {
          t = s * DT;
          break;
        }
      }
      settled.push(t);
      const f = crowdFrame(crowd);
      const d: number[] = [];
      for (let i = 0; i < UNITS; i++) d.push(Math.hypot((f.x[i] as number) - 600, (f.y[i] as number) - 600));
      d.sort((a, b) => a - b);
      within.push(percentile(d, 90));
      bar.tick();
    }
    const sorted = [...settled].sort((a, b) => a - b);
    const tight = percentile(
      [...within].sort((a, b) => a - b),
      50,
    );
    const how = useField ? 'down a field' : 'straight lines';
    data.push({
      suite: 'crowd-settle',
      map: 'open-40',
      case: `${UNITS} units to one point, ${how}`,
      extra: {
        seeds: options.seeds,
        p50s: percentile(sorted, 50),
        p90s: percentile(sorted, 90),
        maxS: sorted.at(-1) as number,
        within90Px: tight,
      },
    });
    rows.push([
      `${UNITS} units, ${how}`,
      'open-40',
      `${options.seeds}`,
      fmt(sorted[0] as number),
      fmt(percentile(sorted, 50)),
      fmt(percentile(sorted, 90)),
      fmt(sorted.at(-1) as number),
      fmt(tight),
    ]);
  }
  bar.finish();
  return {
    title: `Crowd settling (seed 001 stop timers): simulated seconds until all ${UNITS} units stand still`,
    header: ['case', 'map', 'seeds', 'min s', 'p50 s', 'p90 s', 'max s', '90% within px'],
    rows,
    data,
  };
}
