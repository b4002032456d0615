import { describe, expect, it } from 'vitest';
import { CoordinateError, GridTooLargeError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { checkGridSize, Grid, MAX_GRID_CELLS, MAX_GRID_SIDE } from './grid.js';

describe('Grid', () => {
  it('create is all blocked, open all walkable; size and index', () => {
    const blocked = Grid.create(4, 3);
    expect(blocked.passable.every((p) => p === 0)).toBe(true);
    const open = Grid.open(4, 3);
    expect(open.size).toBe(12);
    expect(open.index(3, 2)).toBe(11);
    expect(open.passable.every((p) => p === 1)).toBe(true);
    expect(open.isPassable(3, 2)).toBe(true);
    expect(open.isPassable(4, 2)).toBe(false);
    expect(open.terrain).toBeNull();
    expect(open.terrainAt(1, 1)).toBe(1);
  });

  it('lives in a SharedArrayBuffer by default in Node, or an ArrayBuffer when asked', () => {
    expect(Grid.open(2, 2).buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Grid.open(2, 2, { shared: false }).buffer).toBeInstanceOf(ArrayBuffer);
  });

  it('Grid.from(buffer) shares memory with the original, terrain and version included', () => {
    const a = Grid.open(5, 4, { terrain: true });
    const b = Grid.from(a.buffer);
    expect([b.width, b.height]).toEqual([5, 4]);
    a.setPassable(2, 3, false);
    expect(b.isPassable(2, 3)).toBe(false);
    b.setTerrain(1, 1, 4.5);
    expect(a.terrainAt(1, 1)).toBe(4.5);
    expect(a.version).toBe(2);
    expect(b.version).toBe(2);
    expect(b.passable.buffer).toBe(a.buffer);
    expect(() => Grid.from(new ArrayBuffer(64))).toThrow(InvalidOptionError);
  });

  it('every edit bumps the version; clone copies into an independent buffer', () => {
    const g = Grid.open(3, 3, { terrain: true });
    expect(g.version).toBe(0);
    g.setPassable(0, 0, 2);
    g.setTerrain(1, 0, 2);
    expect(g.touch()).toBe(3);
    expect(g.version).toBe(3);
    const copy = g.clone({ shared: false });
    expect(copy.buffer).toBeInstanceOf(ArrayBuffer);
    expect(copy.version).toBe(3);
    expect(copy.passable[0]).toBe(2);
    expect(copy.terrainAt(1, 0)).toBe(2);
    copy.setPassable(2, 2, false);
    expect(g.isPassable(2, 2)).toBe(true);
    expect(g.version).toBe(3);
  });

  it('rejects bad edits naming the value', () => {
    const g = Grid.open(3, 3);
    expect(() => g.setPassable(0, 0, 3)).toThrow('passability code out of range: 3');
    expect(() => g.setPassable(3, 0, true)).toThrow('tile (3, 0) is outside the 3x3 grid');
    expect(() => g.setTerrain(0, 0, 2)).toThrow(InvalidOptionError);
    const t = Grid.open(3, 3, { terrain: true });
    expect(() => t.setTerrain(0, 0, 0.5)).toThrow(OutOfRangeError);
    expect(() => t.setTerrain(0, 0, Number.POSITIVE_INFINITY)).toThrow(OutOfRangeError);
    expect(t.version).toBe(0);
  });

  it('assertInside and assertWalkable throw CoordinateError naming what and where', () => {
    const g = Grid.open(3, 3);
    g.setPassable(1, 1, false);
    expect(() => g.assertWalkable('start', 1, 1)).toThrow(CoordinateError);
    expect(() => g.assertWalkable('start', 1, 1)).toThrow('start (1, 1) is a wall');
    expect(() => g.assertInside('goal', -1, 0)).toThrow('goal (-1, 0) is outside the 3x3 grid');
    expect(() => g.assertInside('goal', 0.5, 0)).toThrow(CoordinateError);
    expect(() => g.assertWalkable('start', 0, 0)).not.toThrow();
  });

  it('size limits are checked before allocation', () => {
    expect(() => checkGridSize(0, 5)).toThrow(OutOfRangeError);
    expect(() => checkGridSize(2.5, 5)).toThrow(OutOfRangeError);
    expect(() => checkGridSize(MAX_GRID_SIDE + 1, 1)).toThrow(GridTooLargeError);
    expect(() => Grid.create(MAX_GRID_SIDE, MAX_GRID_SIDE)).toThrow(GridTooLargeError);
    expect(MAX_GRID_SIDE * MAX_GRID_SIDE).toBeGreaterThan(MAX_GRID_CELLS);
    expect(() => checkGridSize(MAX_GRID_SIDE, MAX_GRID_CELLS / MAX_GRID_SIDE)).not.toThrow();
  });
});
