// Units following a field.
// Part 1 (tiles): many units share ONE field towards two exits; every tick each unit takes the step that `dir`
//   names for its tile. With the `steps` metric a unit arrives exactly `cost` ticks after it starts.
// Part 2 (tiles and seconds): a crowd of square units (seed 001: chirality avoidance and stop timers) sent through a door
//   by commandCrowdGroup, which computes the group's field and lets every unit follow it; it runs until the
//   crowd has stopped.
// Run: node units-follow-field.mjs [units, default 300]
// The last line printed is a JSON summary (the examples test reads it).
import { computeField, createRandom, generateMap, NO_DIRECTION, parseAsciiMap } from '@fieldmarshal/core';
import {
  addCrowdUnit,
  CROWD_MOVING,
  commandCrowdGroup,
  countMovingCrowdUnits,
  createCrowd,
  crowdCount,
  crowdFrame,
  crowdSpotIsFree,
  stepCrowd,
} from '@fieldmarshal/core/crowd';
import { DIR_DX, DIR_DY } from '@fieldmarshal/core/grid';

const unitCount = Number(process.argv[2] ?? 300);
const random = createRandom(42);

// ---- Part 1: tile units stepping down one shared field -------------------------------------------------------
const grid = generateMap('rooms', 96, 64, { seed: 3 });
const walkable = [];
for (let i = 0; i < grid.size; i++) if (grid.passable[i] !== 0) walkable.push(i);
const exits = [walkable[0], walkable[walkable.length - 1]].map((i) => ({ x: i % grid.width, y: (i / grid.width) | 0 }));
const field = computeField(grid, { goals: exits, metric: 'steps', neighbors: 8 });

// Units as flat arrays (structure of arrays): position, start cost, arrival tick.
const ux = new Int32Array(unitCount);
const uy = new Int32Array(unitCount);
const startCost = new Float64Array(unitCount);
const arrivedAt = new Int32Array(unitCount).fill(-1);
for (let u = 0; u < unitCount; u++) {
  let i;
  do i = walkable[Math.floor(random() * walkable.length)];
  while (field.cost[i] === Number.POSITIVE_INFINITY); // a tile that can reach an exit
  ux[u] = i % grid.width;
  uy[u] = (i / grid.width) | 0;
  startCost[u] = field.cost[i];
}

let tick = 0;
let moving = unitCount;
while (moving > 0 && tick <= grid.size) {
  moving = 0;
  for (let u = 0; u < unitCount; u++) {
    if (arrivedAt[u] >= 0) continue;
    const d = field.dir[uy[u] * grid.width + ux[u]];
    if (d === NO_DIRECTION) {
      arrivedAt[u] = tick; // on an exit: `dir` is 255 at goals
      continue;
    }
    ux[u] += DIR_DX[d];
    uy[u] += DIR_DY[d];
    moving++;
  }
  if (moving > 0) tick++;
}
let onTime = 0;
let last = 0;
for (let u = 0; u < unitCount; u++) {
  if (arrivedAt[u] === startCost[u]) onTime++;
  last = Math.max(last, arrivedAt[u]);
}
console.log(`part 1: ${unitCount} units on a ${grid.width}x${grid.height} rooms map, one field towards 2 exits`);
console.log(
  `  all arrived after ${last} ticks; ${onTime} of ${unitCount} arrived exactly 'cost' ticks after the start`,
);

// ---- Part 2: a crowd (in tiles), sent through a door ----------------------------------------------------------
const rows = [];
for (let r = 0; r < 30; r++) {
  let row = '';
  for (let c = 0; c < 40; c++) {
    const edge = r === 0 || c === 0 || r === 29 || c === 39;
    const split = r === 14 && !(c >= 30 && c <= 32); // a wall across the map with a door 3 tiles wide
    row += edge || split ? '#' : '.';
  }
  rows.push(row);
}
const level = parseAsciiMap(rows.join('\n'));
const crowdSize = Math.min(unitCount, 150);
// Positions in tiles, speeds in tiles/s: the defaults are the flocking tutorial's 14 px squares on 30 px tiles
// at 90 px/s, divided by CROWD_TUTORIAL_SCALE (30): 14/30-tile squares at 3 tiles/s.
const crowd = createCrowd({ grid: level, capacity: crowdSize });
while (crowdCount(crowd) < crowdSize) {
  const at = { x: 1 + random() * 38, y: 1 + random() * (38 / 3) }; // anywhere in the top half (tiles)
  if (crowdSpotIsFree(crowd, at)) addCrowdUnit(crowd, at, 0);
}
const T = 1; // the crowd's positions are in tiles
commandCrowdGroup(crowd, 0, { x: 20.5, y: 24.5 }); // the centre of tile (20, 24), below the wall
const dt = 1 / 60;
let seconds = 0;
while (countMovingCrowdUnits(crowd) > 0 && seconds < 240) {
  stepCrowd(crowd, dt);
  seconds += dt;
}
const frame = crowdFrame(crowd);
let below = 0;
let stillMoving = 0;
for (let i = 0; i < crowdSize; i++) {
  if (frame.y[i] > 15 * T) below++;
  if (frame.state[i] === CROWD_MOVING) stillMoving++;
}
console.log(`part 2: a crowd of ${crowdSize} units sent through a door 3 tiles wide`);
console.log(`  every unit stopped after ${seconds.toFixed(2)} s of simulated time; ${below} are past the wall`);

console.log(
  JSON.stringify({
    example: 'units-follow-field',
    tileUnits: unitCount,
    tileArrived: arrivedAt.filter((t) => t >= 0).length,
    tileOnTime: onTime,
    tileTicks: last,
    crowdUnits: crowdSize,
    crowdStillMoving: stillMoving,
    crowdPastWall: below,
    crowdSeconds: Number(seconds.toFixed(3)),
  }),
);
