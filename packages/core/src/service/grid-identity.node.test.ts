/**
 * Grid versions past 2^32 and grid identity through the worker service (built package: `pnpm run build` first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPackage } from '../testing/built-package.test-util.js';
import type * as Core from '../testing/package.test-util.js';

const c = await builtPackage();

function jumpVersion(grid: Core.Grid, version: number): void {
  new BigInt64Array(grid.buffer, c.GRID_VERSION_BYTE_OFFSET, 1)[0] = BigInt(version);
}

describe('the service with grid versions past 2^32 and grid ids', () => {
  let service: Core.FieldService;
  beforeAll(async () => {
    service = await c.createFieldService({ workers: 1 });
  });
  afterAll(async () => {
    await service?.close();
  });

  it("service.updateField, computeFlow and updateFlow refuse another grid's field, naming both ids", async () => {
    const a = c.Grid.open(8, 8);
    const b = c.Grid.open(8, 8);
    b.fillPassable(1, 0, 1, 7, false);
    const options = { goals: [{ x: 0, y: 0 }] };
    const field = await service.computeField(a, options);
    expect(field.gridId).toBe(a.id);
    const refused = await service.updateField(b, field, options).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(c.InvalidOptionError);
    expect((refused as Error).message).toContain(`grid ${a.id}`);
    expect((refused as Error).message).toContain(`grid ${b.id}`);
    await expect(service.computeFlow(b, field)).rejects.toBeInstanceOf(c.InvalidOptionError);
    const flow = await service.computeFlow(a, field, { repairable: true });
    expect(flow.gridId).toBe(a.id);
    const fieldB = await service.computeField(b, options);
    await expect(service.updateFlow(b, fieldB, flow)).rejects.toThrow(`grid ${a.id}`);
    for (const item of [field, flow, fieldB]) service.release(item);
  });

  it('service.updateField, updateFlow and LiveField.update repair across 2^32 as a fresh field', async () => {
    const grid = c.Grid.open(40, 12);
    grid.fillPassable(20, 0, 1, 12, false);
    jumpVersion(grid, 2 ** 32 - 2);
    const options = { goals: [{ x: 35, y: 6 }] };
    const field = await service.computeField(grid, options);
    const flow = await service.computeFlow(grid, field, { repairable: true });
    const live = new c.LiveField(service, grid, options);
    await live.update();
    for (let k = 0; k < 3; k++) grid.setPassable(30, k, false);
    grid.setPassable(20, 6, true);
    expect(grid.version).toBe(2 ** 32 + 2);
    expect(live.stale).toBe(true);
    const fresh = c.computeField(grid, options);
    const updated = await service.updateField(grid, field, options);
    expect(updated.full).toBe(false);
    expect(updated.field.gridVersion).toBe(grid.version);
    expect(updated.field.cost).toEqual(fresh.cost);
    const nextFlow = await service.updateFlow(grid, updated.field, flow);
    expect(nextFlow.flow.anchor).toEqual(c.computeFlow(grid, fresh).anchor);
    const repaired = await live.update();
    expect(repaired.full).toBe(false);
    expect(live.stale).toBe(false);
    expect(live.field?.cost).toEqual(fresh.cost);
    live.dispose();
    for (const item of [field, flow, updated.field, nextFlow.flow]) service.release(item);
  });
});
