/**
 * The sector graph's pool build against its one-thread build: how much of the build stays on the main thread.
 * For each map, in rounds (the order of the three builds rotated each round, so a busy machine slows each alike):
 * the one-thread build (`buildSectorGraph` on the main thread), the pool build with 1 worker and with 2 (timed
 * unwatched), then the same two pool builds watched by a CPU profile of the main thread (sampled every 100 µs,
 * see `watchMainThread`): the longest main-thread task and the main thread's busy time (all its non-idle samples:
 * message handling, posting, allocation, garbage collection; time it sat idle or waited for a core does not
 * count). The serial share is that busy time over the one-thread build's time; Amdahl's law then bounds the
 * speed-up at N workers to 1 / (share + (1 - share) / N). Medians of the rounds; the longest task is the worst
 * round's. Each service is warmed up on a small map of the same kind first (the workers' code compiled).
 */
import { createFieldService, type FieldService } from '@fieldmarshal/core';
import { buildSectorGraph, buildSectorGraphInPool, type SectorGraphOptions } from '@fieldmarshal/core/sectors';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { summarize } from '../stats.js';
import { sectorMap, watchMainThread } from './sectors-setup.js';

export interface SectorPoolSuiteOptions {
  /** Maps (`city-N`, `random-N`, Moving AI names). */
  maps: string[];
  /** Rounds per map. */
  rounds: number;
  graph: SectorGraphOptions;
}

interface Section {
  title: string;
  header: string[];
  rows: string[][];
  data: Row[];
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

export async function runSectorPool(options: SectorPoolSuiteOptions): Promise<Section[]> {
  const section: Section = {
    title:
      'Sector graph pool build: main-thread work against the one-thread build (octile; medians of rounds, ' +
      'busy = main-thread CPU samples, serial share = busy / one-thread build)',
    header: [
      'map',
      'rounds',
      '1 thread ms',
      '1 worker ms',
      '2 workers ms',
      '1 worker / 1 thread',
      '2 workers / 1 worker',
      'longest task ms (1 w, 2 w)',
      'busy ms (1 w, 2 w)',
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
      const pool: number[][] = [[], []];
      const longest: number[][] = [[], []];
      const busy: number[][] = [[], []];
      const builds = [
        () => {
          const t0 = performance.now();
          buildSectorGraph(grid, options.graph);
          one.push(performance.now() - t0);
        },
        ...services.map((service, w) => async () => {
          const t0 = performance.now();
          await buildSectorGraphInPool(service, grid, options.graph);
          (pool[w] as number[]).push(performance.now() - t0);
        }),
      ];
      for (let r = 0; r < options.rounds; r++) {
        bar.setLabel(`${spec}: round ${r + 1} of ${options.rounds}`);
        for (let k = 0; k < builds.length; k++) await (builds[(r + k) % builds.length] as () => unknown)();
        for (const [w, service] of services.entries()) {
          const watched = await watchMainThread(() => buildSectorGraphInPool(service, grid, options.graph));
          (longest[w] as number[]).push(watched.longestTaskMs);
          (busy[w] as number[]).push(watched.workMs);
        }
      }
      const oneMs = median(one);
      const [p1, p2] = pool.map(median) as [number, number];
      const [b1, b2] = busy.map(median) as [number, number];
      const [l1, l2] = longest.map((l) => Math.max(...l)) as [number, number];
      const [s1, s2] = [b1 / oneMs, b2 / oneMs];
      const pct = (v: number) => `${(100 * v).toFixed(2)}%`;
      section.rows.push([
        spec,
        String(options.rounds),
        fmt(oneMs),
        fmt(p1),
        fmt(p2),
        `${(p1 / oneMs).toFixed(3)}x`,
        `${(p1 / p2).toFixed(2)}x faster`,
        `${l1.toFixed(1)}, ${l2.toFixed(1)}`,
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
          twoOverOneWorker: p1 / p2,
          longestTaskMs1: l1,
          longestTaskMs2: l2,
          busyMs1: b1,
          busyMs2: b2,
          serialShare1: s1,
          serialShare2: s2,
          allowedAt16: amdahl(s2, 16),
          oneThreadRuns: one.map((v) => v.toFixed(0)).join(' '),
          oneWorkerRuns: (pool[0] as number[]).map((v) => v.toFixed(0)).join(' '),
          twoWorkerRuns: (pool[1] as number[]).map((v) => v.toFixed(0)).join(' '),
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
