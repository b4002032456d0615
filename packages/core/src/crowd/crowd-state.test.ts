import { describe, expect, it } from 'vitest';
import { AbortError, CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { generateOpen } from '../grid/generate.js';
import { parseAsciiMap } from '../grid/parse.js';
import { commandCrowdGroup } from './crowd-command.js';
import {
  CROWD_TUTORIAL,
  CROWD_TUTORIAL_SCALE,
  DEFAULT_CROWD_ACCELERATION,
  DEFAULT_CROWD_ARRIVE_RADIUS,
  DEFAULT_CROWD_CONTACT_MARGIN,
  DEFAULT_CROWD_TOP_SPEED,
  DEFAULT_CROWD_UNIT_SIZE,
} from './crowd-options.js';
import {
  addCrowdUnit,
  CROWD_MOVING,
  CROWD_STOPPED,
  clearCrowd,
  countMovingCrowdUnits,
  createCrowd,
  crowdBuffers,
  crowdCount,
  crowdFrame,
  crowdFromBuffers,
  crowdSpotIsFree,
} from './crowd-state.js';
import { stepCrowdRange } from './crowd-step.js';
import { stepCrowd } from './crowd-step-whole.js';

const MAP = ['#####', '#...#', '#.#.#', '#...#', '#####'].join('\n');

describe('createCrowd', () => {
  it('works in tiles: its defaults are the tutorial numbers divided by CROWD_TUTORIAL_SCALE', () => {
    const crowd = createCrowd({ grid: generateOpen(4, 4), capacity: 3 });
    const S = CROWD_TUTORIAL_SCALE;
    expect(S).toBe(CROWD_TUTORIAL.tileSize);
    expect(CROWD_TUTORIAL).toEqual({
      tileSize: 30,
      unitSize: 14,
      topSpeed: 90,
      acceleration: 360,
      contactMargin: 0.5,
      arriveRadius: 2,
      bumpTime: 5,
    });
    // 14-pixel squares on 30-pixel tiles: one pixel under half a tile.
    expect(CROWD_TUTORIAL.unitSize).toBe(CROWD_TUTORIAL.tileSize / 2 - 1);
    expect(crowd.params).toEqual({
      unitSize: CROWD_TUTORIAL.unitSize / S,
      topSpeed: CROWD_TUTORIAL.topSpeed / S,
      acceleration: CROWD_TUTORIAL.acceleration / S,
      contactMargin: CROWD_TUTORIAL.contactMargin / S,
      arriveRadius: CROWD_TUTORIAL.arriveRadius / S,
      bumpTime: CROWD_TUTORIAL.bumpTime,
    });
    expect([DEFAULT_CROWD_UNIT_SIZE, DEFAULT_CROWD_TOP_SPEED, DEFAULT_CROWD_ACCELERATION]).toEqual([14 / 30, 3, 12]);
    expect([DEFAULT_CROWD_CONTACT_MARGIN, DEFAULT_CROWD_ARRIVE_RADIUS]).toEqual([1 / 60, 1 / 15]);
    expect(createCrowd({ grid: generateOpen(4, 4), capacity: 1, unitSize: 0.5 }).params.unitSize).toBe(0.5);
    expect(crowdCount(crowd)).toBe(0);
    expect(crowd.groups).toBe(2);
  });

  it('the tutorial scene in pixels and in tiles: positions scale by 30 up to rounding', () => {
    // A unit sent 10 tiles (300 px) right at 3 tiles/s (90 px/s) along an open row.
    const crowd = createCrowd({ grid: generateOpen(14, 3), capacity: 1 });
    addCrowdUnit(crowd, { x: 45 / CROWD_TUTORIAL_SCALE, y: 45 / CROWD_TUTORIAL_SCALE });
    commandCrowdGroup(crowd, 0, { x: 345 / CROWD_TUTORIAL_SCALE, y: 45 / CROWD_TUTORIAL_SCALE }, { useField: false });
    let t = 0;
    while (countMovingCrowdUnits(crowd) > 0 && t < 10) {
      stepCrowd(crowd, 1 / 60);
      t += 1 / 60;
    }
    // 300 px at 90 px/s plus the speed-up and slow-down at 360 px/s²: about 3.6 s.
    expect(t).toBeGreaterThan(3.3);
    expect(t).toBeLessThan(4);
    expect(Math.abs((crowdFrame(crowd).x[0] as number) * CROWD_TUTORIAL_SCALE - 345)).toBeLessThan(
      CROWD_TUTORIAL.arriveRadius,
    );
  });

  it('puts the state in shared memory when the grid is shared, or when asked', () => {
    const grid = generateOpen(4, 4, { shared: true });
    expect(createCrowd({ grid, capacity: 2 }).buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(createCrowd({ grid, capacity: 2, shared: false }).buffer).toBeInstanceOf(ArrayBuffer);
    expect(createCrowd({ grid: generateOpen(4, 4, { shared: false }), capacity: 2 }).buffer).toBeInstanceOf(
      ArrayBuffer,
    );
  });

  it('throws typed errors naming the bad option', () => {
    const grid = generateOpen(4, 4);
    expect(() => createCrowd({ grid, capacity: 0 })).toThrow(OutOfRangeError);
    expect(() => createCrowd({ grid, capacity: 1.5 })).toThrow(/capacity/);
    expect(() => createCrowd({ grid, capacity: 2, groups: 17 })).toThrow(/groups/);
    expect(() => createCrowd({ grid, capacity: 2, topSpeed: 0 })).toThrow(/topSpeed/);
    expect(() => createCrowd({ grid, capacity: 2, acceleration: Number.NaN })).toThrow(/acceleration/);
    expect(() => createCrowd({ grid, capacity: 2, contactMargin: 0.5 })).toThrow(/contactMargin/);
    expect(() => createCrowd({ grid, capacity: 2, unitSize: 0.6 })).toThrow(/unitSize/);
    expect(() => createCrowd({ grid, capacity: 2, unitSize: 0 })).toThrow(/unitSize/);
    expect(() => createCrowd({ grid, capacity: 2, topSpeed: 90 })).toThrow(/topSpeed/);
    // The pixel-era option is refused with a pointer to the tile units.
    expect(() => createCrowd({ grid, capacity: 2, tileSize: 30 } as never)).toThrow(/CROWD_TUTORIAL_SCALE/);
    expect(() => createCrowd({ grid: {} as never, capacity: 2 })).toThrow(InvalidOptionError);
  });
});

describe('units and orders', () => {
  it('adds units only where the whole square is clear of walls and the map edge', () => {
    const crowd = createCrowd({ grid: parseAsciiMap(MAP), capacity: 2 });
    // Tile (1,1) spans 1..2; a 14/30-tile square needs its centre within 1 + 7/30 .. 2 - 7/30 there.
    expect(crowdSpotIsFree(crowd, { x: 1.24, y: 1.24 })).toBe(true);
    expect(crowdSpotIsFree(crowd, { x: 1.23, y: 1.5 })).toBe(false);
    // Tile (2,2) is a wall: a square reaching into it from (1,1) is not free.
    expect(crowdSpotIsFree(crowd, { x: 1.8, y: 1.8 })).toBe(false);
    expect(() => addCrowdUnit(crowd, { x: 0.67, y: 1.5 })).toThrow(CoordinateError);
    expect(addCrowdUnit(crowd, { x: 1.5, y: 1.5 }, 1)).toBe(0);
    expect(addCrowdUnit(crowd, { x: 3.5, y: 3.5 }, 0)).toBe(1);
    expect(() => addCrowdUnit(crowd, { x: 1.5, y: 3.5 })).toThrow(/capacity 2/);
    expect(() => addCrowdUnit(createCrowd({ grid: parseAsciiMap(MAP), capacity: 2 }), { x: 1.5, y: 1.5 }, 2)).toThrow(
      /group/,
    );
    // Points are `{ x, y }` objects (own properties), named in the error.
    expect(() => crowdSpotIsFree(crowd, [1.5, 1.5] as never)).toThrow(InvalidOptionError);
    expect(() => addCrowdUnit(crowd, Object.create({ x: 1.5, y: 1.5 }))).toThrow(/point/);
    clearCrowd(crowd);
    expect(crowdCount(crowd)).toBe(0);
  });

  it('an order sets every unit of the group moving with a fresh timer; destinations must be walkable', () => {
    const crowd = createCrowd({ grid: parseAsciiMap(MAP), capacity: 3 });
    addCrowdUnit(crowd, { x: 1.5, y: 1.5 }, 0);
    addCrowdUnit(crowd, { x: 3.5, y: 1.5 }, 1);
    addCrowdUnit(crowd, { x: 1.5, y: 3.5 }, 0);
    crowdFrame(crowd).timer[0] = 3;
    commandCrowdGroup(crowd, 0, { x: 3.5, y: 3.5 });
    expect(Array.from(crowdFrame(crowd).state)).toEqual([CROWD_MOVING, CROWD_STOPPED, CROWD_MOVING]);
    expect(crowdFrame(crowd).timer[0]).toBe(0);
    expect(countMovingCrowdUnits(crowd)).toBe(2);
    expect(crowd.groupHasField[0]).toBe(1);
    // The field layer of group 0 leads from (1,1) east or south around the pillar, none at the goal (3,3).
    const cells = 25;
    expect(crowd.fieldDir[0 * cells + 3 * 5 + 3]).toBe(255);
    expect([1, 2]).toContain(crowd.fieldDir[0 * cells + 1 * 5 + 1]);
    expect(() => commandCrowdGroup(crowd, 0, { x: 2.5, y: 2.5 })).toThrow(/wall/);
    expect(() => commandCrowdGroup(crowd, 0, { x: -0.1, y: 1.5 })).toThrow(CoordinateError);
    expect(() => commandCrowdGroup(crowd, 5, { x: 1.5, y: 1.5 })).toThrow(OutOfRangeError);
    expect(() => commandCrowdGroup(crowd, 0, { y: 1.5 } as never)).toThrow(/destination/);
  });

  it('a crowd rebuilt from its buffers shares memory with the original', () => {
    const crowd = createCrowd({ grid: generateOpen(6, 6, { shared: true }), capacity: 4, groups: 3 });
    addCrowdUnit(crowd, { x: 1.5, y: 1.5 }, 2);
    commandCrowdGroup(crowd, 2, { x: 5, y: 5 }, { useField: false });
    const twin = crowdFromBuffers(crowdBuffers(crowd));
    expect(twin.params).toEqual(crowd.params);
    expect(twin.groups).toBe(3);
    expect(crowdCount(twin)).toBe(1);
    stepCrowd(twin, 1 / 60);
    expect(crowdFrame(crowd).x[0]).toBeGreaterThan(1.5);
    expect(crowdFrame(crowd).x[0]).toBe(crowdFrame(twin).x[0]);
    expect(() => crowdFromBuffers({ crowd: new SharedArrayBuffer(64), grid: crowd.grid })).toThrow(InvalidOptionError);
  });

  it('step arguments are checked', () => {
    const crowd = createCrowd({ grid: generateOpen(4, 4), capacity: 2 });
    addCrowdUnit(crowd, { x: 1.5, y: 1.5 });
    expect(() => stepCrowd(crowd, 0)).toThrow(/dt/);
    expect(() => stepCrowd(crowd, 0.5)).toThrow(OutOfRangeError);
    expect(() => stepCrowdRange(crowd, 0, 2, 1 / 60)).toThrow(/range/);
    expect(() => stepCrowdRange(crowd, 1, 0, 1 / 60)).toThrow(OutOfRangeError);
  });
});

describe('signal and onProgress', () => {
  it('stepCrowd: an aborted signal throws AbortError before any work; progress counts units', () => {
    const crowd = createCrowd({ grid: generateOpen(40, 40), capacity: 5000 });
    for (let i = 0; i < 5000; i++) addCrowdUnit(crowd, { x: 0.5 + (i % 78) / 2, y: 0.5 + Math.floor(i / 78) / 2 });
    commandCrowdGroup(crowd, 0, { x: 20, y: 20 }, { useField: false });
    const before = crowdFrame(crowd).x.slice();
    const aborted = new AbortController();
    aborted.abort();
    expect(() => stepCrowd(crowd, 1 / 60, { signal: aborted.signal })).toThrow(AbortError);
    expect(crowdFrame(crowd).x).toEqual(before);
    // Aborted during the step (from the progress callback): AbortError at the next look, frames not swapped.
    const later = new AbortController();
    expect(() => stepCrowd(crowd, 1 / 60, { signal: later.signal, onProgress: () => later.abort() })).toThrow(
      AbortError,
    );
    expect(crowdFrame(crowd).x).toEqual(before);
    const seen: [number, number][] = [];
    stepCrowd(crowd, 1 / 60, { onProgress: (done, total) => seen.push([done, total]) });
    expect(seen).toEqual([
      [4096, 5000],
      [5000, 5000],
    ]);
    expect(() => stepCrowd(crowd, 1 / 60, { onProgress: 3 as never })).toThrow(/onProgress/);
  });

  it('commandCrowdGroup: an aborted signal throws AbortError and changes nothing', () => {
    const crowd = createCrowd({ grid: parseAsciiMap(MAP), capacity: 1 });
    addCrowdUnit(crowd, { x: 1.5, y: 1.5 });
    const aborted = new AbortController();
    aborted.abort();
    expect(() => commandCrowdGroup(crowd, 0, { x: 3.5, y: 3.5 }, { signal: aborted.signal })).toThrow(AbortError);
    expect(crowdFrame(crowd).state[0]).toBe(CROWD_STOPPED);
    expect(crowd.groupHasField[0]).toBe(0);
    expect(() => commandCrowdGroup(crowd, 0, { x: 3.5, y: 3.5 }, { signal: 'no' as never })).toThrow(/signal/);
  });
});
