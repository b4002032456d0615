import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { generateOpen } from '../grid/generate.js';
import { localRunner } from '../jobs/local-runner.test-util.js';
import { withPollutedPrototype } from '../util/pollute.test-util.js';
import { commandCrowdGroup } from './crowd-command.js';
import { prepareCrowdStep } from './crowd-grid.js';
import { stepCrowdParallel } from './crowd-parallel.js';
import {
  addCrowdUnit,
  type Crowd,
  createCrowd,
  crowdBuffers,
  crowdCount,
  crowdFrame,
  crowdFromBuffers,
  crowdSpotIsFree,
} from './crowd-state.js';
import { stepCrowdRange } from './crowd-step.js';
import { stepCrowd } from './crowd-step-whole.js';
import { crowdStopTimerMoving } from './stop-timers.js';

// Issue 23: hostile inputs give typed errors in bounded time (each case failed before with a TypeError, a hang
// or a changed result).
function crowd(shared = false): Crowd {
  const c = createCrowd({ grid: generateOpen(8, 8, { shared }), capacity: 8, shared });
  addCrowdUnit(c, { x: 4 / 3, y: 4 / 3 });
  addCrowdUnit(c, { x: 8 / 3, y: 4 / 3 });
  return c;
}

describe('crowds against hostile inputs', () => {
  it('refuses crowd objects it did not make (a copy with lying fields used to hang the step)', () => {
    const c = crowd();
    const forged = { ...c, tableSize: Number.POSITIVE_INFINITY };
    expect(() => prepareCrowdStep(forged)).toThrow(InvalidOptionError);
    expect(() => stepCrowd({ ...c, params: { ...c.params, unitSize: -0 } }, 1 / 60)).toThrow(InvalidOptionError);
    expect(() => stepCrowdRange(Number.NaN as never, 0, 1, 1 / 60)).toThrow(InvalidOptionError);
    expect(() => crowdCount(null as never)).toThrow(InvalidOptionError);
    // The crowd's own fields cannot be changed.
    expect(() => {
      (c as { tableSize: number }).tableSize = 3;
    }).toThrow(TypeError);
    expect(c.tableSize).toBe(64);
  });

  it('checks the shared state it cannot freeze: the unit count and the units of a step', () => {
    const c = crowd();
    c.header[3] = 1e9;
    expect(() => stepCrowd(c, 1 / 60)).toThrow(OutOfRangeError);
    c.header[3] = 2;
    crowdFrame(c).x[0] = Number.POSITIVE_INFINITY;
    expect(() => stepCrowd(c, 1 / 60)).toThrow(OutOfRangeError);
    crowdFrame(c).x[0] = 40;
    c.unitGroup[1] = 200;
    expect(() => prepareCrowdStep(c)).toThrow(OutOfRangeError);
  });

  it('crowdFromBuffers refuses forged buffers and parameters', () => {
    const c = crowd();
    expect(() => crowdFromBuffers(null as never)).toThrow(InvalidOptionError);
    expect(() => crowdFromBuffers({ crowd: new ArrayBuffer(8), grid: c.grid })).toThrow(InvalidOptionError);
    const copy = (c.buffer as ArrayBuffer).slice(0);
    new Float64Array(copy, 64, 1)[0] = -0; // tileSize
    expect(() => crowdFromBuffers({ crowd: copy, grid: c.grid })).toThrow(OutOfRangeError);
    const big = (c.buffer as ArrayBuffer).slice(0);
    new Int32Array(big)[1] = 1 << 30; // capacity
    expect(() => crowdFromBuffers({ crowd: big, grid: c.grid })).toThrow(OutOfRangeError);
    expect(crowdCount(crowdFromBuffers(crowdBuffers(c)))).toBe(2);
  });

  it('typed errors for non-numbers; options read from own properties only', () => {
    const c = crowd();
    expect(() => addCrowdUnit(c, { x: 3n as never, y: 1 })).toThrow(InvalidOptionError);
    expect(() => crowdSpotIsFree(c, { x: Symbol() as never, y: 1 })).toThrow(InvalidOptionError);
    expect(() => commandCrowdGroup(c, 0, { x: '1' as never, y: 1 })).toThrow(InvalidOptionError);
    expect(() => commandCrowdGroup(c, 0, { x: 33, y: 1 })).toThrow(CoordinateError);
    const timer = { timer: 0, position: { x: 0, y: 0 }, target: { x: 1, y: 1 }, topSpeed: 2, dt: 0.1 };
    expect(() => crowdStopTimerMoving({ ...timer, collisionWithStopped: 1 as never })).toThrow(InvalidOptionError);
    expect(() => createCrowd({ grid: generateOpen(8, 8), capacity: 2, topSpeed: 1e6 })).toThrow(OutOfRangeError);
    const plain = createCrowd({ grid: generateOpen(8, 8), capacity: 2 });
    withPollutedPrototype({ groups: 7, unitSize: 0.1 }, () => {
      const polluted = createCrowd({ grid: generateOpen(8, 8), capacity: 2 });
      expect(polluted.groups).toBe(plain.groups);
      expect(polluted.params).toEqual(plain.params);
    });
  });

  it('stepCrowdParallel checks its service and options before any job', async () => {
    const c = crowd(true);
    await expect(stepCrowdParallel(Number.NaN as never, c, 1 / 60)).rejects.toThrow(InvalidOptionError);
    const runner = localRunner(1);
    await expect(stepCrowdParallel(runner, c, 1 / 60, null as never)).rejects.toThrow(InvalidOptionError);
    await expect(stepCrowdParallel(runner, { ...c }, 1 / 60)).rejects.toThrow(InvalidOptionError);
    await expect(stepCrowdParallel(runner, c, 1 / 60, { signal: 1 as never })).rejects.toThrow(/signal/);
    await expect(stepCrowdParallel(runner, c, 1 / 60, { onProgress: 1 as never })).rejects.toThrow(/onProgress/);
  });
});
