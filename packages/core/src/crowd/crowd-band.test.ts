import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AbortError, OutOfRangeError } from '../errors.js';
import { CONTROL_LENGTH, ControlSlot } from '../fields/types.js';
import { generateOpen, generateRandom } from '../grid/generate.js';
import type { JobRunner, JobSpec } from '../jobs/job-spec.js';
import { createRandom } from '../util/random.js';
import { snapshot } from './crowd.test-util.js';
import { cutRows, planCrowdBands } from './crowd-balance.js';
import { packedBandViews, stepCrowdBand } from './crowd-band.js';
import { runCrowdStepBand } from './crowd-band-jobs.js';
import { commandCrowdGroup } from './crowd-command.js';
import { hashCrowd } from './crowd-hash.js';
import type { CrowdOptions } from './crowd-options.js';
import { stepCrowdParallel } from './crowd-parallel.js';
import {
  addCrowdUnit,
  CROWD_MOVING,
  type Crowd,
  createCrowd,
  crowdFrame,
  crowdFromBuffers,
  crowdSpotIsFree,
  crowdSteps,
} from './crowd-state.js';
import { stepCrowd } from './crowd-step-whole.js';

/**
 * A runner that runs each job here, as the service does in `mode`: 'transfer' makes the parallel step ask its bands
 * for packed results (the crowd is not on shared memory), the others step in place. Jobs of a step settle in
 * reverse order, so that nothing depends on the order the bands finish in.
 */
function runner(mode: JobRunner['mode'], size: number): JobRunner & { names: string[] } {
  const names: string[] = [];
  return {
    size,
    mode,
    names,
    async submit<In extends object, R, Out extends object>(spec: JobSpec<In, R, Out>, args: In): Promise<Awaited<R>> {
      names.push(spec.name);
      const value: Awaited<R> = await spec.run(args as In & Out, {});
      await new Promise((resolve) => setTimeout(resolve, 10 - Math.min(names.length, 10)));
      return value;
    },
  };
}

/** A crowd whose units have random states (positions anywhere on the map, its edges included). */
function randomCrowd(seed: number, count: number, options: Partial<CrowdOptions> = {}): Crowd {
  const rand = createRandom(seed);
  const width = 4 + Math.floor(rand() * 30);
  const height = 4 + Math.floor(rand() * 30);
  const grid = rand() < 0.3 ? generateOpen(width, height) : generateRandom(width, height, 0.15, { seed });
  const flows = rand() < 0.5;
  const crowd = createCrowd({ grid, capacity: Math.max(1, count), groups: 2, flows, shared: false, ...options });
  const T = 1;
  const f = crowdFrame(crowd);
  // The units on a free tile (addCrowdUnit's rule), then any state at all, walls included.
  let tile = 0;
  while (!crowdSpotIsFree(crowd, { x: ((tile % width) + 0.5) * T, y: (Math.floor(tile / width) + 0.5) * T })) tile++;
  for (let i = 0; i < count; i++)
    addCrowdUnit(crowd, { x: ((tile % width) + 0.5) * T, y: (Math.floor(tile / width) + 0.5) * T }, i % 2);
  for (let i = 0; i < count; i++) {
    const r = rand();
    f.x[i] = r < 0.05 ? 0 : r < 0.1 ? width * T : rand() * width * T;
    const s = rand();
    f.y[i] =
      s < 0.05
        ? 0
        : s < 0.1
          ? height * T
          : s < 0.5
            ? (Math.floor(rand() * height) + rand() * 0.01) * T
            : rand() * height * T;
    f.vx[i] = (rand() - 0.5) * 2 * crowd.params.topSpeed;
    f.vy[i] = (rand() - 0.5) * 2 * crowd.params.topSpeed;
    f.state[i] = Math.floor(rand() * 3);
    f.timer[i] = f.state[i] === CROWD_MOVING ? 0 : rand() < 0.5 ? 0 : rand() * 2;
  }
  // Destinations on floor tiles: group 0 straight, group 1 down a field (or a flow).
  for (const group of [0, 1]) {
    let goal = Math.floor(rand() * grid.size);
    while (!grid.passable[goal]) goal = (goal + 1) % grid.size;
    const gx = ((goal % width) + rand()) * T;
    const gy = (Math.floor(goal / width) + rand()) * T;
    commandCrowdGroup(
      crowd,
      group,
      { x: gx, y: gy },
      group === 0 || rand() < 0.3 ? { useField: false } : { useFlow: flows },
    );
  }
  return crowd;
}

/** A copy of a crowd (same buffer contents, same grid). */
function copyOf(crowd: Crowd, shared: boolean): Crowd {
  const bytes = new Uint8Array(crowd.buffer);
  const buffer = shared ? new SharedArrayBuffer(bytes.length) : new ArrayBuffer(bytes.length);
  new Uint8Array(buffer).set(bytes);
  return crowdFromBuffers({ crowd: buffer, grid: crowd.grid });
}

const MODES = ['shared', 'transfer', 'main-thread'] as const;

describe('stepCrowdParallel in bands (each band builds its own neighbour grid)', () => {
  it('is bit-identical to stepCrowd over random crowds, for 1 to 5 bands in every mode', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(...MODES),
        fc.constantFrom(1 / 60, 1 / 30, 0.1),
        fc.constantFrom(undefined, 2, 10), // tiles/s: slow, and the fastest allowed (one tile per 0.1 s step)
        async (seed, count, parts, mode, dt, fast) => {
          const base = randomCrowd(seed, count, fast === undefined ? {} : { topSpeed: fast });
          const serial = copyOf(base, false);
          const parallel = copyOf(base, mode === 'shared');
          const service = runner(mode, parts);
          for (let s = 0; s < 3; s++) {
            const step = stepCrowdParallel(service, parallel, dt, { parts: 1 + ((parts + s) % 5) });
            try {
              stepCrowd(serial, dt);
            } catch (error) {
              // Units started in walls may be pushed off the map: the same error, from whichever band.
              await expect(step).rejects.toThrow((error as Error).message);
              break;
            }
            await step;
            expect(snapshot(parallel)).toEqual(snapshot(serial));
          }
          expect(hashCrowd(parallel)).toBe(hashCrowd(serial));
          expect(service.names.every((name) => name === 'crowdStepBand')).toBe(true);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('gives the same state with 1, 2 and 3 bands in every mode over 60 steps of a converging crowd', async () => {
    const grid = generateRandom(48, 40, 0.12, { seed: 9 });
    const make = (shared: boolean) => {
      const crowd = createCrowd({ grid, capacity: 400, groups: 2, shared });
      const T = 1;
      for (let t = 0, i = 0; i < 400; t += 7) {
        const tile = (t * 7919) % grid.size;
        if (grid.passable[tile] && addCrowdUnitIfFree(crowd, tile, T, i % 2)) i++;
      }
      commandCrowdGroup(crowd, 0, { x: 10.5 * T, y: 10.5 * T });
      commandCrowdGroup(crowd, 1, { x: 40.5 * T, y: 30.5 * T }, { useField: false });
      return crowd;
    };
    const serial = make(false);
    const runs = MODES.flatMap((mode) =>
      [1, 2, 3].map((parts) => ({ mode, parts, crowd: make(mode === 'shared'), service: runner(mode, parts) })),
    );
    for (let s = 1; s <= 60; s++) {
      stepCrowd(serial, 1 / 30);
      for (const r of runs) await stepCrowdParallel(r.service, r.crowd, 1 / 30);
      if (s % 20 === 0) {
        const expected = hashCrowd(serial);
        for (const r of runs) expect([r.mode, r.parts, hashCrowd(r.crowd)]).toEqual([r.mode, r.parts, expected]);
      }
    }
    expect(crowdSteps(serial)).toBe(60);
    // The calling thread built no neighbour grid: the crowds' own grids (prepareCrowdStep's) are still empty.
    for (const r of runs)
      expect([r.mode, r.parts, r.crowd.cellStart.some((v) => v !== 0)]).toEqual([r.mode, r.parts, false]);
    const f = crowdFrame(serial);
    expect(f.avoidX.some((v, i) => v !== 0 || f.avoidY[i] !== 0)).toBe(true); // units did meet
  });

  it('rejects with the error stepCrowd throws for the first unit off the map, whichever band finds it', async () => {
    for (const mode of MODES) {
      for (const parts of [1, 2, 3]) {
        const base = randomCrowd(77, 60);
        const f = crowdFrame(base);
        f.y[41] = Number.NaN;
        f.x[17] = -1;
        const serial = copyOf(base, false);
        const parallel = copyOf(base, mode === 'shared');
        let expected: unknown;
        try {
          stepCrowd(serial, 1 / 60);
        } catch (error) {
          expected = error;
        }
        expect(expected).toBeInstanceOf(OutOfRangeError);
        const before = snapshot(parallel);
        await expect(stepCrowdParallel(runner(mode, parts), parallel, 1 / 60)).rejects.toThrow(
          (expected as Error).message,
        );
        expect(snapshot(parallel)).toEqual(before); // not swapped
        expect(crowdSteps(parallel)).toBe(0);
      }
    }
  });
});

function addCrowdUnitIfFree(crowd: Crowd, tile: number, T: number, group: number): boolean {
  const { width } = crowd.grid;
  try {
    addCrowdUnit(crowd, { x: ((tile % width) + 0.5) * T, y: (Math.floor(tile / width) + 0.5) * T }, group);
    return true;
  } catch {
    return false;
  }
}

describe('band balance', () => {
  it('cuts rows into bands that cover them, each at least a row, in order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 299 }), fc.float({ min: 0, max: 100, noNaN: true })), {
          maxLength: 40,
        }),
        (rows, parts, segments) => {
          const sorted = segments.filter(([r]) => r < rows).sort((a, b) => a[0] - b[0]);
          const bounds = cutRows(
            sorted.map(([r]) => r),
            sorted.map(([r]) => r + 1),
            sorted.map(([, w]) => w),
            parts,
            rows,
          );
          expect(bounds[0]).toBe(0);
          expect(bounds[bounds.length - 1]).toBe(rows);
          expect(bounds.length - 1).toBe(Math.min(parts, rows));
          for (let k = 1; k < bounds.length; k++) expect(bounds[k]).toBeGreaterThan(bounds[k - 1] as number);
        },
      ),
    );
  });

  it('gives bands about equal work: by a sample first, then by the work the bands reported', async () => {
    // Every unit in the top eighth of a tall map: equal rows would give one band all the work.
    const grid = generateOpen(16, 160);
    const crowd = createCrowd({ grid, capacity: 500, shared: false });
    const T = 1;
    for (let i = 0; i < 500; i++) addCrowdUnit(crowd, { x: ((i % 16) + 0.5) * T, y: (Math.floor(i / 16) + 0.5) * T });
    const first = planCrowdBands(crowd, 4);
    expect(first[4]).toBe(161);
    expect(first[3]).toBeLessThan(40); // three cuts inside the units' 32 rows
    await stepCrowdParallel(runner('main-thread', 4), crowd, 1 / 60);
    const next = planCrowdBands(crowd, 4);
    expect(next[3]).toBeLessThan(40);
    // Each band steps about a quarter of the units.
    const f = crowdFrame(crowd);
    const perBand = [0, 0, 0, 0];
    for (let i = 0; i < 500; i++) {
      const row = Math.floor((f.y[i] as number) / T);
      for (let b = 0; b < 4; b++)
        if (row >= (next[b] as number) && row < (next[b + 1] as number)) perBand[b] = (perBand[b] as number) + 1;
    }
    for (const c of perBand) expect(c).toBeGreaterThan(60);
  });
});

describe('runCrowdStepBand', () => {
  it('checks its band, publishes progress and throws AbortError when the abort flag is set', () => {
    const crowd = createCrowd({ grid: generateOpen(20, 20), capacity: 50, shared: true });
    const T = 1;
    for (let i = 0; i < 50; i++)
      addCrowdUnit(crowd, { x: ((i % 10) * 2 + 0.5) * T, y: (Math.floor(i / 10) * 2 + 0.5) * T });
    const args = {
      grid: crowd.grid,
      crowd: crowd.buffer,
      rowFrom: 0,
      rowTo: 21,
      checkFrom: 0,
      checkTo: 50,
      dt: 1 / 60,
    };
    const control = new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4));
    const result = runCrowdStepBand(args, { control });
    expect(control[ControlSlot.done]).toBe(control[ControlSlot.total]);
    expect(result.work.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(50);
    for (const bad of [
      { rowFrom: 3, rowTo: 3 },
      { rowFrom: 0.5 },
      { rowFrom: -1 },
      { rowTo: 22 },
      { rowFrom: -(2 ** 30), rowTo: 2 ** 30 },
      { checkTo: 51 },
      { checkFrom: 2, checkTo: 1 },
      { dt: 0 },
      { dt: Number.NaN },
    ])
      expect(() => runCrowdStepBand({ ...args, ...bad })).toThrow(OutOfRangeError);
    Atomics.store(control, ControlSlot.abort, 1);
    expect(() => runCrowdStepBand(args, { control })).toThrow(AbortError);
  });

  it('packs exactly the units of its rows', () => {
    const crowd = randomCrowd(5, 80);
    const a = stepCrowdBand(crowd, { rowFrom: 0, rowTo: 3, checkFrom: 0, checkTo: 80 }, 1 / 30, true);
    const f = crowdFrame(crowd);
    const T = 1;
    const inRows = [...f.y.subarray(0, 80)].filter((y) => Math.floor(y / T) < 3).length;
    expect(a.units).toBe(inRows);
    // In ascending index order, so that the caller's copy writes forwards.
    const { index } = packedBandViews({ units: a.units as number, packed: a.packed as ArrayBuffer });
    expect(index.every((i, k) => k === 0 || i > (index[k - 1] as number))).toBe(true);
  });
});
