/**
 * Issue 22 item 3: createFieldService where SharedArrayBuffer is unavailable. The suite hides shared memory the
 * way a page without cross-origin isolation does (`crossOriginIsolated` false, and the SharedArrayBuffer
 * constructor gone), then checks that `fallback: 'main-thread'` gives the same fields through the same API. Run
 * in Node (field-service-fallback.test.ts) and in Chromium (field-service-fallback.browser.test.ts).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { AbortError, CoordinateError, InvalidOptionError } from '../errors.js';
import { computeField } from '../fields/index.js';
import type { Field, FieldOptions } from '../fields/types.js';
import { computeFlow } from '../flow/index.js';
import { generateRandom } from '../grid/generate.js';
import { Grid } from '../grid/grid.js';
import { scentMap } from '../scent/index.js';
import { MemoryLimitError, SharedMemoryUnavailableError } from './errors.js';
import { createFieldService } from './field-service.js';
import { LiveField } from './live-field.js';

const scope = globalThis as { SharedArrayBuffer?: SharedArrayBufferConstructor };
const realShared = globalThis.SharedArrayBuffer;
const realIsolated = Object.getOwnPropertyDescriptor(globalThis, 'crossOriginIsolated');

/** Makes this thread look like a page that is not cross-origin isolated (no SharedArrayBuffer constructor). */
function hideSharedMemory(): void {
  Object.defineProperty(globalThis, 'crossOriginIsolated', { value: false, configurable: true, writable: true });
  delete scope.SharedArrayBuffer;
}

function restoreSharedMemory(): void {
  scope.SharedArrayBuffer = realShared;
  if (realIsolated) Object.defineProperty(globalThis, 'crossOriginIsolated', realIsolated);
  else delete (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated;
}

function sameBits(a: Float64Array | Uint8Array | Float32Array | Int32Array, b: typeof a): boolean {
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

function expectSameField(actual: Field, expected: Field): void {
  expect(actual.gridVersion).toBe(expected.gridVersion);
  expect(sameBits(actual.cost, expected.cost)).toBe(true);
  expect(sameBits(actual.dir, expected.dir)).toBe(true);
}

/** Registers the suite. */
export function fallbackSuite(): void {
  beforeEach(hideSharedMemory);
  afterEach(restoreSharedMemory);

  it('by default rejects with SharedMemoryUnavailableError, which names the fallback', async () => {
    const error = await createFieldService({ workers: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SharedMemoryUnavailableError);
    expect((error as Error).message).toMatch(/fallback: 'main-thread'/);
    await expect(createFieldService({ fallback: 'none' })).rejects.toBeInstanceOf(SharedMemoryUnavailableError);
    await expect(createFieldService({ fallback: 'copy' as never })).rejects.toBeInstanceOf(InvalidOptionError);
  });

  it('computes the same fields, flows and kernels on the calling thread, with the same API', async () => {
    const service = await createFieldService({ fallback: 'main-thread', workers: 4 });
    try {
      expect(service.mode).toBe('main-thread');
      expect(service.size).toBe(1);
      expect(service.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0, crashes: 0, gridHandoffs: 0 });
      const grid = generateRandom(61, 47, 0.25, { seed: 5, terrain: true, shared: false });
      for (let i = 0; i < grid.size; i += 5) (grid.terrain as Float32Array)[i] = 1 + (i % 4) * 0.5;
      grid.touch();
      const open: { x: number; y: number }[] = [];
      for (let i = 0; i < grid.size && open.length < 4; i += 97) {
        if (grid.passable[i]) open.push({ x: i % grid.width, y: Math.floor(i / grid.width) });
      }
      const optionsList: FieldOptions[] = [
        { goals: [open[0] as { x: number; y: number }] },
        { goals: [open[1] as { x: number; y: number }], metric: 'steps', neighbors: 4 },
        { goals: [open[2] as { x: number; y: number }], metric: 'weighted', diagonal: 'always' },
        { goals: [open[3] as { x: number; y: number }], metric: 'octile', maxCost: 20 },
      ];
      for (const options of optionsList) {
        const field = await service.computeField(grid, options);
        expect(field.cost.buffer).toBeInstanceOf(ArrayBuffer);
        expectSameField(field, computeField(grid, options));
        const flow = await service.computeFlow(grid, field);
        const sync = computeFlow(grid, computeField(grid, options));
        expect(sameBits(flow.vx, sync.vx) && sameBits(flow.vy, sync.vy) && sameBits(flow.anchor, sync.anchor)).toBe(
          true,
        );
        expect(service.release(flow)).toBe(true);
        expect(service.release(field)).toBe(true);
      }
      // Several jobs at once queue and run one after another, each exact.
      const many = await service.computeFields(grid, optionsList, { onProgress: () => {} });
      many.forEach((field, i) => {
        expectSameField(field, computeField(grid, optionsList[i] as FieldOptions));
      });
      expect(service.stats()).toMatchObject({ busy: 0, queued: 0, jobBufferBytes: 0 });
      // Any registered kernel runs through `run`.
      const out = new Int32Array(grid.size);
      const sources = [{ ...(open[0] as { x: number; y: number }), strength: 9 }];
      await service.run('scentMap', { grid, sources, out });
      expect([...out]).toEqual([...scentMap(grid, sources)]);
      // Typed errors arrive as thrown.
      const wall = grid.passable.indexOf(0);
      await expect(
        service.computeField(grid, { goals: [{ x: wall % grid.width, y: Math.floor(wall / grid.width) }] }),
      ).rejects.toBeInstanceOf(CoordinateError);
      expect(await service.ping()).toHaveLength(1);
    } finally {
      await service.close();
    }
    expect(service.stats().workers).toBe(0);
  });

  it('reports progress, aborts queued jobs, repairs live fields and honours maxFieldBytes', async () => {
    const service = await createFieldService({ fallback: 'main-thread', maxFieldBytes: 64 * 64 * 9 * 3 });
    try {
      const grid = Grid.open(64, 64, { shared: false });
      const seen: number[][] = [];
      const field = await service.computeField(
        grid,
        { goals: [{ x: 0, y: 0 }] },
        { onProgress: (d, t) => seen.push([d, t]) },
      );
      expect(seen.at(-1)).toEqual([grid.size, grid.size]);
      const controller = new AbortController();
      const first = service.computeField(grid, { goals: [{ x: 1, y: 1 }] });
      const queued = service.computeField(grid, { goals: [{ x: 2, y: 2 }] }, { signal: controller.signal });
      controller.abort();
      await expect(queued).rejects.toBeInstanceOf(AbortError);
      expectSameField(await first, computeField(grid, { goals: [{ x: 1, y: 1 }] }));
      service.release(field);
      service.release(await first);
      // A live field updated after edits, as with workers.
      const live = new LiveField(service, grid, { goals: [{ x: 0, y: 0 }] });
      await live.refresh();
      grid.setPassable(62, 63, false);
      grid.setPassable(62, 62, false);
      const updated = await live.update();
      expectSameField(updated.field, computeField(grid, { goals: [{ x: 0, y: 0 }] }));
      expect(updated.full).toBe(false);
      // A cap of three fields: the live field holds two (current and previous), one more fits, the next does not.
      const extra = await service.computeField(grid, { goals: [{ x: 3, y: 3 }] });
      await expect(service.computeField(grid, { goals: [{ x: 4, y: 4 }] })).rejects.toBeInstanceOf(MemoryLimitError);
      service.release(extra);
      live.dispose();
      expect(service.stats().issuedBytes).toBe(0);
    } finally {
      await service.close();
    }
  });
}
