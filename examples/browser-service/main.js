// The worker service in a browser page: a field computed in a Web Worker, drawn on a canvas. Click moves the goal
// (LiveField recomputes off the main thread; a newer click cancels the older job); hover draws the path a unit
// would follow. Served cross-origin isolated, the workers share memory with the page; served without the
// headers, the same service computes in workers by transfer (`service.mode` says which).
import {
  AbortError,
  computeField,
  createFieldService,
  generateMap,
  LiveField,
  pathFromField,
} from '@fieldmarshal/core';

const SCALE = 4;
const grid = generateMap('rooms', 160, 120, { seed: 5 });
const canvas = document.getElementById('map');
const status = document.getElementById('status');
const progress = document.getElementById('progress');
const result = document.getElementById('result');
canvas.width = grid.width * SCALE;
canvas.height = grid.height * SCALE;
const ctx = canvas.getContext('2d');
const image = ctx.createImageData(grid.width, grid.height);
const pixels = new Uint32Array(image.data.buffer);
const base = document.createElement('canvas'); // the heatmap at one pixel per tile, scaled up when drawn
base.width = grid.width;
base.height = grid.height;

let goal = firstWalkable();
let field = null;
let hover = null;

function firstWalkable() {
  let i = Math.floor(grid.size / 2);
  while (grid.passable[i] === 0) i++;
  return { x: i % grid.width, y: Math.floor(i / grid.width) };
}

/** ABGR (little-endian RGBA) of a cost in [0, 1]: near is yellow, far is deep blue. */
function colour(t) {
  const r = Math.round(255 * (1 - t) ** 0.8);
  const g = Math.round(220 * (1 - t * 0.8));
  const b = Math.round(90 + 140 * t);
  return (255 << 24) | (b << 16) | (g << 8) | r;
}

function paintField() {
  let max = 0;
  for (const c of field.cost) if (c !== Number.POSITIVE_INFINITY && c > max) max = c;
  for (let i = 0; i < grid.size; i++) {
    const c = field.cost[i];
    if (grid.passable[i] === 0)
      pixels[i] = 0xff202020; // wall
    else if (c === Number.POSITIVE_INFINITY)
      pixels[i] = 0xff606060; // walkable but unreachable
    else pixels[i] = colour(max > 0 ? c / max : 0);
  }
  base.getContext('2d').putImageData(image, 0, 0);
  draw();
}

function draw() {
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(base, 0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#f33';
  ctx.fillRect(goal.x * SCALE - 2, goal.y * SCALE - 2, SCALE + 4, SCALE + 4);
  if (!field || !hover) return;
  // A TilePath { cost, points: [x0, y0, x1, y1, ...] }, or null when unreachable.
  const path = pathFromField(field, { x: hover.x, y: hover.y })?.points ?? [];
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 2;
  ctx.beginPath();
  for (let k = 0; k < path.length; k += 2) {
    const px = (path[k] + 0.5) * SCALE;
    const py = (path[k + 1] + 0.5) * SCALE;
    if (k === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.stroke();
}

function tileAt(event) {
  const rect = canvas.getBoundingClientRect();
  const x = Math.floor(((event.clientX - rect.left) / rect.width) * grid.width);
  const y = Math.floor(((event.clientY - rect.top) / rect.height) * grid.height);
  return grid.inBounds(x, y) ? { x, y } : null;
}

canvas.addEventListener('mousemove', (event) => {
  hover = tileAt(event);
  draw();
});

const service = await createFieldService({ workers: 2 });
const where = service.mode === 'shared' ? 'in a worker over shared memory' : `in a worker (${service.mode})`;
const live = new LiveField(service, grid, { goals: [goal] });
const refresh = async () => {
  const started = performance.now();
  try {
    field = await live.refresh({
      goals: [goal],
      onProgress: (done, total) => (progress.value = total ? done / total : 0),
    });
  } catch (error) {
    if (error instanceof AbortError) return; // a newer click took over
    throw error;
  }
  progress.value = 1;
  status.textContent = `field #${live.generation} computed ${where} in ${(performance.now() - started).toFixed(1)} ms`;
  paintField();
  return field;
};
canvas.addEventListener('click', (event) => {
  const tile = tileAt(event);
  if (!tile || grid.passable[tile.y * grid.width + tile.x] === 0) return;
  goal = tile;
  void refresh();
});
await refresh();

// A summary for the examples test: the worker's field equals the main-thread kernel's, tile for tile.
const direct = computeField(grid, { goals: [goal] });
let same = direct.cost.length === field.cost.length;
let reachable = 0;
for (let i = 0; i < direct.cost.length; i++) {
  if (!Object.is(direct.cost[i], field.cost[i]) || direct.dir[i] !== field.dir[i]) same = false;
  if (direct.cost[i] !== Number.POSITIVE_INFINITY) reachable++;
}
result.textContent = JSON.stringify({
  example: 'browser-service',
  isolated: globalThis.crossOriginIsolated === true,
  mode: service.mode,
  shared: typeof SharedArrayBuffer === 'function' && field.cost.buffer instanceof SharedArrayBuffer,
  same,
  reachable,
  goal,
});
