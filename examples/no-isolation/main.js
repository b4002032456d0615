// A page for hosts that cannot send the cross-origin-isolation headers (game portals, GitHub Pages): no
// SharedArrayBuffer there, yet the worker service computes everything in workers, by transfer. Each job's result
// is checked against the same computation on this thread, bit for bit.
import { computeField, computeFlow, createFieldService, generateMap } from '@fieldmarshal/core';
import {
  addCrowdUnit,
  commandCrowdGroup,
  createCrowd,
  hashCrowd,
  stepCrowd,
  stepCrowdParallel,
} from '@fieldmarshal/core/crowd';
import { buildSectorGraph, buildSectorGraphInPool } from '@fieldmarshal/core/sectors';

const status = document.getElementById('status');
const list = document.getElementById('jobs');

/** True when two typed arrays hold the same bytes. */
function same(a, b) {
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** Shows one job's outcome. */
function report(name, ok, ms) {
  const item = document.createElement('li');
  item.textContent = `${name}: ${ok ? 'same as on this thread' : 'DIFFERENT'} (${ms.toFixed(1)} ms in the pool)`;
  list.append(item);
  return ok;
}

async function timed(work) {
  const start = performance.now();
  const value = await work();
  return [value, performance.now() - start];
}

const grid = generateMap('rooms', 256, 192, { seed: 9 });
let goal = Math.floor(grid.size / 2);
while (grid.passable[goal] === 0) goal++;
const options = { goals: [{ x: goal % grid.width, y: Math.floor(goal / grid.width) }] };
const service = await createFieldService({ workers: 2 });
status.textContent = `service mode: ${service.mode} (${service.size} workers); cross-origin isolated: ${globalThis.crossOriginIsolated}`;

const [field, fieldMs] = await timed(() => service.computeField(grid, options));
const fieldOk = report('cost field', same(field.cost, computeField(grid, options).cost), fieldMs);

const [flow, flowMs] = await timed(() => service.computeFlow(grid, field, { radius: 0.25 }));
const flowOk = report('smooth flow', same(flow.vx, computeFlow(grid, field, { radius: 0.25 }).vx), flowMs);

const [graph, graphMs] = await timed(() => buildSectorGraphInPool(service, grid));
const local = buildSectorGraph(grid);
const graphOk = report(
  'sector graph',
  same(graph.data.intra, local.data.intra) && same(graph.data.nodeTile, local.data.nodeTile),
  graphMs,
);

const crowds = [0, 1].map(() => {
  const crowd = createCrowd({ grid, capacity: 400 });
  for (let i = 0; i < 300; i++) {
    const t = (goal + i * 97) % grid.size;
    if (grid.passable[t]) addCrowdUnit(crowd, { x: (t % grid.width) + 0.5, y: Math.floor(t / grid.width) + 0.5 });
  }
  commandCrowdGroup(crowd, 0, { x: (goal % grid.width) + 0.5, y: Math.floor(goal / grid.width) + 0.5 }); // tiles
  return crowd;
});
const [, crowdMs] = await timed(async () => {
  for (let s = 0; s < 20; s++) {
    stepCrowd(crowds[0], 1 / 30);
    await stepCrowdParallel(service, crowds[1], 1 / 30);
  }
});
const crowdOk = report('20 crowd steps', hashCrowd(crowds[0]) === hashCrowd(crowds[1]), crowdMs);

const stats = service.stats();
document.getElementById('result').textContent = JSON.stringify({
  example: 'no-isolation',
  isolated: globalThis.crossOriginIsolated === true,
  sharedArrayBuffer: typeof SharedArrayBuffer,
  mode: service.mode,
  field: fieldOk,
  flow: flowOk,
  graph: graphOk,
  crowd: crowdOk,
  mainThreadMs: stats.mainThreadMs,
  longestMainThreadMs: stats.longestMainThreadMs,
});
await service.close();
