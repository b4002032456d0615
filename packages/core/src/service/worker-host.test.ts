import { describe, expect, it } from 'vitest';
import { AbortError, InvalidOptionError } from '../errors.js';
import { computeField } from '../fields/index.js';
import { ControlSlot } from '../fields/types.js';
import { generateRandom } from '../grid/generate.js';
import { reviveError } from './error-transport.js';
import { KERNELS } from './kernels.js';
import { GRID_TOKEN, type JobReply, type JobRequest } from './protocol.js';
import { createWorkerApi } from './worker-host.js';

function control(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(16));
}

function failure(reply: JobReply): Error {
  if (reply.ok) throw new Error('expected a failed reply');
  return reviveError(reply.error);
}

describe('createWorkerApi (the worker side, run in-thread)', () => {
  it('caches a grid sent once and resolves later tokens to the same grid', async () => {
    const api = createWorkerApi();
    const names = await api.init({ testKernels: false });
    expect(names).toEqual(Object.keys(KERNELS));
    expect(names).toEqual(expect.arrayContaining(['computeField', 'computeFieldFromSeeds', 'scentMap', 'fillShared']));
    expect(names.filter((name) => name.startsWith('__'))).toEqual([]);
    const grid = generateRandom(20, 10, 0.2, { seed: 2 });
    grid.setPassable(0, 0, true);
    const n = grid.size;
    const request = (grids: JobRequest['grids']): JobRequest => ({
      id: 1,
      name: 'computeField',
      args: {
        grid: { [GRID_TOKEN]: 7 },
        options: { goals: [{ x: 0, y: 0 }] },
        cost: new Float64Array(new SharedArrayBuffer(n * 8)),
        dir: new Uint8Array(new SharedArrayBuffer(n)),
      },
      control: control(),
      grids,
    });
    const first = request([[7, grid.buffer]]);
    expect(await api.run(first)).toEqual({ ok: true, value: { gridVersion: grid.version } });
    expect(api.ping()).toBe(1);
    const second = request([]);
    expect((await api.run(second)).ok).toBe(true);
    const sync = computeField(grid, { goals: [{ x: 0, y: 0 }] });
    expect([...(second.args.cost as Float64Array)]).toEqual([...sync.cost]);
    expect([...(second.args.dir as Uint8Array)]).toEqual([...sync.dir]);
    api.dropGrids([7]);
    expect(api.ping()).toBe(0);
    const unknown = failure(await api.run(request([])));
    expect(unknown).toBeInstanceOf(InvalidOptionError);
    expect(unknown.message).toMatch(/grid/);
  });

  it('rejects unknown kernels and hides the test kernels unless enabled', async () => {
    const api = createWorkerApi();
    await api.init({ testKernels: false });
    const job = (name: string): JobRequest => ({ id: 2, name, args: { ms: 0 }, control: control(), grids: [] });
    expect(failure(await api.run(job('__spin')))).toBeInstanceOf(InvalidOptionError);
    expect(failure(await api.run(job('toString')))).toBeInstanceOf(InvalidOptionError);
    expect(await api.init({ testKernels: true })).toContain('__spin');
    expect((await api.run(job('__spin'))).ok).toBe(true);
  });

  it('passes the control array to the kernel: a set abort flag makes it throw AbortError', async () => {
    const api = createWorkerApi();
    await api.init({ testKernels: true });
    const c = control();
    Atomics.store(c, ControlSlot.abort, 1);
    const reply = await api.run({ id: 3, name: '__spin', args: { ms: 10_000 }, control: c, grids: [] });
    expect(failure(reply)).toBeInstanceOf(AbortError);
  });
});
