import { computeField, createFieldService, type FieldService, type Grid, generateMap } from '@fieldmarshal/core';
import {
  buildSetFields,
  buildSetFieldsInPool,
  type ConvexSets,
  createTacticSearch,
  decomposeConvexSets,
  type SetCostPair,
  setCostPairInPool,
  setCostsFrom,
  type TacticCostSource,
} from '@fieldmarshal/core/tactics';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { cpuMs, summarize } from '../stats.js';

/** The slice budget of the flank search, milliseconds: each `step` gets a deadline this far ahead. */
const SLICE_MS = 1;

interface TacticScene {
  name: string;
  grid: Grid;
  sets: ConvexSets;
  me: { x: number; y: number };
  target: { x: number; y: number };
}

/**
 * A seeded map, its convex sets and a player/target pair: the walkable tile nearest the centre (scanning along
 * the row) and the first of a spread of tiles that it can reach and that lies in another set.
 */
function tacticScene(kind: 'random' | 'rooms', side: number): TacticScene {
  const grid = generateMap(kind, side, side, { density: 0.2, seed: 1 });
  const sets = decomposeConvexSets(grid);
  const n = side * side;
  let i = Math.floor(n / 2) + Math.floor(side / 2);
  while (grid.passable[i % n] === 0) i++;
  const meTile = i % n;
  const me = { x: meTile % side, y: Math.floor(meTile / side) };
  const reach = computeField(grid, { goals: [me], metric: 'steps' }).cost;
  let target = me;
  for (let k = 1, t = meTile; k < n; k++) {
    t = (t + 7919 * 131) % n;
    const far = Math.abs((t % side) - me.x) + Math.abs(Math.floor(t / side) - me.y) > side / 4;
    if (far && Number.isFinite(reach[t] as number) && sets.setOf[t] !== sets.setOf[meTile]) {
      target = { x: t % side, y: Math.floor(t / side) };
      break;
    }
  }
  return { name: `${kind}-${side}`, grid, sets, me, target };
}

/** Runs the flank search over every set in slices of SLICE_MS; returns its total time and longest slice. */
function slicedSearch(
  scene: TacticScene,
  costs: TacticCostSource,
): { total: number; longest: number; longestCpu: number; slices: number } {
  const task = createTacticSearch(scene.grid, scene.sets, scene.me, scene.target, 'flank', {
    costs,
    maxCandidates: Number.POSITIVE_INFINITY,
  });
  let longest = 0;
  let longestCpu = 0;
  let slices = 0;
  const t0 = performance.now();
  for (let done = false; !done; slices++) {
    const c0 = cpuMs();
    const s0 = performance.now();
    done = task.step(s0 + SLICE_MS);
    longest = Math.max(longest, performance.now() - s0);
    longestCpu = Math.max(longestCpu, cpuMs() - c0);
  }
  const total = performance.now() - t0;
  if (task.result().candidates.length === 0) throw new Error(`${scene.name}: the flank search kept no set`);
  return { total, longest, longestCpu, slices };
}

/**
 * The flank search of seed 000 over about 10,000 convex sets (random-256, 20% walls): the set costs of both
 * characters (two BFS, on this thread or in 2 workers), then the search over every set in slices of at most 1 ms
 * (`createTacticSearch` stepped with a deadline), as a game runs it between frames. Reports the median total and
 * the longest slice of any repetition, in wall time and in CPU time (the median over repetitions of each run's
 * longest slice, and the worst; CPU time does not count the time the thread waited for a core on a busy machine);
 * with `costs: 'two-field'` the first slice also computes the two BFS.
 */
export async function runTactics(options: { reps: number; warmup: number }) {
  const data: Row[] = [];
  const rows: string[][] = [];
  const scene = tacticScene('random', 256);
  const cases = [
    'costs on this thread, then search',
    'costs in 2 workers, then search',
    "costs: 'two-field' (in the first slice)",
  ];
  const bar = new ProgressBar(cases.length * (options.reps + Math.max(options.warmup, 5)), 'tactics');
  const service = await createFieldService({ workers: 2 });
  try {
    for (const name of cases) {
      bar.setLabel(name);
      const totals: number[] = [];
      const costTimes: number[] = [];
      let longest = 0;
      let longestCpu = 0;
      const runLongestCpu: number[] = [];
      let slices = 0;
      // The search loop is short: warm it up well, so that the slices time the optimised code, not the JIT.
      const warmup = Math.max(options.warmup, 5);
      for (let r = 0; r < options.reps + warmup; r++) {
        const t0 = performance.now();
        let costs: TacticCostSource = 'two-field';
        if (name.startsWith('costs on this thread'))
          costs = {
            me: setCostsFrom(scene.grid, scene.sets, { x: scene.me.x, y: scene.me.y }),
            target: setCostsFrom(scene.grid, scene.sets, { x: scene.target.x, y: scene.target.y }),
          } satisfies SetCostPair;
        else if (name.startsWith('costs in 2 workers'))
          costs = await setCostPairInPool(service, scene.grid, scene.sets, scene.me, scene.target);
        const t1 = performance.now();
        const run = slicedSearch(scene, costs);
        if (r >= warmup) {
          totals.push(t1 - t0 + run.total);
          costTimes.push(t1 - t0);
          longest = Math.max(longest, run.longest);
          longestCpu = Math.max(longestCpu, run.longestCpu);
          runLongestCpu.push(run.longestCpu);
          slices = run.slices;
        }
        bar.tick();
      }
      const stats = summarize(totals);
      const costStats = summarize(costTimes);
      const sliceCpu = summarize(runLongestCpu);
      data.push({
        suite: 'tactics',
        map: scene.name,
        case: name,
        stats,
        extra: {
          sets: scene.sets.count,
          costsMedianMs: costStats.median,
          longestSliceMs: longest,
          longestSliceCpuMs: longestCpu,
          longestSliceCpuMedianMs: sliceCpu.median,
          slices,
        },
      });
      rows.push([
        name,
        `${scene.name}, ${scene.sets.count} sets`,
        fmt(stats.median),
        fmt(costStats.median),
        `${slices}`,
        fmt(longest),
        `${fmt(sliceCpu.median)} / ${fmt(longestCpu)}`,
      ]);
    }
  } finally {
    await service.close();
  }
  bar.finish();
  return {
    title: `Flank search (seed 000) over every set, slices of ${SLICE_MS} ms`,
    header: [
      'case',
      'map',
      'total median ms',
      'costs median ms',
      'slices',
      'longest slice ms',
      'longest slice cpu ms (median run / worst)',
    ],
    rows,
    data,
  };
}

/**
 * Per-set fields (seed 000: one field per convex set, for O(1) set costs): milliseconds to build all of them on
 * this thread and in 1 and 2 workers (`buildSetFields`, `buildSetFieldsInPool`), on maps whose sets x tiles fit
 * the default memory limit. Executors interleaved per repetition.
 */
export async function runSetFields(options: { reps: number; warmup: number }) {
  const data: Row[] = [];
  const rows: string[][] = [];
  const scenes = [tacticScene('random', 128), tacticScene('rooms', 256)];
  const executors = ['main', 1, 2] as const;
  const bar = new ProgressBar(scenes.length * executors.length * (options.reps + options.warmup), 'set-fields');
  const services = new Map<number, FieldService>();
  try {
    for (const workers of [1, 2]) services.set(workers, await createFieldService({ workers }));
    for (const scene of scenes) {
      const samples: number[][] = executors.map(() => []);
      for (let r = 0; r < options.reps + options.warmup; r++) {
        for (let e = 0; e < executors.length; e++) {
          const executor = executors[e] as (typeof executors)[number];
          bar.setLabel(`${scene.name}, ${executor}`);
          const t0 = performance.now();
          if (executor === 'main') buildSetFields(scene.grid, scene.sets);
          else await buildSetFieldsInPool(services.get(executor) as FieldService, scene.grid, scene.sets);
          if (r >= options.warmup) (samples[e] as number[]).push(performance.now() - t0);
          bar.tick();
        }
      }
      executors.forEach((executor, e) => {
        const stats = summarize(samples[e] as number[]);
        const where = executor === 'main' ? 'main thread' : `${executor} worker${executor > 1 ? 's' : ''}`;
        const perField = stats.median / scene.sets.count;
        data.push({
          suite: 'set-fields',
          map: scene.name,
          case: `${scene.sets.count} per-set fields, ${where}`,
          tiles: scene.grid.width * scene.grid.height,
          stats,
          extra: { sets: scene.sets.count, msPerField: perField },
        });
        rows.push([
          `${scene.name}, ${scene.sets.count} sets`,
          where,
          fmt(stats.median),
          `${fmt(stats.p10)}-${fmt(stats.p90)}`,
          (perField * 1000).toFixed(1),
        ]);
      });
    }
  } finally {
    for (const s of services.values()) await s.close();
  }
  bar.finish();
  return {
    title: 'Per-set fields (one steps field per convex set)',
    header: ['map', 'where', 'median ms', 'p10-p90 ms', 'us per field'],
    rows,
    data,
  };
}
