import { describe, expect, it } from 'vitest';
import { AbortError, InvalidOptionError } from '../errors.js';
import { computeField } from '../fields/index.js';
import { ControlSlot } from '../fields/types.js';
import { generateRandom } from '../grid/generate.js';
import { Grid } from '../grid/grid.js';
import { gridDelta } from '../grid/grid-delta.js';
import type { AnyJobSpec } from '../jobs/job-spec.js';
import { reviveError } from './error-transport.js';
import { encodeJob } from './job-codec.js';
import type { JobReply, JobRequest, SyncPiece } from './protocol.js';
import { TOKEN } from './protocol.js';
import { JOB_LIST } from './registry.js';
import { Replicas } from './replicas.js';
import { TEST_JOBS } from './testing/test-jobs.js';
import { createWorkerApi } from './worker-host.js';
import { changedRanges, copyRanges } from './write-ranges.js';

function control(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(16));
}

function failure(reply: JobReply): Error {
  if (reply.ok) throw new Error('expected a failed reply');
  return reviveError(reply.error);
}

function api(posted: unknown[] = []) {
  return createWorkerApi({ jobs: [...JOB_LIST, ...TEST_JOBS], post: (m) => posted.push(m) });
}

const request = (name: string, args: Record<string, unknown>, extra: Partial<JobRequest> = {}): JobRequest => ({
  id: 1,
  name,
  args,
  outputs: {},
  writes: [],
  control: control(),
  pieces: [],
  drop: [],
  ...extra,
});

describe('createWorkerApi (the worker side, run in-thread)', () => {
  it('serves the registry: every built-in job by its name, the test jobs only when given', async () => {
    const names = await api().init({ progress: false });
    expect(names).toEqual([...JOB_LIST, ...TEST_JOBS].map((s) => s.name));
    const plain = createWorkerApi({ jobs: JOB_LIST, post: () => {} });
    expect((await plain.init({ progress: false })).filter((n) => n.startsWith('__'))).toEqual([]);
    expect(failure(await plain.run(request('__spin', { ms: 0 })))).toBeInstanceOf(InvalidOptionError);
    expect(failure(await plain.run(request('toString', {})))).toBeInstanceOf(InvalidOptionError);
  });

  it('keeps a grid copy sent in pieces, brings it up to date with edit-log deltas, fills outputs it was given', async () => {
    const worker = api();
    const grid = generateRandom(20, 10, 0.2, { seed: 2, shared: false });
    grid.setPassable(0, 0, true);
    const bytes = new Uint8Array(grid.buffer);
    const half = bytes.length >> 1;
    worker.sync([{ id: 7, create: bytes.length, offset: 0, bytes: bytes.slice(0, half).buffer }]);
    worker.sync([{ id: 7, offset: half, bytes: bytes.slice(half).buffer }]);
    const n = grid.size;
    const run = async (): Promise<Float64Array> => {
      const cost = new ArrayBuffer(n * 8);
      const reply = await worker.run(
        request(
          'computeField',
          { grid: { [TOKEN]: 'grid', id: 7 }, options: { goals: [{ x: 0, y: 0 }] } },
          {
            outputs: {
              cost: { kind: 'f64', length: n, buffer: cost },
              dir: { kind: 'u8', length: n, buffer: new ArrayBuffer(n) },
            },
          },
        ),
      );
      expect(reply.ok).toBe(true);
      return new Float64Array((reply as { outputs: Record<string, ArrayBuffer> }).outputs.cost as ArrayBuffer);
    };
    expect([...(await run())]).toEqual([...computeField(grid, { goals: [{ x: 0, y: 0 }] }).cost]);
    const version = grid.version;
    for (let k = 0; k < 12; k++) grid.setPassable(3 + k, 5, k % 2 === 0);
    const delta = gridDelta(grid, version, 1 << 20);
    expect(delta).not.toBeNull();
    worker.sync([{ id: 7, delta } as SyncPiece]);
    expect([...(await run())]).toEqual([...computeField(grid, { goals: [{ x: 0, y: 0 }] }).cost]);
    expect(worker.ping()).toBe(1);
    worker.drop([7]);
    expect(worker.ping()).toBe(0);
    const unknown = failure(
      await worker.run(request('computeField', { grid: { [TOKEN]: 'grid', id: 7 }, options: {} })),
    );
    expect(unknown).toBeInstanceOf(InvalidOptionError);
  });

  it('encodes a job for a worker without shared memory: big arrays as pieces, writes compared and copied back', async () => {
    const replicas = new Replicas(() => {});
    const grid = Grid.open(30, 30, { shared: false });
    const values = Float64Array.from({ length: 70_000 }, (_, i) => i % 300);
    const counts = new Int32Array(256);
    const prefix = TEST_JOBS.find((j) => j.name === '__prefix') as AnyJobSpec | undefined;
    const args = { grid, values, counts, scale: 2 };
    const encoded = encodeJob(
      {
        id: 5,
        name: '__prefix',
        args,
        outputs: { sums: { kind: 'f64', length: values.length, buffer: new ArrayBuffer(values.length * 8) } },
        writes: prefix?.writes?.(args) ?? [],
        keep: [],
        reads: [],
        control: null,
      },
      0,
      { replicas, onGridHandoff: () => {} },
    );
    // The grid (new to the worker) and the values (over 64 KiB) go ahead in pieces; the counts ride along.
    expect(encoded.bulk.map((p) => p.source.length)).toEqual([grid.buffer.byteLength, values.byteLength]);
    expect(encoded.finish()).toBe(true);
    const worker = api();
    worker.sync(
      encoded.bulk.map((p) => ({ id: p.id, create: p.create, offset: p.offset, bytes: p.source.slice().buffer })),
    );
    const reply = await worker.run(encoded.request);
    if (!reply.ok) throw reviveError(reply.error);
    // Only the counts that changed came back, as byte ranges.
    const [write] = reply.writes;
    expect(write?.ranges).not.toBeNull();
    const target = new Uint8Array(counts.buffer);
    copyRanges(
      target,
      write?.ranges as Int32Array,
      new Uint8Array(write?.data as ArrayBuffer),
      0,
      (write?.ranges?.length ?? 0) >> 1,
      0,
    );
    const direct = new Int32Array(256);
    for (const v of values) direct[v & 255] = (direct[v & 255] as number) + 1;
    expect([...counts]).toEqual([...direct]);
  });

  it('sends of a kept array only its declared reads, the kept regions when their stamp changed, and what its writes compare', () => {
    const replicas = new Replicas(() => {});
    const buffer = new ArrayBuffer(1 << 20);
    const args = { buf: buffer };
    const path = ['buf'];
    const encode = (stamp: number, extra: Partial<Parameters<typeof encodeJob>[0]> = {}) =>
      encodeJob(
        {
          id: 1,
          name: 'x',
          args,
          outputs: {},
          writes: [{ path, range: [10_000, 10_100], diff: true }],
          keep: [{ path, stamp, byteOffset: 0, byteLength: 1000 }],
          reads: [
            { path, byteOffset: 5000, byteLength: 100 },
            { path, byteOffset: 5050, byteLength: 100 },
          ],
          control: null,
          ...extra,
        },
        0,
        { replicas, onGridHandoff: () => {} },
      ).bulk.map((p) => [p.offset, p.source.length, p.create]);
    // New to the worker: the buffer is made, then the kept region, the reads (merged) and the compared write.
    expect(encode(1)).toEqual([
      [0, 1000, buffer.byteLength],
      [5000, 150, 0],
      [10_000, 100, 0],
    ]);
    // The stamp holds: the kept region stays where it is.
    expect(encode(1)).toEqual([
      [5000, 150, 0],
      [10_000, 100, 0],
    ]);
    expect(encode(2)).toEqual([
      [0, 1000, 0],
      [5000, 150, 0],
      [10_000, 100, 0],
    ]);
    // A write that may land anywhere compares the whole array: everything but the kept region goes.
    expect(encode(2, { writes: [{ path }] })).toEqual([[1000, buffer.byteLength - 1000, 0]]);
    // Without reads, the whole array but the kept region goes.
    expect(encode(2, { reads: [], writes: [] })).toEqual([[1000, buffer.byteLength - 1000, 0]]);
  });

  it('compares to the byte: a byte written by one worker is never sent back by another', () => {
    const before = new Uint8Array(16);
    const now = before.slice();
    now[5] = 1; // one byte of a word whose other bytes another worker writes
    now[6] = 2;
    now[12] = 3;
    const { ranges, data } = changedRanges(before, now);
    expect([...ranges]).toEqual([5, 2, 12, 1]);
    expect([...new Uint8Array(data)]).toEqual([1, 2, 3]);
  });

  it('passes the control array to the kernel: a set abort flag makes it throw AbortError', async () => {
    const c = control();
    Atomics.store(c, ControlSlot.abort, 1);
    const reply = await api().run(request('__spin', { ms: 10_000 }, { control: c }));
    expect(failure(reply)).toBeInstanceOf(AbortError);
  });

  it('without a shared control, posts the progress of a running job now and then', async () => {
    const posted: unknown[] = [];
    const worker = api(posted);
    await worker.init({ progress: true });
    const reply = await worker.run(request('__spin', { ms: 120 }, { control: null }));
    expect(reply.ok).toBe(true);
    expect(posted.length).toBeGreaterThan(1);
    expect(posted.every((m) => Array.isArray(Object.values(m as object)[0]))).toBe(true);
  });
});
