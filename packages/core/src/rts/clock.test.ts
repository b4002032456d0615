import { describe, expect, it } from 'vitest';
import { RtsFixedStepClock } from './clock.js';

describe('RtsFixedStepClock', () => {
  it('takes whole steps from the accumulated frame time and keeps the rest as alpha', () => {
    // Steps of 1/4 s: every sum below is exact in binary floating point.
    const clock = new RtsFixedStepClock(0.25, 8);
    expect(clock.advance(0.125)).toBe(0);
    expect(clock.alpha).toBe(0.5);
    expect(clock.advance(0.125)).toBe(1);
    expect(clock.alpha).toBe(0);
    expect(clock.advance(0.625)).toBe(2);
    expect(clock.alpha).toBe(0.5);
    expect(clock.advance(0)).toBe(0);
    expect(clock.alpha).toBe(0.5);
  });

  it('runs at most maxSteps steps per frame and drops the time beyond them', () => {
    const clock = new RtsFixedStepClock(0.25, 3);
    // 10 s count as 3 steps (0.75 s); with the 0.125 s left over from before, 0.125 s remain.
    expect(clock.advance(0.125)).toBe(0);
    expect(clock.advance(10)).toBe(3);
    expect(clock.alpha).toBe(0.5);
    expect(clock.advance(0.125)).toBe(1);
    expect(clock.alpha).toBe(0);
  });
});
