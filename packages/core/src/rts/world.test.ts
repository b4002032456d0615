import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { computeField } from '../fields/index.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { runUntil } from './rts.test-util.js';
import { RtsWorld } from './world.js';

const arrived =
  (world: RtsWorld, ...units: { arrivedStep: number }[]) =>
  () =>
    units.every((u) => u.arrivedStep >= 0 && world.stepCount >= u.arrivedStep);

describe('RtsWorld: prediction queue and state machine', () => {
  it('keeps a rolling queue of predicted positions, horizon steps ahead', () => {
    const world = new RtsWorld(Grid.open(20, 3, { shared: false }), { horizon: 4 });
    const u = world.addUnit(1, 1, { speed: 2 });
    world.moveUnit(u, 10, 1);
    expect(u.state).toBe('waiting-for-path');
    world.step();
    expect(u.state).toBe('moving');
    // The front has not moved yet; the newest prediction is one step (2 tiles/s * 0.05 s) ahead.
    expect(u.x).toBe(1.5);
    expect(u.tailX).toBeCloseTo(1.6, 12);
    for (let k = 0; k < 3; k++) world.step();
    expect(u.x).toBe(1.5);
    world.step();
    expect(u.x).toBeCloseTo(1.6, 12);
    const p = { x: 0, y: 0 };
    expect(u.predicted(4, p).x).toBeCloseTo(u.tailX, 12);
    expect(u.predicted(1, p).x).toBeCloseTo(1.7, 12);
    runUntil(world, arrived(world, u), 200);
    expect(u.state).toBe('destination-reached');
    expect(u.x).toBeCloseTo(10.5, 9);
    // Arrival step: the front reaches the destination exactly then.
    expect(u.failed).toBe(false);
  });

  it('interpolates the drawn position with the real frame time', () => {
    const world = new RtsWorld(Grid.open(20, 3, { shared: false }), { horizon: 1 });
    const u = world.addUnit(1, 1, { speed: 2 });
    world.moveUnit(u, 10, 1);
    expect(world.update(0.05)).toBe(1); // plans and predicts
    expect(world.update(0.075)).toBe(1);
    expect(world.alpha).toBeCloseTo(0.5, 9);
    const p = world.renderPosition(u);
    expect(p.x).toBeCloseTo((u.prevX + u.x) / 2, 12);
    expect(u.x - u.prevX).toBeCloseTo(0.1, 12);
    // A long frame runs at most maxStepsPerUpdate steps.
    expect(world.update(10)).toBe(8);
    expect(() => world.update(-1)).toThrow(OutOfRangeError);
  });

  it('patrols between points: waypoint reached, waiting for path, moving, again and again', () => {
    const world = new RtsWorld(parseAsciiMap('..........\n..####....\n..........', undefined, { shared: false }));
    const u = world.addUnit(0, 0, { speed: 5 });
    world.patrolUnit(u, [
      { x: 9, y: 0 },
      { x: 0, y: 2 },
    ]);
    const visits: string[] = [];
    for (let s = 0; s < 400; s++) {
      world.step();
      expect(u.state).toBe('moving');
      const at = `${u.x},${u.y}`;
      if ((at === '9.5,0.5' || at === '0.5,2.5') && visits.at(-1) !== at) visits.push(at);
    }
    expect(visits.slice(0, 4)).toEqual(['9.5,0.5', '0.5,2.5', '9.5,0.5', '0.5,2.5']);
    // Every leg is planned when the unit reaches a patrol point (waiting-for-path, then moving).
    expect(world.stats.paths).toBeGreaterThanOrEqual(4);
    expect(u.failed).toBe(false);
  });

  it('units share one vector field: each follows it to its nearest goal along the field cost', () => {
    const grid = parseAsciiMap(
      `
....................
....######..........
.........#....#.....
.........#....#.....
..####...#....####..
....................
`,
      undefined,
      { shared: false },
    );
    const world = new RtsWorld(grid);
    const goals = [
      { x: 0, y: 0 },
      { x: 19, y: 5 },
      { x: 19, y: 0 },
    ];
    const field = computeField(grid, { goals });
    const starts = [
      { x: 5, y: 2 },
      { x: 17, y: 3 },
      { x: 12, y: 0 },
    ];
    const units = starts.map((p) => world.addUnit(p.x, p.y));
    world.moveUnitsAlongField(units, field);
    const walked = units.map(() => 0);
    const run = runUntil(
      world,
      () => {
        units.forEach((u, k) => {
          walked[k] = (walked[k] as number) + Math.hypot(u.x - u.prevX, u.y - u.prevY);
        });
        return arrived(world, ...units)();
      },
      600,
    );
    expect(run.overlap).toBeLessThanOrEqual(1e-9);
    units.forEach((u, k) => {
      const s = starts[k] as { x: number; y: number };
      const cost = field.cost[s.y * 20 + s.x] as number;
      expect(u.failed).toBe(false);
      // At the goal the field leads to, having walked exactly the field's cost.
      expect(cost).toBeCloseTo(
        Math.min(
          ...goals.map((g) => world.pathfinder.findPath({ x: s.x, y: s.y }, { x: g.x, y: g.y })?.cost ?? Infinity),
        ),
        9,
      );
      const g = goals[k] as { x: number; y: number };
      expect(Math.hypot(u.x - g.x - 0.5, u.y - g.y - 0.5)).toBeLessThan(1e-9);
      expect(walked[k]).toBeCloseTo(cost, 6);
    });
    expect(() =>
      world.moveUnitsAlongField(units, computeField(Grid.open(3, 3, { shared: false }), { goals: [{ x: 0, y: 0 }] })),
    ).toThrow(InvalidOptionError);
  });

  it('an unreachable destination ends the order as failed', () => {
    const world = new RtsWorld(parseAsciiMap('..#..', undefined, { shared: false }));
    const u = world.addUnit(0, 0);
    world.moveUnit(u, 4, 0);
    world.step();
    expect(u.state).toBe('destination-reached');
    expect(u.failed).toBe(true);
  });

  it('names bad input', () => {
    const world = new RtsWorld(parseAsciiMap('..#..', undefined, { shared: false }));
    expect(() => world.addUnit(2, 0)).toThrow(CoordinateError);
    world.addUnit(0, 0);
    expect(() => world.addUnit(0, 0)).toThrow(/overlap/);
    expect(() => world.addUnit(1, 0, { hardRadius: 4.5, softRadius: 5 })).toThrow(OutOfRangeError);
    expect(() => world.addUnit(1, 0, { hardRadius: 0.8 })).toThrow(/softRadius/);
    expect(() => world.addUnit(1, 0, { hardRadius: 0.8, softRadius: 1 })).toThrow(/no room/);
    expect(() => world.addUnit(1, 0, { speed: 0 })).toThrow(OutOfRangeError);
    expect(() => new RtsWorld(Grid.open(2, 2), { horizon: 0 })).toThrow(OutOfRangeError);
    expect(() => world.orderGroup([], 0, 0)).toThrow(InvalidOptionError);
    expect(() => world.moveUnit(world.units[0] as never, 9, 0)).toThrow(CoordinateError);
  });
});

describe('RtsWorld: collisions', () => {
  it('a fast unit never jumps over a body (the step is sampled)', () => {
    // Two tiles per step: from 2.5 the next step would land at 4.5, clear of the body at 3.5 at both ends.
    const world = new RtsWorld(parseAsciiMap('#######\n.......\n#######', undefined, { shared: false }), {
      horizon: 2,
    });
    const fast = world.addUnit(0, 1, { speed: 40, priority: 1 });
    // A thin body of higher priority: it is not pushed, and the corridor leaves no way around it.
    const post = world.addUnit(3, 1, { hardRadius: 0.1, priority: 5 });
    world.moveUnit(fast, 6, 1);
    for (let s = 0; s < 200; s++) {
      world.step();
      expect(fast.x).toBeLessThan(post.x);
      expect(post.x - fast.x).toBeGreaterThanOrEqual(0.45 - 1e-9);
    }
    expect(post.x).toBe(3.5);
    expect(fast.x).toBe(2.5); // whole steps only: it stops where the next step would pass through the body
  });

  it('pushes an idle unit aside and the unit returns to its post after the mover passed', () => {
    const world = new RtsWorld(Grid.open(15, 7, { shared: false }));
    const idle = world.addUnit(7, 3);
    const mover = world.addUnit(1, 3, { priority: 1 });
    world.moveUnit(mover, 13, 3);
    let left = false;
    const run = runUntil(
      world,
      () => {
        if (Math.hypot(idle.x - 7.5, idle.y - 3.5) > 0.5) left = true;
        return mover.arrivedStep >= 0 && world.stepCount >= mover.arrivedStep;
      },
      400,
    );
    expect(run.overlap).toBeLessThanOrEqual(1e-9);
    expect(left).toBe(true);
    expect(world.stats.pushes).toBeGreaterThan(0);
    // The mover kept its straight line (the pushed unit made way).
    expect(mover.x).toBeCloseTo(13.5, 9);
    runUntil(world, () => idle.returnStack.length === 0 && idle.x === idle.tailX && idle.y === idle.tailY, 400);
    expect(idle.x).toBeCloseTo(7.5, 9);
    expect(idle.y).toBeCloseTo(3.5, 9);
  });

  it('moving / moving: the lower priority unit dodges, never both', () => {
    const world = new RtsWorld(Grid.open(21, 5, { shared: false }));
    const high = world.addUnit(1, 2, { priority: 2 });
    const low = world.addUnit(19, 2, { priority: 1 });
    world.moveUnit(high, 19, 2);
    world.moveUnit(low, 1, 2);
    let first = '';
    const run = runUntil(
      world,
      () => {
        if (!first && low.dodging === high.id) first = 'low';
        if (!first && high.dodging === low.id) first = 'high';
        expect(low.dodging === high.id && high.dodging === low.id).toBe(false);
        return arrived(world, high, low)();
      },
      600,
    );
    expect(run.overlap).toBeLessThanOrEqual(1e-9);
    expect(first).toBe('low');
    expect(high.x).toBeCloseTo(19.5, 9);
    expect(low.x).toBeCloseTo(1.5, 9);
    expect(world.stats.doubleDodges).toBe(0);
  });

  it('collision states go unsolved, solving, solved', () => {
    const world = new RtsWorld(Grid.open(21, 5, { shared: false }));
    const a = world.addUnit(1, 2, { priority: 2 });
    const b = world.addUnit(19, 2);
    world.moveUnit(a, 19, 2);
    world.moveUnit(b, 1, 2);
    const states = new Set<string>();
    runUntil(
      world,
      () => {
        states.add(b.collision);
        return arrived(world, a, b)();
      },
      600,
    );
    expect(states.has('solving')).toBe(true);
    expect(states.has('solved')).toBe(true);
  });
});
