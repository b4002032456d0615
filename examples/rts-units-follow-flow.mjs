// RTS units (RtsWorld) following smooth flows instead of the eight-arrow tile path of A*.
// The world option `useFlow` routes every unit ordered to a goal along the goal's flow (computeFlow over the
// goal's field, walked by followFlow and merged into a few waypoints); collision solving, stop timers and route
// repairs work on those waypoints as on A*'s.
// Part 1 (single orders): on the Moving AI map arena, units from random tiles ordered one by one to random goals,
//   once with A* waypoints and once with flows: arrivals, steps spent in walls (none), travelled lengths.
// Part 2 (a group): the same plain group order across the map both ways.
// Run: node rts-units-follow-flow.mjs [units, default 12]
// The last line printed is a JSON summary (the examples test reads it).
import { readFileSync } from 'node:fs';
import { computeField, createRandom, parseMovingAiMap } from '@fieldmarshal/core';
import { RtsWorld } from '@fieldmarshal/core/rts';

const count = Number(process.argv[2] ?? 12);
const mapUrl = new URL('../data/movingai/maps/arena.map', import.meta.url);
const grid = parseMovingAiMap(readFileSync(mapUrl, 'utf8'));
const w = grid.width;

// Orders: start and goal tiles far apart in one connected area (reachable from each other).
const random = createRandom(11);
const orders = [];
while (orders.length < count) {
  const s = Math.floor(random() * grid.size);
  const t = Math.floor(random() * grid.size);
  if (grid.passable[s] === 0 || grid.passable[t] === 0) continue;
  const sx = s % w;
  const sy = Math.floor(s / w);
  const tx = t % w;
  const ty = Math.floor(t / w);
  if (Math.hypot(tx - sx, ty - sy) < 20) continue;
  if (orders.some((o) => (o.sx === sx && o.sy === sy) || (o.tx === tx && o.ty === ty))) continue;
  if (!(computeField(grid, { goals: [{ x: tx, y: ty }] }).cost[s] < Number.POSITIVE_INFINITY)) continue;
  orders.push({ sx, sy, tx, ty });
}

/** Steps the world until every unit's order is over (and the fronts caught up), measuring lengths and walls. */
function run(world, units, maxSteps) {
  const lengths = units.map(() => 0);
  let inWall = 0;
  let steps = 0;
  let after = world.options.horizon;
  while (steps < maxSteps && after > 0) {
    world.step();
    steps++;
    units.forEach((u, i) => {
      lengths[i] += Math.hypot(u.x - u.prevX, u.y - u.prevY);
      if (grid.passable[Math.floor(u.y) * w + Math.floor(u.x)] === 0) inWall++;
    });
    if (units.every((u) => u.idle && u.state !== 'waiting-for-path')) after--;
  }
  const total = lengths.reduce((a, b) => a + b, 0);
  return { lengths, total, inWall, steps };
}

// ---- Part 1: single orders -------------------------------------------------------------------------------------
function singles(useFlow) {
  const world = new RtsWorld(grid, { useFlow });
  const units = orders.map((o) => world.addUnit(o.sx, o.sy));
  units.forEach((u, i) => {
    world.moveUnit(u, orders[i].tx, orders[i].ty);
  });
  const r = run(world, units, 4000);
  const arrived = units.filter(
    (u, i) => !u.failed && Math.hypot(u.x - orders[i].tx - 0.5, u.y - orders[i].ty - 0.5) < 1.5,
  );
  return { ...r, arrived: arrived.length, paths: world.stats.paths };
}
const starArrows = singles(false);
const starFlow = singles(true);
const ratio = starFlow.total / starArrows.total;
console.log(`part 1: ${count} units ordered across arena (${grid.width}x${grid.height})`);
for (let i = 0; i < Math.min(3, count); i++) {
  const o = orders[i];
  console.log(
    `  (${o.sx}, ${o.sy}) -> (${o.tx}, ${o.ty}): A* waypoints ${starArrows.lengths[i].toFixed(2)}, flow ${starFlow.lengths[i].toFixed(2)} tiles`,
  );
}
console.log(
  `  arrived: ${starArrows.arrived} (A*), ${starFlow.arrived} (flow); travelled ${starArrows.total.toFixed(1)} against ${starFlow.total.toFixed(1)} tiles (flow/A* ${ratio.toFixed(4)})`,
);

// ---- Part 2: a plain group -------------------------------------------------------------------------------------
function group(useFlow) {
  const world = new RtsWorld(grid, { useFlow });
  const tiles = [];
  for (let y = 3; y < 46 && tiles.length < 6; y++)
    for (let x = 3; x < 8 && tiles.length < 6; x++) if (grid.passable[y * w + x] !== 0) tiles.push([x, y]);
  const units = tiles.map(([x, y]) => world.addUnit(x, y));
  let goal = null;
  for (let y = 45; y > 3 && !goal; y--)
    for (let x = 45; x > 30 && !goal; x--) if (grid.passable[y * w + x]) goal = [x, y];
  const g = world.orderGroup(units, goal[0], goal[1]);
  const r = run(world, units, 6000);
  return { ...r, phase: g.phase };
}
const groupArrows = group(false);
const groupFlow = group(true);
console.log(
  `part 2: a group of 6: ${groupArrows.phase} / ${groupFlow.phase}; travelled ${groupArrows.total.toFixed(1)} (A*) against ${groupFlow.total.toFixed(1)} tiles (flow/A* ${(groupFlow.total / groupArrows.total).toFixed(4)})`,
);

console.log(
  JSON.stringify({
    example: 'rts-units-follow-flow',
    units: count,
    arrivedArrows: starArrows.arrived,
    arrivedFlow: starFlow.arrived,
    inWallArrows: starArrows.inWall,
    inWallFlow: starFlow.inWall,
    lengthArrows: Number(starArrows.total.toFixed(3)),
    lengthFlow: Number(starFlow.total.toFixed(3)),
    ratio: Number(ratio.toFixed(5)),
    groupPhaseArrows: groupArrows.phase,
    groupPhaseFlow: groupFlow.phase,
    groupInWallFlow: groupFlow.inWall,
    groupRatio: Number((groupFlow.total / groupArrows.total).toFixed(5)),
  }),
);
