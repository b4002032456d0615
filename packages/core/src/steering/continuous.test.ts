import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutOfRangeError } from '../errors.js';
import { closingIntercept, exactIntercept } from './intercept.js';
import { createMover, type Mover, type MoverControl, moverVelocity, stepMover, turnTowards } from './mover.js';
import {
  globalToLocal,
  lineOfSightTurn,
  localToGlobal,
  orientationOf,
  orientationVector,
  TURN_LEFT,
  TURN_NONE,
  TURN_RIGHT,
  wrapDegrees,
} from './orientation.js';
import { chaseControl, DEFAULT_INTERCEPT_OPTIONS, evadeControl, interceptControl, type SteerTarget } from './steer.js';

const close = (a: number, b: number, eps = 1e-9) => expect(Math.abs(a - b)).toBeLessThan(eps);

describe('orientation angles (0 up, 90 right, degrees, screen y down)', () => {
  it('vectors and angles', () => {
    const up = orientationVector(0);
    close(up.x, 0);
    close(up.y, -1);
    const right = orientationVector(90);
    close(right.x, 1);
    close(right.y, 0);
    const se = orientationVector(135);
    close(se.x, Math.SQRT1_2);
    close(se.y, Math.SQRT1_2);
    expect(orientationOf(0, -1)).toBe(0);
    expect(orientationOf(1, 0)).toBe(90);
    expect(orientationOf(0, 1)).toBe(180);
    expect(orientationOf(-1, 0)).toBe(-90);
    expect(orientationOf(0, 0)).toBe(0);
    expect(wrapDegrees(270)).toBe(-90);
    expect(wrapDegrees(-180)).toBe(180);
    expect(wrapDegrees(720 + 45)).toBe(45);
  });
  it('global to local: x to the right of the mover, y ahead', () => {
    const a = globalToLocal(0, 0, -10); // facing up, target above
    close(a.x, 0);
    close(a.y, 10);
    const b = globalToLocal(90, 10, 0); // facing right, target to the right
    close(b.x, 0);
    close(b.y, 10);
    const c = globalToLocal(90, 0, 10); // facing right (east); below on screen is the mover's right hand
    close(c.x, 10);
    close(c.y, 0);
    const d = globalToLocal(180, 3, -4); // facing down; up-right of it is behind and to its left
    close(d.x, -3);
    close(d.y, -4);
  });
  it('local to global inverts global to local', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -720, max: 720, noNaN: true }),
        fc.double({ min: -1e3, max: 1e3, noNaN: true }),
        fc.double({ min: -1e3, max: 1e3, noNaN: true }),
        (o, x, y) => {
          const l = globalToLocal(o, x, y);
          const g = localToGlobal(o, l.x, l.y);
          close(g.x, x, 1e-9 * (1 + Math.abs(x) + Math.abs(y)));
          close(g.y, y, 1e-9 * (1 + Math.abs(x) + Math.abs(y)));
        },
      ),
      { numRuns: 200 },
    );
  });
  it('the seed LineOfSightChase turn decision, and evasion turning the other way', () => {
    expect(lineOfSightTurn(0, 0, 0, 5, -10)).toBe(TURN_RIGHT);
    expect(lineOfSightTurn(0, 0, 0, -5, -10)).toBe(TURN_LEFT);
    expect(lineOfSightTurn(0, 0, 0, 0, -10)).toBe(TURN_NONE);
    expect(lineOfSightTurn(0, 0, 90, 10, 5)).toBe(TURN_RIGHT); // facing east, target south-east
    expect(lineOfSightTurn(0, 0, 0, 5, -10, true)).toBe(TURN_LEFT);
    expect(lineOfSightTurn(0, 0, 0, -5, -10, true)).toBe(TURN_RIGHT);
    expect(lineOfSightTurn(0, 0, 0, 0, -10, true)).toBe(TURN_NONE);
    expect(lineOfSightTurn(1, 1, 45, 1, 1)).toBe(TURN_NONE);
  });
});

describe('Mover physics', () => {
  it('turns at most maxTurnRate * dt, the short way round', () => {
    const m = createMover({ maxTurnRate: 90 });
    expect(stepMover(m, { heading: 90, speed: 0 }, 0.5).heading).toBe(45);
    expect(stepMover(m, { heading: -170, speed: 0 }, 0.5).heading).toBe(-45);
    expect(stepMover({ ...m, heading: 170 }, { heading: -170, speed: 0 }, 0.5).heading).toBe(-170);
    expect(turnTowards(10, 20, 100)).toBe(20);
  });
  it('accelerates to the desired speed and covers the exact distance', () => {
    const m = createMover({ acceleration: 100, maxSpeed: 80 });
    const a = stepMover(m, { heading: 0, speed: 50 }, 1);
    expect(a.speed).toBe(50);
    close(a.x, 0);
    close(a.y, -(0.5 * 50 * 0.5 + 50 * 0.5)); // reaches 50 after 0.5 s
    const b = stepMover(m, { heading: 0, speed: 500 }, 0.25);
    expect(b.speed).toBe(25); // still accelerating
    close(b.y, -0.5 * 25 * 0.25);
    expect(stepMover(m, { heading: 0, speed: 500 }, 10).speed).toBe(80); // clamped to maxSpeed
  });
  it('a full-speed quarter turn ends on the quarter circle', () => {
    const m = createMover({ speed: 100, maxSpeed: 100, maxTurnRate: 90 });
    let s: Mover = m;
    for (let i = 0; i < 60; i++) s = stepMover(s, { heading: 90, speed: 100 }, 1 / 60);
    const r = 100 / (Math.PI / 2);
    close(s.x, r, 1e-6);
    close(s.y, -r, 1e-6);
    close(s.heading, 90);
  });
  it('writes into out when given and validates its input', () => {
    const m = createMover();
    const out = createMover();
    expect(stepMover(m, { heading: 0, speed: 10 }, 0.1, { out })).toBe(out);
    expect(() => stepMover(m, { heading: 0, speed: 0 }, -1)).toThrow(OutOfRangeError);
    expect(() => createMover({ maxSpeed: -1 })).toThrow(OutOfRangeError);
    expect(() => createMover({ x: Number.NaN })).toThrow(OutOfRangeError);
    const v = moverVelocity({ ...m, heading: 90, speed: 5 });
    close(v.x, 5);
    close(v.y, 0);
  });
});

type Behaviour = (m: Mover, target: SteerTarget) => MoverControl;
const DT = 1 / 60;

/** Runs a chaser against a target moving at constant velocity; returns the meeting time or Infinity. */
function pursue(chaser: Mover, target: Required<SteerTarget>, behaviour: Behaviour, radius: number, seconds: number) {
  let m = chaser;
  const t = { ...target };
  for (let step = 0; step * DT < seconds; step++) {
    if (Math.hypot(t.x - m.x, t.y - m.y) < radius) return step * DT;
    m = stepMover(m, behaviour(m, t), DT);
    t.x += t.vx * DT;
    t.y += t.vy * DT;
  }
  return Number.POSITIVE_INFINITY;
}

describe('continuous chase and evasion', () => {
  it('a chaser facing a standing target runs straight at it and stops on it', () => {
    let m = createMover({ x: 0, y: 0, heading: 90, maxSpeed: 100, acceleration: 200 });
    const target = { x: 500, y: 0 };
    let steps = 0;
    while (Math.hypot(target.x - m.x, target.y - m.y) > 0.5 && steps < 1200) {
      m = stepMover(m, chaseControl(m, target), DT);
      expect(Math.abs(m.y)).toBeLessThan(1e-9); // on the straight line
      expect(m.x).toBeLessThanOrEqual(500 + 1e-9); // never overshoots
      steps++;
    }
    expect(steps).toBeLessThan(6 * 60); // 500 units at 100 u/s plus the ramps
    expect(m.x).toBeGreaterThan(499.5);
  });
  it('speed control: a fast chaser with a wide turn reaches a target inside its turning circle', () => {
    // 300 u/s at 90 deg/s: turning radius 191; the target 100 to the side is inside the circle.
    const start = createMover({ speed: 300, maxSpeed: 300, maxTurnRate: 90, acceleration: 300 });
    const target = { x: 100, y: 0, vx: 0, vy: 0 };
    const blind: Behaviour = (m, t) => chaseControl(m, t, { arrive: false, turnLimit: false });
    expect(pursue(start, target, blind, 5, 30)).toBe(Number.POSITIVE_INFINITY); // circles forever
    expect(pursue(start, target, (m, t) => chaseControl(m, t), 5, 30)).toBeLessThan(5);
  });
  it('an evader keeps its distance from a slower chaser', () => {
    let evader = createMover({ x: 0, y: 0, heading: 0, maxSpeed: 100, maxTurnRate: 180, acceleration: 150 });
    let chaser = createMover({ x: 120, y: 40, heading: -90, speed: 60, maxSpeed: 60, maxTurnRate: 120 });
    const d0 = Math.hypot(chaser.x - evader.x, chaser.y - evader.y);
    let minD = d0;
    for (let i = 0; i < 20 * 60; i++) {
      const e = evadeControl(evader, chaser);
      const c = chaseControl(chaser, { ...evader, ...velocity(evader) });
      evader = stepMover(evader, e, DT);
      chaser = stepMover(chaser, c, DT);
      minD = Math.min(minD, Math.hypot(chaser.x - evader.x, chaser.y - evader.y));
    }
    const d1 = Math.hypot(chaser.x - evader.x, chaser.y - evader.y);
    expect(minD).toBeGreaterThan(0.6 * d0);
    expect(d1).toBeGreaterThan(d0 + 500); // 20 s at 40 u/s faster
  });
  it('inside bounds the evader stays in the box while fleeing', () => {
    const bounds = { minX: 0, minY: 0, maxX: 400, maxY: 300 };
    let evader = createMover({ x: 200, y: 150, maxSpeed: 90, maxTurnRate: 240, acceleration: 200 });
    let chaser = createMover({ x: 100, y: 100, maxSpeed: 60, maxTurnRate: 120 });
    for (let i = 0; i < 30 * 60; i++) {
      const e = evadeControl(evader, chaser, { bounds, margin: 60 });
      chaser = stepMover(chaser, chaseControl(chaser, { ...evader, ...velocity(evader) }), DT);
      evader = stepMover(evader, e, DT);
      expect(evader.x).toBeGreaterThan(-20);
      expect(evader.x).toBeLessThan(420);
      expect(evader.y).toBeGreaterThan(-20);
      expect(evader.y).toBeLessThan(320);
    }
  });
});

function velocity(m: Mover) {
  const v = moverVelocity(m);
  return { vx: v.x, vy: v.y };
}

describe('interception', () => {
  it('exact intercept solves the quadratic', () => {
    // 3-4-5: target 30 to the right moving down at 4, chaser speed 5: meet after 10 s at (30, 40).
    const a = exactIntercept({ x: 0, y: 0 }, 5, { x: 30, y: 0 }, { x: 0, y: 4 });
    expect(a).not.toBeNull();
    close(a?.time ?? 0, 10);
    close(a?.x ?? 0, 30);
    close(a?.y ?? 0, 40);
    // Equal speeds, target coming head on: linear case.
    expect(exactIntercept({ x: 0, y: 0 }, 10, { x: 100, y: 0 }, { x: -10, y: 0 })).toEqual({ x: 50, y: 0, time: 5 });
    // Equal speeds, target crossing at right angles: never.
    expect(exactIntercept({ x: 0, y: 0 }, 10, { x: 100, y: 0 }, { x: 0, y: 10 })).toBeNull();
    // Faster target moving away: never.
    expect(exactIntercept({ x: 0, y: 0 }, 5, { x: 10, y: 0 }, { x: 6, y: 0 })).toBeNull();
    // Faster target coming towards the chaser: the earlier of the two meetings.
    const b = exactIntercept({ x: 0, y: 0 }, 1, { x: 10, y: 0 }, { x: -2, y: 0 });
    close(b?.time ?? -1, 10 / 3);
    // Standing chaser, target passing through it; same place: time 0.
    close(exactIntercept({ x: 0, y: 0 }, 0, { x: 10, y: 0 }, { x: -2, y: 0 })?.time ?? -1, 5);
    expect(exactIntercept({ x: 3, y: 4 }, 0, { x: 3, y: 4 }, { x: 1, y: 1 })).toEqual({ x: 3, y: 4, time: 0 });
  });
  it('the seed closing-velocity prediction', () => {
    // Chaser at rest, target 30 away moving at 4: t = 30 / 4.
    expect(closingIntercept({ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 30, y: 0 }, { x: 0, y: 4 })).toEqual({
      x: 30,
      y: 30,
      time: 7.5,
    });
    // Same velocities: zero closing speed, no prediction (instead of a division by zero).
    expect(closingIntercept({ x: 0, y: 0 }, { x: 3, y: 1 }, { x: 30, y: 0 }, { x: 3, y: 1 })).toBeNull();
    expect(closingIntercept({ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 30, y: 0 }, { x: 0, y: 0 })).toBeNull();
    expect(closingIntercept({ x: 1, y: 1 }, { x: 5, y: 5 }, { x: 1, y: 1 }, { x: 0, y: 0 })).toEqual({
      x: 1,
      y: 1,
      time: 0,
    });
  });
  it('never NaN: random and degenerate states give null or finite answers', () => {
    const num = fc.oneof(
      fc.constantFrom(0, -0, 1, -1, 5, 1e-300, -1e-300),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    );
    fc.assert(
      fc.property(
        fc.tuple(num, num, num, num, num, num, num, num),
        fc.constantFrom('exact', 'closing'),
        fc.double({ min: -720, max: 720, noNaN: true }),
        ([cx, cy, cvx, cvy, tx, ty, tvx, tvy], method, heading) => {
          const speed = Math.abs(cvx);
          const e = exactIntercept({ x: cx, y: cy }, speed, { x: tx, y: ty }, { x: tvx, y: tvy });
          if (e) {
            for (const v of [e.x, e.y, e.time]) expect(Number.isFinite(v)).toBe(true);
            expect(e.time).toBeGreaterThanOrEqual(0);
            // The chaser really can be there then (tolerance relative to the sizes involved).
            const reach = Math.hypot(e.x - cx, e.y - cy);
            const scale = 1 + Math.hypot(tx - cx, ty - cy) + reach + Math.hypot(tvx, tvy) * e.time;
            expect(Math.abs(reach - speed * e.time)).toBeLessThanOrEqual(1e-6 * scale);
          }
          const c = closingIntercept({ x: cx, y: cy }, { x: cvx, y: cvy }, { x: tx, y: ty }, { x: tvx, y: tvy });
          if (c) for (const v of [c.x, c.y, c.time]) expect(Number.isFinite(v)).toBe(true);
          const m = createMover({ x: cx, y: cy, heading, speed: Math.min(speed, 100), maxSpeed: 100 });
          const target = { x: tx, y: ty, vx: tvx, vy: tvy };
          const plan = interceptControl(m, target, { method });
          expect(Number.isFinite(plan.control.heading)).toBe(true);
          expect(Number.isFinite(plan.control.speed)).toBe(true);
          for (const k of [chaseControl(m, target), evadeControl(m, target)]) {
            expect(Number.isFinite(k.heading)).toBe(true);
            expect(Number.isFinite(k.speed)).toBe(true);
          }
          const next = stepMover(m, plan.control, DT);
          for (const v of [next.x, next.y, next.heading, next.speed]) expect(Number.isFinite(v)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
  it('falls back to chase when the target is behind or cannot be intercepted', () => {
    const m = createMover({ x: 0, y: 0, heading: 0, maxSpeed: 50 });
    const behind = interceptControl(m, { x: 0, y: 100, vx: 10, vy: 0 });
    expect(behind.behind).toBe(true);
    expect(behind.mode).toBe('chase');
    expect(behind.control.heading).toBe(180);
    const ahead = interceptControl(m, { x: 0, y: -100, vx: 10, vy: 0 });
    expect(ahead.mode).toBe('intercept');
    expect(ahead.control.heading).toBeGreaterThan(0);
    const away = interceptControl(m, { x: 0, y: -100, vx: 0, vy: -80 }, { method: 'exact', fallback: 'chase' });
    expect(away.predicted).toBeNull();
    expect(away.method).toBeNull();
    expect(away.mode).toBe('chase');
    expect(away.control.heading).toBe(0);
    const noBehindCheck = interceptControl(m, { x: 0, y: 100, vx: 10, vy: 0 }, { chaseWhenBehind: false });
    expect(noBehindCheck.mode).toBe('intercept');
  });
  it("the default is the book's LineOfSightIntercept: the closing-velocity point (212.5, -300) at t = 3.125", () => {
    // Chaser at (0, 0) flying up at 100 (velocity (0, -100)), target at (112.5, -100) flying (32, -64):
    // Vclosing = (32, 36), |Dclosing| / |Vclosing| = 150.52 / 48.166 = 3.125 s, predicted (112.5, -100) + 3.125 Vt.
    const m = createMover({ x: 0, y: 0, heading: 0, speed: 100, maxSpeed: 150 });
    const target = { x: 112.5, y: -100, vx: 32, vy: -64 };
    const book = closingIntercept({ x: 0, y: 0 }, { x: 0, y: -100 }, { x: 112.5, y: -100 }, { x: 32, y: -64 });
    expect(book?.time).toBeCloseTo(3.125, 12);
    expect(book?.x).toBeCloseTo(212.5, 10);
    expect(book?.y).toBeCloseTo(-300, 10);
    expect(DEFAULT_INTERCEPT_OPTIONS.method).toBe('closing');
    const plan = interceptControl(m, target);
    expect(plan.mode).toBe('intercept');
    expect(plan.method).toBe('closing');
    expect(plan.predicted?.time).toBeCloseTo(3.125, 12);
    expect(plan.predicted?.x).toBeCloseTo(212.5, 10);
    expect(plan.predicted?.y).toBeCloseTo(-300, 10);
    expect(plan.control.heading).toBeCloseTo((Math.atan2(212.5, 300) * 180) / Math.PI, 10);
    // The exact meeting at top speed is another point: the option, not the default.
    const exact = interceptControl(m, target, { method: 'exact' });
    expect(exact.method).toBe('exact');
    expect(Math.abs((exact.predicted?.time ?? 0) - 3.125)).toBeGreaterThan(0.5);
  });
  it("method 'exact' without an exact meeting: by default it steers where the book's closing-velocity prediction leads", () => {
    // A target ahead and to the right flying away at 80 from a chaser of top speed 50 (standing, heading up):
    // |D + Vt| = 50 t has no root. The book's LineOfSightIntercept: Vc = (80, 0) - (0, 0), |D| = 100 sqrt 2,
    // t = |D| / |Vc| = 1.7678 s, predicted (100 + 80 t, -100) = (100 + 100 sqrt 2, -100): heading
    // atan(1 + sqrt 2) = 67.5 degrees, where chasing the target itself heads at 45.
    const m = createMover({ x: 0, y: 0, heading: 0, maxSpeed: 50 });
    const target = { x: 100, y: -100, vx: 80, vy: 0 };
    expect(exactIntercept({ x: 0, y: 0 }, 50, { x: 100, y: -100 }, { x: 80, y: 0 })).toBeNull();
    const plan = interceptControl(m, target, { method: 'exact' });
    expect(plan.mode).toBe('intercept');
    expect(plan.method).toBe('closing');
    expect(plan.predicted?.time).toBeCloseTo((100 * Math.SQRT2) / 80, 12);
    expect(plan.predicted?.x).toBeCloseTo(100 + 100 * Math.SQRT2, 10);
    expect(plan.predicted?.y).toBeCloseTo(-100, 12);
    expect(plan.control.heading).toBeCloseTo(67.5, 10);
    expect(interceptControl(m, target, { method: 'closing' }).control.heading).toBeCloseTo(67.5, 10);
    const old = interceptControl(m, target, { method: 'exact', fallback: 'chase' });
    expect(old.mode).toBe('chase');
    expect(old.control.heading).toBeCloseTo(45, 10);
    const exact = interceptControl(m, { x: 0, y: -100, vx: 10, vy: 0 }, { method: 'exact' });
    expect(exact.method).toBe('exact');
    expect(() => interceptControl(m, target, { fallback: 'wait' as never })).toThrow(OutOfRangeError);
  });
  it('an interceptor meets a straight-moving target sooner than a pure chaser of the same speed', () => {
    const chaser = createMover({ x: 300, y: 400, heading: 0, maxSpeed: 100, maxTurnRate: 180, acceleration: 200 });
    const target = { x: 0, y: 0, vx: 70, vy: 0 };
    const tChase = pursue(chaser, target, (m, t) => chaseControl(m, t), 5, 60);
    const tExact = pursue(chaser, target, (m, t) => interceptControl(m, t, { method: 'exact' }).control, 5, 60);
    const tClosing = pursue(chaser, target, (m, t) => interceptControl(m, t).control, 5, 60);
    expect(tChase).toBeLessThan(60); // the chaser does get there in the end ...
    expect(tExact).toBeLessThan(0.85 * tChase); // ... but the interceptor is clearly sooner
    expect(tClosing).toBeLessThan(tChase);
  });
});
