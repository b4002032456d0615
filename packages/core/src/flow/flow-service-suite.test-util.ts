/**
 * Flows computed by the worker service, checked against the synchronous computeFlow: shared by the Node test
 * (built package, worker_threads) and the browser test (Vite-bundled Web Workers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceEnv } from '../service/service-env.test-util.js';
import type * as Core from '../testing/package.test-util.js';

const MAP = [
  '................................',
  '....####..............#.........',
  '....####.....#####....#.........',
  '.............#........#....##...',
  '.......#.....#.............##...',
  '.......#.....#######............',
  '..~~~..#...............####.....',
  '..~~~..........................#',
].join('\n');

export function flowServiceSuite(env: ServiceEnv): void {
  let service: Core.FieldService;
  let c: typeof Core;
  const { mode } = env;
  const own = (g: Core.Grid): Core.Grid => (env.sharedGrids ? g : g.clone({ shared: false }));

  beforeAll(async () => {
    c = env.core();
    service = await c.createFieldService({ mode, workers: 2, workerUrl: env.urls().worker });
  });
  afterAll(async () => {
    await service?.close();
  });

  function same(a: Core.Flow, b: Core.Flow): void {
    expect([a.width, a.height, a.radius, a.gridVersion]).toEqual([b.width, b.height, b.radius, b.gridVersion]);
    expect(Array.from(a.vx)).toEqual(Array.from(b.vx));
    expect(Array.from(a.vy)).toEqual(Array.from(b.vy));
    expect(Array.from(a.anchor)).toEqual(Array.from(b.anchor));
  }

  describe(`flows in the worker service (${mode})`, () => {
    it('equal computeFlow on the main thread bit for bit, on shared memory in shared mode', async () => {
      const grid = own(c.parseAsciiMap(MAP, { '.': 1, '~': 2, '#': 0 }));
      const options = {
        goals: [
          { x: 30, y: 6 },
          { x: 3, y: 7 },
        ],
      };
      const field = await service.computeField(grid, options);
      for (const radius of [0, 0.25]) {
        const flow = await service.computeFlow(grid, field, { radius });
        const shared = typeof SharedArrayBuffer === 'function' && flow.vx.buffer instanceof SharedArrayBuffer;
        expect(shared).toBe(mode === 'shared');
        same(flow, c.computeFlow(grid, c.computeField(grid, options), { radius }));
        expect(service.release(flow)).toBe(true);
        expect(service.release(flow)).toBe(false);
      }
      service.release(field);
    });

    it('reads a field made on the main thread (copied to the worker), many flows at once', async () => {
      const grid = own(c.generateMap('rooms', 96, 64, { seed: 5 }));
      const goals = [5, 900, 3000, 5000].map((i) => {
        let k = i;
        while (grid.passable[k] === 0) k++;
        return { x: k % 96, y: Math.floor(k / 96) };
      });
      const fields = goals.map((goal) => c.computeField(grid, { goals: [goal] }));
      const flows = await Promise.all(fields.map((field) => service.computeFlow(grid, field, { radius: 0.2 })));
      flows.forEach((flow, k) => {
        same(flow, c.computeFlow(grid, fields[k] as Core.Field, { radius: 0.2 }));
        service.release(flow);
      });
    });

    it('follows a repaired field: recompute the flow from the updated field', async () => {
      const grid = own(c.parseAsciiMap(MAP, { '.': 1, '~': 2, '#': 0 }));
      const options = { goals: [{ x: 30, y: 6 }] };
      const field = await service.computeField(grid, options);
      grid.fillPassable(16, 0, 1, 4, false);
      const updated = await service.updateField(grid, field, options);
      const flow = await service.computeFlow(grid, updated.field);
      expect(flow.gridVersion).toBe(grid.version);
      same(flow, c.computeFlow(grid, updated.field));
      for (const item of [flow, field, updated.field]) service.release(item);
    });

    it('repairs a repairable flow after edits into new buffers, equal to computeFlow on the updated field', async () => {
      const grid = own(c.generateMap('random', 120, 90, { seed: 11 }));
      grid.setPassable(3, 3, true);
      const options = { goals: [{ x: 3, y: 3 }] };
      let field = await service.computeField(grid, options);
      let flow = await service.computeFlow(grid, field, { radius: 0.2, repairable: true });
      let repairs = 0;
      for (let k = 0; k < 6; k++) {
        const at = (k * 2741 + 5000) % grid.size;
        grid.setPassable(at % 120, Math.floor(at / 120), grid.passable[at] === 0);
        const updated = await service.updateField(grid, field, options);
        const next = await service.updateFlow(grid, updated.field, flow);
        expect(next.flow).not.toBe(flow);
        expect(next.flow.vx.buffer).not.toBe(flow.vx.buffer);
        expect(next.flow.gridVersion).toBe(grid.version);
        same(next.flow, c.computeFlow(grid, updated.field, { radius: 0.2 }));
        if (!next.full) repairs++;
        for (const item of [flow, field]) expect(service.release(item)).toBe(true);
        flow = next.flow;
        field = updated.field;
      }
      expect(repairs).toBeGreaterThanOrEqual(4);
      // A flow made without `repairable`: computed in full, then repairable.
      const plain = await service.computeFlow(grid, field);
      const first = await service.updateFlow(grid, field, plain);
      expect(first.full).toBe(true);
      same(first.flow, c.computeFlow(grid, field));
      for (const item of [flow, field, plain, first.flow]) service.release(item);
      await expect(service.updateFlow(grid, field, { ...first.flow, width: 3 })).rejects.toBeInstanceOf(
        c.InvalidOptionError,
      );
    });

    it('rejects bad options with the typed error and stops on abort', async () => {
      const grid = own(c.parseAsciiMap(MAP, { '.': 1, '~': 2, '#': 0 }));
      const field = c.computeField(grid, { goals: [{ x: 0, y: 0 }] });
      await expect(service.computeFlow(grid, field, { radius: 2 })).rejects.toBeInstanceOf(c.OutOfRangeError);
      await expect(service.computeFlow({} as Core.Grid, field)).rejects.toBeInstanceOf(c.InvalidOptionError);
      const big = own(c.Grid.open(1024, 1024));
      const bigField = c.computeField(big, { goals: [{ x: 0, y: 0 }] });
      const controller = new AbortController();
      const job = service.computeFlow(big, bigField, { signal: controller.signal });
      controller.abort();
      await expect(job).rejects.toBeInstanceOf(c.AbortError);
      // The service serves on.
      const flow = await service.computeFlow(grid, field);
      same(flow, c.computeFlow(grid, field));
    });
  });
}
