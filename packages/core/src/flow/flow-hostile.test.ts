import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { computeField } from '../fields/index.js';
import { generateOpen } from '../grid/generate.js';
import { withPollutedPrototype } from '../util/pollute.test-util.js';
import { flowAnchorX, flowClearance } from './anchor-code.js';
import { anyAnglePath } from './any-angle-path.js';
import { computeFlow } from './compute-flow.js';
import { followFlow } from './follow-flow.js';
import { sampleFlow } from './sample-flow.js';
import { walkableSegment } from './walkable-segment.js';

// Issue 23: hostile inputs give typed errors in bounded time (each case failed before with a TypeError, a hang,
// or a changed result).
function setup() {
  const grid = generateOpen(8, 8);
  const field = computeField(grid, { goals: [{ x: 7, y: 7 }] });
  const flow = computeFlow(grid, field, { radius: 0.2 });
  return { grid, field, flow };
}

describe('flow functions against hostile inputs', () => {
  it('followFlow refuses a field whose directions lead nowhere instead of walking for ever', () => {
    const { grid, field, flow } = setup();
    // Directions that run in a circle between two tiles: the follower falls back to them once the flow stalls.
    const dir = new Uint8Array(64).fill(0);
    for (let i = 0; i < 64; i += 2) dir[i] = 2; // east, then west from the next tile
    for (let i = 1; i < 64; i += 2) dir[i] = 6;
    const lying = { ...field, dir, cost: new Float64Array(64).fill(5) };
    expect(() => followFlow(grid, lying, flow, { x: 0.5, y: 0.5 })).toThrow(InvalidOptionError);
    expect(() => followFlow(grid, { ...field, dir: Number.NaN as never }, flow, { x: 0.5, y: 0.5 })).toThrow(
      InvalidOptionError,
    );
  });

  it('followFlow checks out, stats and the start', () => {
    const { grid, field, flow } = setup();
    expect(() => followFlow(grid, field, flow, { x: 0.5, y: 0.5 }, { out: 3 as never })).toThrow(InvalidOptionError);
    expect(() =>
      followFlow(grid, field, flow, { x: 0.5, y: 0.5 }, { stats: new Proxy(new Int32Array(4), {}) as never }),
    ).toThrow(InvalidOptionError);
    expect(() => followFlow(grid, field, flow, { x: Symbol() as never, y: 0.5 })).toThrow(InvalidOptionError);
    expect(() => followFlow(grid, field, flow, { x: 0.5, y: 0.5 }, null as never)).toThrow(InvalidOptionError);
  });

  it('sampleFlow and flowAnchorX check the flow and their arguments in O(1)', () => {
    const { flow } = setup();
    expect(() => sampleFlow(flow, 3.5, 3.5, 3 as never)).toThrow(InvalidOptionError);
    expect(() => sampleFlow(null as never, 3.5, 3.5, [0, 0])).toThrow(InvalidOptionError);
    expect(() => sampleFlow({ ...flow, vx: null } as never, 3.5, 3.5, [0, 0])).toThrow(InvalidOptionError);
    expect(() => sampleFlow({ ...flow, width: 100 }, 3.5, 3.5, [0, 0])).toThrow(OutOfRangeError);
    expect(() => sampleFlow(flow, 3n as never, 3.5, [0, 0])).toThrow(OutOfRangeError);
    expect(sampleFlow(flow, 3.5, 3.5, [0, 0])[0]).toBeGreaterThan(0);
    expect(() => flowAnchorX(flow, 64)).toThrow(CoordinateError);
    expect(() => flowAnchorX({ ...flow, radius: 3n } as never, 1)).toThrow(OutOfRangeError);
    expect(() => flowClearance(Symbol() as never)).toThrow(OutOfRangeError);
  });

  it('computeFlow reads options and control from own properties and refuses overlapping out arrays', () => {
    const { grid, field } = setup();
    const plain = computeFlow(grid, field);
    withPollutedPrototype({ radius: 0.4, control: { control: new Int32Array([1, 0, 0, 0]) } }, () => {
      const polluted = computeFlow(grid, field, { out: {}, control: {} });
      expect(polluted.radius).toBe(0);
      expect(polluted.anchor).toEqual(plain.anchor);
    });
    expect(() => computeFlow(grid, field, { out: {}, control: null as never })).toThrow(InvalidOptionError);
    expect(() => computeFlow(grid, field, { out: {}, control: { control: 3 as never } })).toThrow(InvalidOptionError);
    const bytes = new ArrayBuffer(64 * 4);
    expect(() =>
      computeFlow(grid, field, { out: { vx: new Float32Array(bytes), vy: new Float32Array(bytes) } }),
    ).toThrow(InvalidOptionError);
    expect(() => computeFlow(grid, { ...field, cost: new Proxy(field.cost, {}) })).toThrow(InvalidOptionError);
  });

  it('anyAnglePath and walkableSegment refuse non-numbers and read own options only', () => {
    const grid = generateOpen(8, 8);
    expect(() => anyAnglePath(grid, { x: 3n as never, y: 0.5 }, { x: 7.5, y: 7.5 })).toThrow(InvalidOptionError);
    expect(() => anyAnglePath(grid, { x: 0.5, y: 0.5 }, { x: 7.5, y: 7.5 }, null as never)).toThrow(InvalidOptionError);
    expect(() => walkableSegment(grid, Symbol() as never, 0.5, 3.5, 3.5)).toThrow(OutOfRangeError);
    withPollutedPrototype({ upperBound: 0 }, () => {
      expect(anyAnglePath(grid, { x: 0.5, y: 0.5 }, { x: 7.5, y: 7.5 })?.cost).toBeCloseTo(Math.hypot(7, 7), 9);
    });
  });
});
