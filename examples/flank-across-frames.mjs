// A flank search spread across frames (seed 000). The map is cut into convex sets (rectangles); the worker
// service computes both characters' `steps` fields and reduces them per set (setCostPairInPool); then the
// main thread examines the sets with the frame scheduler under a time budget per frame (0.1 ms here, at most
// 1024 sets per slice), so no frame is blocked. The answer equals the one-shot search; a random candidate is
// picked with a seeded source and the flank route through it is built.
// Run: node flank-across-frames.mjs [map side, default 512]
// The last line printed is a JSON summary (the examples test reads it).
import { createFieldService, createRandom, generateMap } from '@fieldmarshal/core';
import { createFrameScheduler } from '@fieldmarshal/core/service';
import {
  createTacticSearch,
  decomposeConvexSets,
  pickCandidate,
  searchTactic,
  setCostPairInPool,
  tacticPath,
} from '@fieldmarshal/core/tactics';

const side = Number(process.argv[2] ?? 512);
const grid = generateMap('random', side, side, { density: 0.2, seed: 11 });
const sets = decomposeConvexSets(grid);

/** The walkable tile nearest to (x, y) along its row (the generated map has walls anywhere). */
function walkableNear(x, y) {
  for (let dx = 0; dx < grid.width; dx++) {
    if (grid.isPassable(x + dx, y)) return { x: x + dx, y };
    if (grid.isPassable(x - dx, y)) return { x: x - dx, y };
  }
  throw new Error(`row ${y} has no walkable tile`);
}
const me = walkableNear(side >> 3, side >> 1);
const target = walkableNear(side - (side >> 2), side >> 1);

// 1. The costs of every set from both characters, computed by the worker pool (two BFS in parallel).
const service = await createFieldService({ workers: 2 });
let started = performance.now();
const costs = await setCostPairInPool(service, grid, sets, me, target);
const poolMs = performance.now() - started;
await service.close();

// The one-shot search on this thread (also warms up the code, as a game's repeated searches would): the
// budgeted answer below must be identical. maxCandidates: Infinity keeps every candidate; the default, the
// tutorial's, stops at the first 255 kept sets in id order (row-major: the top of the map), where its C search ends.
const searchOptions = { costs, maxCandidates: Number.POSITIVE_INFINITY };
const oneShot = searchTactic(grid, sets, me, target, 'flank', searchOptions);

// 2. The search itself as a resumable task, run by the frame scheduler under a 0.1 ms budget per frame
// (deliberately small so the spread shows on a fast machine; the default budget is 4 ms).
// In a browser the scheduler ticks on requestAnimationFrame; in Node it defaults to setImmediate. This tick
// does the same and measures how long each frame's share of the search took.
const frames = [];
const tick = (run) =>
  setImmediate(() => {
    const t0 = performance.now();
    run();
    frames.push(performance.now() - t0);
  });
const scheduler = createFrameScheduler({ budgetMs: 0.1, tick });

// A request made while the target stood elsewhere, then a new one for the same unit (same key): the new one
// cancels the stale one, whose promise rejects with AbortError before it has done any work.
const oldTarget = walkableNear(side >> 1, side >> 2);
const stale = scheduler.schedule(createTacticSearch(grid, sets, me, oldTarget, 'flank'), { key: 'unit-1' });
const staleOutcome = stale.promise.then(
  () => 'finished',
  (error) => error.name,
);
const task = createTacticSearch(grid, sets, me, target, 'flank', { ...searchOptions, setsPerStep: 1024 });
started = performance.now();
const result = await scheduler.schedule(task, { key: 'unit-1' }).promise;
const searchMs = performance.now() - started;
const staleResult = await staleOutcome;

const same =
  oneShot.candidates.length === result.candidates.length &&
  oneShot.candidates.every((s, k) => s === result.candidates[k]);

// 3. Pick one candidate (seeded) and walk there, then on to the target.
const via = pickCandidate(result, createRandom(7));
const path = tacticPath(grid, sets, me, target, via, { mode: 'flank' })?.points ?? new Int32Array(0);
const end = [path[path.length - 2], path[path.length - 1]];

console.log(`map ${side}x${side} (20% walls): ${sets.count} convex sets`);
console.log(
  `me (${me.x}, ${me.y}) in set ${result.mySet}, target (${target.x}, ${target.y}) in set ${result.targetSet}`,
);
console.log(`set costs from both characters in the worker pool: ${poolMs.toFixed(1)} ms`);
console.log(`the stale request for the same unit ended with: ${staleResult}`);
// The first frame also pays for warming up the scheduler's code, so it may run over the budget.
for (let f = 0; f < frames.length; f++) console.log(`  frame ${f + 1}: ${frames[f].toFixed(3)} ms of search`);
console.log(
  `search: ${result.examined} sets examined over ${frames.length} frames (${searchMs.toFixed(1)} ms wall time), ` +
    `${result.candidates.length} flank candidates, equal to the one-shot search: ${same}`,
);
const c = result.constants;
if (c) {
  console.log(
    `constants (moves): average ${c.average}, hyperbola ${c.hyperbola}, ellipses ${c.smallEllipse}..${c.largeEllipse}`,
  );
}
console.log(`chosen set ${via}; flank route of ${path.length / 2} tiles ends at (${end[0]}, ${end[1]})`);

console.log(
  JSON.stringify({
    example: 'flank-across-frames',
    side,
    sets: sets.count,
    examined: result.examined,
    frames: frames.length,
    frameMs: frames.map((ms) => Number(ms.toFixed(3))),
    candidates: result.candidates.length,
    sameAsOneShot: same,
    staleRequest: staleResult,
    via,
    viaIsCandidate: result.candidates.includes(via),
    routeTiles: path.length / 2,
    routeEnd: end,
    target: [target.x, target.y],
  }),
);
