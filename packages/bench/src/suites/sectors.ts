import { computeField, createFieldService, type FieldService, type Grid } from '@fieldmarshal/core';
import {
  buildSectorGraph,
  buildSectorGraphInPool,
  corridorFieldInPool,
  type SectorGraph,
  type SectorGraphOptions,
  type SectorPathInfo,
  updateSectorGraphInPool,
} from '@fieldmarshal/core/sectors';
import { loadMovingAi } from '../maps.js';
import { ProgressBar } from '../progress.js';
import { fmt, type Section } from '../report.js';
import { createPeer } from '../scenarios/peers.js';
import { percentile, summarize } from '../stats.js';
import { centralTile, farPairs, rng, sectorMap, unitStarts, watchMainThread } from './sectors-setup.js';

/**
 * The sector graph (buildSectorGraph) against one full field and PathFinding.js A*: build time, query time,
 * corridor-field time, update time, memory, and path cost against the exact optimum, on every shipped Moving AI
 * scenario row and on big generated maps (`random-N` with 20% walls, `city-N` the Berlin map scaled up).
 * Times are medians; the machine is shared, so the ratios (taken from runs interleaved in the same process) say
 * more than the absolute times.
 */
export interface SectorSuiteOptions {
  movingAi: string[];
  big: string[];
  /** Far pairs per big map (grouped over 4 goals). */
  pairs: number;
  units: number;
  edits: number;
  graph: SectorGraphOptions;
}

const pct = (v: number) => `${(100 * v).toFixed(3)}%`;
const ms = (v: number) => fmt(v);

/** Relative excess of `cost` over `optimum` (0 for an exact row). */
function excess(cost: number, optimum: number): number {
  return optimum > 0 ? Math.max(0, cost / optimum - 1) : 0;
}

interface Quality {
  avg: number;
  worst: number;
  exact: number;
  rows: number;
  bad: number;
}

function quality(costs: number[], optimum: number[]): Quality {
  let sum = 0;
  let worst = 0;
  let exact = 0;
  let bad = 0;
  let rows = 0;
  for (let i = 0; i < costs.length; i++) {
    const c = costs[i] as number;
    const o = optimum[i] as number;
    if (!Number.isFinite(o)) {
      if (Number.isFinite(c)) bad++;
      continue;
    }
    if (!Number.isFinite(c) || c < o * (1 - 1e-5)) bad++;
    const e = excess(c, o);
    sum += e;
    worst = Math.max(worst, e);
    if (e <= 1e-5) exact++;
    rows++;
  }
  return { avg: rows ? sum / rows : 0, worst, exact, rows, bad };
}

/**
 * Times every query once after an untimed pass; returns the times, the costs (Infinity for null) and how each
 * path was refined (from the untimed pass).
 */
function timeQueries(graph: SectorGraph, pairs: number[][], refine?: 'sectors' | 'corridor') {
  const costs: number[] = [];
  const times: number[] = [];
  const refined: string[] = [];
  const info = {} as SectorPathInfo;
  for (const [sx, sy, gx, gy] of pairs as [number, number, number, number][]) {
    graph.findPath({ x: sx, y: sy }, { x: gx, y: gy }, refine ? { refine, info } : { info });
    refined.push(info.refined);
  }
  const options = refine ? { refine } : undefined;
  for (const [sx, sy, gx, gy] of pairs as [number, number, number, number][]) {
    const t0 = performance.now();
    const found = graph.findPath({ x: sx, y: sy }, { x: gx, y: gy }, options);
    times.push(performance.now() - t0);
    costs.push(found ? found.cost : Number.POSITIVE_INFINITY);
  }
  return { costs, times: summarize(times), refined };
}

/** PathFinding.js A* on the same pairs (median ms per search, its grid clone not timed). */
function peerQueries(grid: Grid, pairs: number[][]): number {
  const peer = createPeer('pf-astar');
  peer.prepare(grid);
  const times: number[] = [];
  for (const [sx, sy, gx, gy] of pairs as [number, number, number, number][]) {
    peer.beforeSearch?.();
    const t0 = performance.now();
    peer.search(sx, sy, gx, gy);
    times.push(performance.now() - t0);
  }
  return summarize(times).median;
}

/** Timed calls per corridor field case (sync and pool alternating); medians. */
const CORRIDOR_REPS = 5;

/** Builds `graph` and computes a full field alternately, `reps` times each; medians. */
function buildAgainstField(grid: Grid, options: SectorGraphOptions, reps: number) {
  const goal = centralTile(grid);
  const cost = new Float64Array(grid.size);
  const dir = new Uint8Array(grid.size);
  const field: number[] = [];
  const build: number[] = [];
  let graph: SectorGraph | null = null;
  for (let r = 0; r < reps; r++) {
    let t0 = performance.now();
    computeField(grid, { goals: [goal], metric: 'octile', out: { cost, dir } });
    field.push(performance.now() - t0);
    graph = null;
    t0 = performance.now();
    graph = buildSectorGraph(grid, options);
    build.push(performance.now() - t0);
  }
  return { graph: graph as SectorGraph, field: summarize(field).median, build: summarize(build).median };
}

export async function runSectors(options: SectorSuiteOptions): Promise<Section[]> {
  const sections: Section[] = [];
  const targets: string[][] = [];
  const bar = new ProgressBar(options.movingAi.length + options.big.length, 'sectors');
  // Moving AI: every scenario row.
  const scenario: Section = {
    title: `Sector graphs on every Moving AI scenario row (octile, ${JSON.stringify(options.graph)})`,
    header: [
      'map',
      'rows',
      'build ms',
      'full field ms',
      'entrances',
      'bytes/tile',
      'findPath ms',
      'PF A* ms',
      'avg over optimum',
      'worst',
      'exact rows',
      'sectors-only avg / worst',
    ],
    rows: [],
    data: [],
  };
  let allCosts: number[] = [];
  let allOptimum: number[] = [];
  const over: Section = {
    title: 'Moving AI rows more than 1% over the optimum (default options)',
    header: ['map', 'row', 'start', 'goal', 'optimum', 'cost', 'over', 'refined'],
    rows: [],
    data: [],
  };
  for (const name of options.movingAi) {
    bar.setLabel(`${name}`);
    const map = loadMovingAi(name);
    const grid = map.grid;
    const { graph, field, build } = buildAgainstField(grid, options.graph, 3);
    const pairs = map.scenarios.map((r) => r.slice(0, 4));
    const optimum = map.scenarios.map((r) => r[4] as number);
    const auto = timeQueries(graph, pairs);
    const bySectors = timeQueries(graph, pairs, 'sectors');
    const q = quality(auto.costs, optimum);
    const qs = quality(bySectors.costs, optimum);
    for (let i = 0; i < pairs.length; i++) {
      const e = excess(auto.costs[i] as number, optimum[i] as number);
      if (!(e > 0.01)) continue;
      const [sx, sy, gx, gy] = pairs[i] as number[];
      over.rows.push([
        name,
        String(i + 2),
        `${sx}, ${sy}`,
        `${gx}, ${gy}`,
        (optimum[i] as number).toFixed(3),
        (auto.costs[i] as number).toFixed(3),
        pct(e),
        auto.refined[i] as string,
      ]);
      over.data.push({ suite: 'sectors', map: name, case: `row ${i + 2} over 1%`, extra: { excess: e } });
    }
    allCosts = allCosts.concat(auto.costs);
    allOptimum = allOptimum.concat(optimum);
    // PathFinding.js on every 10th row (its search is slow on the big mazes).
    const pf = peerQueries(
      grid,
      pairs.filter((_, i) => i % 10 === 0),
    );
    const stats = graph.stats();
    scenario.rows.push([
      name,
      String(pairs.length),
      ms(build),
      ms(field),
      String(stats.entrances),
      (stats.bytes / grid.size).toFixed(2),
      ms(auto.times.median),
      ms(pf),
      pct(q.avg),
      pct(q.worst),
      `${q.exact}/${q.rows}${q.bad ? ` (${q.bad} WRONG)` : ''}`,
      `${pct(qs.avg)} / ${pct(qs.worst)}`,
    ]);
    scenario.data.push({
      suite: 'sectors',
      map: name,
      case: 'moving ai rows',
      tiles: grid.size,
      stats: auto.times,
      extra: { build, field, pf, avg: q.avg, worst: q.worst, exact: q.exact, rows: q.rows, bad: q.bad },
    });
    bar.tick();
  }
  if (options.movingAi.length > 0) {
    const q = quality(allCosts, allOptimum);
    scenario.rows.push([
      'all',
      String(q.rows),
      '',
      '',
      '',
      '',
      '',
      '',
      pct(q.avg),
      pct(q.worst),
      `${q.exact}/${q.rows}`,
      '',
    ]);
    targets.push([
      `Moving AI rows (${options.movingAi.length} maps, every row): avg <= 0.3%, worst <= 2% over optimum`,
      `avg ${pct(q.avg)}, worst ${pct(q.worst)}, ${over.rows.length} rows over 1%`,
      q.avg <= 0.003 && q.worst <= 0.02 ? 'met' : 'MISSED',
    ]);
    sections.push(scenario, over);
  }
  if (options.big.length > 0) {
    const service = await createFieldService({ workers: 2 });
    try {
      const big = await bigMaps(service, options, bar, targets);
      sections.push(...big);
    } finally {
      await service.close();
    }
  }
  bar.finish();
  sections.push({
    title: 'Sector graph targets (issues 19 and 34)',
    header: ['target', 'measured', 'status'],
    rows: targets,
    data: targets.map((t) => ({
      suite: 'sectors',
      map: '',
      case: t[0] as string,
      extra: { measured: t[1] as string, status: t[2] as string },
    })),
  });
  return sections;
}

async function bigMaps(service: FieldService, options: SectorSuiteOptions, bar: ProgressBar, targets: string[][]) {
  const build: Section = {
    title: 'Sector graphs on big maps: build, queries, memory (octile; "pool" = 2 workers)',
    header: [
      'map',
      'full field ms',
      'build 1 thread ms',
      'build pool ms',
      'pool / field',
      'main thread: longest task / work ms (loop delay max)',
      'entrances',
      'bytes/tile',
      'findPath median ms',
      'p90 ms',
      'field / findPath',
      'firstMove ms',
      'avg over optimum',
      'worst',
      'PF A* ms',
    ],
    rows: [],
    data: [],
  };
  const fields: Section = {
    title: `Corridor fields for ${options.units} units and one goal, against one full field (medians of ${CORRIDOR_REPS} calls, 2 when spread)`,
    header: [
      'map',
      'units',
      'sync ms',
      'pool ms',
      'main thread: longest task / work ms (loop delay max)',
      '% of full field',
      'full field fallback',
      'sectors',
      'tiles',
      'bytes',
    ],
    rows: [],
    data: [],
  };
  const updates: Section = {
    title: 'update() after a single-tile edit (a wall put on a random walkable tile, then removed)',
    header: ['map', 'edits', 'median ms', 'p95 ms', 'max ms', 'sectors rebuilt (median)', 'component recomputes'],
    rows: [],
    data: [],
  };
  // Warm the pool functions' main-thread code on a small map first: the main-thread watch of the first big map
  // would otherwise time the compiling of that code (5 to 10 ms tasks) instead of the code.
  {
    const small = sectorMap('city-512').grid;
    const g = await buildSectorGraphInPool(service, small, options.graph);
    const goal = centralTile(small);
    for (const clustered of [true, false])
      await corridorFieldInPool(service, g, goal, unitStarts(small, 100, 7, clustered));
    small.setPassable(goal.x, goal.y, 0);
    await updateSectorGraphInPool(service, g);
  }
  for (const spec of options.big) {
    bar.setLabel(`${spec}: loading`);
    const grid = sectorMap(spec).grid;
    bar.setLabel(`${spec}: exact fields`);
    const goals = 4;
    const far = farPairs(grid, goals, Math.ceil(options.pairs / goals), 19);
    bar.setLabel(`${spec}: build`);
    const { graph, field, build: oneThread } = buildAgainstField(grid, options.graph, grid.size > 1 << 24 ? 1 : 2);
    const pooled = await watchMainThread(() => buildSectorGraphInPool(service, grid, options.graph));
    // The longest main-thread task of any pool call on this map (build, corridor fields, update).
    let longestTask = pooled.longestTaskMs;
    const poolMs = await (async () => {
      const t0 = performance.now();
      await buildSectorGraphInPool(service, grid, options.graph);
      return performance.now() - t0;
    })();
    const fieldMs = Math.min(field, far.fieldMs);
    const stats = graph.stats();
    bar.setLabel(`${spec}: queries`);
    const auto = timeQueries(graph, far.pairs);
    const q = quality(auto.costs, far.optimum);
    const first: number[] = [];
    for (const [sx, sy, gx, gy] of far.pairs as [number, number, number, number][]) {
      const t0 = performance.now();
      graph.firstMove(sx, sy, gx, gy);
      first.push(performance.now() - t0);
    }
    const firstMedian = summarize(first).median;
    const pf =
      grid.size <= 1 << 22 ? ms(peerQueries(grid, far.pairs.slice(0, 20))) : 'n/a (object per tile: no memory)';
    build.rows.push([
      spec,
      ms(fieldMs),
      ms(oneThread),
      ms(poolMs),
      `${(poolMs / fieldMs).toFixed(2)}x`,
      `${pooled.longestTaskMs.toFixed(1)} / ${pooled.workMs.toFixed(0)} (${pooled.maxMs.toFixed(0)})`,
      String(stats.entrances),
      (stats.bytes / grid.size).toFixed(3),
      ms(auto.times.median),
      ms(auto.times.p90),
      `${Math.round(fieldMs / auto.times.median)}x`,
      ms(firstMedian),
      pct(q.avg),
      pct(q.worst),
      pf,
    ]);
    build.data.push({
      suite: 'sectors',
      map: spec,
      case: 'big map',
      tiles: grid.size,
      stats: auto.times,
      extra: {
        fieldMs,
        oneThread,
        poolMs,
        busyMs: pooled.activeMs,
        loopDelayMs: pooled.maxMs,
        longestTaskMs: pooled.longestTaskMs,
        workMs: pooled.workMs,
        bytes: stats.bytes,
        first: firstMedian,
        avg: q.avg,
        worst: q.worst,
        bad: q.bad,
      },
    });
    if (spec === 'city-8192') {
      targets.push([
        'city 8192²: findPath median < 2 ms',
        ms(auto.times.median),
        auto.times.median < 2 ? 'met' : 'MISSED',
      ]);
      targets.push([
        'city 8192²: findPath >= 1000x faster than a full field',
        `${Math.round(fieldMs / auto.times.median)}x`,
        fieldMs / auto.times.median >= 1000 ? 'met' : 'MISSED',
      ]);
      targets.push([
        'city 8192²: build with 2 workers <= 1.5x a full field',
        `${(poolMs / fieldMs).toFixed(2)}x`,
        poolMs <= 1.5 * fieldMs ? 'met' : 'MISSED',
      ]);
      targets.push(['city 8192²: first move known within 2 ms', ms(firstMedian), firstMedian < 2 ? 'met' : 'MISSED']);
    }
    if (spec === 'random-8192') {
      targets.push([
        'random 8192²: build <= 6x a full field on one thread',
        `${(oneThread / fieldMs).toFixed(2)}x (1 thread), ${(poolMs / fieldMs).toFixed(2)}x (pool)`,
        oneThread <= 6 * fieldMs ? 'met' : 'MISSED',
      ]);
      targets.push([
        'random 8192²: findPath median <= 5 ms',
        ms(auto.times.median),
        auto.times.median <= 5 ? 'met' : 'MISSED',
      ]);
      targets.push([
        `random 8192²: mean <= 1% over optimum on ${far.pairs.length} far pairs`,
        `avg ${pct(q.avg)}, worst ${pct(q.worst)}`,
        q.avg <= 0.01 ? 'met' : 'MISSED',
      ]);
    }
    // Corridor fields: a crowd in a 256-tile square far from a central goal, and units spread over the map.
    bar.setLabel(`${spec}: corridor fields`);
    const goal = centralTile(grid);
    for (const clustered of [true, false]) {
      const starts = unitStarts(grid, options.units, 7, clustered);
      // Medians of CORRIDOR_REPS calls (2 for spread units, seconds each) after a warm-up call; each call
      // allocates its field's arrays afresh.
      let sync = graph.corridorField(goal, starts);
      const syncTimes: number[] = [];
      const poolTimes: number[] = [];
      for (let r = 0; r < (clustered ? CORRIDOR_REPS : 2); r++) {
        const t0 = performance.now();
        sync = graph.corridorField(goal, starts);
        syncTimes.push(performance.now() - t0);
        const t1 = performance.now();
        await corridorFieldInPool(service, graph, goal, starts);
        poolTimes.push(performance.now() - t1);
      }
      const syncMs = summarize(syncTimes).median;
      const poolMs = summarize(poolTimes).median;
      // Watched apart from the timing (the profiler's start and stop take time of their own).
      const watched = await watchMainThread(() => corridorFieldInPool(service, graph, goal, starts));
      longestTask = Math.max(longestTask, watched.longestTaskMs);
      const bytes = sync.data.cost.byteLength + sync.data.dir.byteLength + sync.data.sectorBlock.byteLength;
      const label = clustered ? `${starts.length / 2} clustered` : `${starts.length / 2} spread`;
      fields.rows.push([
        spec,
        label,
        ms(syncMs),
        ms(poolMs),
        `${watched.longestTaskMs.toFixed(1)} / ${watched.workMs.toFixed(0)} (${watched.maxMs.toFixed(0)})`,
        `${((100 * syncMs) / fieldMs).toFixed(1)}%`,
        sync.fullField ? 'yes' : 'no',
        `${sync.sectors} of ${graph.sectorsX * graph.sectorsY}`,
        String(sync.data.cost.length),
        `${(bytes / 2 ** 20).toFixed(1)} MiB (full: ${((grid.size * 9) / 2 ** 20).toFixed(0)} MiB)`,
      ]);
      fields.data.push({
        suite: 'sectors',
        map: spec,
        case: `corridor ${label}`,
        tiles: grid.size,
        extra: {
          syncMs,
          poolMs,
          fieldMs,
          busyMs: watched.activeMs,
          loopDelayMs: watched.maxMs,
          longestTaskMs: watched.longestTaskMs,
          workMs: watched.workMs,
          fullField: sync.fullField ? 'yes' : 'no',
          sectors: sync.sectors,
          bytes,
        },
      });
      if (spec.endsWith('-8192') && clustered)
        targets.push([
          `${spec}: corridor field, ${label} units < 10% of a full field`,
          `${((100 * syncMs) / fieldMs).toFixed(1)}%`,
          syncMs < 0.1 * fieldMs ? 'met' : 'MISSED',
        ]);
    }
    // Updates after single-tile edits.
    bar.setLabel(`${spec}: updates`);
    const random = rng(23);
    const times: number[] = [];
    const rebuilt: number[] = [];
    let recomputes = 0;
    for (let k = 0; k < options.edits; k++) {
      let t: number;
      do t = Math.floor(random() * grid.size);
      while (!grid.passable[t]);
      const x = t % grid.width;
      const y = Math.floor(t / grid.width);
      for (const code of [0, 1]) {
        grid.setPassable(x, y, code);
        const t0 = performance.now();
        const u = graph.update();
        times.push(performance.now() - t0);
        rebuilt.push(u.sectors);
        if (u.components) recomputes++;
      }
    }
    // One update in the pool (with the landmarks computed again), watched.
    {
      let t: number;
      do t = Math.floor(random() * grid.size);
      while (!grid.passable[t]);
      grid.setPassable(t % grid.width, Math.floor(t / grid.width), 0);
      const watched = await watchMainThread(() => updateSectorGraphInPool(service, graph));
      longestTask = Math.max(longestTask, watched.longestTaskMs);
      grid.setPassable(t % grid.width, Math.floor(t / grid.width), 1);
      graph.update();
    }
    if (spec.endsWith('-8192'))
      targets.push([
        `${spec}: main thread blocked <= 2 ms by the pool build, corridor fields and update (longest task)`,
        ms(longestTask),
        longestTask <= 2 ? 'met' : 'MISSED',
      ]);
    const sorted = [...times].sort((a, b) => a - b);
    const us = summarize(times);
    updates.rows.push([
      spec,
      String(times.length),
      ms(us.median),
      ms(percentile(sorted, 95)),
      ms(sorted.at(-1) as number),
      String(
        percentile(
          [...rebuilt].sort((a, b) => a - b),
          50,
        ),
      ),
      String(recomputes),
    ]);
    updates.data.push({
      suite: 'sectors',
      map: spec,
      case: 'update single tile',
      tiles: grid.size,
      stats: us,
      extra: { recomputes },
    });
    if (spec.endsWith('-8192'))
      targets.push([
        `${spec}: update() after a single-tile edit < 1 ms median`,
        ms(us.median),
        us.median < 1 ? 'met' : 'MISSED',
      ]);
    if (spec === 'city-8192' || spec === 'random-8192')
      targets.push([
        `${spec}: memory beyond the grid`,
        `${(stats.bytes / grid.size).toFixed(3)} bytes/tile (${(stats.bytes / 2 ** 20).toFixed(1)} MiB)`,
        'stated',
      ]);
    bar.tick();
    console.log(`\n${spec}: ${build.rows.at(-1)?.join(' | ')}`);
  }
  return [build, fields, updates];
}
