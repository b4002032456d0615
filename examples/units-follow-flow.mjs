// Units following a smooth flow instead of the eight arrows of a field.
// Part 1 (paths): on the Moving AI map den520d, one field and its flow towards a goal; from random starts the
//   follower's path (followFlow), the eight-arrow path (the field's `dir`, centre to centre) and the exact
//   any-angle shortest path (anyAnglePath), with their lengths.
// Part 2 (a game loop): units moved every tick by speed * dt along sampleFlow, which writes into one reused
//   array (no allocation per call); every unit reaches the goal without ever standing in a wall.
// Part 3 (a crowd): the same crowd sent through a door twice, down the field's arrows and along the flow; which
//   settles first depends on where the units start, so both times are reported.
// Run: node units-follow-flow.mjs [starts, default 40]
// The last line printed is a JSON summary (the examples test reads it).
import { readFileSync } from 'node:fs';
import {
  computeField,
  computeFlow,
  createRandom,
  followFlow,
  parseAsciiMap,
  parseMovingAiMap,
  pathFromField,
  pathLength,
  sampleFlow,
} from '@fieldmarshal/core';
import {
  addCrowdUnit,
  commandCrowdGroup,
  countMovingCrowdUnits,
  createCrowd,
  crowdCount,
  crowdFrame,
  crowdSpotIsFree,
  stepCrowd,
} from '@fieldmarshal/core/crowd';
import { anyAnglePath } from '@fieldmarshal/core/flow';

const starts = Number(process.argv[2] ?? 40);
const random = createRandom(7);

// ---- Part 1: three paths from the same starts ----------------------------------------------------------------
const mapUrl = new URL('../data/movingai/maps/den520d.map', import.meta.url);
const grid = parseMovingAiMap(readFileSync(mapUrl, 'utf8'));
const goal = { x: 18, y: 204 }; // the goal of the longest scenario of den520d.map.scen
const field = computeField(grid, { goals: [goal] });
const flow = computeFlow(grid, field);
const out = new Float64Array(1 << 14); // reused by every followFlow call: no allocation per path
const stats = { points: 0, length: 0, reached: false, slides: 0, fallbackSteps: 0 };
let flowSum = 0;
let arrowSum = 0;
let worstFlow = 0;
let reached = 0;
let fallbacks = 0;
for (let k = 0; k < starts; k++) {
  let i;
  do i = Math.floor(random() * grid.size);
  while (!(field.cost[i] < Number.POSITIVE_INFINITY) || field.dir[i] === 255);
  const x = (i % grid.width) + 0.5;
  const y = Math.floor(i / grid.width) + 0.5;
  followFlow(grid, field, flow, { x, y }, { stats, out }); // a Path<Float64Array>; the stats say enough here
  const arrows = pathLength(pathFromField(field, { x: x - 0.5, y: y - 0.5 })); // a TilePath (cost: octile length)
  const best = anyAnglePath(grid, { x, y }, { x: goal.x + 0.5, y: goal.y + 0.5 }, { upperBound: arrows + 1e-6 });
  if (stats.reached) reached++;
  fallbacks += stats.fallbackSteps;
  flowSum += stats.length / best.cost;
  arrowSum += arrows / best.cost;
  worstFlow = Math.max(worstFlow, stats.length / best.cost);
  if (k < 3) {
    console.log(
      `  from (${x}, ${y}): flow ${stats.length.toFixed(2)}, eight arrows ${arrows.toFixed(2)}, any-angle optimum ${best.cost.toFixed(2)} tiles`,
    );
  }
}
console.log(`part 1: ${starts} starts on den520d towards (${goal.x}, ${goal.y})`);
console.log(
  `  length over the optimum: flow ${(flowSum / starts).toFixed(4)} on average (worst ${worstFlow.toFixed(4)}), eight arrows ${(arrowSum / starts).toFixed(4)}`,
);

// ---- Part 2: a game loop sampling the flow --------------------------------------------------------------------
const units = 200;
const ux = new Float64Array(units);
const uy = new Float64Array(units);
const done = new Uint8Array(units);
for (let u = 0; u < units; u++) {
  let i;
  do i = Math.floor(random() * grid.size);
  while (!(field.cost[i] < Number.POSITIVE_INFINITY));
  ux[u] = (i % grid.width) + 0.5;
  uy[u] = Math.floor(i / grid.width) + 0.5;
}
const sample = new Float64Array(3); // sampleFlow writes direction x, y and the distance to the anchor here
const speed = 6; // tiles per second
const dt = 1 / 30;
const walkable = (x, y) => grid.passable[Math.floor(y) * grid.width + Math.floor(x)] !== 0;
let ticks = 0;
let inWall = 0;
let arrived = 0;
while (arrived < units && ticks < 30 * 600) {
  ticks++;
  for (let u = 0; u < units; u++) {
    if (done[u]) continue;
    sampleFlow(flow, ux[u], uy[u], sample);
    if (sample[0] === 0 && sample[1] === 0) {
      done[u] = 1; // on the goal tile
      arrived++;
      continue;
    }
    // Never step past the anchor (the direction changes there); a collision step: x, then y, each only into
    // walkable tiles, so a unit that meets a corner's edge slides along it.
    const step = Math.min(speed * dt, sample[2]);
    const nx = ux[u] + sample[0] * step;
    if (walkable(nx, uy[u])) ux[u] = nx;
    const ny = uy[u] + sample[1] * step;
    if (walkable(ux[u], ny)) uy[u] = ny;
    if (!walkable(ux[u], uy[u])) inWall++;
  }
}
console.log(`part 2: ${arrived} of ${units} units moved by sampleFlow reached the goal in ${ticks} ticks`);

// ---- Part 3: a crowd through a door, arrows against flow ------------------------------------------------------
const rows = [];
for (let r = 0; r < 24; r++) {
  let row = '';
  for (let c = 0; c < 40; c++) {
    const edge = r === 0 || c === 0 || r === 23 || c === 39;
    row += edge || (r === 11 && !(c >= 30 && c <= 32)) ? '#' : '.';
  }
  rows.push(row);
}
const level = parseAsciiMap(rows.join('\n'));
function crowdSeconds(useFlow) {
  const crowd = createCrowd({ grid: level, capacity: 80, flows: true, shared: false });
  const place = createRandom(5);
  while (crowdCount(crowd) < 80) {
    const at = { x: 1 + place() * 18, y: 1 + place() * (29 / 3) }; // tiles: the top left, far from the door
    if (crowdSpotIsFree(crowd, at)) addCrowdUnit(crowd, at, 0);
  }
  const T = 1; // the crowd works in tiles
  commandCrowdGroup(crowd, 0, { x: 8.5, y: 20.5 }, { useFlow });
  let seconds = 0;
  while (countMovingCrowdUnits(crowd) > 0 && seconds < 300) {
    stepCrowd(crowd, 1 / 60);
    seconds += 1 / 60;
  }
  const f = crowdFrame(crowd);
  let past = 0;
  for (let i = 0; i < 80; i++) if (f.y[i] > 12 * T) past++;
  return { seconds, past };
}
const byField = crowdSeconds(false);
const byFlow = crowdSeconds(true);
console.log(
  `part 3: 80 units through a door: ${byField.seconds.toFixed(2)} s down the arrows, ${byFlow.seconds.toFixed(2)} s along the flow`,
);

console.log(
  JSON.stringify({
    example: 'units-follow-flow',
    starts,
    reached,
    fallbackSteps: fallbacks,
    flowRatio: Number((flowSum / starts).toFixed(5)),
    worstFlowRatio: Number(worstFlow.toFixed(5)),
    arrowRatio: Number((arrowSum / starts).toFixed(5)),
    loopUnits: units,
    loopArrived: arrived,
    loopInWall: inWall,
    crowdFieldSeconds: Number(byField.seconds.toFixed(3)),
    crowdFlowSeconds: Number(byFlow.seconds.toFixed(3)),
    crowdFieldPast: byField.past,
    crowdFlowPast: byFlow.past,
  }),
);
