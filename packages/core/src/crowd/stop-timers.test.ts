import { describe, expect, it } from 'vitest';
import { crowdStopTimerMoving, crowdStopTimerStopped } from './stop-timers.js';

const dt = 0.25;

describe('crowdStopTimerMoving (seed ai_stop_timer_moving)', () => {
  it('counts up while touching a stopped unit and stops past (|dx| + |dy|) / topSpeed', () => {
    // 200 px away in x + 0 in y at 5 px/s: 40 s allowed.
    expect(crowdStopTimerMoving(39.5, true, 0, 0, 200, 0, 5, dt)).toEqual({ timer: 39.75, stop: false });
    expect(crowdStopTimerMoving(39.75, true, 0, 0, 200, 0, 5, dt)).toEqual({ timer: 40, stop: false });
    expect(crowdStopTimerMoving(40, true, 0, 0, 200, 0, 5, dt)).toEqual({ timer: 40.25, stop: true });
    // |dx| + |dy|, not the Euclidean distance: 30 + 40 = 70 px at 10 px/s is 7 s.
    expect(crowdStopTimerMoving(6.9, true, 10, 10, -20, 50, 10, 0.2).stop).toBe(true);
    expect(crowdStopTimerMoving(6.7, true, 10, 10, -20, 50, 10, 0.2).stop).toBe(false);
  });
  it('decays by half the frame time otherwise, only while positive', () => {
    expect(crowdStopTimerMoving(1, false, 0, 0, 200, 0, 5, dt)).toEqual({ timer: 0.875, stop: false });
    expect(crowdStopTimerMoving(0.1, false, 0, 0, 200, 0, 5, dt)).toEqual({ timer: 0.1 - 0.125, stop: false });
    expect(crowdStopTimerMoving(0, false, 0, 0, 200, 0, 5, dt)).toEqual({ timer: 0, stop: false });
    expect(crowdStopTimerMoving(-0.5, false, 0, 0, 200, 0, 5, dt)).toEqual({ timer: -0.5, stop: false });
  });
});

describe('crowdStopTimerStopped (seed ai_stop_timer_stopped)', () => {
  it('a moving unit bumping in resets the timer to the bump time whatever it was', () => {
    expect(crowdStopTimerStopped(0, true, true, 0, dt, 5)).toEqual({ timer: 5, stop: false });
    expect(crowdStopTimerStopped(2, true, true, 9, dt, 5)).toEqual({ timer: 5, stop: false });
    expect(crowdStopTimerStopped(-1, true, true, 0, dt, 5)).toEqual({ timer: 5, stop: false });
  });
  it('a running timer stops the unit when it touches nobody, keeping the timer', () => {
    expect(crowdStopTimerStopped(3, false, false, 0, dt, 5)).toEqual({ timer: 3, stop: true });
  });
  it('a running timer counts down by the frame time while touching stopped units and stops below zero', () => {
    expect(crowdStopTimerStopped(3, true, false, 4, dt, 5)).toEqual({ timer: 2.75, stop: false });
    expect(crowdStopTimerStopped(0.25, true, false, 0, dt, 5)).toEqual({ timer: 0, stop: false });
    expect(crowdStopTimerStopped(0.2, true, false, 0, dt, 5)).toEqual({ timer: -0.04999999999999999, stop: true });
  });
  it('an expired timer copies the largest timer it touches minus the frame time', () => {
    expect(crowdStopTimerStopped(0, true, false, 2, dt, 5)).toEqual({ timer: 1.75, stop: false });
    expect(crowdStopTimerStopped(-0.1, true, false, 2, dt, 5)).toEqual({ timer: 1.75, stop: false });
    expect(crowdStopTimerStopped(0, true, false, 0, dt, 5)).toEqual({ timer: 0, stop: false });
    expect(crowdStopTimerStopped(0, false, false, 2, dt, 5)).toEqual({ timer: 0, stop: false });
  });
  it('copying back and forth between two touching units always runs down', () => {
    let a = 2;
    let b = 0;
    let steps = 0;
    while ((a > 0 || b > 0) && steps < 1000) {
      const na = crowdStopTimerStopped(a, true, false, b, dt, 5).timer;
      const nb = crowdStopTimerStopped(b, true, false, a, dt, 5).timer;
      a = na;
      b = nb;
      steps++;
    }
    expect(steps).toBe(8);
  });
});
