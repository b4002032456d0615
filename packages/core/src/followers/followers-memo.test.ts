import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeField } from '../fields/compute-field.js';
import { clearanceOf } from '../flow/anchor-code.js';
import { computeFlow } from '../flow/compute-flow.js';
import { arbSampleCase, standable } from '../flow/safe-step.test-util.js';
import { FLOW_SAFE_STEP } from '../flow/types.js';
import { Grid } from '../grid/grid.js';
import {
  addFollower,
  addFollowTarget,
  createFollowers,
  FOLLOWER_ARRIVED,
  FOLLOWER_MOVING,
  FOLLOWER_STUCK,
  type Followers,
  followerCount,
} from './followers-state.js';
import { stepFollowers } from './followers-step.js';

const DT = 1 / 60;
/** Slot of a follower's memo holding how far its kept direction is clear (see followers-state.ts). */
const LEFT = 2;

/** How deep (tiles) the square body of half-side `c` at (x, y) reaches into the grid's walls or off the map. */
function wallOverlap(grid: Grid, x: number, y: number, c: number): number {
  let worst = 0;
  for (let ty = Math.floor(y - c); ty <= Math.floor(y + c); ty++)
    for (let tx = Math.floor(x - c); tx <= Math.floor(x + c); tx++) {
      const open = tx >= 0 && ty >= 0 && tx < grid.width && ty < grid.height && grid.passable[ty * grid.width + tx];
      if (open) continue;
      const ox = Math.min(x + c, tx + 1) - Math.max(x - c, tx);
      const oy = Math.min(y + c, ty + 1) - Math.max(y - c, ty);
      worst = Math.max(worst, Math.min(ox, oy));
    }
  return worst;
}

/** Steps `steps` times; returns the deepest overlap of follower 0's body with a wall after any step. */
function walk(f: Followers, c: number, steps: number): number {
  let worst = 0;
  for (let s = 0; s < steps; s++) {
    stepFollowers(f, DT);
    worst = Math.max(worst, wallOverlap(f.grid, f.x[0] as number, f.y[0] as number, c));
  }
  return worst;
}

/** A 12 x 5 room, one follower at (1.5, 2.5) going east at 3 tiles/s to a goal at (11, 2), on a flow of radius 0.25. */
function eastbound() {
  const grid = Grid.open(12, 5, { shared: false });
  const field = computeField(grid, { goals: [{ x: 11, y: 2 }] });
  const f = createFollowers({ grid, capacity: 4 });
  const t = addFollowTarget(f, { flow: computeFlow(grid, field, { radius: 0.25 }) });
  addFollower(f, { x: 1.5, y: 2.5 }, { target: t, speed: 3 });
  stepFollowers(f, DT);
  return { grid, f, t, c: clearanceOf(0.25) };
}

describe('followers keep the direction they checked between steps', () => {
  it('and go on along it with no sample while their position, target and grid stay as they were', () => {
    const { f } = eastbound();
    // The way east is clear to the tile's border: what is left of it is kept.
    expect(f.memo[LEFT]).toBeGreaterThan(0.3);
    const x = f.x[0] as number;
    stepFollowers(f, DT);
    expect(f.x[0]).toBeCloseTo(x + 3 * DT, 12);
    expect(f.y[0]).toBe(2.5);
  });

  it('sample afresh after a wall is painted on the kept way (the grid version changed)', () => {
    const { grid, f, c } = eastbound();
    // A wall across the way, one tile ahead: followed on, the kept way would end with the body in it.
    for (let y = 0; y < 5; y++) grid.setPassable(2, y, false);
    expect(walk(f, c, 60)).toBe(0);
    expect(f.x[0]).toBeLessThanOrEqual(2 - c + 1e-9);
  });

  it('sample afresh when their position is written (a teleport next to a wall)', () => {
    const grid = Grid.open(12, 5, { shared: false });
    const c = clearanceOf(0.25);
    grid.setPassable(4, 2, false);
    const field = computeField(grid, { goals: [{ x: 11, y: 2 }] });
    const g = createFollowers({ grid, capacity: 1 });
    const t = addFollowTarget(g, { flow: computeFlow(grid, field, { radius: 0.25 }) });
    addFollower(g, { x: 1.5, y: 2.5 }, { target: t, speed: 3 });
    stepFollowers(g, DT);
    expect(g.memo[LEFT]).toBeGreaterThan(0.3);
    // Moved east to x = 3.6, next to the wall at (4, 2): the kept direction (east, a little north, for the wall's
    // corner) would run the body into it.
    g.x[0] = 3.6;
    expect(walk(g, c, 60)).toBe(0);
    expect(g.state[0]).toBe(FOLLOWER_MOVING);
  });

  it('sample afresh when their target is written', () => {
    const { grid, f } = eastbound();
    const west = computeField(grid, { goals: [{ x: 0, y: 2 }] });
    const back = addFollowTarget(f, { flow: computeFlow(grid, west, { radius: 0.25 }) });
    const x = f.x[0] as number;
    f.target[0] = back;
    stepFollowers(f, DT);
    expect(f.x[0]).toBeLessThan(x);
  });

  it('trust a memo written by others only for a bounded way: followers end stuck or on the map, never throw', () => {
    const grid = Grid.open(16, 16, { shared: false });
    const field = computeField(grid, { goals: [{ x: 8, y: 8 }] });
    const f = createFollowers({ grid, capacity: 64 });
    const t = addFollowTarget(f, { flow: computeFlow(grid, field) });
    for (let i = 0; i < 64; i++) addFollower(f, { x: (i % 16) + 0.5, y: Math.floor(i / 16) + 0.5 }, { target: t });
    const forged = [Number.NaN, Number.POSITIVE_INFINITY, -1e300, 1e300, 1.4, 0.3, -0.2, 2 ** 53];
    for (let i = 0; i < 64; i++) {
      for (let s = 0; s < 8; s++) f.memo[i * 8 + s] = forged[(i * 3 + s * 5) % forged.length] as number;
      // Position, grid version and target as the step would have written them: only the direction and the way
      // left are forged.
      f.memo[i * 8 + 3] = f.x[i] as number;
      f.memo[i * 8 + 4] = f.y[i] as number;
      f.memo[i * 8 + 5] = grid.version;
      f.memo[i * 8 + 6] = 0;
    }
    for (let s = 0; s < 200; s++) stepFollowers(f, DT);
    for (let i = 0; i < followerCount(f); i++) {
      const x = f.x[i] as number;
      const y = f.y[i] as number;
      const onMap = x >= 0 && y >= 0 && x < 16 && y < 16;
      expect(onMap || f.state[i] === FOLLOWER_STUCK).toBe(true);
    }
  });

  it('keep a way only through tiles that head for the same point, and never into a goal tile', () => {
    fc.assert(
      fc.property(arbSampleCase(16, 0.2), (k) => {
        const { grid, flow } = k;
        const w = grid.width;
        const f = createFollowers({ grid, capacity: 8 });
        const t = addFollowTarget(f, { flow });
        for (let p = 0; p < k.points.length; p += 2) {
          const x = k.points[p] as number;
          const y = k.points[p + 1] as number;
          if (standable(k, x, y)) addFollower(f, { x, y }, { target: t, speed: 3 });
        }
        const anchorAt = (x: number, y: number) => flow.anchor[Math.floor(y) * w + Math.floor(x)] as number;
        for (let s = 0; s < 400; s++) {
          stepFollowers(f, DT);
          for (let i = 0; i < followerCount(f); i++) {
            const left = f.memo[i * 8 + LEFT] as number;
            if (f.state[i] !== FOLLOWER_MOVING || !(left > 0)) continue;
            const x = f.x[i] as number;
            const y = f.y[i] as number;
            const dx = f.memo[i * 8] as number;
            const dy = f.memo[i * 8 + 1] as number;
            const a = anchorAt(x, y);
            // Every point of the way but its last safe step (a way that short may cross a border anywhere) and
            // 2e-6 tiles (a longer way ends just past a tile's border).
            for (let d = 0; d < left - FLOW_SAFE_STEP - 2e-6; d += 0.01) {
              const px = x + dx * d;
              const py = y + dy * d;
              const tile = Math.floor(py) * w + Math.floor(px);
              if (anchorAt(px, py) !== a) throw new Error(`follower ${i}: the way at ${d} leaves anchor ${a}`);
              if (flow.anchor[tile] === -2 - tile) throw new Error(`follower ${i}: the way runs into goal ${tile}`);
            }
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('stop where they enter the goal tile, however far their way was kept', () => {
    const { f } = eastbound();
    // The goal tile is (11, 2): the follower stops within one step of its border.
    for (let s = 0; s < 400 && f.state[0] === FOLLOWER_MOVING; s++) stepFollowers(f, DT);
    expect(f.state[0]).toBe(FOLLOWER_ARRIVED);
    expect(f.x[0]).toBeGreaterThanOrEqual(11);
    expect(f.x[0]).toBeLessThanOrEqual(11 + 3 * DT + 1e-9);
  });

  it('keep a straight way across open tiles heading for the same point, up to about six tiles', () => {
    const { f } = eastbound();
    // From x = 1.55 in an open room the way east runs on through the tiles whose anchor is the goal's centre.
    expect(f.memo[LEFT]).toBeGreaterThan(6);
    expect(f.memo[LEFT]).toBeLessThan(6 + 1.5);
  });
});
