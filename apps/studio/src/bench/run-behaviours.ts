import {
  addCrowdUnit,
  type Crowd,
  commandCrowdGroup,
  createCrowd,
  createRandom,
  crowdCount,
  crowdSpotIsFree,
  type FieldService,
  generateMap,
  type RtsFormationKind,
  type RtsGroup,
  type RtsUnit,
  RtsWorld,
  stepCrowd,
  stepCrowdParallel,
} from '@fieldmarshal/core';
import { percentile } from './run-bench.js';

/**
 * The behaviour suites of the CLI (packages/bench/src/suites/crowd.ts and rts.ts) in the browser: the same
 * scenarios, seeds and step sizes, timed here on the main thread (the crowd also split over worker pools with
 * `stepCrowdParallel`). Times in milliseconds per step (crowd) or per update (RTS).
 */

/** Side of the crowd map, tiles. */
export const CROWD_SIDE = 1024;
const CROWD_DT = 1 / 60;
const CROWD_WARMUP = 30;
const RTS_GROUP_SIZE = 20;
const RTS_FORMATIONS: readonly (RtsFormationKind | null)[] = [null, 'box', null, 'wedge'];
const RTS_UPDATE_SECONDS = 1 / 20;

/** One measured case. */
export interface BehaviourResult {
  suite: 'crowd' | 'rts';
  units: number;
  /** `main thread`, `1 worker`, `2 workers`. */
  where: string;
  workers: number;
  samples: number;
  median: number;
  p10: number;
  p90: number;
  max: number;
}

function summary(suite: 'crowd' | 'rts', units: number, workers: number, times: number[]): BehaviourResult {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    suite,
    units,
    where: workers === 0 ? 'main thread' : `${workers} worker${workers > 1 ? 's' : ''}`,
    workers,
    samples: times.length,
    median: percentile(sorted, 50),
    p10: percentile(sorted, 10),
    p90: percentile(sorted, 90),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** The CLI's crowd: `units` units in two groups crossing a 1024x1024 map with 10% walls (seed 3). */
export function createBenchCrowd(units: number): Crowd {
  const grid = generateMap('random', CROWD_SIDE, CROWD_SIDE, { density: 0.1, seed: 3 });
  const crowd = createCrowd({ grid, capacity: units });
  const random = createRandom(units);
  const px = CROWD_SIDE * crowd.params.tileSize;
  while (crowdCount(crowd) < units) {
    const x = random() * px;
    const y = random() * px;
    if (crowdSpotIsFree(crowd, x, y)) addCrowdUnit(crowd, x, y, crowdCount(crowd) % 2);
  }
  const T = crowd.params.tileSize;
  const spot = (fx: number, fy: number) => {
    for (let i = Math.floor(fy * CROWD_SIDE) * CROWD_SIDE + Math.floor(fx * CROWD_SIDE); ; i++)
      if (grid.passable[i % (CROWD_SIDE * CROWD_SIDE)] !== 0)
        return { x: ((i % CROWD_SIDE) + 0.5) * T, y: (Math.floor(i / CROWD_SIDE) + 0.5) * T };
  };
  const a = spot(0.25, 0.5);
  const b = spot(0.75, 0.5);
  commandCrowdGroup(crowd, 0, b.x, b.y);
  commandCrowdGroup(crowd, 1, a.x, a.y);
  return crowd;
}

/** The CLI's RTS scenario: groups of 20 (plain, box, wedge) re-ordered on arrival, a fifth of the units idle. */
export function createBenchRts(units: number): { world: RtsWorld; tick(): void } {
  const side = Math.ceil(Math.sqrt(units * 20));
  const grid = generateMap('random', side, side, { density: 0.1, seed: 7 });
  const world = new RtsWorld(grid);
  let seed = 12345;
  const random = (n: number) => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return Math.floor((seed / 2 ** 32) * n);
  };
  const walkableTile = () => {
    for (;;) {
      const x = random(side);
      const y = random(side);
      if (grid.passable[y * side + x] !== 0) return { x, y };
    }
  };
  const place = (x: number, y: number): RtsUnit | null => {
    if (x < 0 || y < 0 || x >= side || y >= side || grid.passable[y * side + x] === 0) return null;
    try {
      return world.addUnit(x, y, { speed: 2 + random(3), priority: random(2) });
    } catch {
      return null;
    }
  };
  const members: RtsUnit[][] = [];
  for (let g = 0; g < Math.floor((units * 4) / 5 / RTS_GROUP_SIZE); g++) {
    const at = walkableTile();
    const list: RtsUnit[] = [];
    for (let k = 0; list.length < RTS_GROUP_SIZE && k < RTS_GROUP_SIZE * 4; k++) {
      const u = place(at.x + (k % 5), at.y + Math.floor(k / 5));
      if (u) list.push(u);
    }
    members.push(list);
  }
  while (world.units.length < units) place(random(side), random(side));
  const groups: (RtsGroup | null)[] = members.map(() => null);
  const order = (g: number) => {
    const to = walkableTile();
    const list = members[g] as RtsUnit[];
    if (list.length > 0)
      groups[g] = world.orderGroup(list, to.x, to.y, {
        formation: RTS_FORMATIONS[g % RTS_FORMATIONS.length] ?? null,
      });
  };
  for (let g = 0; g < members.length; g++) order(g);
  return {
    world,
    tick() {
      for (let g = 0; g < groups.length; g++) {
        const phase = groups[g]?.phase;
        if (phase === 'arrived' || phase === 'failed') order(g);
      }
      world.update(RTS_UPDATE_SECONDS);
    },
  };
}

/** Lets the page paint between chunks of work. */
const pause = () => new Promise((r) => setTimeout(r, 0));

export interface BehaviourRunOptions {
  crowdUnits: number[];
  rtsUnits: number[];
  /** Timed crowd steps per executor. */
  crowdSteps: number;
  /** Timed RTS updates per size. */
  rtsUpdates: number;
  /** Worker pools for the crowd, by worker count (0: main thread only). */
  services: ReadonlyMap<number, FieldService>;
  signal: AbortSignal;
  onProgress: (fraction: number, label: string) => void;
  onResult: (r: BehaviourResult) => void;
}

/** Runs the crowd cases (each executor on its own copy of the crowd), then the RTS sizes. */
export async function runBehaviours(o: BehaviourRunOptions): Promise<void> {
  const executors = [0, ...[...o.services.keys()].sort((a, b) => a - b)];
  const total =
    o.crowdUnits.length * executors.length * (o.crowdSteps + CROWD_WARMUP) + o.rtsUnits.length * (o.rtsUpdates + 20);
  let done = 0;
  const tick = (n: number, label: string) => {
    done += n;
    o.onProgress(done / total, label);
  };
  for (const units of o.crowdUnits) {
    for (const workers of executors) {
      const where = workers === 0 ? 'main thread' : `${workers} worker(s)`;
      tick(0, `crowd ${units} units, ${where}: setting up`);
      await pause();
      const crowd = createBenchCrowd(units);
      const service = o.services.get(workers);
      const step = async () => {
        if (service) await stepCrowdParallel(service, crowd, CROWD_DT);
        else stepCrowd(crowd, CROWD_DT);
      };
      for (let s = 0; s < CROWD_WARMUP; s++) await step();
      tick(CROWD_WARMUP, `crowd ${units} units, ${where}`);
      const times: number[] = [];
      for (let s = 0; s < o.crowdSteps; s++) {
        if (o.signal.aborted) return;
        const t0 = performance.now();
        await step();
        times.push(performance.now() - t0);
        tick(1, `crowd ${units} units, ${where}`);
        if (s % 5 === 4) await pause();
      }
      o.onResult(summary('crowd', units, workers, times));
    }
  }
  for (const units of o.rtsUnits) {
    tick(0, `rts ${units} units: setting up`);
    await pause();
    const scenario = createBenchRts(units);
    for (let i = 0; i < 20; i++) scenario.tick();
    tick(20, `rts ${units} units`);
    const times: number[] = [];
    for (let i = 0; i < o.rtsUpdates; i++) {
      if (o.signal.aborted) return;
      const t0 = performance.now();
      scenario.tick();
      times.push(performance.now() - t0);
      tick(1, `rts ${units} units`);
      if (i % 20 === 19) await pause();
    }
    o.onResult(summary('rts', units, 0, times));
  }
}
