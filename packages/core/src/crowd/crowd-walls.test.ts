import { describe, expect, it } from 'vitest';
import { parseAsciiMap } from '../grid/parse.js';
import { addAt, sendTo, unitsInWalls } from './crowd.test-util.js';
import { GAPS_WIDTH, gapsGrid, spawnGapsArmies } from './crowd-gaps.test-util.js';
import {
  CROWD_STOPPED,
  countMovingCrowdUnits,
  createCrowd,
  crowdCount,
  crowdFrame,
  crowdTotalSpeed,
} from './crowd-state.js';
import { stepCrowd } from './crowd-step-whole.js';
import { TOUCH_BOTTOM, TOUCH_LEFT, TOUCH_RIGHT, TOUCH_TOP, touchedWalls } from './crowd-walls.js';

const DT = 1 / 60;

describe('touchedWalls', () => {
  it('names the sides of a square within the margin of a blocked tile or the map edge', () => {
    const grid = parseAsciiMap(['.....', '..#..', '.....'].join('\n'));
    const p = grid.passable;
    // A 14 px square (h = 7) in tile (1, 1), tiles of 30 px: its right side 0.4 px from the wall (2, 1).
    expect(touchedWalls(p, 5, 3, 60 - 7 - 0.4, 45, 7, 0.5, 30, 1e-7)).toBe(TOUCH_RIGHT);
    expect(touchedWalls(p, 5, 3, 60 - 7 - 0.6, 45, 7, 0.5, 30, 1e-7)).toBe(0);
    // Below the wall, touching it; in the corner of the map, touching two edges.
    expect(touchedWalls(p, 5, 3, 75, 60 + 7, 7, 0.5, 30, 1e-7)).toBe(TOUCH_TOP);
    expect(touchedWalls(p, 5, 3, 7, 90 - 7, 7, 0.5, 30, 1e-7)).toBe(TOUCH_LEFT | TOUCH_BOTTOM);
  });
});

describe('crowd units against wall faces (the flocking tutorial, level tiles as squares)', () => {
  it('a unit held against a wall by the wall vector of the unit it hits follows the wall tile too, and moves', () => {
    // A wall down column 2. Unit 0 walks south with the wall on its east side and runs into unit 1, standing
    // below it: the top wall of unit 1 says (1, 0), east, into the wall. Counting the wall tile's own clockwise
    // wall (its left wall, (0, -1)) the avoidance turns north-east, and the clamp leaves it the way north.
    const grid = parseAsciiMap(['..#..', '..#..', '..#..', '..#..', '..#..', '..#..'].join('\n'));
    const crowd = createCrowd({ grid, capacity: 2, groups: 2 });
    const x = 60 - 7; // touching the wall's west face
    addAt(crowd, x, 60, 0);
    addAt(crowd, x, 74.2, 1);
    sendTo(crowd, 0, x, 170, { useField: false });
    const x0 = crowdFrame(crowd).x[0];
    stepCrowd(crowd, DT);
    const f = crowdFrame(crowd);
    expect(f.avoidX[0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(f.avoidY[0]).toBeCloseTo(-Math.SQRT1_2, 6);
    expect(f.vy[0] as number).toBeLessThan(0);
    expect(f.x[0]).toBe(x0);
    expect(unitsInWalls(crowd)).toEqual([]);
  });

  it("the studio's two-gap scene (400 units head-on through two gaps) settles in time, few units held at walls", () => {
    const crowd = createCrowd({ grid: gapsGrid(), capacity: 400 });
    spawnGapsArmies(crowd, 400);
    expect(crowdCount(crowd)).toBe(400);
    sendTo(crowd, 0, 53.5 * 30, 20 * 30);
    sendTo(crowd, 1, 10.5 * 30, 20 * 30);
    const h = crowd.params.unitSize / 2;
    const margin = crowd.params.contactMargin;
    const p = crowd.grid.passable;
    let held = 0;
    let settled = Number.POSITIVE_INFINITY;
    for (let s = 1; s <= 200 / DT; s++) {
      stepCrowd(crowd, DT);
      const f = crowdFrame(crowd);
      for (let i = 0; i < 400; i++) {
        if (f.state[i] === CROWD_STOPPED || (f.vx[i] as number) !== 0 || (f.vy[i] as number) !== 0) continue;
        if (touchedWalls(p, GAPS_WIDTH, 40, f.x[i] as number, f.y[i] as number, h, margin, 1, 1e-7) !== 0) held++;
      }
      if (countMovingCrowdUnits(crowd) === 0 && crowdTotalSpeed(crowd) === 0) {
        settled = s * DT;
        break;
      }
    }
    expect(unitsInWalls(crowd)).toEqual([]);
    // Before level tiles counted as squares: 143.3 s, and 1,028 unit-seconds of units standing still at a wall
    // while not stopped (a queue along a wall, each unit told "east", into it, by the top wall of the one ahead);
    // after: 104.4 s and 315 unit-seconds.
    expect(settled).toBeLessThan(115);
    expect(held * DT).toBeLessThan(500);
  });
});
