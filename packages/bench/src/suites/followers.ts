import { Worker } from 'node:worker_threads';
import { computeField, computeFlow, createRandom, generateMap } from '@fieldmarshal/core';
import {
  addFollower,
  addFollowTarget,
  countFollowerStep,
  createFollowers,
  type Followers,
  followerCount,
  followersBuffers,
  stepFollowers,
} from '@fieldmarshal/core/flow';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { summarize, threadCpuMs } from '../stats.js';
import { centralGoal } from './flow.js';

const SIDE = 1024;
const DT = 1 / 60;
const WARMUP_STEPS = 30;
/** Where a step runs: this thread, or split over bare worker threads running the step's worker half. */
type Executor = 'main' | 1 | 2;
const EXECUTORS: readonly Executor[] = ['main', 1, 2];

/** `units` followers scattered over the reachable tiles of the map, one flow (radius 0.25) to its central tile. */
function createBenchFollowers(spec: 'random' | 'rooms', units: number): Followers {
  const grid = generateMap(spec, SIDE, SIDE, { density: 0.2, seed: 1 });
  const goal = centralGoal(grid);
  const field = computeField(grid, { goals: [goal] });
  const flow = computeFlow(grid, field, { radius: 0.25 });
  const f = createFollowers({ grid, capacity: units, shared: true });
  const t = addFollowTarget(f, { flow });
  const random = createRandom(7);
  while (followerCount(f) < units) {
    const i = Math.floor(random() * grid.size);
    if (!((field.cost[i] as number) < Number.POSITIVE_INFINITY) || (field.cost[i] as number) < 2) continue;
    addFollower(
      f,
      { x: (i % SIDE) + 0.3 + random() * 0.4, y: Math.floor(i / SIDE) + 0.3 + random() * 0.4 },
      { target: t, speed: 3 },
    );
  }
  return f;
}

/** A pool of bare worker threads stepping ranges of one followers container. */
class RangePool {
  private readonly workers: Worker[];
  constructor(count: number) {
    this.workers = Array.from({ length: count }, () => new Worker(new URL('../followers-worker.js', import.meta.url)));
  }
  /** Posts `message` to `w`; resolves with its reply (a step's: the worker's CPU time for its range, ms). */
  private ask(w: Worker, message: unknown): Promise<number> {
    return new Promise((resolve, reject) => {
      // Each ask removes its own listeners (left behind, they added up to a listener leak warning).
      const onError = (error: unknown) => {
        w.off('message', onMessage);
        reject(error);
      };
      const onMessage = (reply: unknown) => {
        w.off('error', onError);
        resolve(typeof reply === 'number' ? reply : Number.NaN);
      };
      w.once('message', onMessage);
      w.once('error', onError);
      w.postMessage(message);
    });
  }
  async init(f: Followers): Promise<void> {
    const b = followersBuffers(f);
    const grid = f.grid.buffer;
    await Promise.all(
      this.workers.map((w) => this.ask(w, { init: { followers: b.followers, grid, targets: b.targets } })),
    );
  }
  /** One step split into one range per worker; resolves with the slowest worker's CPU time for it, ms. */
  async step(f: Followers, dt: number): Promise<number> {
    const n = followerCount(f);
    const k = this.workers.length;
    const cpu = await Promise.all(
      this.workers.map((w, p) => this.ask(w, { from: Math.floor((p * n) / k), to: Math.floor(((p + 1) * n) / k), dt })),
    );
    countFollowerStep(f);
    return Math.max(...cpu);
  }
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/**
 * Followers (`stepFollowers`): milliseconds per step of `units` followers on one flow of a 1024^2 map, on this
 * thread and split over 1 and 2 worker threads running the step's worker half (`runFollowersStepRange`) on the
 * shared buffer. Each executor steps its own copy; interleaved rounds; the copies must stay bit-identical. Beside
 * the wall time, each step's CPU time on its slowest thread (Linux schedstat; NaN elsewhere): the work itself, which
 * on a machine shared with other processes the wall time overstates (time waiting for a core, and other processes'
 * use of the memory system are not the step's).
 */
export async function runFollowers(options: {
  units: number;
  maps: ('random' | 'rooms')[];
  rounds: number;
  steps: number;
}) {
  const data: Row[] = [];
  const rows: string[][] = [];
  const bar = new ProgressBar(options.maps.length * EXECUTORS.length * (options.rounds * options.steps + WARMUP_STEPS));
  const pools = new Map<number, RangePool>([
    [1, new RangePool(1)],
    [2, new RangePool(2)],
  ]);
  try {
    for (const spec of options.maps) {
      bar.setLabel(`${spec}-${SIDE}: setting up`);
      const copies = EXECUTORS.map(() => createBenchFollowers(spec, options.units));
      for (let e = 1; e < EXECUTORS.length; e++)
        await (pools.get(EXECUTORS[e] as number) as RangePool).init(copies[e] as Followers);
      // A step; resolves with the CPU time of its slowest thread, ms (the critical path, which leaves out the time
      // a thread waited for a core: on a shared machine the wall time also counts other processes' work).
      const step = async (e: number): Promise<number> => {
        const executor = EXECUTORS[e] as Executor;
        if (executor !== 'main') return (pools.get(executor) as RangePool).step(copies[e] as Followers, DT);
        const cpu = threadCpuMs();
        stepFollowers(copies[e] as Followers, DT);
        return threadCpuMs() - cpu;
      };
      for (let e = 0; e < EXECUTORS.length; e++) {
        for (let s = 0; s < WARMUP_STEPS; s++) await step(e);
        bar.tick(WARMUP_STEPS);
      }
      const samples: number[][] = EXECUTORS.map(() => []);
      const cpuSamples: number[][] = EXECUTORS.map(() => []);
      for (let r = 0; r < options.rounds; r++) {
        for (let e = 0; e < EXECUTORS.length; e++) {
          for (let s = 0; s < options.steps; s++) {
            const t0 = performance.now();
            const cpu = await step(e);
            (samples[e] as number[]).push(performance.now() - t0);
            (cpuSamples[e] as number[]).push(cpu);
            bar.tick();
          }
        }
      }
      const bytes = (f: Followers) => Buffer.from(new Uint8Array(f.buffer.slice(0)));
      const reference = bytes(copies[0] as Followers);
      const main = summarize(samples[0] as number[]).median;
      const mainCpu = summarize(cpuSamples[0] as number[]).median;
      EXECUTORS.forEach((executor, e) => {
        const stats = summarize(samples[e] as number[]);
        const cpu = summarize(cpuSamples[e] as number[]).median;
        const same = Buffer.compare(reference, bytes(copies[e] as Followers)) === 0;
        const where = executor === 'main' ? 'main thread' : `${executor} worker${executor > 1 ? 's' : ''}`;
        data.push({
          suite: 'followers',
          map: `${spec}-${SIDE}`,
          case: `${options.units} followers, one flow, ${where}`,
          stats,
          extra: {
            units: options.units,
            executor: String(executor),
            sameState: String(same),
            speedUp: main / stats.median,
            cpuMs: cpu,
            cpuSpeedUp: mainCpu / cpu,
          },
        });
        rows.push([
          `${options.units} followers`,
          `${spec}-${SIDE}`,
          where,
          `${samples[e]?.length}`,
          fmt(stats.median),
          `${fmt(stats.p10)}-${fmt(stats.p90)}`,
          (main / stats.median).toFixed(2),
          fmt(cpu),
          (mainCpu / cpu).toFixed(2),
          same ? 'yes' : 'NO',
        ]);
      });
    }
  } finally {
    for (const p of pools.values()) await p.close();
  }
  bar.finish();
  return {
    title: `Followers on one flow (radius 0.25, 3 tiles/s), ${SIDE}x${SIDE}, one ${(DT * 1000).toFixed(1)} ms step per sample (workers: bare worker_threads running the step's worker half)`,
    header: [
      'case',
      'map',
      'where',
      'steps',
      'median ms',
      'p10-p90 ms',
      'speed-up',
      'CPU ms, slowest thread',
      'CPU speed-up',
      'same state',
    ],
    rows,
    data,
  };
}
