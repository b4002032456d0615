// Issue 31 items 2 and 4 for the sectors, rts, tactics/sets and steering families: points in, TilePath out (null
// for no route), and the run options (`signal`, `onProgress`, `control`, `out`) in the options object.
import { describe, expect, it } from 'vitest';
import { AbortError, InvalidOptionError } from '../errors.js';
import { computeField } from '../fields/index.js';
import { Grid } from '../grid/grid.js';
import { parseAsciiMap } from '../grid/parse.js';
import { RtsPathfinder, type RtsPathInfo } from '../rts/astar.js';
import { computeRtsClearance } from '../rts/clearance.js';
import { rtsSlotPosition } from '../rts/formation.js';
import { rtsPathFromField } from '../rts/path-from-field.js';
import { decomposeConvexSets } from '../sets/convex-sets.js';
import { reduceFieldToSets, setCostsFrom, setCostsFromFields } from '../sets/set-costs.js';
import { buildSetFields } from '../sets/set-fields.js';
import { buildSectorGraph } from './build.js';

const aborted = (): AbortSignal => {
  const c = new AbortController();
  c.abort();
  return c.signal;
};

describe('sectors: run options', () => {
  const grid = Grid.open(32, 32, { shared: false });

  it('an already-aborted signal throws AbortError before any work', () => {
    expect(() => buildSectorGraph(grid, { sectorSize: 8, signal: aborted() })).toThrow(AbortError);
    const graph = buildSectorGraph(grid, { sectorSize: 8 });
    grid.setPassable(3, 3, false);
    expect(() => graph.update({ signal: aborted() })).toThrow(AbortError);
    expect(graph.gridVersion).not.toBe(grid.version); // nothing was done
    expect(() => graph.corridorField({ x: 30, y: 30 }, [0, 0], { signal: aborted() })).toThrow(AbortError);
    expect(() => graph.update(3 as never)).toThrow(InvalidOptionError);
    expect(() => graph.update({ signal: 3 as never })).toThrow(InvalidOptionError);
    grid.setPassable(3, 3, true);
  });

  it('onProgress hears the build in sectors, ending at the total', () => {
    const reports: [number, number][] = [];
    const graph = buildSectorGraph(grid, { sectorSize: 8, onProgress: (done, total) => reports.push([done, total]) });
    expect(reports.length).toBeGreaterThan(0);
    const [done, total] = reports.at(-1) as [number, number];
    expect(done).toBe(total);
    // The same graph as without the callback.
    expect(graph.findPath({ x: 0, y: 0 }, { x: 31, y: 31 })).toEqual(
      buildSectorGraph(grid, { sectorSize: 8 }).findPath({ x: 0, y: 0 }, { x: 31, y: 31 }),
    );
  });

  it('findPath and route return a TilePath, null for a wall at either end', () => {
    const g = parseAsciiMap(['........', '...#....', '........'].join('\n'), undefined, { shared: false });
    const graph = buildSectorGraph(g, { sectorSize: 8 });
    const path = graph.findPath({ x: 0, y: 1 }, { x: 7, y: 1 });
    expect(path?.points).toBeInstanceOf(Int32Array);
    expect(Object.keys(path ?? {}).sort()).toEqual(['cost', 'points']);
    expect(graph.route({ x: 0, y: 1 }, { x: 7, y: 1 })?.points).toBeInstanceOf(Int32Array);
    expect(graph.findPath({ x: 3, y: 1 }, { x: 7, y: 1 })).toBeNull();
    expect(graph.findPath({ x: 0, y: 1 }, { x: 3, y: 1 })).toBeNull();
    expect(graph.route({ x: 0, y: 1 }, { x: 3, y: 1 })).toBeNull();
  });
});

describe('rts: points in, TilePath out, info and out options', () => {
  const grid = parseAsciiMap(['.....', '.###.', '.....'].join('\n'), undefined, { shared: false });

  it('RtsPathfinder.findPath reports the expanded tiles in info, found or not', () => {
    const finder = new RtsPathfinder(grid);
    const info: RtsPathInfo = { expanded: -1 };
    const path = finder.findPath({ x: 0, y: 0 }, { x: 4, y: 2 }, { info });
    expect(Object.keys(path ?? {}).sort()).toEqual(['cost', 'points']);
    expect(info.expanded).toBeGreaterThan(0);
    expect(finder.findPath({ x: 0, y: 0 }, { x: 2, y: 1 }, { info })).toBeNull(); // goal on a wall
    expect(info.expanded).toBe(0);
    const limited: RtsPathInfo = { expanded: 0 };
    expect(finder.findPath({ x: 0, y: 0 }, { x: 4, y: 2 }, { maxExpansions: 1, info: limited })).toBeNull();
    expect(limited.expanded).toBe(2);
  });

  it('rtsPathFromField takes a point and a scratch option; computeRtsClearance and rtsSlotPosition take out', () => {
    const field = computeField(grid, { goals: [{ x: 4, y: 2 }] });
    const path = rtsPathFromField(field, { x: 0, y: 0 }, { scratch: new Int32Array(2) });
    expect(path?.cost).toBe(field.cost[0]);
    expect(Array.from(path?.points.slice(0, 2) ?? [])).toEqual([0, 0]);
    expect(rtsPathFromField(field, { x: 1, y: 1 })).toBeNull(); // a wall
    expect(() => rtsPathFromField(field, { x: 0 } as never)).toThrow(InvalidOptionError);
    const out = new Int8Array(15);
    expect(computeRtsClearance(grid, { out })).toBe(out);
    expect(computeRtsClearance(grid)).toEqual(out);
    const at = { x: 0, y: 0 };
    expect(rtsSlotPosition({ x: 4, y: 4 }, 0, 1, 2, { out: at })).toBe(at);
    expect(at).toEqual({ x: 5, y: 6 });
    expect(rtsSlotPosition({ x: 4, y: 4 }, 0, 1, 2)).toEqual({ x: 5, y: 6 });
    expect(() => rtsSlotPosition(4 as never, 0, 1, 2)).toThrow(InvalidOptionError);
  });
});

describe('sets: points in, out and run options', () => {
  const grid = parseAsciiMap(['......', '..##..', '......'].join('\n'), undefined, { shared: false });
  const sets = decomposeConvexSets(grid);

  it('setCostsFrom and setCostsFromFields take a point and options.out', () => {
    const out = new Int32Array(sets.count);
    expect(setCostsFrom(grid, sets, { x: 0, y: 0 }, { out })).toBe(out);
    const fields = buildSetFields(grid, sets);
    const again = new Int32Array(sets.count);
    expect(setCostsFromFields(fields, { x: 0, y: 0 }, { out: again })).toBe(again);
    expect(again).toEqual(out);
    const field = computeField(grid, { goals: [{ x: 0, y: 0 }], metric: 'steps' });
    expect(reduceFieldToSets(sets, field.cost, { out: new Int32Array(sets.count) })).toEqual(out);
    expect(() => setCostsFrom(grid, sets, [0, 0] as never)).toThrow(InvalidOptionError);
  });

  it('buildSetFields throws AbortError for an aborted signal and reports progress', () => {
    expect(() => buildSetFields(grid, sets, { signal: aborted() })).toThrow(AbortError);
    let calls = 0;
    const fields = buildSetFields(grid, sets, { onProgress: () => calls++ });
    expect(calls).toBeGreaterThan(0);
    expect(fields.cost).toEqual(buildSetFields(grid, sets).cost);
  });
});
