import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { computeField } from '../fields/compute-field.js';
import { clearanceOf } from '../flow/anchor-code.js';
import { computeFlow } from '../flow/compute-flow.js';
import {
  arbSampleCase,
  CHECK_TOLERANCE,
  type SampleCase,
  standable,
  sweepOverlap,
} from '../flow/safe-step.test-util.js';
import { generateRooms } from '../grid/generate.js';
import { Grid } from '../grid/grid.js';
import { buildSectorGraph } from '../sectors/build.js';
import { runFollowersStepRange } from './followers-jobs.js';
import {
  addFollower,
  addFollowTarget,
  createFollowers,
  FOLLOWER_ARRIVED,
  FOLLOWER_MOVING,
  FOLLOWER_STUCK,
  type Followers,
  followerCount,
  followerSteps,
  followersBuffers,
} from './followers-state.js';
import { countFollowerStep, stepFollowers, stepFollowersRange } from './followers-step.js';

const DT = 1 / 60;

/**
 * Runs the followers until none moves (or `maxSteps`), checking every follower's body against the walls after
 * every step (the moves within a step are the safe rule's, whose sweeps ../flow/safe-step.test.ts checks).
 */
function runChecked(f: Followers, k: SampleCase, maxSteps: number): string | null {
  const n = followerCount(f);
  const c = clearanceOf(k.radius);
  for (let s = 0; s < maxSteps; s++) {
    stepFollowers(f, DT);
    let moving = 0;
    for (let i = 0; i < n; i++) {
      if (f.state[i] === FOLLOWER_MOVING) moving++;
      if (f.state[i] === FOLLOWER_STUCK) return `follower ${i} stuck at (${f.x[i]}, ${f.y[i]})`;
      const x = f.x[i] as number;
      const y = f.y[i] as number;
      const code = k.grid.passable[Math.floor(y) * k.grid.width + Math.floor(x)] as number;
      const d = sweepOverlap(k.grid, k.field, code, x, y, x, y, c);
      if (d > CHECK_TOLERANCE) return `follower ${i} overlaps a wall by ${d} at (${f.x[i]}, ${f.y[i]})`;
    }
    if (moving === 0) return null;
  }
  return 'followers still moving';
}

describe('followers', () => {
  it('follow a flow to its goal from anywhere reachable, every radius, never touching a wall nor stalling', () => {
    fc.assert(
      fc.property(arbSampleCase(16, 0.25), fc.double({ min: 0.5, max: 6, noNaN: true }), (k, speed) => {
        if (k.diagonal === 'always') return;
        const f = createFollowers({ grid: k.grid, capacity: 16 });
        const t = addFollowTarget(f, { flow: k.flow });
        for (let p = 0; p < k.points.length; p += 2) {
          const x = k.points[p] as number;
          const y = k.points[p + 1] as number;
          if (standable(k, x, y)) addFollower(f, { x, y }, { target: t, speed });
        }
        const problem = runChecked(f, k, Math.ceil(((k.grid.width + k.grid.height) * 4) / (speed * DT)) + 100);
        if (problem !== null) throw new Error(problem);
        for (let i = 0; i < followerCount(f); i++) {
          expect(f.state[i]).toBe(FOLLOWER_ARRIVED);
          expect([Math.floor(f.x[i] as number), Math.floor(f.y[i] as number)]).toEqual([k.goal.x, k.goal.y]);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('follow a field (if-both-free, never) and a sector corridor field the same way', () => {
    fc.assert(
      fc.property(arbSampleCase(16, 0.25), (k) => {
        if (k.diagonal !== 'if-both-free' && k.diagonal !== 'never') return;
        const f = createFollowers({ grid: k.grid, capacity: 16 });
        const t = addFollowTarget(f, { field: k.field, radius: k.radius });
        for (let p = 0; p < k.points.length; p += 2) {
          const x = k.points[p] as number;
          const y = k.points[p + 1] as number;
          if (standable(k, x, y)) addFollower(f, { x, y }, { target: t, speed: 3 });
        }
        const problem = runChecked(f, k, 4000);
        if (problem !== null) throw new Error(problem);
      }),
      { numRuns: 120 },
    );
    // A corridor field on rooms: the followers reach the goal inside the corridor.
    const grid = generateRooms(64, 64, { seed: 3 });
    const free: number[] = [];
    for (let i = 0; i < grid.size; i++) if (grid.passable[i]) free.push(i);
    const goalTile = free[Math.floor(free.length / 2)] as number;
    const goal = { x: goalTile % 64, y: Math.floor(goalTile / 64) };
    const field = computeField(grid, { goals: [goal] });
    const starts: number[] = [];
    for (let k = 0; k < free.length && starts.length < 40; k += 97) {
      const i = free[k] as number;
      if ((field.cost[i] as number) < Number.POSITIVE_INFINITY) starts.push(i % 64, Math.floor(i / 64));
    }
    const graph = buildSectorGraph(grid, { sectorSize: 16 });
    const corridor = graph.corridorField(goal, starts);
    const f = createFollowers({ grid, capacity: 20 });
    const t = addFollowTarget(f, { corridor, radius: 0.25 });
    for (let s = 0; s < starts.length; s += 2)
      addFollower(f, { x: (starts[s] as number) + 0.5, y: (starts[s + 1] as number) + 0.5 }, { target: t, speed: 4 });
    const k: SampleCase = {
      grid,
      field,
      flow: computeFlow(grid, field),
      goal,
      radius: 0.25,
      diagonal: 'if-both-free',
      points: [],
    };
    expect(runChecked(f, k, 20000)).toBeNull();
    for (let i = 0; i < followerCount(f); i++) expect(f.state[i]).toBe(FOLLOWER_ARRIVED);
  });

  it('any split of a step into ranges gives the one-thread state bit for bit (the worker half, on this thread)', () => {
    const grid = generateRooms(48, 48, { seed: 7 });
    const field = computeField(grid, { goals: [{ x: 24, y: 24 }] });
    const flow = computeFlow(grid, field, { radius: 0.3 });
    const make = () => {
      const f = createFollowers({ grid, capacity: 500, shared: true });
      const a = addFollowTarget(f, { flow });
      const b = addFollowTarget(f, { field, radius: 0.2 });
      for (let i = 0, s = 1; followerCount(f) < 500; i++) {
        s = (Math.imul(s, 1103515245) + 12345) >>> 0;
        const tile = s % grid.size;
        if ((field.cost[tile] as number) < Number.POSITIVE_INFINITY)
          addFollower(
            f,
            { x: (tile % 48) + 0.5, y: Math.floor(tile / 48) + 0.5 },
            { target: i % 2 === 0 ? a : b, speed: 1 + (i % 7) },
          );
      }
      return f;
    };
    const whole = make();
    const split = make();
    const kernel = make();
    for (let s = 0; s < 200; s++) {
      stepFollowers(whole, DT);
      const cut = (s * 37) % 500;
      stepFollowersRange(split, cut, 500, DT);
      stepFollowersRange(split, 0, cut, DT);
      countFollowerStep(split);
      const b = followersBuffers(kernel);
      for (const [from, to] of [
        [0, 123],
        [123, 400],
        [400, 500],
      ] as const)
        runFollowersStepRange({ grid: b.grid, followers: b.followers, targets: b.targets, from, to, dt: DT });
      countFollowerStep(kernel);
    }
    const bytes = (f: Followers) => new Uint8Array(f.buffer.slice(0));
    expect(bytes(split)).toEqual(bytes(whole));
    expect(bytes(kernel)).toEqual(bytes(whole));
    expect(followerSteps(whole)).toBe(200);
  });

  it('moves the followers that sample in batches bit for bit as one follower at a time', () => {
    // Hundreds sample in one step (more than a batch), on a flow and a field, some on the map's border tiles.
    const grid = generateRooms(40, 40, { seed: 3 });
    const field = computeField(grid, { goals: [{ x: 20, y: 20 }] });
    const flow = computeFlow(grid, field, { radius: 0.25 });
    const make = () => {
      const f = createFollowers({ grid, capacity: 900, shared: false });
      const a = addFollowTarget(f, { flow });
      const b = addFollowTarget(f, { field, radius: 0.1 });
      for (let i = 0, s = 5; followerCount(f) < 900; i++) {
        s = (Math.imul(s, 1103515245) + 12345) >>> 0;
        const tile = s % grid.size;
        if ((field.cost[tile] as number) < Number.POSITIVE_INFINITY)
          addFollower(
            f,
            { x: (tile % 40) + 0.1 + (i % 9) * 0.1, y: Math.floor(tile / 40) + 0.5 },
            { target: i % 3 === 0 ? b : a, speed: 2 + (i % 11) },
          );
      }
      return f;
    };
    const whole = make();
    const single = make();
    for (let s = 0; s < 120; s++) {
      stepFollowers(whole, DT);
      for (let i = 0; i < 900; i++) stepFollowersRange(single, i, i + 1, DT);
      countFollowerStep(single);
    }
    expect(new Uint8Array(whole.buffer.slice(0))).toEqual(new Uint8Array(single.buffer.slice(0)));
    expect(Array.from(whole.state).filter((st) => st === FOLLOWER_ARRIVED).length).toBeGreaterThan(100);
  });

  it('checks its inputs, and a follower written off the map is stuck rather than read', () => {
    const grid = Grid.open(8, 8, { shared: false });
    const field = computeField(grid, { goals: [{ x: 7, y: 7 }] });
    const f = createFollowers({ grid, capacity: 2 });
    const t = addFollowTarget(f, { flow: computeFlow(grid, field) });
    expect(() => addFollower(f, { x: 9, y: 1 }, { target: t })).toThrow(CoordinateError);
    expect(() => addFollower(f, { x: 1, y: 1 }, { target: 1 })).toThrow(OutOfRangeError);
    expect(() => addFollower(f, { x: 1, y: 1 }, { target: t, speed: -1 })).toThrow(OutOfRangeError);
    expect(() =>
      addFollowTarget(f, { field: computeField(Grid.open(4, 4, { shared: false }), { goals: [{ x: 0, y: 0 }] }) }),
    ).toThrow(InvalidOptionError);
    expect(() => addFollowTarget(f, {} as never)).toThrow(InvalidOptionError);
    expect(() => createFollowers({ grid, capacity: 0 })).toThrow(OutOfRangeError);
    addFollower(f, { x: 1.5, y: 1.5 }, { target: t });
    addFollower(f, { x: 2.5, y: 1.5 }, { target: t });
    expect(() => addFollower(f, { x: 1.5, y: 1.5 }, { target: t })).toThrow(OutOfRangeError);
    f.x[0] = Number.NaN;
    f.target[1] = 9;
    stepFollowers(f, DT);
    expect([f.state[0], f.state[1]]).toEqual([FOLLOWER_STUCK, FOLLOWER_STUCK]);
    expect(() => stepFollowers(f, 0)).toThrow(OutOfRangeError);
    expect(() => stepFollowersRange(f, 1, 3, DT)).toThrow(OutOfRangeError);
  });
});
