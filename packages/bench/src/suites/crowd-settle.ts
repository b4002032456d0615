import { createRandom } from '@fieldmarshal/core';
import {
  addCrowdUnit,
  CROWD_TUTORIAL_SCALE,
  commandCrowdGroup,
  countMovingCrowdUnits,
  createCrowd,
  crowdCount,
  crowdFrame,
  crowdSpotIsFree,
  crowdTotalSpeed,
  stepCrowd,
} from '@fieldmarshal/core/crowd';
import { generateOpen } from '@fieldmarshal/core/grid';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { percentile } from '../stats.js';
import { runGapsScene } from './crowd-gaps.js';

const DT = 1 / 60;
const UNITS = 200;
/** Simulated seconds after which a run counts as not settled. */
const LIMIT = 200;

/**
 * How long a crowd takes to settle (simulated seconds, not a timing): 200 units scattered over an open 40x40-tile
 * map (seeded) and sent to its centre, in straight lines and down a vector field, until every unit has stopped
 * and stands still; percentiles over `seeds` seeds, and how tight the clump is (the distance from the point
 * within which 90% of the units stand, median over the seeds). The crowd tests' scene. Then the studio's crowd
 * scene (./crowd-gaps.ts: 400 units head-on through two gaps) over a third as many seeds (the first the studio's
 * spawn, the others jittered by up to half a pixel), with the unit-seconds units stood still at a wall face.
 */
export function runCrowdSettle(options: { seeds: number }) {
  const data: Row[] = [];
  const rows: string[][] = [];
  const gapSeeds = Math.max(1, Math.ceil(options.seeds / 3));
  const bar = new ProgressBar(2 * options.seeds + gapSeeds, 'crowd-settle');
  for (const useField of [false, true]) {
    const settled: number[] = [];
    const within: number[] = [];
    for (let seed = 1; seed <= options.seeds; seed++) {
      const crowd = createCrowd({ grid: generateOpen(40, 40), capacity: UNITS });
      const random = createRandom(seed);
      // The crowd tests' scene in the flocking tutorial's pixels (30 per tile), through CROWD_TUTORIAL_SCALE.
      const S = CROWD_TUTORIAL_SCALE;
      while (crowdCount(crowd) < UNITS) {
        const at = { x: (random() * 1200) / S, y: (random() * 1200) / S };
        if (crowdSpotIsFree(crowd, at)) addCrowdUnit(crowd, at, 0);
      }
      commandCrowdGroup(crowd, 0, { x: 600 / S, y: 600 / S }, { useField });
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
      for (let i = 0; i < UNITS; i++) d.push(Math.hypot((f.x[i] as number) * S - 600, (f.y[i] as number) * S - 600));
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
  // The studio's two-gap scene: 400 units head-on through two gaps (seed 1 the studio's spawn, then jittered).
  const gapSettled: number[] = [];
  const gapHeld: number[] = [];
  for (let seed = 1; seed <= gapSeeds; seed++) {
    const run = runGapsScene(400, seed, LIMIT);
    gapSettled.push(run.settledS);
    gapHeld.push(run.heldAtWallS);
    bar.tick();
  }
  const gs = [...gapSettled].sort((a, b) => a - b);
  const gh = [...gapHeld].sort((a, b) => a - b);
  data.push({
    suite: 'crowd-settle',
    map: 'two-gaps-64x40',
    case: '400 units head-on through two gaps (studio scene)',
    extra: {
      seeds: gapSeeds,
      studioSpawnS: gapSettled[0] as number,
      p50s: percentile(gs, 50),
      p90s: percentile(gs, 90),
      maxS: gs.at(-1) as number,
      heldAtWallP50S: percentile(gh, 50),
    },
  });
  rows.push([
    '400 units head-on, two gaps',
    'two-gaps-64x40',
    `${gapSeeds}`,
    fmt(gs[0] as number),
    fmt(percentile(gs, 50)),
    fmt(percentile(gs, 90)),
    fmt(gs.at(-1) as number),
    `held at walls ${fmt(percentile(gh, 50))} unit-s`,
  ]);
  bar.finish();
  return {
    title: `Crowd settling (seed 001 stop timers): simulated seconds until all ${UNITS} units stand still`,
    header: ['case', 'map', 'seeds', 'min s', 'p50 s', 'p90 s', 'max s', '90% within px'],
    rows,
    data,
  };
}
