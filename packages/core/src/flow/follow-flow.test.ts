import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { computeField } from '../fields/compute-field.js';
import type { DiagonalRule } from '../grid/directions.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import type { Path } from '../grid/point.js';
import { anyAnglePath } from './any-angle-path.js';
import { computeFlow } from './compute-flow.js';
import { arbFlowCase, pathProblem, polylineLength, segmentRule } from './flow-check.test-util.js';
import { DEFAULT_FOLLOW_STEP, type FollowFlowStats, followFlow } from './follow-flow.js';
import { FLOW_MIN_CLEARANCE } from './types.js';

const block = `
............
............
...##.......
...##.......
............
............
`;

function stats(): FollowFlowStats {
  return { points: 0, length: 0, reached: false, slides: 0, fallbackSteps: 0 };
}

/** The points of a path as a flat array (empty for no route): the assertions below compare points. */
function flowPoints(path: Path<Float64Array> | null): Float64Array {
  return path === null ? new Float64Array(0) : path.points;
}

describe('followFlow', () => {
  it('walks straight to the goal on an open map, in steps of 0.25 tiles', () => {
    const grid = Grid.open(10, 4, { shared: false });
    const field = computeField(grid, { goals: [{ x: 9, y: 1 }] });
    const flow = computeFlow(grid, field);
    const s = stats();
    const path = flowPoints(followFlow(grid, field, flow, { x: 0.5, y: 1.5 }, { stats: s }));
    // 35 points from x = 0.5 to 9 (the goal tile's edge), then the goal's centre.
    expect(s).toEqual({ points: 36, length: 9, reached: true, slides: 0, fallbackSteps: 0 });
    expect(path.length).toBe(72);
    expect([path[0], path[1], path[2], path[3], path[68], path[69], path[70], path[71]]).toEqual([
      0.5, 1.5, 0.75, 1.5, 9, 1.5, 9.5, 1.5,
    ]);
    expect(DEFAULT_FOLLOW_STEP).toBe(0.25);
  });

  it('rounds a block at its corner: as long as the any-angle path plus the clearance', () => {
    const grid = parseAsciiMap(block);
    const field = computeField(grid, { goals: [{ x: 8, y: 1 }] });
    const flow = computeFlow(grid, field);
    const s = stats();
    const path = flowPoints(followFlow(grid, field, flow, { x: 0.5, y: 5.5 }, { stats: s }));
    const best = anyAnglePath(grid, { x: 0.5, y: 5.5 }, { x: 8.5, y: 1.5 });
    expect(s.reached).toBe(true);
    expect(pathProblem(grid, path, segmentRule('if-both-free'))).toBeNull();
    expect(s.length).toBeGreaterThanOrEqual(best?.cost ?? Number.NaN);
    expect(s.length / (best?.cost ?? 1)).toBeLessThan(1.001);
    expect(s.length).toBeCloseTo(polylineLength(path), 9);
  });

  it('slides along a wall from a start on the shadow side of a corner, keeping the clearance', () => {
    const grid = parseAsciiMap(block);
    const field = computeField(grid, { goals: [{ x: 8, y: 1 }] });
    const flow = computeFlow(grid, field);
    // Tile (4, 4) sees the goal from its centre, past the block's corner (5, 4); its upper left part does not.
    const s = stats();
    const path = flowPoints(followFlow(grid, field, flow, { x: 4.02, y: 4.01 }, { stats: s }));
    expect(s.reached).toBe(true);
    expect(s.slides).toBeGreaterThan(0);
    expect(s.fallbackSteps).toBe(0);
    expect(pathProblem(grid, path, segmentRule('if-both-free'), FLOW_MIN_CLEARANCE)).toBeNull();
    // The slide runs along the block's lower side at the start's height (the body clear of it), towards the corner.
    expect(path[3]).toBe(4.01);
    expect(path[2] as number).toBeGreaterThan(4.02);
    expect(4.01 - FLOW_MIN_CLEARANCE).toBeGreaterThan(4);
  });

  it('writes into a long enough out array (no allocation) and allocates otherwise', () => {
    const grid = parseAsciiMap(block);
    const field = computeField(grid, { goals: [{ x: 8, y: 1 }] });
    const flow = computeFlow(grid, field);
    const out = new Float64Array(1000);
    const path = flowPoints(followFlow(grid, field, flow, { x: 0.5, y: 5.5 }, { out }));
    expect(path.buffer).toBe(out.buffer);
    const small = new Float64Array(4);
    const grown = flowPoints(followFlow(grid, field, flow, { x: 0.5, y: 5.5 }, { out: small }));
    expect(grown.buffer).not.toBe(small.buffer);
    expect(Array.from(grown)).toEqual(Array.from(path));
  });

  it('gives an empty path from a wall or an unreachable tile and checks its inputs', () => {
    const grid = parseAsciiMap('..#..');
    const field = computeField(grid, { goals: [{ x: 0, y: 0 }] });
    const flow = computeFlow(grid, field);
    const s = stats();
    expect(flowPoints(followFlow(grid, field, flow, { x: 2.5, y: 0.5 }, { stats: s })).length).toBe(0);
    expect(s.reached).toBe(false);
    expect(flowPoints(followFlow(grid, field, flow, { x: 4.5, y: 0.5 })).length).toBe(0);
    expect(Array.from(flowPoints(followFlow(grid, field, flow, { x: 0.25, y: 0.75 })))).toEqual([0.25, 0.75, 0.5, 0.5]);
    expect(() => flowPoints(followFlow(grid, field, flow, { x: 5, y: 0.5 }))).toThrow(CoordinateError);
    expect(() => flowPoints(followFlow(grid, field, flow, { x: 1.5, y: 0.5 }, { step: 0 }))).toThrow(OutOfRangeError);
    expect(() => flowPoints(followFlow(grid, field, flow, { x: 1.5, y: 0.5 }, { step: 2 }))).toThrow(
      'step out of range',
    );
    const other = Grid.open(3, 3, { shared: false });
    expect(() => flowPoints(followFlow(other, field, flow, { x: 1.5, y: 0.5 }))).toThrow(InvalidOptionError);
  });

  it('reaches the goal from random starts on random maps, never entering a wall or cutting a corner', () => {
    const rules: DiagonalRule[] = ['if-both-free', 'if-one-free', 'never'];
    fc.assert(
      fc.property(arbFlowCase(24, 0.3), fc.constantFrom(...rules), ({ grid, goal, starts }, diagonal) => {
        const field = computeField(grid, { goals: [goal], diagonal });
        const flow = computeFlow(grid, field);
        const rule = segmentRule(diagonal);
        for (let k = 0; k < starts.length; k += 2) {
          const sx = starts[k] as number;
          const sy = starts[k + 1] as number;
          const s = stats();
          const path = flowPoints(followFlow(grid, field, flow, { x: sx, y: sy }, { stats: s }));
          const tile = Math.floor(sy) * grid.width + Math.floor(sx);
          if (!((field.cost[tile] as number) < Number.POSITIVE_INFINITY)) {
            expect(path.length).toBe(0);
            continue;
          }
          expect(s.reached).toBe(true);
          expect(s.fallbackSteps).toBe(0);
          expect([path.at(-2), path.at(-1)]).toEqual([goal.x + 0.5, goal.y + 0.5]);
          expect(pathProblem(grid, path, rule)).toBeNull();
          const best = anyAnglePath(grid, { x: sx, y: sy }, { x: goal.x + 0.5, y: goal.y + 0.5 }, { diagonal });
          expect(s.length).toBeGreaterThanOrEqual((best?.cost ?? Number.NaN) - 1e-9);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('keeps within a few percent of the any-angle path on open-ish maps', () => {
    fc.assert(
      fc.property(arbFlowCase(32, 0.08), ({ grid, goal, starts }) => {
        const field = computeField(grid, { goals: [goal] });
        const flow = computeFlow(grid, field);
        for (let k = 0; k < starts.length; k += 2) {
          const sx = starts[k] as number;
          const sy = starts[k + 1] as number;
          const s = stats();
          flowPoints(followFlow(grid, field, flow, { x: sx, y: sy }, { stats: s }));
          if (!s.reached) continue;
          const best = anyAnglePath(grid, { x: sx, y: sy }, { x: goal.x + 0.5, y: goal.y + 0.5 });
          const length = best?.cost ?? Number.NaN;
          // A fixed allowance on top: a start off its tile's centre may see past a corner that the centre cannot,
          // and the flow (sampled between tile centres) takes the centre's way round (the case below; over 800,000
          // generated cases the excess stayed under 0.3 tiles).
          expect(s.length).toBeLessThanOrEqual(length * 1.05 + 0.5);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('takes the way of its tile centre from a start that sees further than the centre (a known, bounded excess)', () => {
    // The straight line from (0.125, 2.72) to the goal's centre crosses only open tiles, but the line from the
    // start tile's centre (0.5, 2.5) runs through the corner point (1, 2) of a wall, so the start tile's flow
    // points up first: 3.47 tiles walked against 3.25 (1.066x), within the allowance above.
    const grid = parseAsciiMap(['#..##', '..###', '.####'].join('\n'));
    const goal = { x: 2, y: 0 };
    const field = computeField(grid, { goals: [goal] });
    const flow = computeFlow(grid, field);
    const s = stats();
    flowPoints(followFlow(grid, field, flow, { x: 0.125, y: 2.71875 }, { stats: s }));
    const best = anyAnglePath(grid, { x: 0.125, y: 2.71875 }, { x: 2.5, y: 0.5 })?.cost ?? Number.NaN;
    expect(best).toBeCloseTo(Math.hypot(2.375, 2.21875), 9);
    expect(s.reached).toBe(true);
    expect(s.length / best).toBeGreaterThan(1.05);
    expect(s.length).toBeLessThanOrEqual(best * 1.05 + 0.5);
  });

  it('keeps a mover with a radius that far from the walls', () => {
    fc.assert(
      fc.property(arbFlowCase(20, 0.2), fc.constantFrom(0.1, 0.25, 0.45), ({ grid, goal, starts }, radius) => {
        const field = computeField(grid, { goals: [goal] });
        const flow = computeFlow(grid, field, { radius });
        for (let k = 0; k < starts.length; k += 2) {
          const s = stats();
          const path = flowPoints(
            followFlow(
              grid,
              field,
              flow,
              { x: starts[k] as number, y: starts[k + 1] as number },
              {
                stats: s,
              },
            ),
          );
          if (!s.reached) continue;
          // A start closer than the radius to a wall first moves to its tile's centre: check from there on.
          const from = squareClear(grid, path[0] as number, path[1] as number, radius) ? 0 : 2;
          expect(pathProblem(grid, path.subarray(from), segmentRule('if-both-free'), radius)).toBeNull();
        }
      }),
      { numRuns: 150 },
    );
  });
});

/** True when a square of half-side r at (x, y) overlaps no wall (as the follower's start test). */
function squareClear(grid: Grid, x: number, y: number, r: number): boolean {
  for (let ty = Math.floor(y - r); ty <= Math.floor(y + r - 1e-12); ty++) {
    for (let tx = Math.floor(x - r); tx <= Math.floor(x + r - 1e-12); tx++) {
      if (!(tx >= 0 && ty >= 0 && tx < grid.width && ty < grid.height && grid.passable[ty * grid.width + tx] !== 0))
        return false;
    }
  }
  return true;
}
