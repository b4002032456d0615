import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { generateOpen } from '../grid/generate.js';
import { parseAsciiMap } from '../grid/parse.js';
import { commandCrowdGroup } from './crowd-command.js';
import { DEFAULT_CROWD_TILE_SIZE } from './crowd-options.js';
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
import { stepCrowd, stepCrowdRange } from './crowd-step.js';

const MAP = ['#####', '#...#', '#.#.#', '#...#', '#####'].join('\n');

describe('createCrowd', () => {
  it('derives the unit size from the tile size (one pixel under half a tile) and applies defaults', () => {
    const crowd = createCrowd({ grid: generateOpen(4, 4), capacity: 3 });
    expect(crowd.params).toEqual({
      tileSize: DEFAULT_CROWD_TILE_SIZE,
      unitSize: 14,
      topSpeed: 90,
      acceleration: 360,
      contactMargin: 0.5,
      arriveRadius: 2,
      bumpTime: 5,
    });
    expect(createCrowd({ grid: generateOpen(4, 4), capacity: 1, tileSize: 32 }).params.unitSize).toBe(15);
    expect(crowdCount(crowd)).toBe(0);
    expect(crowd.groups).toBe(2);
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
    expect(() => createCrowd({ grid, capacity: 2, contactMargin: 5 })).toThrow(/contactMargin/);
    expect(() => createCrowd({ grid, capacity: 2, tileSize: 4 })).toThrow(/tileSize/);
    expect(() => createCrowd({ grid: {} as never, capacity: 2 })).toThrow(InvalidOptionError);
  });
});

describe('units and orders', () => {
  it('adds units only where the whole square is clear of walls and the map edge', () => {
    const crowd = createCrowd({ grid: parseAsciiMap(MAP), capacity: 2 });
    // Tile (1,1) spans 30..60; a 14 px square needs its centre within 37..53 there.
    expect(crowdSpotIsFree(crowd, 37, 37)).toBe(true);
    expect(crowdSpotIsFree(crowd, 36.9, 45)).toBe(false);
    // Tile (2,2) is a wall: a square reaching into it from (1,1) is not free.
    expect(crowdSpotIsFree(crowd, 54, 54)).toBe(false);
    expect(() => addCrowdUnit(crowd, 20, 45)).toThrow(CoordinateError);
    expect(addCrowdUnit(crowd, 45, 45, 1)).toBe(0);
    expect(addCrowdUnit(crowd, 105, 105, 0)).toBe(1);
    expect(() => addCrowdUnit(crowd, 45, 105)).toThrow(/capacity 2/);
    expect(() => addCrowdUnit(createCrowd({ grid: parseAsciiMap(MAP), capacity: 2 }), 45, 45, 2)).toThrow(/group/);
    clearCrowd(crowd);
    expect(crowdCount(crowd)).toBe(0);
  });

  it('an order sets every unit of the group moving with a fresh timer; destinations must be walkable', () => {
    const crowd = createCrowd({ grid: parseAsciiMap(MAP), capacity: 3 });
    addCrowdUnit(crowd, 45, 45, 0);
    addCrowdUnit(crowd, 105, 45, 1);
    addCrowdUnit(crowd, 45, 105, 0);
    crowdFrame(crowd).timer[0] = 3;
    commandCrowdGroup(crowd, 0, 105, 105);
    expect(Array.from(crowdFrame(crowd).state)).toEqual([CROWD_MOVING, CROWD_STOPPED, CROWD_MOVING]);
    expect(crowdFrame(crowd).timer[0]).toBe(0);
    expect(countMovingCrowdUnits(crowd)).toBe(2);
    expect(crowd.groupHasField[0]).toBe(1);
    // The field layer of group 0 leads from (1,1) east or south around the pillar, none at the goal (3,3).
    const cells = 25;
    expect(crowd.fieldDir[0 * cells + 3 * 5 + 3]).toBe(255);
    expect([1, 2]).toContain(crowd.fieldDir[0 * cells + 1 * 5 + 1]);
    expect(() => commandCrowdGroup(crowd, 0, 75, 75)).toThrow(/wall/);
    expect(() => commandCrowdGroup(crowd, 0, -1, 45)).toThrow(CoordinateError);
    expect(() => commandCrowdGroup(crowd, 5, 45, 45)).toThrow(OutOfRangeError);
  });

  it('a crowd rebuilt from its buffers shares memory with the original', () => {
    const crowd = createCrowd({ grid: generateOpen(6, 6, { shared: true }), capacity: 4, groups: 3 });
    addCrowdUnit(crowd, 45, 45, 2);
    commandCrowdGroup(crowd, 2, 150, 150, { useField: false });
    const twin = crowdFromBuffers(crowdBuffers(crowd));
    expect(twin.params).toEqual(crowd.params);
    expect(twin.groups).toBe(3);
    expect(crowdCount(twin)).toBe(1);
    stepCrowd(twin, 1 / 60);
    expect(crowdFrame(crowd).x[0]).toBeGreaterThan(45);
    expect(crowdFrame(crowd).x[0]).toBe(crowdFrame(twin).x[0]);
    expect(() => crowdFromBuffers({ crowd: new SharedArrayBuffer(64), grid: crowd.grid })).toThrow(InvalidOptionError);
  });

  it('step arguments are checked', () => {
    const crowd = createCrowd({ grid: generateOpen(4, 4), capacity: 2 });
    addCrowdUnit(crowd, 45, 45);
    expect(() => stepCrowd(crowd, 0)).toThrow(/dt/);
    expect(() => stepCrowd(crowd, 0.5)).toThrow(OutOfRangeError);
    expect(() => stepCrowdRange(crowd, 0, 2, 1 / 60)).toThrow(/range/);
    expect(() => stepCrowdRange(crowd, 1, 0, 1 / 60)).toThrow(OutOfRangeError);
  });
});
