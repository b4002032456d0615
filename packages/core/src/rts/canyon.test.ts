import { describe, expect, it } from 'vitest';
import { parseAsciiMap } from '../grid/parse.js';
import { runUntil } from './rts.test-util.js';
import { RtsWorld } from './world.js';

const CANYON = `
#######################
#......#########......#
#......#########......#
#......#########......#
#.....................#
#......#########......#
#......#########......#
#......#########......#
#######################
`;

describe('the seed canyon: hard push', () => {
  it('the hero passes three guards in a one-tile canyon and the guards return to their posts', () => {
    const grid = parseAsciiMap(CANYON, undefined, { shared: false });
    const world = new RtsWorld(grid);
    const posts = [10, 11, 12].map((x) => world.addUnit(x, 4));
    const hero = world.addUnit(2, 4, { priority: 5 });
    world.moveUnit(hero, 20, 4);
    const arrived = runUntil(world, () => hero.arrivedStep >= 0 && world.stepCount >= hero.arrivedStep, 2000);
    expect(hero.failed).toBe(false);
    expect(hero.x).toBeCloseTo(20.5, 6);
    expect(hero.y).toBeCloseTo(4.5, 6);
    expect(arrived.overlap).toBeLessThanOrEqual(1e-9);
    expect(world.stats.hardPushes).toBeGreaterThan(0);
    const back = runUntil(
      world,
      () => posts.every((g, k) => Math.hypot(g.x - 10.5 - k, g.y - 4.5) < 1e-6 && g.returnStack.length === 0),
      3000,
    );
    expect(back.overlap).toBeLessThanOrEqual(1e-9);
    posts.forEach((g, k) => {
      expect(g.x).toBeCloseTo(10.5 + k, 6);
      expect(g.y).toBeCloseTo(4.5, 6);
      expect(g.returnStack).toEqual([]);
    });
  });
});

describe('the seed canyon: moving against moving', () => {
  it('rule 4: the lower-priority unit, unable to avoid or be pushed, is hard-pushed back out of the canyon', () => {
    const grid = parseAsciiMap(CANYON, undefined, { shared: false });
    const world = new RtsWorld(grid);
    const hero = world.addUnit(2, 4, { priority: 5 });
    const low = world.addUnit(12, 4);
    world.moveUnit(hero, 20, 4);
    world.moveUnit(low, 3, 2);
    let pushedWhileMoving = 0;
    let heroWaited = 0;
    const run = runUntil(
      world,
      () => {
        if (low.state === 'moving' && low.collisionAction === 'hard-push' && low.pushMoves.length > 0)
          pushedWhileMoving++;
        heroWaited = Math.max(heroWaited, hero.waitSteps);
        return [hero, low].every((u) => u.arrivedStep >= 0 && world.stepCount >= u.arrivedStep);
      },
      2000,
    );
    expect(run.overlap).toBeLessThanOrEqual(1e-9);
    expect(pushedWhileMoving).toBeGreaterThan(0);
    expect(world.stats.hardPushes).toBeGreaterThan(0);
    // The hero never stood long enough for the stuck guards (1 s) to step in: the rules solved it.
    expect(heroWaited).toBeLessThan(world.stepsFor(world.options.stuckSeconds));
    expect([hero.failed, low.failed]).toEqual([false, false]);
    expect(hero.x).toBeCloseTo(20.5, 9);
    expect(hero.y).toBeCloseTo(4.5, 9);
    expect(low.x).toBeCloseTo(3.5, 9);
    expect(low.y).toBeCloseTo(2.5, 9);
    // A unit pushed while moving goes on with its order: it records no way back.
    expect(low.returnStack).toEqual([]);
  });
});

describe('the seed canyon: a plain group', () => {
  for (const [x0, y0, cols] of [
    [1, 2, 5],
    [1, 2, 4],
    [2, 1, 4],
    [1, 1, 5],
  ] as const) {
    it(`20 units in a block of ${cols} columns at (${x0}, ${y0}) all pass the one-tile canyon, none gives up`, () => {
      const world = new RtsWorld(parseAsciiMap(CANYON, undefined, { shared: false }));
      const units = [];
      for (let k = 0; k < 20; k++) units.push(world.addUnit(x0 + (k % cols), y0 + Math.floor(k / cols)));
      const group = world.orderGroup(units, 19, 4);
      const run = runUntil(world, () => group.phase === 'arrived' || group.phase === 'failed', 2000);
      expect(run.overlap).toBeLessThanOrEqual(1e-9);
      expect(group.phase).toBe('arrived');
      expect(units.filter((u) => u.failed).map((u) => u.id)).toEqual([]);
      // Everyone stands in the east room.
      for (const u of units) expect(u.x).toBeGreaterThan(15);
    });
  }
});
