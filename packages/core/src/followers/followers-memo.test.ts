import { describe, expect, it } from 'vitest';
import { computeField } from '../fields/compute-field.js';
import { clearanceOf } from '../flow/anchor-code.js';
import { computeFlow } from '../flow/compute-flow.js';
import { Grid } from '../grid/grid.js';
import {
  addFollower,
  addFollowTarget,
  createFollowers,
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
});
