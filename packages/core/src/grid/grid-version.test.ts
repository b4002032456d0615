import { describe, expect, it } from 'vitest';
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { computeField } from '../fields/compute-field.js';
import { updateField } from '../fields/repair/update-field.js';
import { computeFlow } from '../flow/compute-flow.js';
import { followFlow } from '../flow/follow-flow.js';
import { updateFlow } from '../flow/update-flow.js';
import { buildSectorGraph } from '../sectors/build.js';
import { SectorGraph } from '../sectors/sector-graph.js';
import { isFieldStale } from '../service/field-stale.js';
import { errorOf } from '../testing/error-of.test-util.js';
import { EDITS_UNKNOWN } from './edit-log.js';
import { GRID_VERSION_BYTE_OFFSET, Grid, MAX_GRID_VERSION } from './grid.js';

/** Writes the grid's version slot (the documented test hook: a BigInt64 at GRID_VERSION_BYTE_OFFSET). */
function jumpVersion(grid: Grid, version: number): void {
  new BigInt64Array(grid.buffer, GRID_VERSION_BYTE_OFFSET, 1)[0] = BigInt(version);
}

/** Tiles changed since `since`, sorted, or null when unknown. */
function editedSince(grid: Grid, since: number): number[] | null {
  const out = new Int32Array(grid.edits.capacity + 1);
  const n = grid.edits.read(since, grid.version, out);
  return n === EDITS_UNKNOWN ? null : [...new Set(out.subarray(0, n))].sort((a, b) => a - b);
}

/** A 40x12 map cut by a wall at x = 20 with a closed door at (20, 6). */
function doorMap(): Grid {
  const grid = Grid.open(40, 12);
  grid.fillPassable(20, 0, 1, 12, false);
  return grid;
}

const JUMPS = [2 ** 31 - 3, 2 ** 32 - 3, 2 ** 40, MAX_GRID_VERSION - 20];

describe('grid versions past 2^31 and 2^32', () => {
  it.each(JUMPS)('from %d on, every edit counts up and touch() returns the version', (start) => {
    const grid = Grid.open(8, 8);
    jumpVersion(grid, start);
    expect(grid.version).toBe(start);
    for (let k = 1; k <= 6; k++) {
      grid.setPassable(k, 1, false);
      expect(grid.version).toBe(start + k);
    }
    expect(grid.touch()).toBe(start + 7);
    expect(grid.version).toBe(start + 7);
    expect(grid.fillPassable(0, 3, 2, 2, false)).toBe(start + 8);
    expect(Grid.from(grid.buffer).version).toBe(start + 8);
    // The log knows the edits after the unknown one, and only those.
    expect(editedSince(grid, start + 7)).toEqual([24, 25, 32, 33]);
    expect(editedSince(grid, start + 6)).toBeNull();
    expect(grid.clone().version).toBe(start + 8);
  });

  it('the edit log reads edits across 2^31 and 2^32 exactly', () => {
    for (const start of [2 ** 31 - 3, 2 ** 32 - 3]) {
      const grid = Grid.open(8, 8);
      jumpVersion(grid, start);
      for (let k = 0; k < 6; k++) grid.setPassable(k, 0, false);
      expect(editedSince(grid, start)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(editedSince(grid, start + 3)).toEqual([3, 4, 5]);
      expect(editedSince(grid, start + 6)).toEqual([]);
    }
  });

  it('stops at 2^53 - 1 with OutOfRangeError instead of losing count', () => {
    const grid = Grid.open(4, 4);
    jumpVersion(grid, MAX_GRID_VERSION);
    expect(() => grid.setPassable(0, 0, false)).toThrow(OutOfRangeError);
    expect(() => grid.touch()).toThrow(OutOfRangeError);
    expect(grid.version).toBe(MAX_GRID_VERSION);
  });

  it.each(JUMPS.slice(0, 2))('updateField and updateFlow repair across %d + 3, equal to fresh ones', (start) => {
    const grid = doorMap();
    jumpVersion(grid, start);
    const options = { goals: [{ x: 35, y: 6 }] };
    const field = computeField(grid, options);
    const flow = computeFlow(grid, field, { repairable: true });
    expect(field.cost[grid.index(2, 6)]).toBe(Number.POSITIVE_INFINITY);
    for (let k = 0; k < 5; k++) grid.setPassable(30, k, false); // crosses the boundary
    grid.setPassable(20, 6, true); // the door opens
    expect(grid.version).toBe(start + 6);
    const result = updateField(grid, field, options);
    expect(result.full).toBe(false);
    const fresh = computeField(grid, options);
    // A repair sums the same steps, maybe in another order than a fresh field: equal to the last bits.
    for (let i = 0; i < fresh.cost.length; i++) {
      const want = fresh.cost[i] as number;
      const got = field.cost[i] as number;
      if (want === Number.POSITIVE_INFINITY) expect(got, `tile ${i}`).toBe(want);
      else expect(Math.abs(got - want), `tile ${i}`).toBeLessThanOrEqual(1e-12 * want);
    }
    expect(field.gridVersion).toBe(grid.version);
    const next = updateFlow(grid, field, flow);
    // The repaired flow is the flow of the repaired field.
    const freshFlow = computeFlow(grid, field);
    expect(next.flow.anchor).toEqual(freshFlow.anchor);
    expect(next.flow.vx).toEqual(freshFlow.vx);
    expect(followFlow(grid, field, next.flow, { x: 2, y: 6 })?.points.length).toBeGreaterThan(2);
  });

  it.each(JUMPS.slice(0, 2))('a sector graph updates across %d + 3: the opened door is found', (start) => {
    const grid = doorMap();
    jumpVersion(grid, start);
    const graph = buildSectorGraph(grid, { sectorSize: 8 });
    expect(graph.findPath({ x: 2, y: 6 }, { x: 35, y: 6 })).toBeNull();
    for (let k = 0; k < 4; k++) grid.setPassable(10, k, false);
    grid.setPassable(20, 6, true);
    const update = graph.update();
    expect(update.sectors).toBeGreaterThan(0);
    expect(graph.gridVersion).toBe(start + 5);
    const path = graph.findPath({ x: 2, y: 6 }, { x: 35, y: 6 }, { refine: 'corridor' });
    const exact = computeField(grid, { goals: [{ x: 35, y: 6 }] }).cost[grid.index(2, 6)] as number;
    expect(path?.cost).toBeGreaterThanOrEqual(exact - 1e-9);
    expect(path?.cost).toBeLessThan(exact * 1.1);
    expect(graph.firstMove(2, 6, 35, 6)).not.toBe(255);
  });
});

describe('grid identity', () => {
  it('each grid has its own id; Grid.from keeps it, clone makes a new one', () => {
    const a = Grid.open(8, 8);
    const b = Grid.open(8, 8);
    expect(Number.isSafeInteger(a.id) && a.id >= 1).toBe(true);
    expect(a.id).not.toBe(b.id);
    expect(Grid.from(a.buffer).id).toBe(a.id);
    expect(a.clone().id).not.toBe(a.id);
  });

  it('fields, flows and sector graphs carry their grid id', () => {
    const a = Grid.open(16, 16);
    const field = computeField(a, { goals: [{ x: 1, y: 1 }] });
    expect(field.gridId).toBe(a.id);
    expect(computeFlow(a, field).gridId).toBe(a.id);
    const graph = buildSectorGraph(a, { sectorSize: 8 });
    expect(graph.gridId).toBe(a.id);
    const corridor = graph.corridorField({ x: 1, y: 1 }, [14, 14]);
    expect(corridor.gridId).toBe(a.id);
    expect(corridor.toField().gridId).toBe(a.id);
  });

  it("updateField refuses another grid's field of the same size, naming both ids (the issue's case)", () => {
    const a = Grid.open(8, 8);
    const b = Grid.open(8, 8);
    b.fillPassable(1, 0, 1, 7, false);
    const options = { goals: [{ x: 0, y: 0 }] };
    const field = computeField(a, options);
    const before = Float64Array.from(field.cost);
    const error = errorOf(() => updateField(b, field, options));
    expect(error).toBeInstanceOf(InvalidOptionError);
    expect(String((error as Error).message)).toContain(`grid ${a.id}`);
    expect(String((error as Error).message)).toContain(`grid ${b.id}`);
    expect(field.cost).toEqual(before);
    // With its own grid it still repairs.
    a.setPassable(3, 3, false);
    expect(updateField(a, field, options).full).toBe(false);
  });

  it("flows refuse another grid's field or flow; sector graphs another grid's data", () => {
    const a = Grid.open(8, 8);
    const b = Grid.open(8, 8);
    const field = computeField(a, { goals: [{ x: 0, y: 0 }] });
    const flow = computeFlow(a, field, { repairable: true });
    const fieldB = computeField(b, { goals: [{ x: 0, y: 0 }] });
    expect(() => computeFlow(b, field)).toThrow(InvalidOptionError);
    expect(() => updateFlow(b, fieldB, flow)).toThrow(new RegExp(`flow.*grid ${a.id}.*grid ${b.id}`));
    expect(() => updateFlow(a, fieldB, flow)).toThrow(InvalidOptionError);
    expect(() => followFlow(b, fieldB, flow, { x: 4, y: 4 })).toThrow(InvalidOptionError);
    const graph = buildSectorGraph(a, { sectorSize: 8 });
    expect(() => SectorGraph.from(b, graph.data)).toThrow(new RegExp(`grid ${a.id}.*grid ${b.id}`));
    expect(SectorGraph.from(a, graph.data).gridId).toBe(a.id);
  });

  it("isFieldStale calls another grid's field stale, even of the same size and version", () => {
    const a = Grid.open(8, 8);
    const b = Grid.open(8, 8);
    const field = computeField(a, { goals: [{ x: 0, y: 0 }] });
    expect(isFieldStale(field, a)).toBe(false);
    expect(isFieldStale(field, b)).toBe(true);
  });

  it('a field made by hand without an id is still accepted (any grid of its size)', () => {
    const a = Grid.open(8, 8);
    const made = computeField(a, { goals: [{ x: 0, y: 0 }] });
    const byHand = { width: 8, height: 8, cost: made.cost, dir: made.dir, gridVersion: made.gridVersion };
    a.setPassable(4, 4, false);
    expect(updateField(a, byHand, { goals: [{ x: 0, y: 0 }] }).full).toBe(false);
  });
});
