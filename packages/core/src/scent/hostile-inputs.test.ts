// Issue 23 (hardening): scent, flee, safety and desire maps under hostile input.
import { describe, expect, it } from 'vitest';
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { withPollutedPrototype } from '../util/pollute.test-util.js';
import { combineMaps } from './combine-maps.js';
import { descendMap, descendMapPath } from './descend-map.js';
import { fleeMap } from './flee-map.js';
import { safetyField } from './safety-map.js';
import { scentMap } from './scent-map.js';

const grid = parseAsciiMap(['......', '.##...', '......', '...#..', '......'].join('\n'));
const sources = [{ x: 0, y: 0, strength: 6 }];

describe('typed errors where untyped ones were thrown (issue 23 item 9)', () => {
  it('a control array too short or of the wrong type is refused before the wave starts', () => {
    for (const control of [
      { control: new Int32Array(1) },
      { control: [0, 0, 0, 0] },
      { control: new Float32Array(4) },
      { control: new Proxy(new Int32Array(4), {}) },
      { signal: 5 },
      7,
    ]) {
      const out = new Int32Array(grid.size).fill(7);
      expect(() => scentMap(grid, sources, { control: control as never, out })).toThrow(InvalidOptionError);
      expect(out.every((v) => v === 7)).toBe(true);
      const scent = scentMap(grid, sources);
      expect(() => fleeMap(grid, scent, { strength: 6, control: control as never })).toThrow(InvalidOptionError);
      expect(() => safetyField(grid, [{ x: 0, y: 0 }], { control: control as never })).toThrow(InvalidOptionError);
    }
  });

  it('a grid that is not a Grid, and options that are not objects, are named', () => {
    const scent = scentMap(grid, sources);
    expect(() => scentMap(null as never, sources)).toThrow(InvalidOptionError);
    expect(() => scentMap({ width: 6, height: 5 } as never, sources)).toThrow(InvalidOptionError);
    expect(() => scentMap(grid, sources, 4 as never)).toThrow(InvalidOptionError);
    expect(() => fleeMap(grid, scent, undefined as never)).toThrow(InvalidOptionError);
    expect(() => fleeMap(undefined as never, scent, { strength: 6 })).toThrow(InvalidOptionError);
    expect(() => safetyField(grid, [{ x: 0, y: 0 }], null as never)).toThrow(InvalidOptionError);
    expect(() => descendMap(null as never, scent, 0, 0)).toThrow(InvalidOptionError);
    expect(() => descendMap(grid, scent, 0, 0, { ascend: 'yes' as never })).toThrow(InvalidOptionError);
    expect(() => descendMapPath(grid, scent, { x: 0, y: 0 }, { maxSteps: '3' as never })).toThrow(OutOfRangeError);
  });

  it('combineMaps refuses an out that shares memory with a term (garbage before)', () => {
    const buffer = new ArrayBuffer(8 * 12);
    const out = new Float64Array(buffer, 0, 8);
    const overlapping = new Float64Array(buffer, 32, 8);
    const apart = new Float64Array(buffer, 64, 4);
    expect(() => combineMaps([{ map: overlapping, weight: 1 }], { out })).toThrow(InvalidOptionError);
    expect(() => combineMaps([{ map: new Int32Array(buffer, 0, 8), weight: 1 }], { out })).toThrow(InvalidOptionError);
    expect(() => combineMaps([{ map: apart, weight: 2 }], { out: out.subarray(0, 4) })).not.toThrow();
    expect(() => combineMaps([], { out: new Proxy(out, {}) })).toThrow(InvalidOptionError);
  });
});

describe('inherited options are ignored (issue 23 item 11)', () => {
  it('a property added to Object.prototype changes no map', () => {
    const make = () => {
      const scent = scentMap(grid, sources);
      return {
        scent: Array.from(scent),
        flee: Array.from(fleeMap(grid, scent, { strength: 6 })),
        safety: Array.from(safetyField(grid, [{ x: 5, y: 4 }]).cost),
        path: descendMapPath(grid, scent, { x: 3, y: 2 }, { ascend: true }),
        step: descendMap(grid, scent, 5, 4),
      };
    };
    const before = make();
    const after = withPollutedPrototype(
      {
        neighbors: 8,
        diagonal: 'always',
        onNoSeed: 'return',
        coefficient: -0.5,
        blockThreats: false,
        maxSteps: 1,
        ascend: true,
        control: { control: new Int32Array(4).fill(1) },
        out: new Int32Array(1),
      },
      make,
    );
    expect(after).toEqual(before);
    expect(before.path?.points.length).toBeGreaterThan(2);
  });
});

describe('scent maps read every source once', () => {
  it('a source whose getters change between reads cannot put a wall or an outside tile in the wave', () => {
    let reads = 0;
    const tricky = {
      get x() {
        reads++;
        return reads === 1 ? 0 : 1e9;
      },
      y: 0,
      strength: 3,
    };
    const map = scentMap(Grid.open(4, 1), [tricky]);
    expect(Array.from(map)).toEqual([3, 2, 1, 0]);
  });
});
