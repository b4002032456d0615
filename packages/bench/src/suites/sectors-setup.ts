/**
 * Maps and queries of the sectors suite: the scaled city map, far pairs grouped by goal (so one exact field per
 * goal gives the optimum of every pair), clustered and spread unit starts, and the event-loop watch that
 * measures how long the main thread is blocked while pool jobs run.
 */
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { computeField, Grid } from '@fieldmarshal/core';
import { type BenchMap, loadMap, loadMovingAi } from '../maps.js';
import { threadCpuMs } from '../stats.js';

/**
 * `city-N`: the largest shipped Moving AI city map (Berlin_0_256) scaled up to N x N, each tile becoming an
 * (N / 256)-wide square; anything else as the other suites load it (Moving AI names, `random-N` with 20% walls).
 */
export function sectorMap(spec: string): BenchMap {
  const match = /^city-(\d+)$/.exec(spec);
  if (!match) return loadMap(spec);
  const size = Number(match[1]);
  const base = loadMovingAi('Berlin_0_256').grid;
  const k = size / base.width;
  if (!Number.isInteger(k) || k < 1) throw new Error(`city-${size}: the size must be a multiple of ${base.width}`);
  const grid = Grid.create(size, size, { shared: true });
  for (let y = 0; y < size; y++) {
    const from = Math.floor(y / k) * base.width;
    const row = y * size;
    for (let x = 0; x < size; x++) grid.passable[row + x] = base.passable[from + Math.floor(x / k)] as number;
  }
  return { name: spec, grid, scenarios: [] };
}

/** A deterministic generator of numbers in [0, 1). */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Far query pairs grouped by goal, with the exact optimum of each pair (Infinity when unreachable). */
export interface FarPairs {
  /** [sx, sy, gx, gy] per pair. */
  pairs: number[][];
  optimum: number[];
  /** Median time of one full octile field (the exact fields computed for the goals), ms. */
  fieldMs: number;
}

/**
 * `goals` goals at random walkable tiles, and per goal `perGoal` starts at least half the map's side away
 * (Chebyshev) that can reach it; the exact cost of each from one full field per goal.
 */
export function farPairs(grid: Grid, goals: number, perGoal: number, seed: number): FarPairs {
  const random = rng(seed);
  const { width, height } = grid;
  const pairs: number[][] = [];
  const optimum: number[] = [];
  const times: number[] = [];
  const cost = new Float64Array(grid.size);
  const dir = new Uint8Array(grid.size);
  for (let g = 0; g < goals; g++) {
    let gt: number;
    do gt = Math.floor(random() * grid.size);
    while (!grid.passable[gt]);
    const gx = gt % width;
    const gy = Math.floor(gt / width);
    const t0 = performance.now();
    computeField(grid, { goals: [{ x: gx, y: gy }], metric: 'octile', out: { cost, dir } });
    times.push(performance.now() - t0);
    let found = 0;
    for (let tries = 0; found < perGoal && tries < perGoal * 10_000; tries++) {
      const st = Math.floor(random() * grid.size);
      const sx = st % width;
      const sy = Math.floor(st / width);
      if (
        !(
          Number.isFinite(cost[st] as number) &&
          Math.max(Math.abs(sx - gx), Math.abs(sy - gy)) >= Math.min(width, height) / 2
        )
      )
        continue;
      pairs.push([sx, sy, gx, gy]);
      optimum.push(cost[st] as number);
      found++;
    }
  }
  times.sort((a, b) => a - b);
  return { pairs, optimum, fieldMs: times[times.length >> 1] as number };
}

/**
 * `count` unit starts (x, y pairs) on walkable tiles: `clustered` within a square of `spread` tiles around a
 * random centre far from the goal (a crowd), or anywhere on the map.
 */
export function unitStarts(grid: Grid, count: number, seed: number, clustered: boolean, spread = 256): Int32Array {
  const random = rng(seed);
  const { width, height } = grid;
  const out = new Int32Array(2 * count);
  const cx = Math.floor(width * 0.15);
  const cy = Math.floor(height * 0.15);
  let n = 0;
  for (let tries = 0; n < count && tries < count * 100_000; tries++) {
    const x = clustered ? cx + Math.floor((random() - 0.5) * spread) : Math.floor(random() * width);
    const y = clustered ? cy + Math.floor((random() - 0.5) * spread) : Math.floor(random() * height);
    if (x < 0 || y < 0 || x >= width || y >= height || !grid.passable[y * width + x]) continue;
    out[2 * n] = x;
    out[2 * n + 1] = y;
    n++;
  }
  return out.subarray(0, 2 * n);
}

/** What {@link watchCpuTicks} saw of the main thread. */
export interface CpuTickWatch<T> {
  value: T;
  /** The most CPU time the thread ran between two ticks, ms: an upper bound of its longest task (NaN: no clock). */
  longestCpuMs: number;
  /** CPU time the thread ran while `work` ran, ms (the ticker's own reads included). */
  cpuMs: number;
  /** Ticks seen. */
  ticks: number;
}

/**
 * Watches the main thread's CPU time ({@link threadCpuMs}, read on the main thread) at every turn of a 1 ms timer while `work` runs.
 * A task runs between two ticks, so the most CPU time spent between two ticks bounds the longest task from above
 * (short tasks that share a gap add up, and the ticker's reads, some 10 µs each, count too); unlike a profile's
 * samples or the event loop's delay, it leaves out the time the thread waited for a core, which on a loaded
 * machine can be tens of ms.
 */
export async function watchCpuTicks<T>(work: () => Promise<T>): Promise<CpuTickWatch<T>> {
  const start = threadCpuMs();
  let last = start;
  let longest = 0;
  let ticks = 0;
  let running = true;
  const look = () => {
    const now = threadCpuMs();
    if (now - last > longest) longest = now - last;
    last = now;
    ticks++;
  };
  let timer: ReturnType<typeof setTimeout> | null = null;
  const tick = () => {
    look();
    timer = running ? setTimeout(tick, 0) : null;
  };
  timer = setTimeout(tick, 0);
  try {
    const value = await work();
    look();
    return { value, longestCpuMs: Number.isFinite(start) ? longest : Number.NaN, cpuMs: last - start, ticks };
  } finally {
    running = false;
    if (timer) clearTimeout(timer);
  }
}

/** What {@link watchMainThread} saw of the main thread. */
export interface MainThreadWatch<T> {
  value: T;
  /**
   * The longest event-loop delay, ms: how long the thread could not react. On a loaded machine this includes
   * time the thread waited for a core (the workers of the pool take the cores) and garbage collection.
   */
  maxMs: number;
  /** Time the event loop was active, ms (eventLoopUtilization: includes the time waiting for a core too). */
  activeMs: number;
  /**
   * The longest stretch of main-thread work, ms: consecutive samples of a CPU profile of this thread that are
   * not idle (JavaScript, garbage collection, native work). Time the thread sat idle or preempted waiting for a
   * core does not count (a sample counts for at most 1 ms): this is what the library's own code blocks the
   * thread for. NaN without `profile`.
   */
  longestTaskMs: number;
  /** All non-idle samples of the profile, ms (NaN without `profile`). */
  workMs: number;
}

/**
 * Watches the main thread while `work` runs: the longest event-loop delay, the event loop's active time and,
 * with `profile`, a CPU profile of the thread (sampled every 100 µs) for the longest stretch of work.
 */
export async function watchMainThread<T>(work: () => Promise<T>, profile = true): Promise<MainThreadWatch<T>> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const session = profile ? new Session() : null;
  if (session) {
    session.connect();
    // The profiles of earlier watches (megabytes of samples once parsed) are garbage on this thread: collected
    // now, so the watched work is not charged with the tool's own garbage collection.
    await session.post('HeapProfiler.collectGarbage');
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    // Let the profiler's own start (it logs every compiled function on this thread) pass before the work.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  }
  const before = performance.eventLoopUtilization();
  histogram.enable();
  try {
    const value = await work();
    const elu = performance.eventLoopUtilization(before);
    const maxMs = histogram.max / 1e6;
    let longestTaskMs = Number.NaN;
    let workMs = Number.NaN;
    if (session) {
      const { profile: p } = await session.post('Profiler.stop');
      ({ longestTaskMs, workMs } = longestTask(p, SETTLE_MS * 1000));
    }
    return { value, maxMs, activeMs: elu.active, longestTaskMs, workMs };
  } finally {
    histogram.disable();
    session?.disconnect();
  }
}

/** Time between the profiler's start and the work, ms; its samples are left out. */
const SETTLE_MS = 20;

/** The longest a sample of a CPU profile counts for, µs (the profile samples every 100 µs). */
const MAX_SAMPLE_US = 1000;

/** The longest run of non-idle samples of a CPU profile, and all of them, ms; the first `skipUs` µs left out. */
export function longestTask(
  p: {
    nodes: { id: number; callFrame: { functionName: string } }[];
    samples?: number[];
    timeDeltas?: number[];
  },
  skipUs = 0,
): { longestTaskMs: number; workMs: number } {
  const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const samples = p.samples ?? [];
  const deltas = p.timeDeltas ?? [];
  let run = 0;
  let longest = 0;
  let total = 0;
  // Sample i lasts until sample i + 1 (timeDeltas[i + 1] microseconds), counted up to 1 ms: a longer gap between
  // two samples is time the thread was not running (preempted: the sampler could not interrupt it), not work.
  let at = 0;
  for (let i = 0; i < samples.length; i++) {
    at += deltas[i] ?? 0;
    if (at < skipUs) continue;
    const dt = Math.min(MAX_SAMPLE_US, deltas[i + 1] ?? 0);
    if (idle.has(samples[i] as number)) {
      run = 0;
      continue;
    }
    run += dt;
    total += dt;
    if (run > longest) longest = run;
  }
  return { longestTaskMs: longest / 1000, workMs: total / 1000 };
}

/** A walkable tile near the map's centre. */
export function centralTile(grid: Grid): { x: number; y: number } {
  const { width, height } = grid;
  for (let r = 0; r < Math.max(width, height); r++) {
    for (let y = Math.max(0, (height >> 1) - r); y <= Math.min(height - 1, (height >> 1) + r); y++) {
      for (let x = Math.max(0, (width >> 1) - r); x <= Math.min(width - 1, (width >> 1) + r); x++) {
        if (grid.passable[y * width + x]) return { x, y };
      }
    }
  }
  throw new Error('no walkable tile');
}
