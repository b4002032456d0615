// A field in Node on a Moving AI map: parse data/movingai/maps/arena.map, compute an exact octile field towards
// the goal of the map's longest benchmark scenario, follow it from the start and smooth the path.
// Run: node node-field.mjs [scenario index, default: the last one]
// The last line printed is a JSON summary (the examples test reads it).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  computeField,
  DIRECTIONS,
  NO_DIRECTION,
  parseMovingAiMap,
  pathFromField,
  pathLength,
  smoothPath,
} from '@fieldmarshal/core';

const data = new URL('../data/movingai/', import.meta.url);
const grid = parseMovingAiMap(readFileSync(fileURLToPath(new URL('maps/arena.map', data)), 'utf8'));

// A scenario line: bucket, map, width, height, start x, start y, goal x, goal y, optimal length.
const scenarios = readFileSync(fileURLToPath(new URL('scenarios/arena.map.scen', data)), 'utf8')
  .split(/\r?\n/)
  .slice(1)
  .filter((line) => line.trim() !== '')
  .map((line) => line.split('\t'));
const index = process.argv[2] === undefined ? scenarios.length - 1 : Number(process.argv[2]);
const row = scenarios[index];
if (!row) throw new RangeError(`no scenario ${process.argv[2]} (the map has ${scenarios.length})`);
const [sx, sy, gx, gy] = row.slice(4, 8).map(Number);
const optimal = Number(row[8]);

// One field answers "how far, and which way" for every tile at once.
const started = performance.now();
const field = computeField(grid, { goals: [{ x: gx, y: gy }], metric: 'octile', diagonal: 'if-both-free' });
const ms = performance.now() - started;

const start = sy * grid.width + sx;
const cost = field.cost[start];
// A TilePath: `cost` (the field's cost at the start) and `points` [x0, y0, x1, y1, ...], start first, goal last
// (null when the start cannot reach the goal).
const route = pathFromField(field, { x: sx, y: sy });
const path = route.points;
const smooth = smoothPath(grid, route).points;

let reachable = 0;
for (const c of field.cost) if (c !== Number.POSITIVE_INFINITY) reachable++;

console.log(`arena.map ${grid.width}x${grid.height}, ${reachable} tiles reach the goal (${gx}, ${gy})`);
console.log(`field computed in ${ms.toFixed(2)} ms`);
console.log(`start (${sx}, ${sy}): cost ${cost.toFixed(4)}, Moving AI optimal length ${optimal}`);
const first = field.dir[start];
console.log(`first step from the start: ${first === NO_DIRECTION ? 'none' : DIRECTIONS[first].name}`);
const tiles = [];
for (let k = 0; k < path.length; k += 2) tiles.push(`(${path[k]},${path[k + 1]})`);
console.log(`path, ${path.length / 2} tiles: ${tiles.join(' ')}`);
const corners = [];
for (let k = 0; k < smooth.length; k += 2) corners.push(`(${smooth[k]},${smooth[k + 1]})`);
console.log(`smoothed, ${smooth.length / 2} waypoints, length ${pathLength(smooth).toFixed(4)}: ${corners.join(' ')}`);

console.log(
  JSON.stringify({
    example: 'node-field',
    map: 'arena',
    width: grid.width,
    height: grid.height,
    start: [sx, sy],
    goal: [gx, gy],
    cost,
    optimal,
    reachable,
    pathTiles: path.length / 2,
    pathEnd: [path[path.length - 2], path[path.length - 1]],
    pathLength: pathLength(path),
    smoothTiles: smooth.length / 2,
    smoothLength: pathLength(smooth),
  }),
);
