// Issue 23 (hardening): steering functions under hostile input. Each case here hung, wrapped around, threw an
// untyped error or read an inherited option before.
import { describe, expect, it } from 'vitest';
import { InvalidOptionError, OutOfRangeError, PatternParseError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import { withPollutedPrototype } from '../util/pollute.test-util.js';
import { bresenhamLength, bresenhamLine, bresenhamLineInto, MAX_LINE_TILES } from './bresenham.js';
import {
  type ControlRecord,
  createControlPatternState,
  MAX_CONTROL_RECORDS_PER_STEP,
  MAX_CONTROL_TURN,
  parseControlPattern,
  stepControlPattern,
  validateControlPattern,
} from './control-pattern.js';
import { closingIntercept, exactIntercept } from './intercept.js';
import { hasLineOfSight } from './line-of-sight.js';
import { createMover, stepMover } from './mover.js';
import { wrapDegrees } from './orientation.js';
import { chaseControl } from './steer.js';
import { LineChaser } from './tile-chase.js';
import { tileIntercept, tileInterceptDirection } from './tile-intercept.js';
import { buildTilePatternPath, normalizeTileSegments, parseTilePattern } from './tile-pattern.js';

function parseError(parse: () => unknown): PatternParseError {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(PatternParseError);
    return error as PatternParseError;
  }
  throw new Error('expected a PatternParseError');
}

describe('control patterns: bounded work per call (issue 23 item 2)', () => {
  it('refuses amounts below the rounding tolerance and turns beyond a million circles, at their line and column', () => {
    let e = parseError(() => parseControlPattern('wait 1e-20'));
    expect([e.line, e.column]).toEqual([1, 6]);
    expect(e.message).toContain('wait must be 0 or a number >= 0.000001, got 1e-20');
    e = parseError(() => parseControlPattern('speed 50\ntravel 1e-20'));
    expect([e.line, e.column]).toEqual([2, 8]);
    e = parseError(() => parseControlPattern('turn 90\n  turn 1e12'));
    expect([e.line, e.column]).toEqual([2, 8]);
    e = parseError(() => parseControlPattern('turn -1e20'));
    expect(e.message).toContain('at most 360000000 degrees');
    expect(parseControlPattern('wait 0\ntravel 0.000001\nturn -360000000')).toEqual([
      { kind: 'wait', seconds: 0 },
      { kind: 'travel', distance: 0.000001 },
      { kind: 'turn', degrees: -MAX_CONTROL_TURN },
    ]);
  });

  it('refuses the same records built by hand, in validateControlPattern and when stepping', () => {
    const m = createMover({ speed: 50, maxSpeed: 100 });
    const s = createControlPatternState(m);
    for (const [pattern, field] of [
      [[{ kind: 'wait', seconds: 1e-20 }], 'pattern[0].seconds'],
      [
        [
          { kind: 'speed', speed: 50 },
          { kind: 'travel', distance: 1e-20 },
        ],
        'pattern[1].distance',
      ],
      [[{ kind: 'turn', degrees: 1e12 }], 'pattern[0].degrees'],
      [[{ kind: 'turn', degrees: 1e20 }], 'pattern[0].degrees'],
    ] as [ControlRecord[], string][]) {
      expect(() => validateControlPattern(pattern)).toThrow(field);
      expect(() => stepControlPattern(m, pattern, s, 1e9)).toThrow(OutOfRangeError);
      expect(() => stepControlPattern(m, pattern, s, 1e9)).toThrow(field);
    }
  });

  it('finishes at most MAX_CONTROL_RECORDS_PER_STEP records per call; the rest of the frame keeps the controls', () => {
    const m = createMover({ speed: 10, maxSpeed: 10 });
    const pattern: ControlRecord[] = [{ kind: 'wait', seconds: 1e-6 }];
    const r = stepControlPattern(m, pattern, createControlPatternState(m), 1e9);
    expect(r.state.loops).toBe(MAX_CONTROL_RECORDS_PER_STEP);
    expect(r.state.index).toBe(0);
    // Facing up at 10 u/s for the whole 1e9 s.
    expect(r.mover.y).toBeCloseTo(-1e10, -2);
    expect(r.mover.x).toBe(0);
    // speed + tiny travel in a loop: bounded too, and the mover keeps moving.
    const travel = parseControlPattern('speed 10\ntravel 0.000001');
    const t = stepControlPattern(m, travel, createControlPatternState(m), 1);
    expect(t.state.loops).toBe(MAX_CONTROL_RECORDS_PER_STEP / 2);
    expect(t.mover.y).toBeCloseTo(-10, 9);
  });

  it('a turn of a million circles in one huge frame returns, ends on its heading and where it began', () => {
    const start = createMover({ x: 5, y: 7, heading: 30, speed: 20, maxSpeed: 20, maxTurnRate: 180 });
    const pattern: ControlRecord[] = [{ kind: 'turn', degrees: MAX_CONTROL_TURN }];
    const turnTime = MAX_CONTROL_TURN / 180; // 2e6 s
    const r = stepControlPattern(start, pattern, createControlPatternState(start), turnTime, { loop: false });
    expect(r.state.done).toBe(true);
    expect(r.mover.heading).toBe(30);
    expect(Math.hypot(r.mover.x - 5, r.mover.y - 7)).toBeLessThan(1e-3);
    // dt 1e9 (the case with turn 1e12, which is now refused): the rest goes straight on at 20 u/s.
    const long = stepControlPattern(start, pattern, createControlPatternState(start), 1e9, { loop: false });
    expect(long.mover.heading).toBe(30);
    const travelled = Math.hypot(long.mover.x - 5, long.mover.y - 7);
    expect(Math.abs(travelled - 20 * (1e9 - turnTime)) / travelled).toBeLessThan(1e-9);
    // A turn split over frames in the middle of a circle still turns in its direction.
    const part = stepControlPattern(start, pattern, createControlPatternState(start), 1000.25, { loop: false });
    expect(part.mover.heading).toBe(wrapDegrees(30 + 180 * 1000.25));
    expect(part.state.turnRemaining).toBe(MAX_CONTROL_TURN - 180 * 1000.25);
  });

  it('checks the state, the mover and the options instead of spinning on forged ones', () => {
    const m = createMover();
    const pattern = parseControlPattern('wait 1');
    const s = createControlPatternState(m);
    expect(() => stepControlPattern(m, pattern, { ...s, index: 5 }, 1)).toThrow('state.index');
    expect(() => stepControlPattern(m, pattern, { ...s, progress: Number.NaN }, 1)).toThrow('state.progress');
    expect(() => stepControlPattern({ ...m, maxTurnRate: Number.NaN }, pattern, s, 1)).toThrow('mover.maxTurnRate');
    expect(() => stepControlPattern(m, [null as unknown as ControlRecord], s, 1)).toThrow(InvalidOptionError);
    expect(() => stepControlPattern(m, 'wait 1' as unknown as ControlRecord[], s, 1)).toThrow(InvalidOptionError);
    expect(() => stepControlPattern(m, pattern, s, 1, { loop: 'no' as unknown as boolean })).toThrow(
      InvalidOptionError,
    );
    expect(() => stepControlPattern(m, pattern, null as never, 1)).toThrow(InvalidOptionError);
  });
});

describe('coordinates that do not fit 32 bits (issue 23 item 8)', () => {
  it('buildTilePatternPath refuses an origin that moves a tile past 2^31 - 1', () => {
    const pattern = parseTilePattern('0 0 3 0');
    expect(() => buildTilePatternPath(pattern, { x: 2 ** 31, y: 0 }).points).toThrow(OutOfRangeError);
    expect(() => buildTilePatternPath(pattern, { x: 2 ** 31 - 3, y: 0 }).points).toThrow('origin.x');
    expect(() => buildTilePatternPath(pattern, { x: 0, y: -(2 ** 31) - 1 }).points).toThrow('origin.y');
    expect(() => buildTilePatternPath(pattern, { x: 0.5, y: 0 }).points).toThrow(OutOfRangeError);
    expect(Array.from(buildTilePatternPath(pattern, { x: 2 ** 31 - 4, y: -(2 ** 31) }).points)).toEqual([
      2 ** 31 - 4,
      -(2 ** 31),
      2 ** 31 - 3,
      -(2 ** 31),
      2 ** 31 - 2,
      -(2 ** 31),
      2 ** 31 - 1,
      -(2 ** 31),
    ]);
  });

  it('lines stored as Int32 refuse coordinates outside 32 bits; allocating ones refuse over MAX_LINE_TILES', () => {
    expect(() => bresenhamLine(0, 0, 2 ** 31, 0)).toThrow(OutOfRangeError);
    expect(() => bresenhamLineInto(0, 0, 2 ** 31, 0, new Int32Array(10))).toThrow(OutOfRangeError);
    expect(() => bresenhamLine(0, 0, MAX_LINE_TILES, 0)).toThrow('line length');
    expect(bresenhamLine(0, 0, MAX_LINE_TILES - 1, 0).length).toBe(2 * MAX_LINE_TILES);
    expect(() => bresenhamLineInto(0, 0, 2 ** 40, 0, [])).toThrow('line length');
    expect(() => new LineChaser().next(0, 0, 2 ** 31, 0)).toThrow(OutOfRangeError);
    expect(() => new LineChaser(1e20)).toThrow(OutOfRangeError);
    expect(() => normalizeTileSegments([0, 0, 2 ** 32, 0])).toThrow('segments[2]');
    expect(() => normalizeTileSegments([0, 0, 1.5, 0])).toThrow(OutOfRangeError);
  });
});

describe('typed errors where untyped ones were thrown (issue 23 item 9)', () => {
  it('pattern parsers take text only', () => {
    for (const bad of [null, undefined, 42, {}, ['0 0 1 0']]) {
      let e = parseError(() => parseTilePattern(bad as string));
      expect([e.line, e.column]).toEqual([1, 1]);
      e = parseError(() => parseControlPattern(bad as string));
      expect(e.message).toContain('expected pattern text');
    }
  });

  it('functions that take objects say so instead of failing inside', () => {
    const m = createMover();
    expect(() => stepMover(null as never, { heading: 0, speed: 1 }, 1)).toThrow(InvalidOptionError);
    expect(() => stepMover(m, null as never, 1)).toThrow(InvalidOptionError);
    expect(() => stepMover(m, { heading: 0, speed: 1 }, 1, { out: 5 as never })).toThrow(InvalidOptionError);
    expect(() => stepMover(m, { heading: 0, speed: 1 }, 1, 5 as never)).toThrow(InvalidOptionError);
    expect(() => chaseControl(m, null as never)).toThrow(InvalidOptionError);
    expect(() => chaseControl(m, { x: Number.NaN, y: 0 })).toThrow('target.x');
    expect(() => hasLineOfSight(null as never, 0, 0, 1, 1)).toThrow(InvalidOptionError);
    expect(() => buildTilePatternPath(null as never, { x: 0, y: 0 }).points).toThrow(InvalidOptionError);
    expect(
      () => buildTilePatternPath({ segments: [0, 0, 1, 0], closed: false } as never, { x: 0, y: 0 }).points,
    ).toThrow(InvalidOptionError);
    expect(() => normalizeTileSegments(null as never)).toThrow(InvalidOptionError);
    expect(() => wrapDegrees(Symbol('x') as never)).toThrow(OutOfRangeError);
    expect(() => exactIntercept({ x: 0, y: 0 }, 1, { x: 10n as never, y: 0 }, { x: 0, y: 0 })).toThrow(OutOfRangeError);
    expect(() => exactIntercept({ x: 0, y: 0 }, 1, { x: 10n as never, y: 0 }, { x: 0, y: 0 })).toThrow('target.x');
    expect(() => closingIntercept(0 as never, { x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 0 })).toThrow(
      InvalidOptionError,
    );
    expect(() => closingIntercept({ x: 0, y: 0 }, { x: 0 } as never, { x: 1, y: 0 }, { x: 0, y: 0 })).toThrow(
      'chaserVelocity.y',
    );
    expect(() => tileIntercept({ x: 0, y: 0 }, null as never, { x: 0, y: 0 })).toThrow(InvalidOptionError);
    expect(() => tileInterceptDirection({ x: 0, y: 0 }, { x: 1, y: 0 }, { x: Number.NaN, y: 0 })).toThrow('velocity.x');
  });
});

describe('inherited options are ignored (issue 23 item 11)', () => {
  it('a property added to Object.prototype changes no steering result', () => {
    const m = createMover({ x: 0, y: 100, speed: 50 });
    const target = { x: 0, y: 0 };
    const grid = Grid.open(4, 4);
    const before = {
      chase: chaseControl(m, target),
      intercept: tileIntercept({ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 0, y: 1 }),
      step: stepControlPattern(m, parseControlPattern('wait 1'), createControlPatternState(m), 2),
      sight: hasLineOfSight(grid, 0, 0, 3, 3),
      mover: createMover(),
    };
    const after = withPollutedPrototype(
      {
        stopDistance: 1e9,
        arrive: false,
        maxTurns: 0,
        chaserSpeed: 3,
        vx: 100,
        loop: false,
        diagonal: 'never',
        sameCode: 'yes',
        maxSpeed: 1,
      },
      () => ({
        chase: chaseControl(m, target),
        intercept: tileIntercept({ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 0, y: 1 }),
        step: stepControlPattern(m, parseControlPattern('wait 1'), createControlPatternState(m), 2),
        sight: hasLineOfSight(grid, 0, 0, 3, 3),
        mover: createMover(),
      }),
    );
    expect(after).toEqual(before);
    expect(before.intercept).toEqual({ x: 5, y: 5, turns: 5 });
  });
});

describe('numbers given as strings are refused (issue 23, minor)', () => {
  it('no steering function converts a numeric string', () => {
    const m = createMover();
    expect(() => stepMover(m, { heading: 0, speed: 1 }, '1' as never)).toThrow(OutOfRangeError);
    expect(() => bresenhamLength('0' as never, 0, 3, 0)).toThrow(OutOfRangeError);
    expect(() => wrapDegrees('90' as never)).toThrow(OutOfRangeError);
    expect(() => tileIntercept({ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 0, y: 1 }, { maxTurns: '9' as never })).toThrow(
      OutOfRangeError,
    );
    expect(() => createMover({ maxSpeed: '5' as never })).toThrow(OutOfRangeError);
  });
});
