// Units following a field in a game loop, over a heatmap of the field's costs. Strict TypeScript.
import {
  createFieldService,
  type Field,
  type FieldOptions,
  type FieldService,
  FLOW_SAFE_STEP,
  generateMap,
  sampleField,
} from '@fieldmarshal/core';

const TILE = 10; // pixels per tile on the canvas
const UNITS = 500;
const SPEED = 8; // tiles per second

const grid = generateMap('rooms', 64, 40, { seed: 3 }); // positions below are in tiles, x right, y down
const canvas = document.querySelector('canvas') as HTMLCanvasElement;
const status = document.getElementById('status') as HTMLElement;
const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
canvas.width = grid.width * TILE;
canvas.height = grid.height * TILE;

// Workers over shared memory where the page is cross-origin isolated, workers fed by transfer elsewhere (and the
// main thread where no worker can start): the same API and the same fields in every mode.
const service: FieldService = await createFieldService();

async function fieldTowards(x: number, y: number): Promise<Field> {
  const options: FieldOptions = { goals: [{ x, y }], metric: 'octile' };
  return service.computeField(grid, options);
}

/** The walkable tile nearest to the middle of the map (fields need a walkable goal). */
function middleTile(): number {
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 0; i < grid.size; i++) {
    const d = Math.abs((i % grid.width) - grid.width / 2) + Math.abs(Math.floor(i / grid.width) - grid.height / 2);
    if (grid.passable[i] !== 0 && d < bestDistance) {
      best = i;
      bestDistance = d;
    }
  }
  return best;
}

const start = middleTile();
let field = await fieldTowards(start % grid.width, Math.floor(start / grid.width));

// The heatmap: one pixel per tile, drawn scaled up. Cost is 0 at the goal; walls and unreachable tiles are dark.
const heat = new OffscreenCanvas(grid.width, grid.height);
const heatCtx = heat.getContext('2d') as OffscreenCanvasRenderingContext2D;
const image = heatCtx.createImageData(grid.width, grid.height);
function paintHeatmap(): void {
  let max = 0;
  for (const c of field.cost) if (Number.isFinite(c) && c > max) max = c;
  for (let i = 0; i < grid.size; i++) {
    const c = field.cost[i] ?? Number.POSITIVE_INFINITY;
    const t = Number.isFinite(c) ? c / (max || 1) : -1;
    const p = i * 4;
    image.data[p] = t < 0 ? 20 : Math.round(255 * (1 - t));
    image.data[p + 1] = t < 0 ? 20 : Math.round(80 + 100 * t);
    image.data[p + 2] = t < 0 ? 28 : Math.round(255 * t);
    image.data[p + 3] = 255;
  }
  heatCtx.putImageData(image, 0, 0);
}
paintHeatmap();

// Units: flat arrays of positions in tiles, placed on random reachable tiles.
const xs = new Float64Array(UNITS);
const ys = new Float64Array(UNITS);
for (let u = 0; u < UNITS; u++) {
  let i = 0;
  do i = Math.floor(Math.random() * grid.size);
  while (!Number.isFinite(field.cost[i] ?? Number.POSITIVE_INFINITY));
  xs[u] = (i % grid.width) + 0.5;
  ys[u] = Math.floor(i / grid.width) + 0.5;
}

// Click a walkable tile to move the goal; the new field replaces the old one when it is ready.
canvas.addEventListener('click', async (event) => {
  const x = Math.floor(event.offsetX / TILE);
  const y = Math.floor(event.offsetY / TILE);
  if (grid.passable[y * grid.width + x] === 0) return;
  const old = field;
  field = await fieldTowards(x, y);
  service.release(old); // hand the old field's buffers back for reuse
  paintHeatmap();
});

const step = new Float64Array(3); // [dx, dy, how far that way is safe], reused: no allocation per unit
const STEP_SECONDS = 1 / 60; // fixed simulation step: the same motion whatever the frame rate
let last = performance.now();
let pending = 0;
let arrived = 0;

function update(dt: number): void {
  arrived = 0;
  for (let u = 0; u < UNITS; u++) {
    const x = xs[u] ?? 0;
    const y = ys[u] ?? 0;
    sampleField(field, x, y, step);
    const move = Math.min(SPEED * dt, FLOW_SAFE_STEP, step[2] ?? 0); // a safe step: not past what the sample allows
    xs[u] = x + (step[0] ?? 0) * move;
    ys[u] = y + (step[1] ?? 0) * move;
    if (field.cost[Math.floor(y) * grid.width + Math.floor(x)] === 0) arrived++;
  }
}

function frame(now: number): void {
  pending += Math.min(0.25, (now - last) / 1000); // a long pause (a hidden tab) does not replay minutes
  last = now;
  for (; pending >= STEP_SECONDS; pending -= STEP_SECONDS) update(STEP_SECONDS);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(heat, 0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#fff';
  for (let u = 0; u < UNITS; u++) ctx.fillRect((xs[u] ?? 0) * TILE - 2, (ys[u] ?? 0) * TILE - 2, 4, 4);
  status.textContent = `${arrived} of ${UNITS} units at the goal; field computed ${service.mode === 'main-thread' ? 'on the main thread' : `in a worker (${service.mode})`}`;
  status.dataset.arrived = String(arrived);
  status.dataset.source = service.mode;
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
