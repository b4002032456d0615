import { describe, expect, it } from 'vitest';
import { OutOfRangeError, PatternParseError } from '../errors.js';
import { errorOf } from '../testing/error-of.test-util.js';
import {
  type ControlRecord,
  createControlPatternState,
  parseControlPattern,
  stepControlPattern,
  validateControlPattern,
} from './control-pattern.js';
import { createMover } from './mover.js';

const mover = () => createMover({ x: 0, y: 0, heading: 0, speed: 10, maxSpeed: 50, maxTurnRate: 90, acceleration: 50 });

/** Steps `pattern` for `seconds` in frames of 1/30 s (the error it throws, or null). */
function runFor(pattern: ControlRecord[], seconds: number, loop = true): Error | null {
  return errorOf(() => {
    let m = mover();
    let s = createControlPatternState(m);
    for (let t = 0; t < seconds; t += 1 / 30)
      ({ mover: m, state: s } = stepControlPattern(m, pattern, s, 1 / 30, { loop }));
  });
}

describe('control patterns are checked the same way at parse and at step (issue 35)', () => {
  it('`wait 1e-400` is refused as `wait 1e-20` is (a number too small to tell from 0 is not 0)', () => {
    for (const text of ['wait 1e-20', 'wait 1e-400', 'travel 1e-999', 'turn -1e-400', 'speed 1e-400', 'speed 1e-7']) {
      const error = errorOf(() => parseControlPattern(text));
      expect(error, text).toBeInstanceOf(PatternParseError);
      expect(error?.message, text).toMatch(/must be 0(,)? or (a number >= 0.000001|at least 0.000001)/);
    }
    expect(parseControlPattern('wait 0e-400\nwait 0.000')).toEqual([
      { kind: 'wait', seconds: 0 },
      { kind: 'wait', seconds: 0 },
    ]);
    expect(() => validateControlPattern([{ kind: 'speed', speed: 1e-9 }])).toThrow(OutOfRangeError);
  });

  it('`speed 0` then `travel 5` is refused by parse and validate, and step says the same', () => {
    const error = errorOf(() => parseControlPattern('turn 90\nspeed 0\n\ntravel 5'));
    expect(error).toBeInstanceOf(PatternParseError);
    expect((error as PatternParseError).line).toBe(4);
    expect(error?.message).toMatch(/line 2 sets the speed to 0/);
    const pattern: ControlRecord[] = [
      { kind: 'turn', degrees: 90 },
      { kind: 'speed', speed: 0 },
      { kind: 'travel', distance: 5 },
    ];
    const validated = errorOf(() => validateControlPattern(pattern));
    expect(validated).toBeInstanceOf(OutOfRangeError);
    expect(validated?.message).toMatch(/pattern\[2\].*pattern\[1\] sets the speed to 0/);
    const stepped = runFor(pattern, 3);
    expect(stepped).toBeInstanceOf(OutOfRangeError);
    expect(stepped?.message).toBe(validated?.message);
  });

  it('a pattern that loops back into a travel after `speed 0` is refused unless it does not loop', () => {
    const text = 'travel 20\nspeed 0\nwait 1';
    expect(() => parseControlPattern(text)).toThrow(/line 2 sets the speed to 0.*loops/);
    const records = parseControlPattern(text, { loop: false });
    expect(() => validateControlPattern(records)).toThrow(OutOfRangeError);
    expect(() => validateControlPattern(records, { loop: false })).not.toThrow();
    expect(runFor(records, 5, false)).toBeNull();
    expect(runFor(records, 5, true)?.message).toMatch(/pattern\[1\] sets the speed to 0/);
  });

  it('patterns that pass parse and validate run without a pattern error', () => {
    for (const text of [
      'speed 50\ntravel 100\nspeed 0\nwait 1', // a speed above 0 comes before the travel again
      'speed 0\nturn 90\nwait 1\nspeed 5\ntravel 1',
      'travel 10\nturn 90',
      'speed 0\ntravel 0\nwait 0.5',
    ]) {
      const records = parseControlPattern(text);
      expect(() => validateControlPattern(records), text).not.toThrow();
      expect(runFor(records, 20), text).toBeNull();
    }
  });
});
