import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../errors.js';
import { computeField } from '../fields/compute-field.js';
import { updateField } from '../fields/repair/update-field.js';
import { Grid } from '../grid/grid.js';
import { mergeStraight, rtsFlowRepairs, rtsFlowRoute, rtsFlowRouteAlong } from './flow-route.js';
import { randomGrid } from './rts.test-util.js';
import type { RtsUnit } from './unit.js';
import { RtsWorld } from './world.js';

/** A 48x24 open map with scattered one-tile rocks (a fixed pseudo-random 8%), start and goal areas kept free. */
function rockyMap(): Grid {
  const w = 48;
  const h = 24;
  const grid = Grid.open(w, h, { shared: false });
  let s = 12345;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      s = (s * 1103515245 + 12345) % 2147483648;
      const nearEnds = (x < 5 && (y > 15 || y < 6)) || (x > 42 && (y < 6 || y > 17));
      if (!nearEnds && s / 2147483648 < 0.08) grid.passable[y * w + x] = 0;
    }
  }
  return grid;
}

interface Run {
  /** Travelled length of each unit, tiles. */
  lengths: number[];
  /** Steps at which some unit stood on a wall tile (must stay 0). */
  inWalls: number;
  units: RtsUnit[];
  steps: number;
}

/** Runs until every unit's order is over (or maxSteps), summing each unit's travelled length. */
function simulate(world: RtsWorld, units: RtsUnit[], maxSteps: number): Run {
  const lengths = units.map(() => 0);
  let inWalls = 0;
  let steps = 0;
  const g = world.grid;
  // Until every order is over, then `horizon` steps more: the units' fronts catch up with their predictions.
  let after = world.options.horizon;
  while (steps < maxSteps && after > 0) {
    world.step();
    steps++;
    units.forEach((u, i) => {
      lengths[i] = (lengths[i] as number) + Math.hypot(u.x - u.prevX, u.y - u.prevY);
      if (g.passable[Math.floor(u.y) * g.width + Math.floor(u.x)] === 0) inWalls++;
    });
    if (!units.some((u) => !u.idle || u.state === 'waiting-for-path')) after--;
  }
  return { lengths, inWalls, units, steps };
}

/** A random 12 x 10 map from `bits` and two of its walkable tiles picked by `a` and `b`; null with fewer than 2. */
function randomPair(bits: number[], a: number, b: number): { grid: Grid; s: number; t: number; w: number } | null {
  const grid = randomGrid(12, 10, bits, false);
  const open: number[] = [];
  for (let i = 0; i < grid.size; i++) if (grid.passable[i] !== 0) open.push(i);
  if (open.length < 2) return null;
  return { grid, s: open[a % open.length] as number, t: open[b % open.length] as number, w: grid.width };
}

const sum = (a: number[]) => a.reduce((s, v) => s + v, 0);

/** Three units from the bottom left ordered one by one to the top right of the rocky map. */
function singles(useFlow: boolean): Run {
  const world = new RtsWorld(rockyMap(), { useFlow });
  const units = [world.addUnit(1, 22), world.addUnit(2, 20), world.addUnit(3, 18)];
  world.moveUnit(units[0] as RtsUnit, 45, 1);
  world.moveUnit(units[1] as RtsUnit, 44, 3);
  world.moveUnit(units[2] as RtsUnit, 46, 4);
  return simulate(world, units, 2000);
}

describe('RTS units along smooth flows (useFlow)', () => {
  it('single orders reach their goals, never enter a wall and travel at least 4% less than along A*', () => {
    const arrows = singles(false);
    const smooth = singles(true);
    for (const run of [arrows, smooth]) {
      expect(run.inWalls).toBe(0);
      for (const u of run.units) {
        expect(u.state === 'destination-reached' || u.state === 'idle').toBe(true);
        expect(u.failed).toBe(false);
        expect(Math.hypot(u.x - u.destX, u.y - u.destY)).toBeLessThan(1e-6);
      }
    }
    // Each unit's way is shorter, and all together by more than 4%.
    smooth.lengths.forEach((l, i) => {
      expect(l).toBeLessThan(arrows.lengths[i] as number);
    });
    expect(sum(smooth.lengths) / sum(arrows.lengths)).toBeLessThan(0.96);
  });

  it('routes are a few waypoints (straight stretches merged), not one per follower step', () => {
    const world = new RtsWorld(rockyMap(), { useFlow: true });
    const u = world.addUnit(1, 22);
    world.moveUnit(u, 45, 1);
    world.step();
    expect(u.state).toBe('moving');
    const n = u.route.length / 2;
    expect(n).toBeGreaterThanOrEqual(1);
    // The straight line is about 48 tiles: followFlow's quarter-tile steps would give ~190 points.
    expect(n).toBeLessThan(30);
    expect(u.route[u.route.length - 2]).toBe(45.5);
    expect(u.route[u.route.length - 1]).toBe(1.5);
  });

  it('a plain group reaches the goal along the flow, off the walls, shorter than along A* (members keep lanes beside the smooth route)', () => {
    const run = (useFlow: boolean) => {
      const world = new RtsWorld(rockyMap(), { useFlow });
      const units = [world.addUnit(1, 22), world.addUnit(2, 22), world.addUnit(1, 21), world.addUnit(3, 20)];
      const group = world.orderGroup(units, 45, 2);
      const r = simulate(world, units, 3000);
      return { ...r, phase: group.phase };
    };
    const arrows = run(false);
    const smooth = run(true);
    expect(smooth.phase).toBe('arrived');
    expect(arrows.phase).toBe('arrived');
    expect(smooth.inWalls).toBe(0);
    for (const u of smooth.units) {
      expect(u.failed).toBe(false);
      expect(Math.hypot(u.x - 45.5, u.y - 2.5)).toBeLessThan(3);
    }
    expect(sum(smooth.lengths) / sum(arrows.lengths)).toBeLessThan(0.99);
  });

  it('formations keep A*: a formation order moves exactly as without flows', () => {
    const trace = (useFlow: boolean) => {
      const world = new RtsWorld(rockyMap(), { useFlow });
      const units = [world.addUnit(1, 22), world.addUnit(2, 22), world.addUnit(1, 21), world.addUnit(3, 20)];
      world.orderGroup(units, 40, 4, { formation: 'box' });
      const out: number[] = [];
      for (let k = 0; k < 400; k++) {
        world.step();
        for (const u of units) out.push(u.x, u.y);
      }
      return out;
    };
    const a = trace(false);
    expect(trace(true)).toEqual(a);
    // It did move.
    expect(a[a.length - 8]).not.toBe(a[0]);
  });

  it('units ordered along a shared field follow its flow to its nearest goal', () => {
    const grid = rockyMap();
    const field = computeField(grid, {
      goals: [
        { x: 45, y: 1 },
        { x: 45, y: 20 },
      ],
    });
    const run = (useFlow: boolean) => {
      const world = new RtsWorld(grid, { useFlow });
      const units = [world.addUnit(1, 22), world.addUnit(2, 3)];
      world.moveUnitsAlongField(units, field);
      return simulate(world, units, 3000);
    };
    const arrows = run(false);
    const smooth = run(true);
    expect(smooth.inWalls).toBe(0);
    smooth.units.forEach((u, i) => {
      expect(u.failed).toBe(false);
      const a = arrows.units[i] as RtsUnit;
      // The same goal as the arrows lead to, reached exactly.
      expect([u.destX, u.destY]).toEqual([a.destX, a.destY]);
      expect(Math.hypot(u.x - u.destX, u.y - u.destY)).toBeLessThan(1e-6);
    });
    expect(sum(smooth.lengths)).toBeLessThan(sum(arrows.lengths));
  });

  it('after edits, cached goal flows and the flows of shared fields are repaired into the routes of a fresh grid', () => {
    const grid = rockyMap();
    const copy = (): Grid => {
      const fresh = Grid.open(grid.width, grid.height, { shared: false });
      fresh.passable.set(grid.passable);
      return fresh;
    };
    const goals = { goals: [{ x: 45, y: 20 }] };
    const field = computeField(grid, goals);
    const before = rtsFlowRepairs();
    expect(rtsFlowRoute(grid, 'if-both-free', 2, 2, 45, 20, 0.3)).not.toBeNull();
    expect(rtsFlowRouteAlong(grid, field, 1, 22, 0.3)).not.toBeNull();
    // Walls put down and taken away near the middle of the map, routes asked again after each edit.
    for (const [x, y, code] of [
      [24, 10, 0],
      [25, 11, 0],
      [24, 10, 1],
      [30, 14, 0],
    ] as const) {
      grid.setPassable(x, y, code);
      updateField(grid, field, goals);
      const route = rtsFlowRoute(grid, 'if-both-free', 2, 2, 45, 20, 0.3);
      const along = rtsFlowRouteAlong(grid, field, 1, 22, 0.3);
      const fresh = copy();
      expect(route).toEqual(rtsFlowRoute(fresh, 'if-both-free', 2, 2, 45, 20, 0.3));
      // The shared field's flow against a new flow of a copy of the same (repaired) field.
      const same = { ...field, cost: field.cost.slice(), dir: field.dir.slice() };
      expect(along).toEqual(rtsFlowRouteAlong(grid, same, 1, 22, 0.3));
    }
    // Both caches repaired their flows after every edit rather than computing them again.
    expect(rtsFlowRepairs() - before).toBe(8);
  });

  it('after edits, the two goals used last are repaired (a patrol), an older one is computed again', () => {
    const grid = rockyMap();
    const route = ([gx, gy]: readonly [number, number], on = grid) => rtsFlowRoute(on, 'if-both-free', 2, 2, gx, gy, 0);
    const fresh = () => {
      const copy = Grid.open(grid.width, grid.height, { shared: false });
      copy.passable.set(grid.passable);
      return copy;
    };
    const a = [45, 20] as const;
    const b = [45, 1] as const;
    const c = [30, 12] as const;
    for (const g of [a, b, c]) route(g);
    const before = rtsFlowRepairs();
    grid.setPassable(20, 8, 0);
    // b and c were used last: repaired. a had lost its state: computed again (and keeps one from then on).
    for (const g of [b, c, a]) expect(route(g)).toEqual(route(g, fresh()));
    expect(rtsFlowRepairs() - before).toBe(2);
    grid.setPassable(22, 14, 0);
    // A patrol between a and c: both repaired after every edit; b, older now, is not asked for.
    for (const g of [a, c, a, c]) expect(route(g)).toEqual(route(g, fresh()));
    expect(rtsFlowRepairs() - before).toBe(4);
  });

  it('an unreachable goal fails the order, as without flows', () => {
    const grid = Grid.open(10, 5, { shared: false });
    for (let y = 0; y < 5; y++) grid.passable[y * 10 + 5] = 0;
    const world = new RtsWorld(grid, { useFlow: true });
    const u = world.addUnit(1, 2);
    world.moveUnit(u, 8, 2);
    world.step();
    expect(u.state).toBe('destination-reached');
    expect(u.failed).toBe(true);
  });

  it('a route through a diagonal squeeze (the always rule) that steps may not take fails instead of spinning', () => {
    // Checkerboard blocks of 4: the only way from (0, 0) to (8, 0) squeezes between two walls at a corner.
    for (const useFlow of [false, true]) {
      const grid = randomGrid(12, 10, [3, 3, 3, 3, 0, 0, 0, 0], false);
      const world = new RtsWorld(grid, { useFlow, diagonal: 'always' });
      const u = world.addUnit(0, 0, { hardRadius: 0.1 });
      world.moveUnit(u, 8, 0);
      const run = simulate(world, [u], 1500);
      expect(run.inWalls).toBe(0);
      expect(u.idle).toBe(true);
      expect(u.failed).toBe(true);
      expect(world.stats.repairs).toBeLessThan(100);
    }
  });

  it('checks the option: a boolean, explicit undefined meaning the default', () => {
    const grid = Grid.open(4, 4, { shared: false });
    expect(() => new RtsWorld(grid, { useFlow: 'yes' as unknown as boolean })).toThrow(InvalidOptionError);
    expect(() => new RtsWorld(grid, { useFlow: 1 as unknown as boolean })).toThrow(/useFlow/);
    expect(new RtsWorld(grid).options.useFlow).toBe(false);
    expect(new RtsWorld(grid, { useFlow: undefined }).options.useFlow).toBe(false);
    expect(new RtsWorld(grid, { useFlow: true }).options.useFlow).toBe(true);
  });

  it('mergeStraight keeps the corners and the last point only', () => {
    const pts = new Float64Array([0, 0, 1, 1, 2, 2, 3, 2, 4, 2, 4.5, 2.0000001]);
    expect(mergeStraight(pts, 6)).toEqual([2, 2, 4.5, 2.0000001]);
    expect(mergeStraight(new Float64Array([0, 0, 1, 0]), 2)).toEqual([1, 0]);
    expect(mergeStraight(new Float64Array([0, 0, 1, 0, 1, 1]), 3)).toEqual([1, 0, 1, 1]);
  });

  it('property: rules that squeeze between walls: the order ends, off the walls, at the goal unless it failed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 61 }),
        fc.nat(1000),
        fc.nat(1000),
        fc.constantFrom('if-one-free', 'always'),
        (bits, a, b, diagonal) => {
          const pair = randomPair(bits, a, b);
          if (pair === null) return;
          const { grid, s, t, w } = pair;
          const world = new RtsWorld(grid, { useFlow: true, diagonal });
          const u = world.addUnit(s % w, Math.floor(s / w));
          world.moveUnit(u, t % w, Math.floor(t / w));
          const run = simulate(world, [u], 1500);
          expect(run.inWalls).toBe(0);
          expect(u.idle).toBe(true);
          if (!u.failed) expect(Math.hypot(u.x - ((t % w) + 0.5), u.y - (Math.floor(t / w) + 0.5))).toBeLessThan(1e-6);
        },
      ),
      { numRuns: 100, seed: 11 },
    );
  });

  it('property: on random small maps a unit with flows reaches its goal or fails an unreachable one, never entering a wall', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 61 }),
        fc.nat(1000),
        fc.nat(1000),
        fc.constantFrom('if-both-free', 'never'),
        fc.double({ min: 0.1, max: 0.5, noNaN: true }),
        (bits, a, b, diagonal, hardRadius) => {
          const pair = randomPair(bits, a, b);
          if (pair === null) return;
          const { grid, s, t, w } = pair;
          const world = new RtsWorld(grid, { useFlow: true, diagonal });
          const u = world.addUnit(s % w, Math.floor(s / w), { hardRadius, softRadius: Math.max(0.6, hardRadius) });
          world.moveUnit(u, t % w, Math.floor(t / w));
          const run = simulate(world, [u], 1500);
          expect(run.inWalls).toBe(0);
          expect(u.idle).toBe(true);
          const reachable =
            computeField(grid, { goals: [{ x: t % w, y: Math.floor(t / w) }], diagonal }).cost[s] !==
            Number.POSITIVE_INFINITY;
          expect(u.failed).toBe(!reachable);
          if (reachable) expect(Math.hypot(u.x - ((t % w) + 0.5), u.y - (Math.floor(t / w) + 0.5))).toBeLessThan(1e-6);
        },
      ),
      { numRuns: 150, seed: 7 },
    );
  });
});
