import {
  computeField,
  computeFlow,
  type FollowFlowStats,
  followFlow,
  type Grid,
  pathFromField,
  pathLength,
} from '@fieldmarshal/core';
import { anyAnglePath, walkableSegment } from '@fieldmarshal/core/flow';
import { loadMap } from '../maps.js';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { percentile, summarize } from '../stats.js';

/**
 * Smooth flows (`computeFlow`) against their fields, two tables:
 * - time: `computeField` and `computeFlow` (both into reused arrays, octile, one goal near the map's centre)
 *   timed alternately, field then flow, rep after rep (interleaved, so a busy machine slows both alike); medians
 *   and the ratio flow / field, in wall time and in this process's CPU time (on a shared machine a longer run is
 *   more often interrupted, which wall time counts and CPU time does not).
 * - paths: from random starts (a 1/64 lattice inside walkable tiles, several goals per map), the length of the
 *   `followFlow` path over the exact any-angle shortest path (`anyAnglePath`: a visibility graph of wall corners),
 *   beside the same ratio for the eight-arrow path (start -> its tile's centre -> the field's `dir` to the goal's
 *   centre). Mean, p99 and max; followers that failed to reach the goal or fell back to the field's `dir`
 *   (stalls), and paths with a segment that enters a wall or passes a blocked corner (`walkableSegment`). Starts
 *   are drawn among tiles whose field cost is at most `maxCost` (the exact reference is slow on long paths).
 */
export interface FlowSuiteOptions {
  /** Maps of the time table. */
  timeMaps: string[];
  /** Maps of the path table. */
  pathMaps: string[];
  /** Goals per map in the path table. */
  goals: number;
  /** Starts per goal. */
  starts: number;
  /** Largest field cost of a start (tiles). */
  maxCost: number;
  /** Mover radius of the flows (tiles). */
  radius: number;
  reps: number;
  warmup: number;
}

/** This process's CPU time in ms (user + system): less disturbed than wall time by other processes on the machine. */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Least warm-up time per map of the time table, ms, and most warm-up runs. */
const WARMUP_MS = 1500;
const MAX_WARMUP_RUNS = 500;

export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The walkable tile nearest the map's centre. */
export function centralGoal(grid: Grid): { x: number; y: number } {
  const cx = grid.width >> 1;
  const cy = grid.height >> 1;
  for (let r = 0; r < Math.max(grid.width, grid.height); r++) {
    for (let y = Math.max(0, cy - r); y <= Math.min(grid.height - 1, cy + r); y++) {
      for (let x = Math.max(0, cx - r); x <= Math.min(grid.width - 1, cx + r); x++) {
        if (grid.passable[y * grid.width + x]) return { x, y };
      }
    }
  }
  throw new Error('the map has no walkable tile');
}

export async function runFlowTime(options: FlowSuiteOptions) {
  const bar = new ProgressBar(options.timeMaps.length, 'flow time');
  const rows: string[][] = [];
  const data: Row[] = [];
  for (const spec of options.timeMaps) {
    bar.setLabel(`time ${spec}`);
    const grid = loadMap(spec).grid;
    const goal = centralGoal(grid);
    const cost = new Float64Array(grid.size);
    const dir = new Uint8Array(grid.size);
    const out = { vx: new Float32Array(grid.size), vy: new Float32Array(grid.size), anchor: new Int32Array(grid.size) };
    const fieldTimes: number[] = [];
    const flowTimes: number[] = [];
    const flowOptions = { radius: options.radius };
    // Warm-up: the given count, and at least WARMUP_MS of pairs (small maps need many runs before V8 optimises).
    const warmStart = performance.now();
    let warm = 0;
    while (warm < options.warmup || (performance.now() - warmStart < WARMUP_MS && warm < MAX_WARMUP_RUNS)) {
      computeFlow(grid, computeField(grid, { goals: [goal], out: { cost, dir } }), { ...flowOptions, out });
      warm++;
    }
    const fieldCpu: number[] = [];
    const flowCpu: number[] = [];
    for (let r = 0; r < options.reps; r++) {
      let c0 = cpuMs();
      let t0 = performance.now();
      const field = computeField(grid, { goals: [goal], out: { cost, dir } });
      fieldTimes.push(performance.now() - t0);
      fieldCpu.push(cpuMs() - c0);
      c0 = cpuMs();
      t0 = performance.now();
      computeFlow(grid, field, { ...flowOptions, out });
      flowTimes.push(performance.now() - t0);
      flowCpu.push(cpuMs() - c0);
    }
    const field = summarize(fieldTimes);
    const flow = summarize(flowTimes);
    const ratio = flow.median / field.median;
    const cpuField = summarize(fieldCpu).median;
    const cpuFlow = summarize(flowCpu).median;
    data.push({
      suite: 'flow',
      map: spec,
      case: 'time',
      tiles: grid.size,
      stats: flow,
      extra: {
        fieldMedian: field.median,
        fieldP10: field.p10,
        fieldP90: field.p90,
        flowOverField: ratio,
        fieldCpuMedian: cpuField,
        flowCpuMedian: cpuFlow,
        flowOverFieldCpu: cpuFlow / cpuField,
      },
    });
    rows.push([
      spec,
      `${grid.width}x${grid.height}`,
      `${fmt(field.median)} (${fmt(field.p10)}-${fmt(field.p90)})`,
      `${fmt(flow.median)} (${fmt(flow.p10)}-${fmt(flow.p90)})`,
      ratio.toFixed(2),
      fmt(cpuField),
      fmt(cpuFlow),
      (cpuFlow / cpuField).toFixed(2),
    ]);
    bar.tick();
  }
  bar.finish();
  return {
    title: `Flow time against field time (octile, central goal, radius ${options.radius}; field and flow alternate rep after rep, after a warm-up of at least ${WARMUP_MS} ms; ms median (p10-p90))`,
    header: ['map', 'size', 'field ms', 'flow ms', 'flow/field', 'field cpu ms', 'flow cpu ms', 'flow/field cpu'],
    rows,
    data,
  };
}

export async function runFlowPaths(options: FlowSuiteOptions) {
  const bar = new ProgressBar(options.pathMaps.length * options.goals, 'flow paths');
  const rows: string[][] = [];
  const data: Row[] = [];
  const out = new Float64Array(1 << 16);
  const tiles = new Int32Array(1 << 16);
  const stats: FollowFlowStats = { points: 0, length: 0, reached: false, slides: 0, fallbackSteps: 0 };
  const allFlow: number[] = [];
  const allArrows: number[] = [];
  let allStuck = 0;
  let allWalls = 0;
  let allSlides = 0;
  let allFallbacks = 0;
  for (const spec of options.pathMaps) {
    const grid = loadMap(spec).grid;
    const random = rng(spec.length * 977 + 13);
    const flowRatios: number[] = [];
    const arrowRatios: number[] = [];
    let stuck = 0;
    let walls = 0;
    let slides = 0;
    let fallbackSteps = 0;
    let referenceMs = 0;
    for (let k = 0; k < options.goals; k++) {
      bar.setLabel(`paths ${spec} goal ${k + 1}`);
      let gi: number;
      do gi = Math.floor(random() * grid.size);
      while (grid.passable[gi] === 0);
      const goal = { x: gi % grid.width, y: Math.floor(gi / grid.width) };
      const field = computeField(grid, { goals: [goal] });
      const flow = computeFlow(grid, field, { radius: options.radius });
      for (let s = 0, tries = 0; s < options.starts && tries < options.starts * 200; tries++) {
        const i = Math.floor(random() * grid.size);
        const c = field.cost[i] as number;
        if (!(c <= options.maxCost) || i === gi) continue;
        s++;
        const tx = i % grid.width;
        const ty = Math.floor(i / grid.width);
        const x = tx + (1 + Math.floor(random() * 63)) / 64;
        const y = ty + (1 + Math.floor(random() * 63)) / 64;
        const path = followFlow(grid, field, flow, { x, y }, { stats, out })?.points ?? new Float64Array(0);
        slides += stats.slides;
        fallbackSteps += stats.fallbackSteps;
        if (!stats.reached || stats.fallbackSteps > 0) stuck++;
        let legal = true;
        for (let p = 2; p + 1 < path.length && legal; p += 2)
          legal = walkableSegment(
            grid,
            path[p - 2] as number,
            path[p - 1] as number,
            path[p] as number,
            path[p + 1] as number,
          );
        if (!legal) walls++;
        const arrows =
          Math.hypot(x - tx - 0.5, y - ty - 0.5) +
          pathLength(pathFromField(field, { x: tx, y: ty }, { out: tiles }) ?? []);
        const t0 = performance.now();
        const bound = legal && stats.reached ? Math.min(stats.length, arrows) : arrows;
        const best = anyAnglePath(
          grid,
          { x: x, y: y },
          { x: goal.x + 0.5, y: goal.y + 0.5 },
          { upperBound: bound + 1e-9 },
        );
        referenceMs += performance.now() - t0;
        if (best === null) throw new Error(`no any-angle path on ${spec} from (${x}, ${y})`);
        flowRatios.push(stats.length / best.cost);
        arrowRatios.push(arrows / best.cost);
      }
      bar.tick();
    }
    const sortedFlow = [...flowRatios].sort((a, b) => a - b);
    const sortedArrows = [...arrowRatios].sort((a, b) => a - b);
    const mean = (a: number[]) => a.reduce((p, v) => p + v, 0) / Math.max(1, a.length);
    allFlow.push(...flowRatios);
    allArrows.push(...arrowRatios);
    allStuck += stuck;
    allWalls += walls;
    allSlides += slides;
    allFallbacks += fallbackSteps;
    const extra = {
      starts: flowRatios.length,
      flowMean: mean(flowRatios),
      flowP99: percentile(sortedFlow, 99),
      flowMax: sortedFlow[sortedFlow.length - 1] ?? Number.NaN,
      arrowsMean: mean(arrowRatios),
      arrowsP99: percentile(sortedArrows, 99),
      stuck,
      walls,
      slides,
      fallbackSteps,
      referenceMs,
    };
    data.push({ suite: 'flow', map: spec, case: 'paths', tiles: grid.size, extra });
    rows.push(row(spec, extra));
  }
  bar.finish();
  const sortedAll = [...allFlow].sort((a, b) => a - b);
  const sortedArrowsAll = [...allArrows].sort((a, b) => a - b);
  const total = {
    starts: allFlow.length,
    flowMean: allFlow.reduce((p, v) => p + v, 0) / Math.max(1, allFlow.length),
    flowP99: percentile(sortedAll, 99),
    flowMax: sortedAll[sortedAll.length - 1] ?? Number.NaN,
    arrowsMean: allArrows.reduce((p, v) => p + v, 0) / Math.max(1, allArrows.length),
    arrowsP99: percentile(sortedArrowsAll, 99),
    stuck: allStuck,
    walls: allWalls,
    slides: allSlides,
    fallbackSteps: allFallbacks,
    referenceMs: 0,
  };
  data.push({ suite: 'flow', map: 'all', case: 'paths', extra: total });
  rows.push(row('all', total));
  return {
    title: `Flow paths over the any-angle optimum (followFlow, radius ${options.radius}, step 0.25; ${options.goals} goals x ${options.starts} random starts per map, field cost <= ${options.maxCost})`,
    header: [
      'map',
      'starts',
      'flow mean',
      'flow p99',
      'flow max',
      'arrows mean',
      'arrows p99',
      'stuck',
      'in walls',
      'slides',
    ],
    rows,
    data,
  };
}

function row(spec: string, e: Record<string, number>): string[] {
  return [
    spec,
    String(e.starts),
    (e.flowMean as number).toFixed(4),
    (e.flowP99 as number).toFixed(4),
    (e.flowMax as number).toFixed(4),
    (e.arrowsMean as number).toFixed(4),
    (e.arrowsP99 as number).toFixed(4),
    String(e.stuck),
    String(e.walls),
    String(e.slides),
  ];
}
