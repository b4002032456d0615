import { describe, expect, it } from 'vitest';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { solveCollision, tryAvoid } from './collision-solve.js';
import { runUntil } from './rts.test-util.js';
import type { RtsUnit } from './unit.js';
import { RtsWorkspace } from './workspace.js';
import { RtsWorld } from './world.js';

// Local avoidance as the tutorial's GetNearestAdj: "It looks for the nearest tile to their next waypoint that will
// not trigger a collision, including the current one ... The nearest tile can be the current one depending on the
// obstacle's nature, making the unit wait for a certain collider to move away."

const arrived = (world: RtsWorld, ...units: RtsUnit[]) =>
  units.every((u) => u.arrivedStep >= 0 && world.stepCount >= u.arrivedStep);

/** A corridor one tile wide along row 4, crossed by one along column 7. */
const JUNCTION = `
#######.#######
#######.#######
#######.#######
#######.#######
...............
#######.#######
#######.#######
#######.#######
#######.#######
`;

describe('nearest free adjacent tile (GetNearestAdj)', () => {
  for (const [ax, by] of [
    [2, 0],
    [3, 1],
  ] as const) {
    it(`waits on its own tile for a unit crossing its way to move away (start ${ax}, ${by})`, () => {
      const world = new RtsWorld(parseAsciiMap(JUNCTION, undefined, { shared: false }));
      const a = world.addUnit(ax, 4);
      const b = world.addUnit(7, by, { priority: 1 });
      world.moveUnit(a, 14, 4);
      world.moveUnit(b, 7, 8);
      let waited = false;
      const run = runUntil(
        world,
        () => {
          // The lower-priority unit keeps its row and the higher one its column: nobody steps aside.
          expect(a.y).toBe(4.5);
          expect(b.x).toBe(7.5);
          if (a.collisionAction === 'wait' && a.holding) {
            waited = true;
            expect(a.dodging).toBe(b.id);
            // It holds the centre of its own tile, on its side of the crossing.
            expect(a.avoidX).toBe(Math.floor(a.tailX) + 0.5);
            expect(a.avoidX).toBeLessThan(7);
          }
          return arrived(world, a, b);
        },
        400,
      );
      expect(run.overlap).toBeLessThanOrEqual(1e-9);
      expect(waited).toBe(true);
      expect(world.stats.avoids).toBe(0);
      expect([a.failed, b.failed]).toEqual([false, false]);
      expect([a.x, b.y]).toEqual([14.5, 8.5]);
    });
  }

  it('ranks the tiles by Manhattan distance to the waypoint, not by straight distance', () => {
    // The unit stands at the centre of (5, 5) and heads for (11, 3); the tiles east and north-east of it hold idle
    // units of higher priority (avoided, not pushed). North is 7 tiles from the waypoint's tile by Manhattan
    // distance (6.08 in a straight line), south-east 8 (5.83): the tutorial takes north (a ranking by straight
    // distance would take south-east).
    const world = new RtsWorld(Grid.open(15, 15, { shared: false }));
    const a = world.addUnit(5, 5);
    const east = world.addUnit(6, 5, { priority: 3 });
    world.addUnit(6, 4, { priority: 3 });
    world.setRoute(a, [11.5, 3.5]);
    expect(tryAvoid(world, new RtsWorkspace(15, 15), a, east, false)).toBe('dodge');
    expect([a.avoidX, a.avoidY]).toEqual([5.5, 4.5]);
    expect([a.dodging, a.collisionAction, a.holding]).toEqual([east.id, 'avoid', false]);
  });

  it('never takes a tile farther from the waypoint than its own: blocked by an idle unit it does not back off', () => {
    // A fast unit in a corridor behind a thin idle post of higher priority (not pushed): the only free tile is
    // behind it. It waits where its next step would pass through the post.
    const world = new RtsWorld(parseAsciiMap('#######\n.......\n#######', undefined, { shared: false }), {
      horizon: 2,
    });
    const fast = world.addUnit(0, 1, { speed: 40, priority: 1 });
    world.addUnit(3, 1, { hardRadius: 0.1, priority: 5 });
    world.moveUnit(fast, 6, 1);
    for (let s = 0; s < 100; s++) {
      world.step();
      expect(Number.isNaN(fast.avoidX)).toBe(true);
    }
    expect(fast.x).toBe(2.5);
  });

  it('waits behind a unit standing on its waypoint: that unit heads for its next one, away', () => {
    // Leaving a one-tile corridor: the unit in front stands exactly on its waypoint at the corridor's end (its next
    // step turns to the next one); the unit behind it collides with it. It waits on its own tile for the front unit
    // to walk on. (Read as heading nowhere, the front unit's way made the wait look useless; the unit behind was
    // then pushed back a tile, against its own way, and came out of the corridor seconds late.)
    const world = new RtsWorld(
      parseAsciiMap('######....\n..........\n######....\n######....', undefined, { shared: false }),
    );
    const front = world.addUnit(5, 1);
    const back = world.addUnit(4, 1);
    world.setRoute(front, [5.5, 1.5, 7.5, 3.5]);
    world.setRoute(back, [5.5, 1.5, 8.5, 3.5]);
    solveCollision(world, new RtsWorkspace(10, 4), back, front, true);
    expect(back.pushMoves).toEqual([]);
    expect([back.holding, back.dodging, back.collisionAction]).toEqual([true, front.id, 'wait']);
    expect([back.avoidX, back.avoidY]).toEqual([4.5, 1.5]);
  });
});
