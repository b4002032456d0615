import {
  createFieldService,
  type FieldService,
  type FieldServiceMode,
  type Grid,
  generateMap,
} from '@fieldmarshal/core';
import { addCrowdUnit, commandCrowdGroup, createCrowd, stepCrowdParallel } from '@fieldmarshal/core/crowd';
import { buildSectorGraphInPool } from '@fieldmarshal/core/sectors';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { summarize, threadCpuMs } from '../stats.js';

/** The execution modes compared: `transfer` is timed against `shared` (Node has shared memory). */
const MODES: FieldServiceMode[] = ['shared', 'transfer'];

/** The bounds on transfer over shared, by case. */
const TARGET: Record<string, number> = { field: 1.25, fields: 1.25, graph: 1.3, crowd: 1.5 };

interface Case {
  kind: keyof typeof TARGET;
  label: string;
  map: string;
  /** Sets up the case on a service (untimed), returns the timed run. */
  prepare(service: FieldService, mode: FieldServiceMode): Promise<() => Promise<unknown>>;
}

/** The first `n` walkable tiles found by striding through the grid. */
function goalsOf(grid: Grid, n: number): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  for (let i = 0; out.length < n; i += 65_537) {
    const t = (i * 7919) % grid.size;
    if (grid.passable[t]) out.push({ x: t % grid.width, y: Math.floor(t / grid.width) });
  }
  return out;
}

/** A grid as a page of `mode` makes it: on shared memory only in `shared` mode. */
function own(grid: Grid, mode: FieldServiceMode): Grid {
  return mode === 'shared' ? grid : grid.clone({ shared: false });
}

function cases(sizes: readonly number[]): Case[] {
  const list: Case[] = [];
  for (const size of sizes) {
    const grid = generateMap('random', size, size, { density: 0.2, seed: 1 });
    const map = `random-${size}`;
    list.push({
      kind: 'field',
      label: 'one octile field',
      map,
      async prepare(service, mode) {
        const g = own(grid, mode);
        const [goal] = goalsOf(g, 1);
        return async () => service.release(await service.computeField(g, { goals: [goal as never], metric: 'octile' }));
      },
    });
    if (size <= 1024)
      list.push({
        kind: 'fields',
        label: '16 octile fields',
        map,
        async prepare(service, mode) {
          const g = own(grid, mode);
          const goals = goalsOf(g, 16);
          return async () => {
            const fields = await Promise.all(
              goals.map((goal) => service.computeField(g, { goals: [goal], metric: 'octile' })),
            );
            // PERF: hand the buffers back for reuse, as a game loop would; they are already paged in.
            for (const f of fields) service.release(f);
          };
        },
      });
    list.push({
      kind: 'graph',
      label: 'sector graph build',
      map,
      async prepare(service, mode) {
        const g = own(grid, mode);
        return () => buildSectorGraphInPool(service, g);
      },
    });
  }
  const crowdGrid = generateMap('rooms', 1024, 1024, { seed: 4 });
  list.push({
    kind: 'crowd',
    label: '50k-unit crowd step',
    map: 'rooms-1024',
    async prepare(service, mode) {
      const g = own(crowdGrid, mode);
      const crowd = createCrowd({ grid: g, capacity: 50_000, groups: 2, shared: mode === 'shared' });
      for (let i = 0, t = 0; i < 50_000 && t < g.size * 4; t += 13) {
        const tile = (t * 7919) % g.size;
        if (!g.passable[tile]) continue;
        addCrowdUnit(crowd, { x: (tile % g.width) + 0.5, y: Math.floor(tile / g.width) + 0.5 }, i % 2);
        i++;
      }
      const [a, b] = goalsOf(g, 2) as [{ x: number; y: number }, { x: number; y: number }];
      commandCrowdGroup(crowd, 0, { x: a.x + 0.5, y: a.y + 0.5 }, { useField: false });
      commandCrowdGroup(crowd, 1, { x: b.x + 0.5, y: b.y + 0.5 }, { useField: false });
      return () => stepCrowdParallel(service, crowd, 1 / 30);
    },
  });
  return list;
}

/**
 * The calling thread's CPU clock ({@link threadCpuMs}), or null where it cannot be read.
 * PERF: a wall-clock slice of the main thread includes the time the OS gave its core to a worker; with as many
 * busy workers as cores, a 0.1 ms post can measure 5 ms (one scheduler quantum). CPU time leaves that out.
 */
function threadCpuClock(): (() => number) | null {
  return Number.isFinite(threadCpuMs()) ? threadCpuMs : null;
}

/**
 * The service's main-thread time per run and its longest slice in each mode, over a warm-up and three runs of
 * `c` on fresh services timed by the thread's CPU clock (wall clock where there is none: then the numbers
 * include preemption).
 */
async function mainThreadCost(c: Case, clock: (() => number) | null): Promise<{ perRun: number; longest: number }[]> {
  const out: { perRun: number; longest: number }[] = [];
  for (const mode of MODES) {
    const service = await createFieldService({ mode, workers: 2, ...(clock ? { clock } : {}) });
    try {
      const run = await c.prepare(service, mode);
      await run();
      const before = service.stats().mainThreadMs;
      for (let r = 0; r < 3; r++) await run();
      const stats = service.stats();
      out.push({ perRun: (stats.mainThreadMs - before) / 3, longest: stats.longestMainThreadMs });
    } finally {
      await service.close();
    }
  }
  return out;
}

/**
 * The worker service in its two worker modes on the same machine in the same run: each case timed alternately in
 * `shared` and `transfer` mode (2 workers each), so both see the same load. Reports medians, the transfer/shared
 * ratio against the target, the main thread's time the service took per run (`stats().mainThreadMs`), and its
 * longest single slice (`stats().longestMainThreadMs`), both measured apart in thread CPU time (see
 * {@link mainThreadCost}).
 */
export async function runService(options: { reps: number; warmup: number; serviceSizes?: readonly number[] }) {
  const data: Row[] = [];
  const rows: string[][] = [];
  const list = cases(options.serviceSizes ?? [1024, 4096]);
  const clock = threadCpuClock();
  const unit = clock ? 'CPU ms' : 'ms';
  const reps = Math.max(3, Math.min(options.reps, 7));
  const bar = new ProgressBar(list.length * MODES.length * (reps + 1), 'service');
  for (const c of list) {
    // Fresh services per case.
    const services = await Promise.all(MODES.map((mode) => createFieldService({ mode, workers: 2 })));
    try {
      bar.setLabel(`${c.label}, ${c.map}`);
      const runs = await Promise.all(services.map((s, k) => c.prepare(s, MODES[k] as FieldServiceMode)));
      const samples: number[][] = MODES.map(() => []);
      for (let r = 0; r <= reps; r++) {
        for (let k = 0; k < MODES.length; k++) {
          const t0 = performance.now();
          await (runs[k] as () => Promise<unknown>)();
          const ms = performance.now() - t0;
          bar.tick();
          if (r === 0) continue; // warm-up
          samples[k]?.push(ms);
        }
      }
      const cost = await mainThreadCost(c, clock);
      const medians = samples.map((s) => summarize(s).median);
      const shared = medians[0] as number;
      MODES.forEach((mode, k) => {
        const stats = summarize(samples[k] as number[]);
        const main = cost[k]?.perRun ?? Number.NaN;
        data.push({ suite: 'service', map: c.map, case: `${c.label}, ${mode}`, stats });
        const ratio = (medians[k] as number) / shared;
        rows.push([
          `${c.label}, ${c.map}`,
          mode,
          fmt(stats.median),
          `${fmt(stats.p10)}-${fmt(stats.p90)}`,
          k === 0
            ? '1.00x'
            : `${ratio.toFixed(2)}x (target <= ${TARGET[c.kind]}x${ratio <= (TARGET[c.kind] as number) ? ', met' : ', missed'})`,
          `${fmt(main)} (${((100 * main) / (medians[k] as number)).toFixed(1)}%)`,
          fmt(cost[k]?.longest ?? Number.NaN),
        ]);
      });
    } finally {
      await Promise.all(services.map((s) => s.close()));
    }
  }
  bar.finish();
  return {
    title: 'Worker service in each mode (Node worker_threads, 2 workers, shared and transfer interleaved)',
    header: [
      'case',
      'mode',
      'median ms',
      'p10-p90 ms',
      'transfer / shared',
      `main thread ${unit} per run`,
      `longest slice ${unit}`,
    ],
    rows,
    data,
  };
}
