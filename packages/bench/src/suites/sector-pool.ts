/**
 * The sector graph's pool build against its one-thread build: how much of the build stays on the main thread.
 * For each map, in rounds (the order of the three builds rotated each round, so a busy machine slows each alike):
 * the one-thread build (`buildSectorGraph` on the main thread), the pool build with 1 worker and with 2, each
 * timed (wall) and its main thread's CPU time read from Linux's schedstat (`threadCpuMs` on the main thread: message handling,
 * posting, allocation, garbage collection on this thread; not the time it waited for a core); then the same two
 * pool builds watched by a 1 ms ticker that reads that clock (`watchCpuTicks`): the most CPU time between two
 * ticks, an upper bound of the longest main-thread task that a loaded machine does not inflate (a CPU profile's
 * stretches of samples, as the sectors suite reports them, count the time the thread was preempted). The serial share is the pool build's main-thread CPU time over the one-thread build's
 * CPU time (a loaded machine stretches wall times, not CPU times); Amdahl's law then bounds the speed-up at N
 * workers to 1 / (share + (1 - share) / N). Medians of the rounds; the longest task is the worst round's. Each
 * service is warmed up on a small map of the same kind first (the workers' code compiled). On a machine shared
 * with other work, wall times drift by tens of percent; the process's CPU time (every thread) of a one-worker
 * build over the one-thread build's shows the work the pool adds, whatever the load.
 */
import { createFieldService, type FieldService } from '@fieldmarshal/core';
import { buildSectorGraph, buildSectorGraphInPool, type SectorGraphOptions } from '@fieldmarshal/core/sectors';
import { ProgressBar } from '../progress.js';
import { fmt, type Section } from '../report.js';
import { summarize, threadCpuMs } from '../stats.js';
import { sectorMap, watchCpuTicks } from './sectors-setup.js';

export interface SectorPoolSuiteOptions {
  /** Maps (`city-N`, `random-N`, Moving AI names). */
  maps: string[];
  /** Rounds per map. */
  rounds: number;
  graph: SectorGraphOptions;
}

/** The speed-up Amdahl's law allows `workers` workers when `share` of the one-thread time stays serial. */
export function amdahl(share: number, workers: number): number {
  return 1 / (share + (1 - share) / workers);
}

/** The warm-up map of `spec`: the same kind, 1024 wide (or the map itself when it is smaller). */
function warmupSpec(spec: string): string {
  const match = /^(city|random)-(\d+)$/.exec(spec);
  return match && Number(match[2]) > 1024 ? `${match[1]}-1024` : spec;
}

const median = (values: number[]) => summarize(values).median;

/** CPU time of the whole process (every thread) so far, ms. */
function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

export async function runSectorPool(options: SectorPoolSuiteOptions): Promise<Section[]> {
  const section: Section = {
    title:
      'Sector graph pool build: main-thread work against the one-thread build (octile; medians of rounds; ' +
      'serial share = main-thread CPU time of the pool build / CPU time of the one-thread build)',
    header: [
      'map',
      'rounds',
      '1 thread ms',
      '1 worker ms',
      '2 workers ms',
      '1 worker / 1 thread',
      'process CPU: 1 worker / 1 thread',
      '2 workers / 1 worker',
      'longest task CPU ms (1 w, 2 w)',
      '1 thread CPU ms',
      'busy CPU ms (1 w, 2 w)',
      'busy CPU ms, watched (1 w, 2 w)',
      'serial share (1 w, 2 w)',
      'speed-up allowed at 16',
    ],
    rows: [],
    data: [],
  };
  const services: FieldService[] = [await createFieldService({ workers: 1 }), await createFieldService({ workers: 2 })];
  const bar = new ProgressBar(options.maps.length, 'sector-pool');
  try {
    for (const spec of options.maps) {
      bar.setLabel(`${spec}: warm-up`);
      const small = sectorMap(warmupSpec(spec)).grid;
      buildSectorGraph(small, options.graph);
      for (const service of services) await buildSectorGraphInPool(service, small, options.graph);
      bar.setLabel(`${spec}: loading`);
      const grid = sectorMap(spec).grid;
      const one: number[] = [];
      const oneCpu: number[] = [];
      const oneAll: number[] = [];
      const all: number[][] = [[], []];
      const pool: number[][] = [[], []];
      const cpu: number[][] = [[], []];
      const longest: number[][] = [[], []];
      const busy: number[][] = [[], []];
      const ticks: number[][] = [[], []];
      const builds = [
        () => {
          const [a0, c0, t0] = [processCpuMs(), threadCpuMs(), performance.now()];
          buildSectorGraph(grid, options.graph);
          one.push(performance.now() - t0);
          oneCpu.push(threadCpuMs() - c0);
          oneAll.push(processCpuMs() - a0);
        },
        ...services.map((service, w) => async () => {
          const [a0, c0, t0] = [processCpuMs(), threadCpuMs(), performance.now()];
          await buildSectorGraphInPool(service, grid, options.graph);
          (pool[w] as number[]).push(performance.now() - t0);
          (cpu[w] as number[]).push(threadCpuMs() - c0);
          (all[w] as number[]).push(processCpuMs() - a0);
        }),
      ];
      for (let r = 0; r < options.rounds; r++) {
        bar.setLabel(`${spec}: round ${r + 1} of ${options.rounds}`);
        for (let k = 0; k < builds.length; k++) await (builds[(r + k) % builds.length] as () => unknown)();
        for (const [w, service] of services.entries()) {
          const watched = await watchCpuTicks(() => buildSectorGraphInPool(service, grid, options.graph));
          (longest[w] as number[]).push(watched.longestCpuMs);
          (busy[w] as number[]).push(watched.cpuMs);
          (ticks[w] as number[]).push(watched.ticks);
        }
      }
      const oneMs = median(one);
      const oneCpuMs = median(oneCpu);
      const [p1, p2] = pool.map(median) as [number, number];
      const [c1, c2] = cpu.map(median) as [number, number];
      const [b1, b2] = busy.map(median) as [number, number];
      const [l1, l2] = longest.map((l) => Math.max(...l)) as [number, number];
      const [s1, s2] = [c1 / oneCpuMs, c2 / oneCpuMs];
      const oneAllMs = median(oneAll);
      const [a1, a2] = all.map(median) as [number, number];
      const pct = (v: number) => `${(100 * v).toFixed(2)}%`;
      section.rows.push([
        spec,
        String(options.rounds),
        fmt(oneMs),
        fmt(p1),
        fmt(p2),
        `${(p1 / oneMs).toFixed(3)}x`,
        `${(a1 / oneAllMs).toFixed(3)}x`,
        `${(p1 / p2).toFixed(2)}x faster`,
        `${l1.toFixed(1)}, ${l2.toFixed(1)}`,
        fmt(oneCpuMs),
        `${c1.toFixed(1)}, ${c2.toFixed(1)}`,
        `${b1.toFixed(1)}, ${b2.toFixed(1)}`,
        `${pct(s1)}, ${pct(s2)}`,
        `${amdahl(s2, 16).toFixed(1)}x`,
      ]);
      section.data.push({
        suite: 'sector-pool',
        map: spec,
        case: 'pool build',
        tiles: grid.size,
        extra: {
          oneThreadMs: oneMs,
          oneWorkerMs: p1,
          twoWorkersMs: p2,
          oneWorkerOverOneThread: p1 / oneMs,
          processCpuOneThreadMs: oneAllMs,
          processCpuOneWorkerMs: a1,
          processCpuTwoWorkersMs: a2,
          twoOverOneWorker: p1 / p2,
          longestTaskMs1: l1,
          longestTaskMs2: l2,
          oneThreadCpuMs: oneCpuMs,
          busyCpuMs1: c1,
          busyCpuMs2: c2,
          busyWatchedMs1: b1,
          busyWatchedMs2: b2,
          ticks1: median(ticks[0] as number[]),
          ticks2: median(ticks[1] as number[]),
          serialShare1: s1,
          serialShare2: s2,
          allowedAt16: amdahl(s2, 16),
          oneThreadRuns: one.map((v) => v.toFixed(0)).join(' '),
          oneWorkerRuns: (pool[0] as number[]).map((v) => v.toFixed(0)).join(' '),
          twoWorkerRuns: (pool[1] as number[]).map((v) => v.toFixed(0)).join(' '),
          busyCpuRuns1: (cpu[0] as number[]).map((v) => v.toFixed(1)).join(' '),
          busyCpuRuns2: (cpu[1] as number[]).map((v) => v.toFixed(1)).join(' '),
          longestTaskRuns1: (longest[0] as number[]).map((v) => v.toFixed(1)).join(' '),
          longestTaskRuns2: (longest[1] as number[]).map((v) => v.toFixed(1)).join(' '),
        },
      });
      bar.tick();
    }
  } finally {
    bar.finish();
    for (const service of services) await service.close();
  }
  return [section];
}
