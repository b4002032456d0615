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
