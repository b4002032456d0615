import { describe, expect, it } from 'vitest';
import type { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { rtsSlotPosition } from './formation.js';
import { runUntil } from './rts.test-util.js';
import type { RtsUnit } from './unit.js';
import { RtsWorld } from './world.js';

// Units bigger than a tile: "the commander will execute pathfinding method with the specifications of the biggest
// unit in the group" (rodrigodpl's RTS group movement tutorial). A body of hard radius r keeps to tiles whose
// clearance (the (2c + 1)-tile square around them is walkable) is at least ceil(r - 0.4).

/** Two rooms split by a wall on column 12, with a one-tile gap (row 2) and a three-tile gap (rows 9 to 11). */
const ROOMS = `
#########################
#...........#...........#
#.......................#
#...........#...........#
#...........#...........#
#...........#...........#
#...........#...........#
#...........#...........#
#...........#...........#
#.......................#
#.......................#
#.......................#
#...........#...........#
#...........#...........#
#########################
`;

/** How far the body of u reaches into a blocked tile (> 0: it overlaps a wall). */
function wallOverlap(grid: Grid, u: RtsUnit): number {
  let worst = Number.NEGATIVE_INFINITY;
  const r = u.hardRadius;
  for (let ty = Math.floor(u.y - r) - 1; ty <= Math.floor(u.y + r) + 1; ty++) {
    for (let tx = Math.floor(u.x - r) - 1; tx <= Math.floor(u.x + r) + 1; tx++) {
      const blocked =
        tx < 0 || ty < 0 || tx >= grid.width || ty >= grid.height || grid.passable[ty * grid.width + tx] === 0;
      if (!blocked) continue;
      const dx = Math.max(tx - u.x, 0, u.x - tx - 1);
      const dy = Math.max(ty - u.y, 0, u.y - ty - 1);
      worst = Math.max(worst, r - Math.hypot(dx, dy));
    }
  }
  return worst;
}

const done = (world: RtsWorld, units: RtsUnit[]) =>
  units.every((u) => u.arrivedStep >= 0 && world.stepCount >= u.arrivedStep);

describe('units bigger than a tile', () => {
  it('a body of radius 1 takes the three-tile gap, never the one-tile gap, and never touches a wall', () => {
    const grid = parseAsciiMap(ROOMS, undefined, { shared: false });
    const world = new RtsWorld(grid);
    const big = world.addUnit(3, 2, { hardRadius: 1, softRadius: 1.2 });
    world.moveUnit(big, 21, 2);
    let crossedAt = -1;
    runUntil(
      world,
      () => {
        expect(wallOverlap(grid, big)).toBeLessThanOrEqual(1e-9);
        if (crossedAt < 0 && big.x > 12.5) crossedAt = big.y;
        return done(world, [big]);
      },
      1000,
    );
    expect(big.failed).toBe(false);
    expect(crossedAt).toBeGreaterThan(9);
    expect(crossedAt).toBeLessThan(12);
    expect(big.x).toBeCloseTo(21.5, 9);
    expect(big.y).toBeCloseTo(2.5, 9);
    // A unit of the default size takes the short way through the one-tile gap.
    const small = world.addUnit(3, 2);
    world.moveUnit(small, 21, 2);
    let smallCrossedAt = -1;
    runUntil(
      world,
      () => {
        if (smallCrossedAt < 0 && small.x > 12.5) smallCrossedAt = small.y;
        return done(world, [small]);
      },
      1000,
    );
    expect(smallCrossedAt).toBeLessThan(4);
  });

  it('ends where the body fits: an order to a tile by a wall stops on the nearest tile with room', () => {
    const grid = parseAsciiMap(ROOMS, undefined, { shared: false });
    const world = new RtsWorld(grid);
    const big = world.addUnit(3, 6, { hardRadius: 1, softRadius: 1.2 });
    world.moveUnit(big, 1, 1); // the corner tile: clearance 0
    runUntil(world, () => done(world, [big]), 600);
    expect(big.failed).toBe(false);
    expect([big.x, big.y]).toEqual([2.5, 2.5]);
    expect(wallOverlap(grid, big)).toBeLessThanOrEqual(1e-9);
  });

  it('a plain group plans with its biggest member: everyone goes round by the wide gap', () => {
    const grid = parseAsciiMap(ROOMS, undefined, { shared: false });
    const world = new RtsWorld(grid);
    const big = world.addUnit(4, 3, { hardRadius: 1, softRadius: 1.2 });
    const units = [big];
    for (const [x, y] of [
      [2, 1],
      [2, 6],
      [7, 2],
      [8, 5],
      [6, 7],
    ] as const)
      units.push(world.addUnit(x, y));
    const group = world.orderGroup(units, 20, 3);
    // The commander's waypoints (tile centres) go through the gap on rows 9 to 11, whatever the commander's size.
    const plan = group.plan;
    let viaWide = false;
    for (let k = 0; k + 1 < plan.length; k += 2) {
      if ((plan[k] as number) === 12.5) viaWide = (plan[k + 1] as number) > 9 && (plan[k + 1] as number) < 12;
      expect(plan[k] === 12.5 && plan[k + 1] === 2.5).toBe(false);
    }
    const run = runUntil(
      world,
      () => {
        expect(wallOverlap(grid, big)).toBeLessThanOrEqual(1e-9);
        return group.phase === 'arrived';
      },
      2000,
    );
    expect(run.overlap).toBeLessThanOrEqual(1e-9);
    expect(units.filter((u) => u.failed)).toEqual([]);
    for (const u of units) expect(u.x).toBeGreaterThan(13);
    // The commander crossed the wall on a tile of the wide gap (or its plan leads there through a waypoint).
    expect(viaWide || plan.some((v, k) => k % 2 === 1 && v > 9 && v < 12)).toBe(true);
  });

  it('an idle big unit is pushed far enough for a mover to pass, and returns to its post', () => {
    const grid = parseAsciiMap(ROOMS, undefined, { shared: false });
    const world = new RtsWorld(grid);
    const post = world.addUnit(6, 6, { hardRadius: 0.9, softRadius: 1 });
    const mover = world.addUnit(1, 6, { priority: 1 });
    world.moveUnit(mover, 11, 6);
    let left = false;
    const run = runUntil(
      world,
      () => {
        expect(wallOverlap(grid, post)).toBeLessThanOrEqual(1e-9);
        if (Math.hypot(post.x - 6.5, post.y - 6.5) > 1) left = true;
        return done(world, [mover]);
      },
      600,
    );
    expect(run.overlap).toBeLessThanOrEqual(1e-9);
    expect(left).toBe(true);
    expect(world.stats.pushes).toBeGreaterThan(0);
    expect(mover.failed).toBe(false);
    expect(mover.x).toBeCloseTo(11.5, 9);
    runUntil(world, () => post.returnStack.length === 0 && post.x === post.tailX && post.y === post.tailY, 600);
    expect([post.x, post.y]).toEqual([6.5, 6.5]);
  });

  it('a box formation of big units keeps its bodies apart (slots a diameter apart) and arrives in formation', () => {
    const grid = parseAsciiMap(ROOMS, undefined, { shared: false });
    const world = new RtsWorld(grid);
    const units = [
      [2, 3],
      [5, 3],
      [2, 6],
      [5, 6],
    ].map(([x, y]) => world.addUnit(x as number, y as number, { hardRadius: 0.8, softRadius: 1 }));
    const group = world.orderGroup(units, 6, 10, { formation: 'box' });
    // Slots at least a body's diameter apart.
    const s = group.slots;
    for (let a = 0; a < s.length; a += 2)
      for (let b = a + 2; b < s.length; b += 2)
        expect(
          Math.hypot((s[a] as number) - (s[b] as number), (s[a + 1] as number) - (s[b + 1] as number)),
        ).toBeGreaterThan(1.6);
    const run = runUntil(
      world,
      () => {
        for (const u of units) expect(wallOverlap(grid, u)).toBeLessThanOrEqual(1e-9);
        return group.phase === 'arrived';
      },
      2000,
    );
    expect(run.overlap).toBeLessThanOrEqual(1e-9);
    // Let the last predicted positions play out, then every unit stands on its slot.
    for (let k = 0; k < world.options.horizon; k++) world.step();
    const c = group.commander;
    const anchor = group.anchorOf(c.x, c.y, { x: 0, y: 0 });
    const at = { x: 0, y: 0 };
    units.forEach((u, i) => {
      const k = group.slotOf[i] as number;
      rtsSlotPosition({ x: anchor.x, y: anchor.y }, group.angle, s[k * 2] as number, s[k * 2 + 1] as number, {
        out: at,
      });
      expect(Math.hypot(u.x - at.x, u.y - at.y)).toBeLessThan(0.1);
      expect(wallOverlap(grid, u)).toBeLessThanOrEqual(1e-9);
    });
  });
});
