import { describe, expect, it } from 'vitest';
import type { Point } from '../grid/point.js';
import { CROWD_TUTORIAL_SCALE } from './crowd-options.js';
import { crowdStopTimerMoving, crowdStopTimerStopped } from './stop-timers.js';

const dt = 0.25;

/** The seed's argument order, written as the options object. */
const moving = (
  timer: number,
  collisionWithStopped: boolean,
  position: Point,
  target: Point,
  topSpeed: number,
  dt: number,
) => crowdStopTimerMoving({ timer, collisionWithStopped, position, target, topSpeed, dt });
const stopped = (
  timer: number,
  collision: boolean,
  collisionWithMoving: boolean,
  otherStopTimer: number,
  dt: number,
  bumpTime: number,
) => crowdStopTimerStopped({ timer, collision, collisionWithMoving, otherStopTimer, dt, bumpTime });

describe('crowdStopTimerMoving (seed ai_stop_timer_moving)', () => {
  it('counts up while touching a stopped unit and stops past (|dx| + |dy|) / topSpeed', () => {
    // 200 px away in x + 0 in y at 5 px/s: 40 s allowed.
    expect(moving(39.5, true, { x: 0, y: 0 }, { x: 200, y: 0 }, 5, dt)).toEqual({ timer: 39.75, stop: false });
    expect(moving(39.75, true, { x: 0, y: 0 }, { x: 200, y: 0 }, 5, dt)).toEqual({ timer: 40, stop: false });
    expect(moving(40, true, { x: 0, y: 0 }, { x: 200, y: 0 }, 5, dt)).toEqual({ timer: 40.25, stop: true });
    // |dx| + |dy|, not the Euclidean distance: 30 + 40 = 70 px at 10 px/s is 7 s.
    expect(moving(6.9, true, { x: 10, y: 10 }, { x: -20, y: 50 }, 10, 0.2).stop).toBe(true);
    expect(moving(6.7, true, { x: 10, y: 10 }, { x: -20, y: 50 }, 10, 0.2).stop).toBe(false);
  });
  it('decays by half the frame time otherwise, only while positive', () => {
    expect(moving(1, false, { x: 0, y: 0 }, { x: 200, y: 0 }, 5, dt)).toEqual({ timer: 0.875, stop: false });
    expect(moving(0.1, false, { x: 0, y: 0 }, { x: 200, y: 0 }, 5, dt)).toEqual({ timer: 0.1 - 0.125, stop: false });
    expect(moving(0, false, { x: 0, y: 0 }, { x: 200, y: 0 }, 5, dt)).toEqual({ timer: 0, stop: false });
    expect(moving(-0.5, false, { x: 0, y: 0 }, { x: 200, y: 0 }, 5, dt)).toEqual({ timer: -0.5, stop: false });
  });
});

describe('crowdStopTimerStopped (seed ai_stop_timer_stopped)', () => {
  it('a moving unit bumping in resets the timer to the bump time whatever it was', () => {
    expect(stopped(0, true, true, 0, dt, 5)).toEqual({ timer: 5, stop: false });
    expect(stopped(2, true, true, 9, dt, 5)).toEqual({ timer: 5, stop: false });
    expect(stopped(-1, true, true, 0, dt, 5)).toEqual({ timer: 5, stop: false });
  });
  it('a running timer stops the unit when it touches nobody, keeping the timer', () => {
    expect(stopped(3, false, false, 0, dt, 5)).toEqual({ timer: 3, stop: true });
  });
  it('a running timer counts down by the frame time while touching stopped units and stops below zero', () => {
    expect(stopped(3, true, false, 4, dt, 5)).toEqual({ timer: 2.75, stop: false });
    expect(stopped(0.25, true, false, 0, dt, 5)).toEqual({ timer: 0, stop: false });
    expect(stopped(0.2, true, false, 0, dt, 5)).toEqual({ timer: -0.04999999999999999, stop: true });
  });
  it('an expired timer copies the largest timer it touches minus the frame time', () => {
    expect(stopped(0, true, false, 2, dt, 5)).toEqual({ timer: 1.75, stop: false });
    expect(stopped(-0.1, true, false, 2, dt, 5)).toEqual({ timer: 1.75, stop: false });
    expect(stopped(0, true, false, 0, dt, 5)).toEqual({ timer: 0, stop: false });
    expect(stopped(0, false, false, 2, dt, 5)).toEqual({ timer: 0, stop: false });
  });
  it('copying back and forth between two touching units always runs down', () => {
    let a = 2;
    let b = 0;
    let steps = 0;
    while ((a > 0 || b > 0) && steps < 1000) {
      const na = stopped(a, true, false, b, dt, 5).timer;
      const nb = stopped(b, true, false, a, dt, 5).timer;
      a = na;
      b = nb;
      steps++;
    }
    expect(steps).toBe(8);
  });
});

describe('stop timers: units and options', () => {
  it('give the same answer in tiles as in the tutorial pixels (only distance / speed matters)', () => {
    const s = CROWD_TUTORIAL_SCALE;
    for (const timer of [0.5, 2, 2.2, 3.5]) {
      const inPixels = moving(timer, true, { x: 30, y: 60 }, { x: 150, y: 0 }, 90, 0.1);
      const inTiles = moving(timer, true, { x: 30 / s, y: 60 / s }, { x: 150 / s, y: 0 }, 90 / s, 0.1);
      expect(inTiles.stop).toBe(inPixels.stop);
    }
  });
  it('write into `out`, default the bump time to 5 s, and name a bad input', () => {
    const out = { timer: 0, stop: false };
    const got = crowdStopTimerMoving({
      timer: 1,
      collisionWithStopped: false,
      position: { x: 0, y: 0 },
      target: { x: 1, y: 0 },
      topSpeed: 3,
      dt,
      out,
    });
    expect(got).toBe(out);
    expect(out).toEqual({ timer: 0.875, stop: false });
    expect(
      crowdStopTimerStopped({ timer: 0, collision: true, collisionWithMoving: true, otherStopTimer: 0, dt }),
    ).toEqual({
      timer: 5,
      stop: false,
    });
    const base = {
      timer: 0,
      collisionWithStopped: true,
      position: { x: 0, y: 0 },
      target: { x: 1, y: 1 },
      topSpeed: 3,
      dt,
    };
    expect(() => crowdStopTimerMoving({ ...base, position: [0, 0] as unknown as Point })).toThrow(/position/);
    expect(() => crowdStopTimerMoving({ ...base, target: { x: 1 } as unknown as Point })).toThrow(/target/);
    expect(() => crowdStopTimerMoving({ ...base, collisionWithStopped: 1 as unknown as boolean })).toThrow(
      /collisionWithStopped/,
    );
    expect(() =>
      crowdStopTimerMoving({ ...base, out: new Map() as unknown as { timer: number; stop: boolean } }),
    ).toThrow(/out/);
    expect(() => (crowdStopTimerMoving as (...a: unknown[]) => unknown)(0, true, 0, 0, 1, 1, 3, dt)).toThrow(/options/);
  });
});
