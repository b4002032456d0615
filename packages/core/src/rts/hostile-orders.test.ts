import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { Field } from '../fields/types.js';
import { Grid } from '../grid/grid.js';
import { RtsPathfinder, rtsCompressTiles, rtsWaypointLength } from './astar.js';
import { computeRtsClearance } from './clearance.js';
import { rtsFormationSlots } from './formation.js';
import { RtsGroup } from './group.js';
import { validateRtsGroupOptions } from './group-options.js';
import { RtsUnit, rtsOutranks } from './unit.js';
import { RtsWorld } from './world.js';

/** A world with a bystander ordered across the map, and the unit under test. */
function twoUnits() {
  const grid = Grid.open(24, 24);
  const world = new RtsWorld(grid, { giveUpSeconds: 2 });
  const other = world.addUnit(1, 20);
  const unit = world.addUnit(2, 2);
  world.moveUnit(other, 20, 20);
  return { grid, world, other, unit };
}

/** Steps the world for `seconds` and checks the bystander keeps moving. */
function keepsStepping(world: RtsWorld, other: { x: number }, seconds = 3): void {
  const before = other.x;
  for (let t = 0; t < seconds * 20; t++) expect(() => world.update(0.05)).not.toThrow();
  expect(other.x).toBeGreaterThan(before + 3);
}

describe('one bad order never freezes an RTS world (issue 23 item 12)', () => {
  it('fails the order of a unit whose tile is walled under it, and steps the others', () => {
    const { grid, world, other, unit } = twoUnits();
    world.moveUnit(unit, 20, 2);
    world.update(0.05);
    grid.setPassable(Math.floor(unit.tailX), Math.floor(unit.tailY), 0);
    grid.setPassable(Math.floor(unit.x), Math.floor(unit.y), 0);
    keepsStepping(world, other);
    // Stuck in the wall, it gives its order up after giveUpSeconds (2 s here), a state the game can read.
    expect(unit.failed).toBe(true);
    expect(unit.state).toBe('destination-reached');
  });

  it('fails the order of a unit whose destination is walled', () => {
    const { grid, world, other, unit } = twoUnits();
    world.moveUnit(unit, 20, 2);
    grid.setPassable(20, 2, 0);
    keepsStepping(world, other);
    expect(unit.failed).toBe(true);
    expect(unit.state).toBe('destination-reached');
  });

  it('validates setOrder like moveUnit: NaN, outside the map, on a wall', () => {
    const { grid, world, other, unit } = twoUnits();
    grid.setPassable(10, 10, 0);
    expect(() => world.setOrder(unit, Number.NaN, Number.NaN)).toThrow(CoordinateError);
    expect(() => world.setOrder(unit, -3, 5)).toThrow(CoordinateError);
    expect(() => world.setOrder(unit, 24.5, 5)).toThrow(CoordinateError);
    expect(() => world.setOrder(unit, 10.5, 10.5)).toThrow(CoordinateError);
    keepsStepping(world, other);
    world.setOrder(unit, 12.25, 3.75);
    for (let t = 0; t < 100; t++) world.update(0.05);
    expect(unit.failed).toBe(false);
    expect(Math.floor(unit.x)).toBe(12);
  });

  it('fails the orders of units given a field whose directions loop', () => {
    const { world, other, unit } = twoUnits();
    const size = 24 * 24;
    const cost = new Float64Array(size).fill(5);
    const dir = new Uint8Array(size);
    // Every tile points east, the last column west: units walk in circles.
    for (let i = 0; i < size; i++) dir[i] = i % 24 === 23 ? 3 : 1;
    const field: Field = { width: 24, height: 24, cost, dir, gridVersion: 0 };
    world.moveUnitsAlongField([unit], field);
    keepsStepping(world, other);
    expect(unit.failed).toBe(true);
  });
});

describe('typed errors and own options of the RTS classes (issue 23 items 9, 11)', () => {
  it('refuses non-grids, non-units, BigInts and bad counts with typed errors', () => {
    expect(() => new RtsWorld(null as never)).toThrow(InvalidOptionError);
    expect(() => new RtsPathfinder(null as never)).toThrow(InvalidOptionError);
    expect(() => computeRtsClearance(null as never)).toThrow(InvalidOptionError);
    expect(() => new RtsUnit(0, 3n as never, 1, {}, 6)).toThrow(OutOfRangeError);
    expect(() => rtsOutranks(null as never, null as never)).toThrow(InvalidOptionError);
    expect(() => rtsFormationSlots('box', 2 ** 31)).toThrow(OutOfRangeError);
    expect(() => rtsCompressTiles(new Int32Array(4), Number.POSITIVE_INFINITY, 4)).toThrow(OutOfRangeError);
    expect(() => rtsWaypointLength(null as never)).toThrow(InvalidOptionError);
    expect(() => validateRtsGroupOptions(null as never)).toThrow(InvalidOptionError);
    const { world, unit } = twoUnits();
    expect(() => world.update(3n as never)).toThrow(OutOfRangeError);
    expect(() => world.firstCollision(unit, Number.POSITIVE_INFINITY, 1, false)).toThrow(OutOfRangeError);
    expect(() => world.firstCollision(unit, 2 ** 31, 1, false)).toThrow(OutOfRangeError);
    expect(() => world.renderPosition(null as never)).toThrow(InvalidOptionError);
    expect(() => unit.predicted(3n as never, { x: 0, y: 0 })).toThrow(OutOfRangeError);
    expect(() => new RtsGroup(Number.NaN as never, [unit], 3, 3)).toThrow(InvalidOptionError);
  });

  it('reads unit, world, group and path options from own properties only', () => {
    const grid = Grid.open(16, 16);
    const inherited = Object.create({ hardRadius: 2, speed: 0.1, neighbors: 4, stepSeconds: 0.5 });
    const world = new RtsWorld(grid, inherited);
    expect(world.options.stepSeconds).toBe(1 / 20);
    const unit = world.addUnit(1, 1, inherited);
    expect(unit.hardRadius).toBe(0.35);
    expect(unit.speed).toBe(3);
    const path = world.pathfinder.findPath({ x: 0, y: 0 }, { x: 5, y: 5 }, inherited);
    expect(path?.points.length).toBe(4);
    const group = world.orderGroup([unit], 8, 8, Object.create({ formation: 'box', spacing: 9 }));
    expect(group.options.spacing).toBe(1);
    expect(group.options.formation).toBe(null);
  });
});

describe('units of another world (issue 23 item 13)', () => {
  it('refuses them in orderGroup and the other unit methods with InvalidOptionError', () => {
    const { world, unit } = twoUnits();
    const stranger = new RtsWorld(Grid.open(24, 24)).addUnit(5, 5);
    expect(() => world.orderGroup([unit, stranger], 10, 10)).toThrow(InvalidOptionError);
    expect(() => world.orderGroup([stranger], 10, 10)).toThrow(/unit of this world/);
    expect(() => world.moveUnit(stranger, 10, 10)).toThrow(InvalidOptionError);
    expect(() => world.setOrder(stranger, 10.5, 10.5)).toThrow(InvalidOptionError);
    expect(() => world.stopUnit(stranger)).toThrow(InvalidOptionError);
    expect(() => world.moveUnitsAlongField([stranger], null as never)).toThrow(InvalidOptionError);
    expect(() => world.orderGroup([{} as never], 10, 10)).toThrow(InvalidOptionError);
  });

  it('refuses a unit listed twice in orderGroup', () => {
    const { world, unit } = twoUnits();
    expect(() => world.orderGroup([unit, unit], 10, 10)).toThrow(/twice/);
  });
});
