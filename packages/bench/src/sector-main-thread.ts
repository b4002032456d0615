/**
 * The main thread during the sector graph's pool work on one big map, quickly (no exact fields, no one-thread
 * build): `node packages/bench/dist/sector-main-thread.js [map] [reps]` (default city-8192, 3 reps). For each
 * pool call (build, corridor fields for 1000 clustered and 1000 spread units, an update after a one-tile edit)
 * it prints the wall time, the longest main-thread task and all main-thread work from a CPU profile of this
 * thread (time it sat idle or waited for a core does not count), and the longest event-loop delay (which does,
 * with garbage collection). The target: no task over 2 ms. The first rep also times the compiling of the
 * main-thread code (tasks of 5 to 10 ms); read the later ones.
 */
import { createFieldService } from '@fieldmarshal/core';
import { buildSectorGraphInPool, corridorFieldInPool, updateSectorGraphInPool } from '@fieldmarshal/core/sectors';
import { centralTile, sectorMap, unitStarts, watchMainThread } from './suites/sectors-setup.js';

const spec = process.argv[2] ?? 'city-8192';
const reps = Number(process.argv[3] ?? 3);
const grid = sectorMap(spec).grid;
const service = await createFieldService({ workers: 2 });
const line = (name: string, ms: number, w: { longestTaskMs: number; workMs: number; maxMs: number }) =>
  console.log(
    `${spec} ${name.padEnd(30)} ${ms.toFixed(0).padStart(6)} ms   longest task ${w.longestTaskMs.toFixed(1).padStart(5)} ms` +
      `   work ${w.workMs.toFixed(0).padStart(4)} ms   loop delay max ${w.maxMs.toFixed(0).padStart(4)} ms`,
  );
try {
  const goal = centralTile(grid);
  const clustered = unitStarts(grid, 1000, 7, true);
  const spread = unitStarts(grid, 1000, 7, false);
  for (let r = 0; r < reps; r++) {
    let t0 = performance.now();
    const build = await watchMainThread(() => buildSectorGraphInPool(service, grid));
    line('build', performance.now() - t0, build);
    const graph = build.value;
    for (const [name, starts] of [
      ['corridor 1000 clustered', clustered],
      ['corridor 1000 spread', spread],
    ] as const) {
      t0 = performance.now();
      const w = await watchMainThread(() => corridorFieldInPool(service, graph, goal, starts));
      line(`${name}${w.value.fullField ? ' (full)' : ''}`, performance.now() - t0, w);
    }
    grid.setPassable(goal.x, goal.y, false);
    t0 = performance.now();
    const update = await watchMainThread(() => updateSectorGraphInPool(service, graph));
    line('update (+ landmarks)', performance.now() - t0, update);
    grid.setPassable(goal.x, goal.y, true);
    graph.update();
  }
} finally {
  await service.close();
}
