import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import { rtsFormationSlots } from './formation.js';
import { DEFAULT_RTS_GROUP_OPTIONS } from './group-options.js';
import { runUntil } from './rts.test-util.js';
import type { RtsUnit } from './unit.js';
import { RtsWorld } from './world.js';

function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a throw');
}

describe('RtsWorld and RtsGroup options', () => {
  const grid = () => Grid.open(8, 8, { shared: false });
  it.each([
    ['maxStepsPerUpdate', 0],
    ['maxStepsPerUpdate', 1.5],
    ['stuckSeconds', Number.NaN],
    ['stuckSeconds', 0],
    ['giveUpSeconds', Number.POSITIVE_INFINITY],
    ['returnDelaySeconds', -1],
  ])('world option %s = %s throws OutOfRangeError naming it', (name, value) => {
    const e = thrown(() => new RtsWorld(grid(), { [name]: value }));
    expect(e).toBeInstanceOf(OutOfRangeError);
    expect((e as OutOfRangeError).option).toBe(name);
    expect(e.message).toContain(String(value));
  });
  it('world diagonal must be a known rule', () => {
    const e = thrown(() => new RtsWorld(grid(), { diagonal: 'sometimes' as never }));
    expect(e).toBeInstanceOf(InvalidOptionError);
    expect(e.message).toContain('sometimes');
  });
  it.each([
    ['maxMultiplier', 2.5],
    ['maxMultiplier', 0.9],
    ['minMultiplier', 0],
    ['minMultiplier', Number.NaN],
    ['spacing', 0.2],
    ['columns', -1],
    ['columns', 2.5],
    ['gain', Number.NaN],
    ['deadBand', -0.1],
    ['adjustInterval', 0],
    ['formingTimeout', Number.POSITIVE_INFINITY],
  ])('group option %s = %s throws OutOfRangeError naming it, leaving the units alone', (name, value) => {
    const world = new RtsWorld(grid());
    const u = world.addUnit(1, 1);
    const e = thrown(() => world.orderGroup([u], 5, 5, { [name]: value }));
    expect(e).toBeInstanceOf(OutOfRangeError);
    expect((e as OutOfRangeError).option).toBe(name);
    expect(u.group).toBe(null);
    expect(world.groups.length).toBe(0);
  });
  it('group formation and speedAdjust must have the right kind', () => {
    const world = new RtsWorld(grid());
    const u = world.addUnit(1, 1);
    expect(() => world.orderGroup([u], 5, 5, { formation: 'circle' as never })).toThrow(InvalidOptionError);
    expect(() => world.orderGroup([u], 5, 5, { speedAdjust: 1 as never })).toThrow(/speedAdjust/);
  });
  it('columns 0 (the default) gives a box of ceil(sqrt(n)) columns', () => {
    expect(DEFAULT_RTS_GROUP_OPTIONS.columns).toBe(0);
    const world = new RtsWorld(Grid.open(30, 30, { shared: false }));
    const units: RtsUnit[] = [];
    for (let k = 0; k < 10; k++) units.push(world.addUnit(2 + k, 2));
    const group = world.orderGroup(units, 15, 15, { formation: 'box' });
    expect(Array.from(group.slots)).toEqual(Array.from(rtsFormationSlots('box', 10, 1, 4)));
    expect(Array.from(group.slots)).not.toEqual(Array.from(rtsFormationSlots('box', 10, 1, 5)));
  });
});

describe('rts test util', () => {
  it('runUntil throws on a timeout instead of returning maxSteps', () => {
    const world = new RtsWorld(Grid.open(4, 4, { shared: false }));
    world.addUnit(0, 0);
    expect(() => runUntil(world, () => false, 5)).toThrow(/still false after 5 steps/);
    expect(runUntil(world, () => world.stepCount >= 7, 5).steps).toBe(2);
  });
});

/** The plain scan firstCollision replaced: every unit in order, first hard hit, else the nearest soft hit. */
function referenceCollision(world: RtsWorld, u: RtsUnit, x: number, y: number, soft: boolean) {
  const px = u.tailX;
  const py = u.tailY;
  const samples = Math.max(1, Math.ceil(Math.hypot(x - px, y - py) / u.hardRadius));
  let softHit: RtsUnit | null = null;
  let softD = Number.POSITIVE_INFINITY;
  for (const v of world.units) {
    if (v === u) continue;
    const hs = u.hardRadius + v.hardRadius;
    for (let k = 1; k <= samples; k++) {
      const dx = v.tailX - (px + ((x - px) * k) / samples);
      const dy = v.tailY - (py + ((y - py) * k) / samples);
      if (dx * dx + dy * dy < hs * hs - 1e-9 && dx * dx + dy * dy < (v.tailX - px) ** 2 + (v.tailY - py) ** 2)
        return { unit: v.id, hard: true };
    }
    if (!soft || (u.group !== null && v.group === u.group)) continue;
    const ss = u.softRadius + v.hardRadius;
    const d2 = (v.tailX - x) ** 2 + (v.tailY - y) ** 2;
    if (d2 < ss * ss && d2 < softD && (v.tailX - px) * (x - px) + (v.tailY - py) * (y - py) > 0) {
      softD = d2;
      softHit = v;
    }
  }
  return softHit ? { unit: softHit.id, hard: false } : null;
}

describe('RtsWorld unit buckets', () => {
  it('firstCollision through the buckets equals a plain scan of all units, during and between steps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 2, max: 40 }),
        fc.integer({ min: 0, max: 12 }),
        (seed, count, steps) => {
          const w = 24;
          const h = 18;
          // Long steps and fast units: positions drift far between two rebuilds of the buckets.
          const world = new RtsWorld(Grid.open(w, h, { shared: false }), { stepSeconds: 0.5 });
          let r = seed;
          const rnd = () => {
            r = (Math.imul(r, 1103515245) + 12345) >>> 0;
            return r / 2 ** 32;
          };
          for (let k = 0; k < count; k++) {
            try {
              world.addUnit(Math.floor(rnd() * w), Math.floor(rnd() * h), {
                speed: 1 + rnd() * 12,
                hardRadius: 0.2 + rnd() * 0.3,
                softRadius: 0.5 + rnd() * 0.6,
              });
            } catch {
              // occupied tile: skip
            }
          }
          for (const u of world.units) world.moveUnit(u, Math.floor(rnd() * w), Math.floor(rnd() * h));
          for (let s = 0; s < steps; s++) world.step();
          for (let q = 0; q < 30; q++) {
            const u = world.units[Math.floor(rnd() * world.units.length)] as RtsUnit;
            const x = Math.min(w - 0.01, Math.max(0, u.tailX + (rnd() - 0.5) * 4));
            const y = Math.min(h - 0.01, Math.max(0, u.tailY + (rnd() - 0.5) * 4));
            const soft = rnd() < 0.5;
            const got = world.firstCollision(u, x, y, soft);
            const want = referenceCollision(world, u, x, y, soft);
            expect(got ? { unit: got.id, hard: world.hitHard } : null).toEqual(want);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
