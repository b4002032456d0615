import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { computeField, computeFieldFromSeeds } from '../fields/compute-field.js';
import type { DiagonalRule } from '../grid/directions.js';
import { generateMap } from '../grid/generate.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { CORNER_EXACT, centreCode, flowAnchorX, flowAnchorY, flowClearance } from './anchor-code.js';
import { computeFlow } from './compute-flow.js';
import { arbFlowCase } from './flow-check.test-util.js';
import { SIGHT, sweptClear } from './sight.js';
import { FLOW_MIN_CLEARANCE, type Flow } from './types.js';

/**
 * The flow's contract on every tile, or the first breach: walls and unreachable tiles have 0, 0 and no anchor;
 * goals 0, 0 and their own centre; every other reachable tile a unit vector from its centre towards an anchor that
 * its centre sees (a square of half-side the clearance slides there without overlapping a wall); and every point
 * just off a corner that is an anchor sees the anchor of the tile it lies in.
 */
function flowProblem(grid: Grid, cost: Float64Array, dir: Uint8Array, flow: Flow): string | null {
  const { width: w, height: h, passable } = grid;
  const c = flowClearance(flow.radius);
  for (let i = 0; i < w * h; i++) {
    const x = i % w;
    const y = (i - x) / w;
    const vx = flow.vx[i] as number;
    const vy = flow.vy[i] as number;
    const code = flow.anchor[i] as number;
    if (!((cost[i] as number) < Number.POSITIVE_INFINITY)) {
      if (vx !== 0 || vy !== 0 || code !== -1) return `tile (${x}, ${y}) is unreachable but has a flow`;
      continue;
    }
    if (dir[i] === 255) {
      if (vx !== 0 || vy !== 0 || code !== centreCode(i)) return `goal (${x}, ${y}) does not anchor on its centre`;
      continue;
    }
    const ax = flowAnchorX(flow, i);
    const ay = flowAnchorY(flow, i);
    const len = Math.hypot(ax - x - 0.5, ay - y - 0.5);
    if (Math.abs(vx - (ax - x - 0.5) / len) > 1e-6 || Math.abs(vy - (ay - y - 0.5) / len) > 1e-6)
      return `tile (${x}, ${y}) vector (${vx}, ${vy}) does not point at its anchor (${ax}, ${ay})`;
    if (Math.abs(Math.hypot(vx, vy) - 1) > 1e-6) return `tile (${x}, ${y}) vector is not a unit vector`;
    const kind = code >= 0 ? code & 7 : -1;
    if (kind !== CORNER_EXACT) {
      SIGHT[0] = x + 0.5;
      SIGHT[1] = y + 0.5;
      SIGHT[2] = ax;
      SIGHT[3] = ay;
      if (!sweptClear(passable, w, h, passable[i] as number, c * (1 - 1e-9)))
        return `tile (${x}, ${y}) does not see its anchor (${ax}, ${ay})`;
    }
    if (kind >= 0 && kind !== CORNER_EXACT) {
      const j = Math.floor(ay) * w + Math.floor(ax);
      if (!((cost[j] as number) < Number.POSITIVE_INFINITY)) return `anchor (${ax}, ${ay}) lies in an unreachable tile`;
      if (dir[j] !== 255) {
        SIGHT[0] = ax;
        SIGHT[1] = ay;
        SIGHT[2] = flowAnchorX(flow, j);
        SIGHT[3] = flowAnchorY(flow, j);
        if (!sweptClear(passable, w, h, passable[j] as number, c * (1 - 1e-9)))
          return `anchor (${ax}, ${ay}) does not see the anchor of its tile`;
      }
    }
  }
  return null;
}

const block = `
............
............
...##.......
...##.......
............
............
`;

describe('computeFlow', () => {
  it('points every tile of an open map straight at the goal', () => {
    const grid = Grid.open(9, 7, { shared: false });
    const field = computeField(grid, { goals: [{ x: 6, y: 2 }] });
    const flow = computeFlow(grid, field);
    for (let y = 0; y < 7; y++) {
      for (let x = 0; x < 9; x++) {
        const i = y * 9 + x;
        if (x === 6 && y === 2) {
          expect([flow.vx[i], flow.vy[i], flow.anchor[i]]).toEqual([0, 0, centreCode(i)]);
          continue;
        }
        const len = Math.hypot(6 - x, 2 - y);
        expect(flow.anchor[i]).toBe(centreCode(2 * 9 + 6));
        expect(flow.vx[i]).toBeCloseTo((6 - x) / len, 6);
        expect(flow.vy[i]).toBeCloseTo((2 - y) / len, 6);
      }
    }
    expect(flow.radius).toBe(0);
    expect(flow.gridVersion).toBe(field.gridVersion);
  });

  it('sends the tiles behind a block to the corner they round, just off it', () => {
    const grid = parseAsciiMap(block);
    const field = computeField(grid, { goals: [{ x: 8, y: 1 }] });
    const flow = computeFlow(grid, field);
    const e = FLOW_MIN_CLEARANCE;
    const at = (x: number, y: number) => [flowAnchorX(flow, y * 12 + x), flowAnchorY(flow, y * 12 + x)];
    // In sight of the goal: its centre. Under the block's lower right corner (5, 4): that corner, moved off it.
    expect(at(0, 0)).toEqual([8.5, 1.5]);
    expect(at(4, 4)).toEqual([8.5, 1.5]);
    expect(at(0, 5)).toEqual([5 + e, 4 + e]);
    expect(at(3, 4)).toEqual([5 + e, 4 + e]);
    // Left of the block: round its upper left corner (3, 2).
    expect(at(0, 2)).toEqual([3 - e, 2 - e]);
    expect(flowProblem(grid, field.cost, field.dir, flow)).toBeNull();
  });

  it('keeps its contract on random maps, for radii, diagonal rules and 4 neighbours', () => {
    const rules: DiagonalRule[] = ['if-both-free', 'if-one-free', 'always', 'never'];
    fc.assert(
      fc.property(
        arbFlowCase(18, 0.3),
        fc.constantFrom(...rules),
        fc.constantFrom(4 as const, 8 as const),
        fc.constantFrom(0, 0.1, 0.25, 0.45),
        ({ grid, goal }, diagonal, neighbors, radius) => {
          const field = computeField(grid, { goals: [goal], diagonal, neighbors });
          const flow = computeFlow(grid, field, { radius });
          expect(flowProblem(grid, field.cost, field.dir, flow)).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps its contract on larger cluttered maps', () => {
    fc.assert(
      fc.property(arbFlowCase(48, 0.35), fc.constantFrom(0, 0.25), ({ grid, goal }, radius) => {
        const field = computeField(grid, { goals: [goal] });
        expect(flowProblem(grid, field.cost, field.dir, computeFlow(grid, field, { radius }))).toBeNull();
      }),
      { numRuns: 150 },
    );
  });

  it('keeps its contract on generated random maps (60 seeds, sizes 10 to 39, 5% to 35% walls)', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const side = 10 + (seed % 30);
      const grid = generateMap('random', side, side, { density: 0.05 + (seed % 7) * 0.05, seed });
      let goal = (seed * 7919) % grid.size;
      while (grid.passable[goal] === 0) goal = (goal + 1) % grid.size;
      const field = computeField(grid, { goals: [{ x: goal % side, y: Math.floor(goal / side) }] });
      const flow = computeFlow(grid, field, { radius: (seed % 3) * 0.2 });
      expect(flowProblem(grid, field.cost, field.dir, flow), `seed ${seed}`).toBeNull();
    }
  });

  it('handles several goals, water and range-limited fields', () => {
    const grid = parseAsciiMap(
      `
..~~~....
..~~~.#..
.....#...
`,
      { '.': 1, '~': 2, '#': 0 },
    );
    const field = computeField(grid, {
      goals: [
        { x: 0, y: 0 },
        { x: 8, y: 2 },
        { x: 3, y: 0 },
      ],
      maxCost: 5,
    });
    const flow = computeFlow(grid, field);
    expect(flowProblem(grid, field.cost, field.dir, flow)).toBeNull();
    // Water tiles head for the water goal, ground tiles for a ground goal.
    expect(flow.anchor[1 * 9 + 4]).toBe(centreCode(3));
    const seeds = new Float64Array(grid.size).fill(Number.POSITIVE_INFINITY);
    seeds[2 * 9 + 8] = -3;
    const fromSeeds = computeFieldFromSeeds(grid, seeds);
    expect(flowProblem(grid, fromSeeds.cost, fromSeeds.dir, computeFlow(grid, fromSeeds))).toBeNull();
  });

  it('keeps anchors within one terrain cost under the weighted metric', () => {
    const grid = Grid.open(8, 5, { terrain: true, shared: false });
    grid.fillTerrain(3, 0, 2, 4, 5);
    const field = computeField(grid, { goals: [{ x: 7, y: 2 }], metric: 'weighted' });
    const flow = computeFlow(grid, field, { metric: 'weighted' });
    expect(flowProblem(grid, field.cost, field.dir, flow)).toBeNull();
    // A tile left of the swamp does not look across it.
    const a = flowAnchorX(flow, 2 * 8 + 1);
    expect(a).toBeLessThanOrEqual(3 + 1e-9);
  });

  it('fills caller arrays in place and checks its inputs', () => {
    const grid = parseAsciiMap(block);
    const field = computeField(grid, { goals: [{ x: 8, y: 1 }] });
    const out = { vx: new Float32Array(grid.size), vy: new Float32Array(grid.size), anchor: new Int32Array(grid.size) };
    const flow = computeFlow(grid, field, { radius: 0.25, out });
    expect(flow.vx).toBe(out.vx);
    expect(flow.vy).toBe(out.vy);
    expect(flow.anchor).toBe(out.anchor);
    expect(flow.radius).toBe(0.25);
    expect(flowAnchorX(flow, 5 * 12)).toBe(5.25);
    expect(() => computeFlow(grid, field, { radius: 0.5 })).toThrow(OutOfRangeError);
    expect(() => computeFlow(grid, field, { radius: -1 })).toThrow('radius out of range');
    expect(() => computeFlow(grid, field, { metric: 'manhattan' as never })).toThrow(InvalidOptionError);
    expect(() => computeFlow(grid, field, { out: { vx: new Float32Array(3) } })).toThrow(OutOfRangeError);
    expect(() => computeFlow(grid, field, { out: { anchor: new Float32Array(grid.size) as never } })).toThrow(
      InvalidOptionError,
    );
    const other = computeField(Grid.open(3, 3, { shared: false }), { goals: [{ x: 0, y: 0 }] });
    expect(() => computeFlow(grid, other)).toThrow('a field of this 12x6 grid');
    expect(() => computeFlow({} as Grid, field)).toThrow(InvalidOptionError);
  });

  it('stops when the control array asks (AbortError)', () => {
    const grid = Grid.open(64, 64, { shared: false });
    const field = computeField(grid, { goals: [{ x: 0, y: 0 }] });
    const control = new Int32Array(4);
    control[0] = 1;
    expect(() => computeFlow(grid, field, { control: { control } })).toThrow('aborted');
    control[0] = 0;
    computeFlow(grid, field, { control: { control } });
    expect(control[1]).toBe(64 * 64);
    expect(control[2]).toBe(64 * 64);
  });
});
