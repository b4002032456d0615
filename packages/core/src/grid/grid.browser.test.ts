import { describe, expect, it } from 'vitest';
import { Grid, sharedMemoryAvailable } from './grid.js';
import { parseAsciiMap } from './parse.js';

describe('Grid in the browser', () => {
  it('runs cross-origin isolated, so grids live in SharedArrayBuffers', () => {
    expect(globalThis.crossOriginIsolated).toBe(true);
    expect(sharedMemoryAvailable).toBe(true);
    const grid = Grid.open(8, 4);
    expect(grid.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('rebuilds a view over the same memory with Grid.from', () => {
    const grid = parseAsciiMap('..#\n#..');
    const view = Grid.from(grid.buffer);
    expect([view.width, view.height]).toEqual([3, 2]);
    expect([...view.passable]).toEqual([1, 1, 0, 0, 1, 1]);
    grid.setPassable(0, 0, false);
    expect(view.passable[0]).toBe(0);
    expect(view.version).toBe(grid.version);
  });
});
