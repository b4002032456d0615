/**
 * Field repair through the worker service (service.updateField and LiveField.update), shared by the Node
 * tests (built package) and the browser-mode tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Core from '../testing/package.test-util.js';

type CoreModule = typeof Core;

/** Costs equal within 1e-9 relative (octile repairs may differ from a fresh field in the last bits). */
function costsMatch(actual: Float64Array, expected: Float64Array): string | null {
  if (actual.length !== expected.length) return `length ${actual.length} != ${expected.length}`;
  for (let i = 0; i < expected.length; i++) {
    const a = actual[i] as number;
    const e = expected[i] as number;
    if (!(a === e || Math.abs(a - e) <= 1e-9 * Math.max(1, Math.abs(e)))) return `tile ${i}: ${a} != ${e}`;
  }
  return null;
}

/**
 * A deterministic stream of tiles in the top-left fifth of the map, far from the (central) goal, so that each
 * edit changes few paths and the repair is not expected to fall back to a full recompute.
 */
function tiles(grid: Core.Grid, seed: number): () => { x: number; y: number } {
  let s = seed >>> 0;
  const w = Math.floor(grid.width / 5);
  const h = Math.floor(grid.height / 5);
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const i = s % (w * h);
    return { x: i % w, y: Math.floor(i / w) };
  };
}

export function repairSuite(core: () => CoreModule): void {
  let c: CoreModule;
  let service: Core.FieldService;

  beforeAll(async () => {
    c = core();
    service = await c.createFieldService({ workers: 2 });
  });
  afterAll(async () => {
    await service?.close();
  });

  describe('field repair in the pool', () => {
    it('service.updateField returns a new repaired field and never writes the one it was given', async () => {
      const grid = c.generateRandom(120, 90, 0.2, { seed: 3 });
      const goal = { x: 60, y: 45 };
      grid.setPassable(goal.x, goal.y, true);
      const options: Core.FieldOptions = { goals: [goal] };
      const base = await service.computeField(grid, options);
      const before = base.cost.slice();
      const baseVersion = base.gridVersion;
      const next = tiles(grid, 9);
      for (let k = 0; k < 10; k++) {
        const t = next();
        grid.setPassable(t.x, t.y, !grid.isPassable(t.x, t.y));
      }
      const result = await service.updateField(grid, base, options);
      expect(result.full).toBe(false);
      expect(result.field.gridVersion).toBe(grid.version);
      expect(result.field.cost).not.toBe(base.cost);
      expect(costsMatch(result.field.cost, c.computeField(grid, options).cost)).toBeNull();
      expect(costsMatch(base.cost, before)).toBeNull();
      expect(base.gridVersion).toBe(baseVersion);
      service.release(base);
      service.release(result.field);
    });

    it('LiveField.update repairs in the spare buffers, publishes only complete fields, and matches a fresh field', async () => {
      const grid = c.generateRandom(150, 150, 0.2, { seed: 11 });
      const goal = { x: 75, y: 75 };
      grid.setPassable(goal.x, goal.y, true);
      const options: Core.FieldOptions = { goals: [goal], metric: 'octile' };
      const issued = service.stats().issuedBytes;
      const live = new c.LiveField(service, grid, options);
      const first = await live.update();
      expect(first.full).toBe(true);
      const next = tiles(grid, 21);
      const seen = new Set<Float64Array>();
      let repaired = 0;
      for (let round = 0; round < 12; round++) {
        for (let k = 0; k < 3; k++) {
          const t = next();
          grid.setPassable(t.x, t.y, !grid.isPassable(t.x, t.y));
        }
        const published = live.field as Core.Field;
        const snapshot = published.cost.slice();
        const pending = live.update();
        // Racing reads: while the repair runs, the published field does not change.
        expect(costsMatch(published.cost, snapshot)).toBeNull();
        const result = await pending;
        expect(costsMatch(published.cost, snapshot)).toBeNull();
        if (!result.full) repaired++;
        expect(live.field).toBe(result.field);
        expect(live.stale).toBe(false);
        expect(costsMatch(result.field.cost, c.computeField(grid, options).cost)).toBeNull();
        seen.add(result.field.cost);
      }
      // After the first updates, the live field rotates three buffer sets instead of taking new ones (without shared
      // memory they travel to the worker and back, so their views are new, but no more memory is held).
      if (service.mode !== 'transfer') expect(seen.size).toBeLessThanOrEqual(3);
      expect(service.stats().issuedBytes - issued).toBeLessThanOrEqual(3 * grid.size * 9);
      expect(repaired).toBeGreaterThanOrEqual(10);
      const upToDate = await live.update();
      expect(upToDate.tiles).toBe(0);
      live.dispose();
    });

    it('an aborted update keeps the published field; the next update is still exact', async () => {
      const grid = c.generateRandom(400, 400, 0.2, { seed: 5 });
      const goal = { x: 200, y: 200 };
      grid.setPassable(goal.x, goal.y, true);
      const options: Core.FieldOptions = { goals: [goal] };
      const live = new c.LiveField(service, grid, options);
      await live.refresh();
      const published = live.field;
      grid.fillPassable(150, 150, 40, 1, false);
      const controller = new AbortController();
      const pending = live.update({ signal: controller.signal });
      controller.abort();
      await expect(pending).rejects.toBeInstanceOf(c.AbortError);
      expect(live.field).toBe(published);
      const superseded = live.update();
      const latest = live.update();
      await expect(superseded).rejects.toBeInstanceOf(c.AbortError);
      const result = await latest;
      expect(costsMatch(result.field.cost, c.computeField(grid, options).cost)).toBeNull();
      live.dispose();
    });

    it('many live fields, one per goal, repair in parallel and each matches a fresh field', async () => {
      const grid = c.generateRandom(200, 200, 0.2, { seed: 17 });
      const goals = [
        { x: 20, y: 20 },
        { x: 180, y: 20 },
        { x: 20, y: 180 },
        { x: 180, y: 180 },
        { x: 100, y: 100 },
      ];
      for (const g of goals) grid.setPassable(g.x, g.y, true);
      const lives = goals.map((g) => new c.LiveField(service, grid, { goals: [g] }));
      await Promise.all(lives.map((live) => live.refresh()));
      for (let round = 0; round < 4; round++) {
        grid.fillPassable(30 + round * 30, 60, 4, 4, false);
        const results = await Promise.all(lives.map((live) => live.update()));
        results.forEach((result, i) => {
          expect(
            costsMatch(result.field.cost, c.computeField(grid, { goals: [goals[i] as Core.Goal] }).cost),
          ).toBeNull();
        });
      }
      for (const live of lives) live.dispose();
    });

    it("repairs any field of the grid (one made here is copied to the worker); refuses another grid's field and an `into` it did not make", async () => {
      const grid = c.Grid.open(20, 20);
      const options: Core.FieldOptions = { goals: [{ x: 1, y: 1 }] };
      const local = c.computeField(grid, options);
      grid.setPassable(5, 5, false);
      const repaired = await service.updateField(grid, local, options);
      expect(Array.from(repaired.field.cost)).toEqual(Array.from(c.computeField(grid, options).cost));
      service.release(repaired.field);
      const shared = await service.computeField(grid, options);
      await expect(service.updateField(c.Grid.open(5, 5), shared, options)).rejects.toBeInstanceOf(
        c.InvalidOptionError,
      );
      await expect(service.updateField(grid, shared, { ...options, into: shared })).rejects.toThrow(
        'another field than the one updated',
      );
      await expect(service.updateField(grid, shared, { ...options, into: local })).rejects.toThrow(
        'a field this service made',
      );
      service.release(shared);
    });
  });
}
