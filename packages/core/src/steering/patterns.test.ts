import { describe, expect, it } from 'vitest';
import { OutOfRangeError, PatternParseError } from '../errors.js';
import {
  type ControlRecord,
  createControlPatternState,
  parseControlPattern,
  stepControlPattern,
  validateControlPattern,
} from './control-pattern.js';
import { createMover, type Mover } from './mover.js';
import {
  buildTilePatternPath,
  normalizeTileSegments,
  parseTilePattern,
  parseTilePatterns,
  patternStepIndex,
} from './tile-pattern.js';

const pairs = (a: Int32Array) => {
  const out: [number, number][] = [];
  for (let i = 0; i < a.length; i += 2) out.push([a[i] as number, a[i + 1] as number]);
  return out;
};

function parseError(fn: () => unknown): PatternParseError {
  try {
    fn();
  } catch (e) {
    if (e instanceof PatternParseError) return e;
    throw e;
  }
  throw new Error('expected a PatternParseError');
}

// The seed's orc camp: (10, 10) to (15, 15), walked clockwise on screen.
const CAMP = `
# guard around the orc camp
10 10 10 15

10 15 15 15   # bottom side
15 15 15 10
15 10 10 10
`;

describe('tile patterns', () => {
  it('normalises relative to the first point (the seed example)', () => {
    const p = parseTilePattern(CAMP);
    expect(Array.from(p.segments)).toEqual([0, 0, 0, 5, 0, 5, 5, 5, 5, 5, 5, 0, 5, 0, 0, 0]);
    expect([p.originX, p.originY]).toEqual([10, 10]);
    expect(p.closed).toBe(true);
    expect(Array.from(p.lines)).toEqual([3, 5, 6, 7]);
    expect(p.name).toBe('');
  });
  it('negative offsets are ordinary values, not end markers (the seed caution)', () => {
    expect(Array.from(normalizeTileSegments([1, 1, 0, 0]))).toEqual([0, 0, -1, -1]);
    const p = parseTilePattern('1 1 0 0\n0 0 0 -2');
    expect(pairs(buildTilePatternPath(p, { x: 5, y: 5 }).points)).toEqual([
      [5, 5],
      [4, 4],
      [4, 3],
      [4, 2],
    ]);
    expect(() => normalizeTileSegments([1, 2, 3])).toThrow(OutOfRangeError);
  });
  it('builds the path with Bresenham per segment, joints once, from any origin (the seed camp moved to 6, 5)', () => {
    const p = parseTilePattern(CAMP);
    const path = pairs(buildTilePatternPath(p, { x: 6, y: 5 }).points);
    expect(path.length).toBe(21); // 4 sides of 5 steps and the start: the book's path ends where it began
    expect(path[20]).toEqual([6, 5]);
    expect(path.slice(0, 7)).toEqual([
      [6, 5],
      [6, 6],
      [6, 7],
      [6, 8],
      [6, 9],
      [6, 10],
      [7, 10],
    ]);
    expect(path[10]).toEqual([11, 10]);
    expect(path[15]).toEqual([11, 5]);
    for (let i = 0; i + 1 < path.length; i++) {
      const [ax, ay] = path[i] as [number, number];
      const [bx, by] = path[i + 1] as [number, number];
      expect(Math.max(Math.abs(bx - ax), Math.abs(by - ay))).toBe(1); // no duplicate joints, no jumps
    }
    // Without the return tile (the default before 0.2): the same tiles, the last one left out.
    const loop = pairs(buildTilePatternPath(p, { x: 6, y: 5 }, { keepReturnTile: false }).points);
    expect(loop).toEqual(path.slice(0, 20));
  });
  it('diagonal segments use Bresenham lines', () => {
    const p = parseTilePattern('0 0 4 2\n4 2 0 0');
    // The book's line: (0, 0) to (4, 2) takes its minor step first (fraction starts at 0).
    expect(pairs(buildTilePatternPath(p, { x: 0, y: 0 }).points)).toEqual([
      [0, 0],
      [1, 1],
      [2, 1],
      [3, 2],
      [4, 2],
      [3, 1],
      [2, 1],
      [1, 0],
      [0, 0],
    ]);
    expect(
      pairs(buildTilePatternPath(p, { x: 0, y: 0 }, { style: 'symmetric', keepReturnTile: false }).points),
    ).toEqual([
      [0, 0],
      [1, 0],
      [2, 1],
      [3, 1],
      [4, 2],
      [3, 1],
      [2, 1],
      [1, 0],
    ]);
  });
  it('a patrol returns to its start after one loop (closed) or one there-and-back (open)', () => {
    const closed = parseTilePattern(CAMP);
    const at = (path: Int32Array, i: number) => [path[2 * i], path[2 * i + 1]];
    // The book's path (the return tile kept): 21 tiles, back on the start after 20 steps, never twice on it.
    const book = buildTilePatternPath(closed, { x: 30, y: 7 }).points;
    const b = book.length / 2;
    expect(b).toBe(21);
    const walkedBook = Array.from({ length: 2 * b }, (_, step) => at(book, patternStepIndex(b, true, step)));
    expect(walkedBook.filter(([x, y]) => x === 30 && y === 7).length).toBe(3); // steps 0, 20 and 40
    expect(walkedBook[20]).toEqual([30, 7]);
    for (let step = 1; step < 2 * b; step++) expect(walkedBook[step]).not.toEqual(walkedBook[step - 1]);
    // Without it: the same walk, over the 20 tiles of the loop.
    const options = { keepReturnTile: false };
    const loop = buildTilePatternPath(closed, { x: 30, y: 7 }, options).points;
    const n = loop.length / 2;
    expect(n).toBe(20);
    const start = at(loop, 0);
    for (let step = 1; step < n; step++) expect(at(loop, patternStepIndex(n, true, step, options))).not.toEqual(start);
    expect(at(loop, patternStepIndex(n, true, n, options))).toEqual(start);
    expect(at(loop, patternStepIndex(n, true, 3 * n + 2, options))).toEqual(at(loop, 2));
    for (let step = 0; step < 2 * b; step++)
      expect(at(loop, patternStepIndex(n, true, step, options))).toEqual(walkedBook[step]);

    const open = parseTilePattern('0 0 6 0  # one wall, paced back and forth');
    expect(open.closed).toBe(false);
    const pace = buildTilePatternPath(open, { x: 2, y: 2 }).points;
    const m = pace.length / 2;
    expect(m).toBe(7);
    const walked = Array.from({ length: 13 }, (_, s) => patternStepIndex(m, false, s));
    expect(walked).toEqual([0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1, 0]);
    expect(patternStepIndex(1, true, 99)).toBe(0);
    expect(() => patternStepIndex(0, true, 1)).toThrow(OutOfRangeError);
    expect(() => patternStepIndex(3, true, -1)).toThrow(OutOfRangeError);
  });
  it('several named patterns in one text (four guards of Problem 1-2)', () => {
    const all = parseTilePatterns(`
pattern north
0 0 10 0
pattern east   # comment after a header
10 0 10 5
10 5 10 0
pattern south
0 5 10 5
`);
    expect(all.map((p) => p.name)).toEqual(['north', 'east', 'south']);
    expect(all.map((p) => [p.originX, p.originY])).toEqual([
      [0, 0],
      [10, 0],
      [0, 5],
    ]);
    expect(Array.from(all[1]?.segments ?? [])).toEqual([0, 0, 0, 5, 0, 5, 0, 0]);
  });
  it('bad pattern text errors with its line number and column', () => {
    let e = parseError(() => parseTilePattern('# header\n\n0 0 5 0\n5 0 x 3\n'));
    expect([e.line, e.column]).toEqual([4, 5]);
    expect(e.message).toContain('x1 must be an integer');
    const lines = { format: 'lines' } as const;
    e = parseError(() => parseTilePattern('0 0 5 0\n5 0 5\n', lines));
    expect([e.line, e.column]).toEqual([2, 5]);
    expect(e.message).toContain('4 integers');
    e = parseError(() => parseTilePattern('0 0 5 0\n5 0 5\n'));
    expect([e.line, e.column]).toEqual([2, 5]);
    expect(e.message).toContain('the last segment has 3 of its 4 integers');
    e = parseError(() => parseTilePattern('0 0 5 0\n5 0 5 5 7\n', lines));
    expect([e.line, e.column]).toEqual([2, 9]);
    e = parseError(() => parseTilePattern('0 0 5 0\n5 0 5 5 7\n'));
    expect([e.line, e.column]).toEqual([2, 9]);
    expect(e.message).toContain('the last segment has 1 of its 4 integers');
    e = parseError(() => parseTilePattern('0 0 5 0\n\n  6 0 9 0\n', lines));
    expect([e.line, e.column]).toEqual([3, 3]);
    expect(e.message).toContain('previous one ended at (5, 0)');
    e = parseError(() => parseTilePattern('0 0 5 0\n5 0 5 x 7 7\n'));
    expect([e.line, e.column]).toEqual([2, 7]);
    expect(e.message).toContain('y1 must be an integer');
    e = parseError(() => parseTilePattern('# nothing\n\n'));
    expect(e.message).toContain('no segments');
    e = parseError(() => parseTilePattern('0 0 1.5 0'));
    expect([e.line, e.column]).toEqual([1, 5]);
    e = parseError(() => parseTilePattern('0 0 99999999 0'));
    expect(e.message).toContain('outside');
    e = parseError(() => parseTilePatterns('pattern a\n0 0 1 0\npattern a\n0 0 1 0'));
    expect([e.line, e.column]).toEqual([3, 9]);
    e = parseError(() => parseTilePatterns('pattern a\npattern b\n0 0 1 0'));
    expect(e.line).toBe(1);
    expect(e.message).toContain('"a" has no segments');
    e = parseError(() => parseTilePattern('pattern a\n0 0 1 0\npattern b\n0 0 1 0'));
    expect(e.message).toContain('expected one pattern');
    expect(e).toMatchObject({ code: 'FM_PATTERN_PARSE' });
    expect(e.name).toBe('PatternParseError');
  });
});

function run(mover: Mover, pattern: ControlRecord[], seconds: number, dt: number) {
  let m = mover;
  let s = createControlPatternState(m);
  const steps = Math.round(seconds / dt);
  for (let i = 0; i < steps; i++) ({ mover: m, state: s } = stepControlPattern(m, pattern, s, dt));
  return { m, s };
}

describe('continuous control patterns', () => {
  const square: ControlRecord[] = [];
  for (let i = 0; i < 4; i++) square.push({ kind: 'travel', distance: 100 }, { kind: 'turn', degrees: 90 });

  it('a square patrol (travel, turn right) x4 comes back to its start and heading after one loop', () => {
    const start = createMover({ x: 50, y: 80, heading: 30, speed: 50, maxSpeed: 50, maxTurnRate: 90 });
    // One loop: 4 x (2 s of travel + 1 s of turning).
    const { m, s } = run(start, square, 12, 1 / 60);
    expect(s.loops).toBe(1);
    expect(s.index).toBe(0);
    expect(Math.abs(m.x - 50)).toBeLessThan(1e-6);
    expect(Math.abs(m.y - 80)).toBeLessThan(1e-6);
    expect(Math.abs(m.heading - 30)).toBeLessThan(1e-9);
    // Halfway it is far from the start: it did go somewhere.
    const half = run(start, square, 6, 1 / 60).m;
    expect(Math.hypot(half.x - 50, half.y - 80)).toBeGreaterThan(100);
  });
  it('records finish mid-frame, so coarse frames give the same result', () => {
    const start = createMover({ speed: 50, maxSpeed: 50, maxTurnRate: 90 });
    const fine = run(start, square, 7.5, 1 / 120).m;
    const coarse = run(start, square, 7.5, 0.75).m;
    expect(Math.abs(fine.x - coarse.x)).toBeLessThan(1e-6);
    expect(Math.abs(fine.y - coarse.y)).toBeLessThan(1e-6);
    expect(Math.abs(fine.heading - coarse.heading)).toBeLessThan(1e-9);
  });
  it('speed and wait records run over as many frames as the acceleration needs', () => {
    // Facing right from rest, 50 u/s^2: speed 50 takes 1 s (25 units), travel 100 takes 2 s, braking to 0
    // takes 1 s (25 units), then it waits 1 s: 150 units to the right after 5 s, one loop done.
    const pattern = parseControlPattern('speed 50\ntravel 100\nspeed 0  # brake\nwait 1');
    const start = createMover({ heading: 90, maxSpeed: 80, acceleration: 50 });
    const at4 = run(start, pattern, 4.5, 1 / 30);
    expect(Math.abs(at4.m.x - 150)).toBeLessThan(1e-6);
    expect(at4.m.speed).toBe(0);
    expect(at4.s.index).toBe(3); // waiting
    const at5 = run(start, pattern, 5, 1 / 30);
    expect(at5.s.loops).toBe(1);
    expect(Math.abs(at5.m.y)).toBeLessThan(1e-9);
  });
  it('stops after one pass without loop, and refuses records it can never finish', () => {
    const start = createMover({ speed: 10, maxSpeed: 10 });
    const once = stepControlPattern(start, [{ kind: 'travel', distance: 5 }], createControlPatternState(start), 2, {
      loop: false,
    });
    expect(once.state.done).toBe(true);
    expect(Math.abs(once.mover.y + 20)).toBeLessThan(1e-9); // 2 s at 10 u/s upwards: it keeps moving after the end
    const still = createMover({ speed: 0 });
    expect(() =>
      stepControlPattern(still, [{ kind: 'travel', distance: 5 }], createControlPatternState(still), 1),
    ).toThrow(OutOfRangeError);
    const stiff = createMover({ maxTurnRate: 0 });
    expect(() =>
      stepControlPattern(stiff, [{ kind: 'turn', degrees: 10 }], createControlPatternState(stiff), 1),
    ).toThrow(/pattern\[0\]/);
    // Only instant records: no endless loop.
    const r = stepControlPattern(still, [{ kind: 'turn', degrees: 0 }], createControlPatternState(still), 1);
    expect(r.state.loops).toBeGreaterThan(0);
    expect(() => validateControlPattern([{ kind: 'wait', seconds: -1 }])).toThrow(/pattern\[0\]\.seconds/);
    expect(() => validateControlPattern([{ kind: 'speed', speed: Number.NaN }])).toThrow(OutOfRangeError);
  });
  it('turn 270 turns right all the way (clockwise, monotonically) and ends at +270', () => {
    const start = createMover({ heading: 10, speed: 20, maxSpeed: 20, maxTurnRate: 90 });
    const pattern: ControlRecord[] = [{ kind: 'turn', degrees: 270 }];
    let m = start;
    let s = createControlPatternState(m);
    let turned = 0; // accumulated clockwise change
    for (let i = 0; i < 3 * 60; i++) {
      const before = m.heading;
      ({ mover: m, state: s } = stepControlPattern(m, pattern, s, 1 / 60, { loop: false }));
      const d = (((m.heading - before) % 360) + 360) % 360; // clockwise change this frame, 0..360
      expect(d).toBeLessThanOrEqual(1.5 + 1e-9); // 90 deg/s over 1/60 s, never a jump the other way
      turned += d;
    }
    expect(s.done).toBe(true);
    expect(Math.abs(turned - 270)).toBeLessThan(1e-6);
    expect(Math.abs(m.heading - -80)).toBeLessThan(1e-9); // 10 + 270 = 280 = -80
    // Left turns go left: -270 from 10 ends at 100 having turned counterclockwise.
    const left = run(start, [{ kind: 'turn', degrees: -270 }], 3, 1 / 60);
    expect(Math.abs(left.m.heading - 100)).toBeLessThan(1e-9);
  });
  it('turn 360 takes 360 / turnRate seconds and comes back to the start heading', () => {
    const start = createMover({ heading: -45, speed: 10, maxSpeed: 10, maxTurnRate: 120 });
    const pattern: ControlRecord[] = [{ kind: 'turn', degrees: 360 }];
    const half = stepControlPattern(start, pattern, createControlPatternState(start), 1.5, { loop: false });
    expect(half.state.done).toBe(false);
    expect(Math.abs(half.mover.heading - 135)).toBeLessThan(1e-9); // 180 of 360 turned
    expect(Math.abs(half.state.turnRemaining - 180)).toBeLessThan(1e-9);
    const early = stepControlPattern(half.mover, pattern, half.state, 1.49, { loop: false });
    expect(early.state.done).toBe(false);
    const full = stepControlPattern(half.mover, pattern, half.state, 1.5, { loop: false });
    expect(full.state.done).toBe(true);
    expect(full.mover.heading).toBe(-45);
    // A full circle at constant speed ends where it began.
    expect(Math.abs(full.mover.x - start.x)).toBeLessThan(1e-6);
    expect(Math.abs(full.mover.y - start.y)).toBeLessThan(1e-6);
    // One coarse frame gives the same circle.
    const coarse = stepControlPattern(start, pattern, createControlPatternState(start), 3, { loop: false });
    expect(coarse.state.done).toBe(true);
    expect(Math.abs(coarse.mover.x - start.x)).toBeLessThan(1e-6);
  });
  it('control pattern text errors name the line', () => {
    let e = parseError(() => parseControlPattern('speed 40\n\nfly 3'));
    expect([e.line, e.column]).toEqual([3, 1]);
    e = parseError(() => parseControlPattern('speed 40\ntravel -3'));
    expect([e.line, e.column]).toEqual([2, 8]);
    e = parseError(() => parseControlPattern('turn 90 90'));
    expect([e.line, e.column]).toEqual([1, 9]);
    e = parseError(() => parseControlPattern('turn right'));
    expect(e.message).toContain('turn must be a number');
    e = parseError(() => parseControlPattern('# empty'));
    expect(e.message).toContain('no records');
    expect(parseControlPattern('TURN -45\nwait .5')).toEqual([
      { kind: 'turn', degrees: -45 },
      { kind: 'wait', seconds: 0.5 },
    ]);
  });
});

describe("tile pattern files in the book's stream format (LoadPatternMovement)", () => {
  // The camp of the text, normalised: (0, 0, 0, 5), (0, 5, 5, 5), (5, 5, 5, 0), (5, 0, 0, 0), written as the
  // book's `infile >> xstart >> ystart >> xend >> yend` reads it: any whitespace, any line breaks.
  const STREAM = '0 0 0 5 0 5 5 5\n5 5 5 0\t5 0\n0 0\n';

  it('reads four integers at a time whatever the line breaks, and builds the same path as the line format', () => {
    const stream = parseTilePattern(STREAM);
    const strict = parseTilePattern(CAMP, { format: 'lines' });
    expect(Array.from(stream.segments)).toEqual(Array.from(strict.segments));
    expect(Array.from(stream.lines)).toEqual([1, 1, 2, 2]);
    expect(stream.closed).toBe(true);
    // The text's camp moved to (6, 5): (6, 5, 6, 10), (6, 10, 11, 10), (11, 10, 11, 5), (11, 5, 6, 5).
    expect(Array.from(buildTilePatternPath(stream, { x: 6, y: 5 }).points)).toEqual(
      Array.from(buildTilePatternPath(strict, { x: 6, y: 5 }).points),
    );
    expect(() => parseTilePattern(STREAM, { format: 'lines' })).toThrow(PatternParseError);
  });

  it("segments that do not join are accepted: the next one's tiles follow its start, as BuildPathSegment appends", () => {
    // Book: currentStep > 0, so the second segment's start (3, 3) is not stored; its next tiles are.
    const p = parseTilePattern('0 0 2 0 3 3 3 5');
    expect(p.closed).toBe(false);
    expect(pairs(buildTilePatternPath(p, { x: 0, y: 0 }).points)).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 4],
      [3, 5],
    ]);
    const e = parseError(() => parseTilePattern('0 0 2 0\n3 3 3 5', { format: 'lines' }));
    expect([e.line, e.column]).toEqual([2, 1]);
  });

  it("the 'listing' style builds each segment with the book's BuildPathSegment lines", () => {
    const p = parseTilePattern('0 0 5 1 5 1 0 0');
    expect(pairs(buildTilePatternPath(p, { x: 0, y: 0 }, { style: 'listing', keepReturnTile: false }).points)).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 1],
      [5, 1],
      // back: deltaX = 10, deltaY = 2, fraction = -6: x steps -1 and y drops at (1, 0)
      [4, 1],
      [3, 1],
      [2, 1],
      [1, 0],
    ]);
    expect(Array.from(buildTilePatternPath(p, { x: 0, y: 0 }).points)).toEqual(
      Array.from(buildTilePatternPath(p, { x: 0, y: 0 }, { style: 'listing', keepReturnTile: false }).points).concat([
        0, 0,
      ]),
    );
    expect(
      pairs(buildTilePatternPath(p, { x: 0, y: 0 }, { style: 'symmetric', keepReturnTile: false }).points),
    ).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 1],
      [4, 1],
      [5, 1],
      [4, 1],
      [3, 1],
      [2, 0],
      [1, 0],
    ]);
  });

  it('an unknown format is refused', () => {
    expect(() => parseTilePatterns('0 0 1 0', { format: 'csv' as never })).toThrow(/format/);
  });
});
