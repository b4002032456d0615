import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeField } from '../fields/compute-field.js';
import { sampleField } from '../fields/sample-field.js';
import { parseAsciiMap } from '../grid/parse.js';
import { clearanceOf } from './anchor-code.js';
import { computeFlow } from './compute-flow.js';
import {
  arbSampleCase,
  CHECK_TOLERANCE,
  firstUnsafeStep,
  naiveSampler,
  type SampleCase,
  type Sampler,
  standable,
  sweepOverlap,
} from './safe-step.test-util.js';
import { sampleFlow } from './sample-flow.js';
import { FLOW_SAFE_STEP } from './types.js';

const safe: Sampler = (k, x, y, out) => sampleFlow(k.flow, x, y, out);
const safeField: Sampler = (k, x, y, out) => sampleField(k.field, x, y, out, { radius: k.radius });

/**
 * The property: from every standable point, and from every point a unit reaches by sampling and stepping from
 * there (at a random speed up to the safe step), steps of FLOW_SAFE_STEP and of the given lengths along the sampled
 * direction are clear, and the unit reaches the goal without stalling.
 */
function safetyProperty(
  sampler: Sampler,
  lengths: fc.Arbitrary<number[]>,
  walkRules = ['if-both-free', 'if-one-free', 'never'],
) {
  return fc.property(
    arbSampleCase(14, 0.3),
    lengths,
    fc.double({ min: 0.01, max: FLOW_SAFE_STEP, noNaN: true }),
    (k, ls, speed) => {
      const all = [FLOW_SAFE_STEP, ...ls];
      const problem = firstUnsafeStep(k, sampler, all);
      if (problem !== null) throw new Error(problem);
      // Under `always` a flow may lead through a gap of zero width between two diagonal walls, which no body
      // passes; a field of `if-one-free` or `always` cuts corners a body cannot: walks are checked on the others.
      if (!walkRules.includes(k.diagonal)) return;
      for (let p = 0; p < k.points.length; p += 2) {
        const x = k.points[p] as number;
        const y = k.points[p + 1] as number;
        if (!standable(k, x, y)) continue;
        const r = walk(k, sampler, x, y, speed, all);
        if (typeof r === 'string') throw new Error(r);
      }
    },
  );
}

const arbLengths = fc.array(fc.double({ min: 0, max: FLOW_SAFE_STEP, noNaN: true }), { maxLength: 3 });

/**
 * Walks from (x, y): sample, step `speed` tiles (at most the safe step), until the goal tile; returns the number of
 * steps, or a problem.
 */
function walk(
  k: SampleCase,
  sampler: Sampler,
  x: number,
  y: number,
  speed: number,
  lengths: readonly number[] = [],
): number | string {
  const out = new Float64Array(3);
  const c = clearanceOf(k.radius);
  const w = k.grid.width;
  const code = k.grid.passable[Math.floor(y) * w + Math.floor(x)] as number;
  const budget = Math.ceil(((k.field.cost[Math.floor(y) * w + Math.floor(x)] as number) * 3 + 4) / speed) + 50;
  for (let s = 0; s < budget; s++) {
    if (Math.floor(x) === k.goal.x && Math.floor(y) === k.goal.y) return s;
    sampler(k, x, y, out);
    if (out[0] === 0 && out[1] === 0) return `stalled at (${x}, ${y}) after ${s} steps`;
    for (const length of lengths) {
      const l = Math.min(length, out[2] as number);
      const d = sweepOverlap(k.grid, k.field, code, x, y, x + (out[0] as number) * l, y + (out[1] as number) * l, c);
      if (d > CHECK_TOLERANCE) return `a step of ${l} from (${x}, ${y}) overlaps a wall by ${d}`;
    }
    const move = Math.min(speed, out[2] as number);
    const nx = x + (out[0] as number) * move;
    const ny = y + (out[1] as number) * move;
    const depth = sweepOverlap(k.grid, k.field, code, x, y, nx, ny, c);
    if (depth > CHECK_TOLERANCE) return `step ${s} from (${x}, ${y}) overlaps a wall by ${depth}`;
    x = nx;
    y = ny;
  }
  return `did not reach the goal in ${budget} steps (at ${x}, ${y})`;
}

describe('safe sampling (sampleFlow)', () => {
  it('gives a direction that one step of up to FLOW_SAFE_STEP takes without touching a wall, from any reachable point', () => {
    fc.assert(safetyProperty(safe, arbLengths), { numRuns: 400 });
  });

  it('mutation check: the naive rule (head for the anchor, ignoring sight) fails that property', () => {
    const result = fc.check(safetyProperty(naiveSampler, arbLengths), { numRuns: 400, seed: 32 });
    expect(result.failed).toBe(true);
    expect(String(result.errorInstance)).toMatch(/overlaps a wall/);
  });

  it('goes round the corner that hides the anchor: for the corner grown by the body, or along the face (the case of the naive loop)', () => {
    // The goal is up and to the right. Radius 0: tile (4, 4) sees its anchor (the goal's centre) past the block's
    // corner (5, 4) from its centre, but its upper left part does not; radius 0.25: the same for tile (5, 4). The
    // naive direction would cut into the block.
    const grid = parseAsciiMap(
      ['............', '............', '...##.......', '...##.......', '............'].join('\n'),
    );
    const field = computeField(grid, { goals: [{ x: 8, y: 1 }] });
    for (const [radius, x, y] of [
      [0, 4.02, 4.01],
      [0.25, 5.01, 4.26],
    ] as const) {
      const flow = computeFlow(grid, field, { radius });
      const c = clearanceOf(radius);
      const k: SampleCase = { grid, field, flow, goal: { x: 8, y: 1 }, radius, diagonal: 'if-both-free', points: [] };
      expect(k.flow).toBe(flow);
      const naive = naiveSampler(k, x, y, new Float64Array(3));
      expect(
        sweepOverlap(grid, field, 1, x, y, x + (naive[0] as number) * 0.25, y + (naive[1] as number) * 0.25, c),
      ).toBeGreaterThan(CHECK_TOLERANCE);
      const out = sampleFlow(flow, x, y, new Float64Array(3));
      if (radius === 0) {
        // The block's lower right corner grown by the body, (5 + c, 4 + c), lies in the next tile: it slides along
        // the block's lower face, towards it.
        expect([out[0], out[1]]).toEqual([1, 0]);
      } else {
        // The corner (5.25, 4.25) lies in the point's tile: it heads for it, the bend of the body's shortest way.
        const kx = 5 + c - x;
        const ky = 4 + c - y;
        const len = Math.hypot(kx, ky);
        expect(out[0]).toBeCloseTo(kx / len, 12);
        expect(out[1]).toBeCloseTo(ky / len, 12);
        expect(out[2]).toBeCloseTo(len, 12);
      }
      expect(walk(k, safe, x, y, 0.05)).toBeTypeOf('number');
    }
  });

  it('gives safe directions for a field too (sampleField), reaching the goal on if-both-free and never', () => {
    fc.assert(safetyProperty(safeField, arbLengths, ['if-both-free', 'never']), { numRuns: 300 });
  });
});
