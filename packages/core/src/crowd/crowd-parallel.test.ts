import { describe, expect, it } from 'vitest';
import { AbortError } from '../errors.js';
import { CONTROL_LENGTH, ControlSlot } from '../fields/types.js';
import { generateOpen } from '../grid/generate.js';
import type { JobRunner } from '../jobs/job-spec.js';
import { localRunner } from '../jobs/local-runner.test-util.js';
import { addAt } from './crowd.test-util.js';
import { prepareCrowdStep } from './crowd-grid.js';
import { CROWD_CONTROL_INTERVAL, runCrowdStepRange } from './crowd-jobs.js';
import { stepCrowdParallel } from './crowd-parallel.js';
import { type Crowd, createCrowd, crowdCount, crowdFrame } from './crowd-state.js';

function crowdOf(count: number): Crowd {
  const grid = generateOpen(60, 60);
  const crowd = createCrowd({ grid, capacity: count, shared: true });
  for (let i = 0; crowdCount(crowd) < count; i++) addAt(crowd, 20 + (i % 40) * 22, 20 + Math.floor(i / 40) * 22);
  return crowd;
}

describe('stepCrowdParallel with a failing band (fake service, no workers)', () => {
  it('settles only after every band settled, rejects with the first error and does not swap', async () => {
    const crowd = crowdOf(40);
    const frameBefore = crowdFrame(crowd).x;
    let slowDone = false;
    let releaseSlow: () => void = () => {};
    const service = {
      size: 2,
      mode: 'main-thread',
      submit: (_spec: unknown, args: { rowFrom: number }) =>
        args.rowFrom === 0
          ? Promise.reject(new RangeError('band 0 failed'))
          : new Promise<void>((resolve) => {
              releaseSlow = () => {
                slowDone = true;
                resolve();
              };
            }),
    } as unknown as JobRunner;
    let settled = false;
    const step = stepCrowdParallel(service, crowd, 1 / 60).finally(() => {
      settled = true;
    });
    step.catch(() => {});
    // Several turns of the event loop: with Promise.all the step would already have rejected.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    releaseSlow();
    await expect(step).rejects.toThrow('band 0 failed');
    expect(slowDone).toBe(true);
    expect(crowdFrame(crowd).x).toBe(frameBefore); // frames not swapped
  });
});

describe('runCrowdStepRange with a KernelControl', () => {
  it('publishes progress and throws AbortError when the abort flag is set', () => {
    const crowd = crowdOf(50);
    prepareCrowdStep(crowd);
    const control = new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4));
    const args = { grid: crowd.grid, crowd: crowd.buffer as SharedArrayBuffer, from: 0, to: 50, dt: 1 / 60 };
    runCrowdStepRange(args, { control });
    expect([control[ControlSlot.done], control[ControlSlot.total]]).toEqual([50, 50]);
    Atomics.store(control, ControlSlot.abort, 1);
    expect(() => runCrowdStepRange(args, { control })).toThrow(AbortError);
    expect(CROWD_CONTROL_INTERVAL).toBe(4096);
  });
});

describe('stepCrowdParallel signal and onProgress', () => {
  it('an aborted signal throws AbortError before any job; progress counts settled bands', async () => {
    const crowd = crowdOf(40);
    const runner = localRunner(2);
    const before = crowdFrame(crowd).x;
    const aborted = new AbortController();
    aborted.abort();
    await expect(stepCrowdParallel(runner, crowd, 1 / 60, { signal: aborted.signal })).rejects.toThrow(AbortError);
    expect(runner.submitted).toEqual([]);
    expect(crowdFrame(crowd).x).toBe(before); // not swapped
    const seen: [number, number][] = [];
    await stepCrowdParallel(runner, crowd, 1 / 60, { parts: 2, onProgress: (done, total) => seen.push([done, total]) });
    expect(seen).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(crowdFrame(crowd).x).not.toBe(before); // swapped
  });

  it('a signal aborted while the bands run rejects with AbortError and does not swap', async () => {
    const crowd = crowdOf(40);
    const controller = new AbortController();
    const service = {
      size: 2,
      mode: 'main-thread',
      submit: () =>
        new Promise<void>((resolve) => {
          setTimeout(resolve, 5);
        }),
    } as unknown as JobRunner;
    const before = crowdFrame(crowd).x;
    const step = stepCrowdParallel(service, crowd, 1 / 60, { signal: controller.signal });
    controller.abort();
    await expect(step).rejects.toThrow(AbortError);
    expect(crowdFrame(crowd).x).toBe(before);
  });
});
