import { describe, expect, it } from 'vitest';
import { AbortError } from '../errors.js';
import { ControlSlot, type KernelControl } from '../fields/types.js';
import { generateRandom } from '../grid/generate.js';
import { buildSectorGraph } from './build.js';
import { writeHeader } from './build-phases.js';
import { landmarkRing } from './landmarks.js';
import { claimLength } from './pool-claim.js';
import { startComponents } from './pool-components.js';
import { allocateSectorArrays, H_LANDMARK_STRIDE, int32Array, resizeLandmarks } from './sector-data.js';
import { runSectorBuild, type SectorBuildPhase, type SectorNodeArrays } from './sector-jobs.js';
import { resolveSectorOptions } from './sector-options.js';

/** A control whose abort is seen from its `at`-th check on (counting the checks in `reads`). */
function abortingAt(at: number): KernelControl & { reads: number } {
  const control = {
    reads: 0,
    signal: {
      get aborted() {
        control.reads++;
        return control.reads >= at;
      },
    } as AbortSignal,
  };
  return control;
}

/** The phases of a pool build on one thread, as buildSectorGraphInPool runs them (one band: all sectors). */
function buildUpTo(stop: SectorBuildPhase) {
  const grid = generateRandom(512, 512, 0.2, { seed: 7 });
  const rules = resolveSectorOptions({ sectorSize: 8, landmarks: 4 });
  const sectors = (512 / 8) ** 2;
  const data = allocateSectorArrays(sectors, rules.size, false);
  writeHeader(data, grid, rules, grid.version);
  const counts = int32Array(sectors, false);
  const args = (phase: SectorBuildPhase) => ({ grid, data, phase, first: 0, last: sectors, counts });
  let picked: Int32Array = new Int32Array(0);
  for (const phase of ['labels', 'count', 'layout', 'sectors', 'link', 'components', 'pick'] as const) {
    if (phase === stop) return { args: args(phase), picked };
    const out = runSectorBuild(args(phase), {});
    if (phase === 'layout') Object.assign(data, out as SectorNodeArrays);
    if (phase === 'pick') picked = out as Int32Array;
  }
  resizeLandmarks(data, picked.length);
  data.header[H_LANDMARK_STRIDE] = data.nodeTile.length;
  return { args: { ...args('landmark'), landmark: { slot: 0, node: picked[0] as number } }, picked };
}

describe('sector pool build kernels stop at a Cancel as they go (issue 35)', () => {
  it.each(['labels', 'count', 'sectors', 'link', 'landmark'] as const)(
    '%s checks between sectors (or entrances) and stops mid-phase',
    (phase) => {
      const { args } = buildUpTo(phase);
      const control = abortingAt(3);
      expect(() => runSectorBuild(args, control)).toThrow(AbortError);
      expect(control.reads).toBe(3); // aborted at its third check: the phase was under way
    },
  );

  it.each(['layout', 'components', 'pick'] as const)('%s checks before it starts', (phase) => {
    const { args } = buildUpTo(phase);
    const control = abortingAt(1);
    expect(() => runSectorBuild(args, control)).toThrow(AbortError);
  });
});

describe('sector pool build kernels that take their work from a shared counter', () => {
  /** Every array of a graph, as plain arrays (bit for bit: -0 and NaN as they are). */
  const arraysOf = (data: object) =>
    Object.fromEntries(Object.entries(data).map(([key, array]) => [key, Array.from(array as ArrayLike<number>)]));

  /** The phases of a pool build on one thread, each phase's work split between `jobs` claiming jobs. */
  function buildClaimed(jobs: number, chunk: number, fused = false) {
    const grid = generateRandom(256, 192, 0.2, { seed: 11 });
    const rules = resolveSectorOptions({ sectorSize: 16, landmarks: 5 });
    const sectors = (256 / 16) * (192 / 16);
    const data = allocateSectorArrays(sectors, rules.size, false);
    writeHeader(data, grid, rules, grid.version);
    const counts = int32Array(sectors, false);
    const base = { grid, data, counts };
    const taken: number[][] = [];
    let lastClaim: { cursor: Int32Array } | undefined;
    // Jobs run one after another here: the first takes chunks until none are left, the others find none.
    // With a tail, returns what the one job that ran it returned (the others return 0).
    const claimedPhase = (
      phase: SectorBuildPhase,
      last: number,
      extra: object = {},
      after?: 'count' | 'link',
      tail?: 'layout' | 'components',
    ) => {
      const claim = {
        cursor: int32Array(claimLength(tail), false),
        chunk,
        ...(after && { after: { phase: after, chunk: chunk + 1, ...(tail && { tail }) } }),
      };
      lastClaim = claim;
      const made: unknown[] = [];
      for (let j = 0; j < jobs; j++) {
        const control = { control: new Int32Array(4) };
        const value = runSectorBuild({ ...base, ...extra, phase, first: 0, last, claim }, control);
        if (typeof value !== 'number') made.push(value);
        taken.push([j, control.control[ControlSlot.done] as number]);
      }
      expect(claim.cursor[0]).toBeGreaterThanOrEqual(last);
      expect(claim.cursor[1]).toBe(last);
      if (after) expect(claim.cursor[3]).toBe(last);
      if (tail === 'components') expect(claim.cursor[5]).toBe(last);
      expect(made.length).toBe(tail ? 1 : 0);
      return made[0];
    };
    let picked: Int32Array;
    if (fused) {
      Object.assign(data, claimedPhase('labels', sectors, {}, 'count', 'layout') as SectorNodeArrays);
      picked = claimedPhase('sectors', sectors, {}, 'link', 'components') as Int32Array;
      // The jobs found the landmarks' ring as they built their sectors.
      expect((lastClaim?.cursor[6] as number) + 2).toBe(landmarkRing(data));
    } else {
      claimedPhase('labels', sectors);
      claimedPhase('count', sectors);
      Object.assign(
        data,
        runSectorBuild({ ...base, phase: 'layout', first: 0, last: sectors }, {}) as SectorNodeArrays,
      );
      claimedPhase('sectors', sectors);
      claimedPhase('link', sectors);
      runSectorBuild({ ...base, phase: 'components', first: 0, last: sectors }, {});
      picked = runSectorBuild({ ...base, phase: 'pick', first: 0, last: 0 }, {}) as Int32Array;
    }
    resizeLandmarks(data, picked.length);
    data.header[H_LANDMARK_STRIDE] = data.nodeTile.length;
    claimedPhase('landmark', picked.length, { picked });
    return { grid, rules, data, picked, taken };
  }

  it('builds the same arrays, bit for bit, as the build on this thread, whatever the chunk', () => {
    for (const [chunk, fused] of [
      [1, false],
      [3, true],
      [64, false],
      [64, true],
    ] as const) {
      const { grid, data, picked } = buildClaimed(2, chunk, fused);
      const local = buildSectorGraph(grid, { sectorSize: 16, landmarks: 5 });
      expect(picked.length).toBe(5);
      const { header: _h, ...arrays } = data;
      const { header: _l, ...expected } = local.data;
      expect(arraysOf(arrays)).toEqual(arraysOf(expected));
    }
  });

  it('a job takes nothing once the counter is past the end, and reports the sectors it did', () => {
    const { taken } = buildClaimed(3, 4);
    // Per phase: the first job did every sector (its `done`), the two others none.
    for (let p = 0; p < taken.length; p += 3) {
      expect(taken[p + 1]?.[1]).toBe(0);
      expect(taken[p + 2]?.[1]).toBe(0);
    }
    expect(taken[0]?.[1]).toBe((256 / 16) * (192 / 16));
  });

  it('two jobs sharing a counter split a phase between them, each sector done once', () => {
    const grid = generateRandom(128, 128, 0.2, { seed: 12 });
    const rules = resolveSectorOptions({ sectorSize: 16 });
    const sectors = 64;
    const data = allocateSectorArrays(sectors, rules.size, false);
    writeHeader(data, grid, rules, grid.version);
    const counts = int32Array(sectors, false);
    counts.fill(-1);
    const claim = { cursor: int32Array(4, false), chunk: 5 };
    // The counter already past the first 20 sectors (another job took them): this job does the rest.
    claim.cursor[0] = 20;
    runSectorBuild({ grid, data, counts, phase: 'count', first: 0, last: sectors, claim }, {});
    expect(Array.from(counts.subarray(0, 20)).every((c) => c === -1)).toBe(true);
    expect(Array.from(counts.subarray(20)).every((c) => c >= 0)).toBe(true);
  });
});

describe('the whole pool build in one job (a pool of one worker)', () => {
  it('gives the arrays of the build on this thread, bit for bit, and returns the arrays it made', () => {
    const grid = generateRandom(200, 120, 0.25, { seed: 13 });
    const rules = resolveSectorOptions({ sectorSize: 16, landmarks: 6 });
    const sectors = Math.ceil(200 / 16) * Math.ceil(120 / 16);
    const data = allocateSectorArrays(sectors, rules.size, false);
    writeHeader(data, grid, rules, grid.version);
    const control = { control: new Int32Array(4) };
    const out = runSectorBuild(
      { grid, data, counts: int32Array(sectors, false), phase: 'all', first: 0, last: sectors },
      control,
    ) as SectorNodeArrays;
    expect(out.intra).toBe(data.intra);
    expect(out.landmarkCost).toBe(data.landmarkCost);
    expect(control.control[ControlSlot.total]).toBe(2 * sectors);
    const local = buildSectorGraph(grid, { sectorSize: 16, landmarks: 6 });
    const plain = (d: object) =>
      Object.fromEntries(Object.entries(d).map(([key, array]) => [key, Array.from(array as ArrayLike<number>)]));
    expect(plain(data)).toEqual(plain(local.data));
  });

  it('stops at a Cancel as it goes', () => {
    const grid = generateRandom(256, 256, 0.2, { seed: 14 });
    const rules = resolveSectorOptions({ sectorSize: 8 });
    const sectors = (256 / 8) ** 2;
    const data = allocateSectorArrays(sectors, rules.size, false);
    writeHeader(data, grid, rules, grid.version);
    const control = abortingAt(3);
    const args = { grid, data, counts: int32Array(sectors, false), phase: 'all' as const, first: 0, last: sectors };
    expect(() => runSectorBuild(args, control)).toThrow(AbortError);
    expect(control.reads).toBe(3);
  });
});

describe('a claiming job with a second phase', () => {
  it('waits for the sectors of the first phase that other jobs took, and stops at a Cancel meanwhile', () => {
    const grid = generateRandom(64, 64, 0.2, { seed: 15 });
    const rules = resolveSectorOptions({ sectorSize: 16 });
    const data = allocateSectorArrays(16, rules.size, false);
    writeHeader(data, grid, rules, grid.version);
    const cursor = int32Array(4, true);
    // Another job has taken sectors 0..3 of the labels and not finished them: this one labels the rest, then
    // waits (and sees the Cancel) instead of counting entrances over labels not written yet.
    cursor[0] = 4;
    const counts = int32Array(16, false).fill(-1);
    // Checks: before the phase, at its start, after each of the 3 chunks it takes, then while it waits.
    const control = abortingAt(6);
    const claim = { cursor, chunk: 4, after: { phase: 'count' as const, chunk: 4 } };
    expect(() => runSectorBuild({ grid, data, counts, phase: 'labels', first: 0, last: 16, claim }, control)).toThrow(
      AbortError,
    );
    expect(control.reads).toBe(6);
    expect(cursor[1]).toBe(12);
    expect(cursor[2]).toBe(0);
    expect(Array.from(counts).every((c) => c === -1)).toBe(true);
  });
});

describe('a claiming job whose phase ends with the components', () => {
  it('waits for the sectors other jobs are linking before it labels components, and stops at a Cancel meanwhile', () => {
    const grid = generateRandom(64, 64, 0.2, { seed: 16 });
    const rules = resolveSectorOptions({ sectorSize: 16 });
    const data = allocateSectorArrays(16, rules.size, false);
    writeHeader(data, grid, rules, grid.version);
    const counts = int32Array(16, false);
    const base = { grid, data, counts, first: 0, last: 16 };
    for (const phase of ['labels', 'count', 'layout'] as const) {
      const out = runSectorBuild({ ...base, phase }, {});
      if (phase === 'layout') Object.assign(data, out as SectorNodeArrays);
    }
    const cursor = int32Array(claimLength('components'), true);
    // Another job has built sectors 0..3 (and started their components) and taken them to link, and not
    // finished linking them.
    runSectorBuild({ ...base, phase: 'sectors', last: 4 }, {});
    startComponents(data, 0, 4);
    cursor.set([4, 4, 4, 0]);
    const claim = { cursor, chunk: 4, after: { phase: 'link' as const, chunk: 4, tail: 'components' as const } };
    // Checks: before the phase, at its start, after each of its 3 chunks of sectors, after each of its 3 chunks
    // of links, then while it waits.
    const control = abortingAt(9);
    expect(() => runSectorBuild({ ...base, phase: 'sectors', claim }, control)).toThrow(AbortError);
    expect(control.reads).toBe(9);
    // Each counter of taken sectors ends a chunk past the end (the take that found none left).
    expect(Array.from(cursor.subarray(0, 6))).toEqual([20, 16, 20, 12, 0, 0]);
  });
});
