import { createRandom, generateMap } from '@fieldmarshal/core';
import {
  addCrowdUnit,
  type Crowd,
  commandCrowdGroup,
  createCrowd,
  crowdCount,
  crowdFrame,
  crowdSpotIsFree,
  stepCrowd,
  stepCrowdParallel,
} from '@fieldmarshal/core/crowd';

/** Side of the crowd scenario's map, tiles. */
export const CROWD_SIDE = 1024;
/** Fixed step of the crowd, seconds (the studio's 60 Hz). */
export const CROWD_DT = 1 / 60;
/** Untimed steps before timing (units leave their spawn spots and spread out). */
export const CROWD_WARMUP_STEPS = 30;

/**
 * A crowd of `units` units on a 1024x1024 map with 10% walls (seed 3), scattered over the free spots in two
 * groups that are sent across each other down their vector fields (the studio's two armies): every unit moves,
 * the expensive case of the step.
 */
export function createBenchCrowd(units: number): Crowd {
  const grid = generateMap('random', CROWD_SIDE, CROWD_SIDE, { density: 0.1, seed: 3 });
  const crowd = createCrowd({ grid, capacity: units });
  const random = createRandom(units);
  // Positions in tiles (the crowd's unit).
  while (crowdCount(crowd) < units) {
    const at = { x: random() * CROWD_SIDE, y: random() * CROWD_SIDE };
    if (crowdSpotIsFree(crowd, at)) addCrowdUnit(crowd, at, crowdCount(crowd) % 2);
  }
  const spot = (fx: number, fy: number) => {
    // The free tile nearest (by scanning along the row) to the fraction (fx, fy) of the map.
    for (let i = Math.floor(fy * CROWD_SIDE) * CROWD_SIDE + Math.floor(fx * CROWD_SIDE); ; i++)
      if (grid.passable[i % (CROWD_SIDE * CROWD_SIDE)] !== 0)
        return { x: (i % CROWD_SIDE) + 0.5, y: Math.floor(i / CROWD_SIDE) + 0.5 };
  };
  const a = spot(0.25, 0.5);
  const b = spot(0.75, 0.5);
  commandCrowdGroup(crowd, 0, b);
  commandCrowdGroup(crowd, 1, a);
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

function sameBytes(a: readonly Uint8Array[], b: readonly Uint8Array[]): boolean {
  return a.length === b.length && a.every((x, i) => x.length === b[i]?.length && x.every((v, k) => v === b[i]?.[k]));
}

/** What a crowd step split over workers needs of a pool (a FieldService has it). */
export type CrowdStepRunner = Parameters<typeof stepCrowdParallel>[0];

/** One executor's timings on one crowd size. */
export interface CrowdCaseResult {
  units: number;
  /** 0: this thread; else the workers of the pool. */
  workers: number;
  /** Milliseconds per step, in step order. */
  samples: number[];
  /** The crowd's state equals the this-thread copy's, byte for byte, after the same steps. */
  sameState: boolean;
}

/** Options of {@link runCrowdCase}. */
export interface CrowdCaseOptions {
  /** Pools by worker count; the case runs on this thread and on each of them. */
  pools: ReadonlyMap<number, CrowdStepRunner>;
  /** Interleaved rounds: each executor takes `steps` timed steps per round, in turn. */
  rounds: number;
  steps: number;
  /** Called after every step (warm-up ones too) with the steps done and the steps in all. */
  onStep?: (done: number, total: number, workers: number) => void | Promise<void>;
}

/**
 * Steps one copy of the crowd per executor (this thread, then each pool) in interleaved rounds, so a noisy
 * neighbour on the machine hits them alike: every step is one sample. The copies must stay bit-identical.
 */
export async function runCrowdCase(units: number, options: CrowdCaseOptions): Promise<CrowdCaseResult[]> {
  const executors = [0, ...[...options.pools.keys()].sort((a, b) => a - b)];
  const crowds = executors.map(() => createBenchCrowd(units));
  const total = executors.length * (CROWD_WARMUP_STEPS + options.rounds * options.steps);
  let done = 0;
  const step = async (e: number) => {
    const pool = options.pools.get(executors[e] as number);
    if (pool) await stepCrowdParallel(pool, crowds[e] as Crowd, CROWD_DT);
    else stepCrowd(crowds[e] as Crowd, CROWD_DT);
  };
  const report = (e: number) => options.onStep?.(++done, total, executors[e] as number);
  for (let e = 0; e < executors.length; e++)
    for (let s = 0; s < CROWD_WARMUP_STEPS; s++) {
      await step(e);
      await report(e);
    }
  const samples: number[][] = executors.map(() => []);
  for (let r = 0; r < options.rounds; r++)
    for (let e = 0; e < executors.length; e++)
      for (let s = 0; s < options.steps; s++) {
        const t0 = performance.now();
        await step(e);
        (samples[e] as number[]).push(performance.now() - t0);
        await report(e);
      }
  const reference = frameBytes(crowds[0] as Crowd);
  return executors.map((workers, e) => ({
    units,
    workers,
    samples: samples[e] as number[],
    sameState: sameBytes(reference, frameBytes(crowds[e] as Crowd)),
  }));
}
