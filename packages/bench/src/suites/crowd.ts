import {
  addCrowdUnit,
  type Crowd,
  commandCrowdGroup,
  createCrowd,
  createFieldService,
  createRandom,
  crowdCount,
  crowdFrame,
  crowdSpotIsFree,
  type FieldService,
  generateMap,
  stepCrowd,
  stepCrowdParallel,
} from '@fieldmarshal/core';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { summarize } from '../stats.js';

/** Side of the crowd suite's map, tiles. */
const SIDE = 1024;
/** Fixed step of the crowd, seconds (the studio's 60 Hz). */
const DT = 1 / 60;
/** Untimed steps before timing (units leave their spawn spots and spread out). */
const WARMUP_STEPS = 30;

/** Where a crowd step runs: on this thread, or split over a pool of workers. */
type Executor = 'main' | 1 | 2;
const EXECUTORS: readonly Executor[] = ['main', 1, 2];

/**
 * A crowd of `units` units on a 1024x1024 map with 10% walls (seeded), scattered over the free spots in two
 * groups that are sent across each other down their vector fields (the studio's two armies): every unit moves,
 * the expensive case of the step.
 */
function createBenchCrowd(units: number): Crowd {
  const grid = generateMap('random', SIDE, SIDE, { density: 0.1, seed: 3 });
  const crowd = createCrowd({ grid, capacity: units });
  const random = createRandom(units);
  const px = SIDE * crowd.params.tileSize;
  while (crowdCount(crowd) < units) {
    const x = random() * px;
    const y = random() * px;
    if (crowdSpotIsFree(crowd, x, y)) addCrowdUnit(crowd, x, y, crowdCount(crowd) % 2);
  }
  const T = crowd.params.tileSize;
  const spot = (fx: number, fy: number) => {
    // The free tile nearest (by scanning along the row) to the fraction (fx, fy) of the map.
    for (let i = Math.floor(fy * SIDE) * SIDE + Math.floor(fx * SIDE); ; i++)
      if (grid.passable[i % (SIDE * SIDE)] !== 0)
        return { x: ((i % SIDE) + 0.5) * T, y: (Math.floor(i / SIDE) + 0.5) * T };
  };
  const a = spot(0.25, 0.5);
  const b = spot(0.75, 0.5);
  commandCrowdGroup(crowd, 0, b.x, b.y);
  commandCrowdGroup(crowd, 1, a.x, a.y);
  return crowd;
}

/** The bytes of a crowd's current frame, for comparing two crowds stepped on different executors. */
function frameBytes(crowd: Crowd): Uint8Array[] {
  const f = crowdFrame(crowd);
  const n = crowdCount(crowd);
  return [f.x, f.y, f.vx, f.vy, f.timer, f.state].map((a) =>
    new Uint8Array(a.buffer, a.byteOffset, n * a.BYTES_PER_ELEMENT).slice(),
  );
}

function sameBytes(a: Uint8Array[], b: Uint8Array[]): boolean {
  return a.length === b.length && a.every((x, i) => Buffer.compare(x, b[i] as Uint8Array) === 0);
}

/**
 * The crowd of seed 001 (stop timers, chirality avoidance): milliseconds per step of 10k and 50k units on a 1024^2
 * map, on the main thread and split over 1 and 2 workers (`stepCrowdParallel`). Each executor steps its own copy
 * of the same crowd; the executors take turns in `rounds` rounds of `steps` steps each (interleaved, so a noisy
 * neighbour on the machine hits them alike), and every step is one sample. The copies must stay bit-identical
 * (the `same state` column).
 */
export async function runCrowd(options: { units: number[]; rounds: number; steps: number }) {
  const data: Row[] = [];
  const rows: string[][] = [];
  const bar = new ProgressBar(
    options.units.length * EXECUTORS.length * (options.rounds * options.steps + WARMUP_STEPS),
  );
  const services = new Map<number, FieldService>();
  try {
    for (const workers of [1, 2]) services.set(workers, await createFieldService({ workers }));
    for (const units of options.units) {
      bar.setLabel(`${units} units: setting up`);
      const crowds = EXECUTORS.map(() => createBenchCrowd(units));
      const step = async (executor: Executor, crowd: Crowd) => {
        if (executor === 'main') stepCrowd(crowd, DT);
        else await stepCrowdParallel(services.get(executor) as FieldService, crowd, DT);
      };
      for (let e = 0; e < EXECUTORS.length; e++) {
        for (let s = 0; s < WARMUP_STEPS; s++) await step(EXECUTORS[e] as Executor, crowds[e] as Crowd);
        bar.tick(WARMUP_STEPS);
      }
      const samples: number[][] = EXECUTORS.map(() => []);
      for (let r = 0; r < options.rounds; r++) {
        for (let e = 0; e < EXECUTORS.length; e++) {
          const executor = EXECUTORS[e] as Executor;
          bar.setLabel(`${units} units, ${executor === 'main' ? 'main thread' : `${executor} worker(s)`}`);
          for (let s = 0; s < options.steps; s++) {
            const t0 = performance.now();
            await step(executor, crowds[e] as Crowd);
            (samples[e] as number[]).push(performance.now() - t0);
            bar.tick();
          }
        }
      }
      const reference = frameBytes(crowds[0] as Crowd);
      EXECUTORS.forEach((executor, e) => {
        const stats = summarize(samples[e] as number[]);
        const same = sameBytes(reference, frameBytes(crowds[e] as Crowd));
        const where = executor === 'main' ? 'main thread' : `${executor} worker${executor > 1 ? 's' : ''}`;
        data.push({
          suite: 'crowd',
          map: `random-${SIDE} (10% walls)`,
          case: `${units} units, ${where}`,
          stats,
          extra: { units, executor: String(executor), sameState: String(same) },
        });
        rows.push([
          `${units} units`,
          where,
          `${samples[e]?.length}`,
          fmt(stats.median),
          `${fmt(stats.p10)}-${fmt(stats.p90)}`,
          same ? 'yes' : 'NO',
        ]);
      });
    }
  } finally {
    for (const s of services.values()) await s.close();
  }
  bar.finish();
  return {
    title: `Crowd (seed 001), ${SIDE}x${SIDE} map, one ${(DT * 1000).toFixed(1)} ms step per sample`,
    header: ['case', 'where', 'steps', 'median ms', 'p10-p90 ms', 'same state'],
    rows,
    data,
  };
}
