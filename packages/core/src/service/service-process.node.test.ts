/**
 * The service as whole Node processes use it (child processes running the BUILT package): an idle service's ping
 * keeps the process alive, a frozen Math does not stop it (nothing writes the global Math), and a script run with
 * flags its workers must not inherit (`node --input-type=module -e ...`) starts its workers all the same.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const dist = new URL('../../dist/index.js', import.meta.url).href;

/** Runs `code` as an ES module in a new Node process (with `flags`); resolves to its exit code and output. */
function node(code: string, flags: string[] = []): { status: number | null; out: string } {
  const result = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', code], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

describe('the service in a Node process', () => {
  it('ping() on an idle service keeps the process alive until the workers answer', () => {
    const { status, out } = node(
      `import { createFieldService } from ${JSON.stringify(dist)};
       const service = await createFieldService({ workers: 2 });
       const times = await service.ping();
       console.log('pinged', times.length);
       await service.close();`,
    );
    expect(out).toContain('pinged 2');
    expect(status).toBe(0);
  });

  it('starts, computes and closes with a frozen Math (nothing writes the global Math)', () => {
    const { status, out } = node(
      `Object.freeze(Math);
       const { createFieldService, Grid, computeField } = await import(${JSON.stringify(dist)});
       for (const mode of ['shared', 'transfer', 'main-thread']) {
         const service = await createFieldService({ workers: 2, mode });
         const grid = Grid.open(32, 32, { shared: mode === 'shared' });
         const fields = await Promise.all([0, 1, 2, 3].map((x) => service.computeField(grid, { goals: [{ x, y: 0 }] })));
         const same = fields.every((f, x) => f.cost.every((v, i) => v === computeField(grid, { goals: [{ x, y: 0 }] }).cost[i]));
         await Promise.all([service.ping(), service.ping()]);
         await service.close();
         console.log(mode, same);
       }`,
    );
    expect(out).toContain('shared true');
    expect(out).toContain('transfer true');
    expect(out).toContain('main-thread true');
    expect(status).toBe(0);
  });

  it('a script run with --input-type=module -e starts its workers (they do not inherit the script flags)', () => {
    const { status, out } = node(
      `import { computeField, createFieldService, Grid } from ${JSON.stringify(dist)};
       const service = await createFieldService({ workers: 1 });
       const grid = Grid.open(8, 8);
       const field = await service.computeField(grid, { goals: [{ x: 0, y: 0 }] });
       console.log('same', field.cost[63] === computeField(grid, { goals: [{ x: 0, y: 0 }] }).cost[63]);
       await service.close();`,
      ['--enable-source-maps', '--expose-gc'],
    );
    expect(out).toContain('same true');
    expect(status).toBe(0);
  });

  it('a shared-memory pool build and fields detach no buffer in a worker (small replies are copied, not moved)', () => {
    // After the first detached buffer V8 checks every typed-array access of the thread; a pool build's reply used
    // to move one 32-byte buffer, so every worker that had built a graph ran its later jobs slower.
    const sectors = new URL('../../dist/sectors/index.js', import.meta.url).href;
    const { status, out } = node(
      `import { computeField, createFieldService, generateMap } from ${JSON.stringify(dist)};
       import { buildSectorGraph, buildSectorGraphInPool } from ${JSON.stringify(sectors)};
       const service = await createFieldService({ workers: 2, mode: 'shared' });
       const grid = generateMap('rooms', 192, 192, { density: 0.2, seed: 3, shared: true });
       const tile = (i) => ({ x: i % 192, y: Math.floor(i / 192) });
       const a = tile(grid.passable.indexOf(1));
       const b = tile(grid.passable.lastIndexOf(1));
       const graph = await buildSectorGraphInPool(service, grid);
       const local = buildSectorGraph(grid);
       const cost = graph.findPath(a, b)?.cost;
       const same = Number.isFinite(cost) && cost === local.findPath(a, b)?.cost;
       const field = await service.computeField(grid, { goals: [b] });
       console.log('built', same, field.cost.length);
       await service.close();`,
      ['--trace-protector-invalidation'],
    );
    expect(out).toContain('built true 36864');
    expect(out).not.toContain('ArrayBufferDetaching');
    expect(status).toBe(0);
  });

  it('a service that is never closed lets the process end once idle', () => {
    const { status, out } = node(
      `import { createFieldService, Grid } from ${JSON.stringify(dist)};
       const service = await createFieldService({ workers: 1, mode: 'transfer' });
       await service.computeField(Grid.open(8, 8, { shared: false }), { goals: [{ x: 0, y: 0 }] });
       console.log('done');`,
    );
    expect(out).toContain('done');
    expect(status).toBe(0);
  });
});
