/**
 * The main thread while the pool builds a sector graph, fills corridor fields and updates the graph (Node,
 * against the BUILT package: build first). A CPU profile of this thread, sampled every 100 µs, gives the longest
 * stretch of work between idle samples: what the pool functions' own main-thread steps block it for (allocating,
 * posting jobs, wrapping results, and the garbage collections they cause). Time the thread waits for a core
 * while the two workers run does not count (idle, or preempted: a sample counts for at most 0.3 ms, three
 * sampling intervals), so a loaded machine does not make the test flaky: at load 10, with each sample counted up
 * to 1 ms, a stretch of about 36 samples once came to 35.8 ms. The bound is generous (the target, 2 ms, is the benchmark's to check on
 * a quiet machine), but an O(entrances) step on the main thread at this size exceeds it.
 */
import { Session } from 'node:inspector/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPackage } from '../testing/built-package.test-util.js';
import type * as Core from '../testing/package.test-util.js';

const core = await builtPackage();

interface Profile {
  nodes: { id: number; callFrame: { functionName: string } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** The most one sample counts for, µs (three times the 100 µs sampling interval). */
const MAX_SAMPLE_US = 300;

/** The longest run of non-idle samples (JavaScript, GC, native work) of `p`, ms. */
function longestTask(p: Profile): number {
  const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const samples = p.samples ?? [];
  const deltas = p.timeDeltas ?? [];
  let run = 0;
  let longest = 0;
  for (let i = 0; i < samples.length; i++) {
    // A sample counts until the next one, at most 0.3 ms: a longer gap is time the thread (or the sampler) was
    // preempted, not work.
    if (idle.has(samples[i] as number)) run = 0;
    else run += Math.min(MAX_SAMPLE_US, deltas[i + 1] ?? 0);
    longest = Math.max(longest, run);
  }
  return longest / 1000;
}

/** Runs `work` under a CPU profile of this thread; returns its value, the longest task (ms) and the idle samples. */
async function profiled<T>(work: () => Promise<T>): Promise<{ value: T; longestMs: number; idle: number }> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    const value = await work();
    const { profile } = await session.post('Profiler.stop');
    const p = profile as Profile;
    const idleIds = new Set(p.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
    const idle = (p.samples ?? []).filter((s) => idleIds.has(s)).length;
    return { value, longestMs: longestTask(p), idle };
  } finally {
    session.disconnect();
  }
}

/** Longest main-thread task allowed, ms: generous for a loaded 2-core machine (see the file's comment). */
const BOUND_MS = 16;

describe('pool sector work leaves the main thread free (Node, built package)', () => {
  let service: Core.FieldService;
  beforeAll(async () => {
    service = await core.createFieldService({ workers: 2 });
  });
  afterAll(async () => {
    await service.close();
  });

  it('builds, fills corridor fields and updates on 2048² in tasks of at most 16 ms', async () => {
    // 4.2 M tiles, a fifth walls (about 28,000 entrances): checking the graph's arrays on this thread
    // (`SectorGraph.from` instead of the unchecked wrap) makes the longest task about 25 ms, over the bound;
    // without it the longest is 2 to 9 ms on a loaded 2-core machine.
    const side = 2048;
    const grid = core.generateRandom(side, side, 0.2, { seed: 19, shared: true });
    // Warm the workers and this thread's code paths on a small map first (compiling is not what is measured).
    const small = core.generateRandom(200, 200, 0.2, { seed: 1, shared: true });
    const warm = await core.buildSectorGraphInPool(service, small);
    let w = 100 * 200 + 100;
    while (small.passable[w] === 0) w++;
    const warmGoal = { x: w % 200, y: Math.floor(w / 200) };
    for (const fullFieldAbove of [0, 1])
      await core.corridorFieldInPool(service, warm, warmGoal, [0, 0, 199, 199], { fullFieldAbove });
    small.setPassable(warmGoal.x, warmGoal.y, false);
    await core.updateSectorGraphInPool(service, warm);

    const build = await profiled(() => core.buildSectorGraphInPool(service, grid));
    const graph = build.value;
    expect(graph.sectorsX).toBe(side / 64);
    expect(build.idle).toBeGreaterThan(0);
    expect(build.longestMs).toBeLessThan(BOUND_MS);

    let goal = (side / 2) * side + side / 2;
    while (grid.passable[goal] === 0) goal++;
    const gx = goal % side;
    const gy = Math.floor(goal / side);
    const spread = new Int32Array(2 * 500);
    for (let i = 0; i < 500; i++) {
      let t = (i * 7919 * 613) % grid.size;
      while (grid.passable[t] === 0) t = (t + 1) % grid.size;
      spread[2 * i] = t % side;
      spread[2 * i + 1] = Math.floor(t / side);
    }
    for (const fullFieldAbove of [1, 0.25]) {
      const field = await profiled(() =>
        core.corridorFieldInPool(service, graph, { x: gx, y: gy }, spread, { fullFieldAbove }),
      );
      expect(field.value.fullField).toBe(fullFieldAbove < 1);
      expect(field.value.costAt(gx, gy)).toBe(0);
      expect(field.longestMs).toBeLessThan(BOUND_MS);
    }

    grid.setPassable(gx, gy, false);
    const update = await profiled(() => core.updateSectorGraphInPool(service, graph));
    expect(update.value.sectors).toBeGreaterThanOrEqual(1);
    expect(graph.gridVersion).toBe(grid.version);
    expect(update.longestMs).toBeLessThan(BOUND_MS);
  });
});
